"""Czech Pub's rollout policy: what its noise is worth to medium and to hard.

    python research/czech_pub_rollouts.py play --epsilon 0.0 --players 3 --deals 8 --seed 7800 --log L.jsonl
    python research/czech_pub_rollouts.py tally L.jsonl [M.jsonl ...]

The searches play their rollouts with ``policy.playout_move``: the greedy
bot with a random legal move one time in ``1 / PLAYOUT_EPSILON`` (0.1, never
tuned). The evaluation fitted on the searches' own games left hard level
with medium (research/czech_pub_search_fit.py), so the rollouts are the part of
the search's model of the game still untried.

``play`` seats plain ``ismcts:medium`` with medium and hard whose rollouts
use ``--epsilon`` instead (each search reads it during its own decisions),
in every seating of each deal, and prints for each pair how often one
placed above the other. Figures only: nothing here changes the engine.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from boardbot.ai.bots import Bot, make_bot  # noqa: E402
from boardbot.engine import registry  # noqa: E402
from boardbot.engine.games.czech_pub import policy as P  # noqa: E402
from czech_pub_search_fit import load, play_every_seating, tally  # noqa: E402

GAME = "czech-pub"


class NoiseBot(Bot):
    """A bot whose searches' rollouts take a random move with the given chance (restored after)."""

    def __init__(self, inner: Bot, epsilon: float | None):
        self.inner, self.epsilon = inner, epsilon
        self.name = inner.name

    def choose(self, state, rng):
        if self.epsilon is None:
            return self.inner.choose(state, rng)
        saved = P.PLAYOUT_EPSILON
        P.PLAYOUT_EPSILON = self.epsilon
        try:
            return self.inner.choose(state, rng)
        finally:
            P.PLAYOUT_EPSILON = saved

    def observe(self, mover, move, text):
        self.inner.observe(mover, move, text)

    def new_game(self):
        self.inner.new_game()


def seat_names(epsilon: float) -> tuple:
    return ("medium", f"medium+eps{epsilon:g}", f"hard+eps{epsilon:g}")


def play(players: int, epsilon: float, deals: int, seed: int, log: str | None) -> None:
    game = registry.get(GAME)
    seats = seat_names(epsilon)
    names = list(seats) + ["greedy"] * (players - 3)
    entries = [("ismcts:medium", None), ("ismcts:medium", epsilon), ("ismcts:hard", epsilon)]
    entries += [("greedy", None)] * (players - 3)
    games = play_every_seating(players, names, lambda k: NoiseBot(make_bot(entries[k][0], game), entries[k][1]),
                               deals, seed, log, {"epsilon": epsilon})
    print("\n".join(tally(games, seats)))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--epsilon", type=float, required=True)
    p.add_argument("--deals", type=int, default=8)
    p.add_argument("--seed", type=int, default=7800)
    p.add_argument("--log")
    t = sub.add_parser("tally", help="the pairs' figures from play logs (a run stopped by the clock)")
    t.add_argument("paths", nargs="+")
    args = ap.parse_args(argv)
    if args.cmd == "play":
        if not 0.0 <= args.epsilon <= 1.0:
            ap.error("--epsilon must be in [0, 1]")
        play(args.players, args.epsilon, args.deals, args.seed, args.log)
    else:
        games = load(args.paths)
        epsilons = {g["epsilon"] for g in games}
        for eps in sorted(epsilons):
            print(f"epsilon {eps:g}:")
            print("\n".join(tally([g for g in games if g["epsilon"] == eps], seat_names(eps))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
