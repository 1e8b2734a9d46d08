"""Fröccs: does bargaining pay? ISMCTS that bargains against the same ISMCTS that never does.

    python research/froccs_bargaining.py [--spec ismcts:iterations=300,depth=20] [--games 60]
                                         [--players 3,4] [--jobs 2] [--seed 5] [--quick]

Two bots per game, seats rotated (game g seats line-up entry (i + g) mod n at
seat i, so both kinds play every seat equally often):

* ``bargain``: the ISMCTS bot under test (``--spec``), free to make, accept
  and refuse offers and to make side offers;
* ``no-bargain``: the same bot restricted by a wrapper (``NoBargain``, here in
  this script, not in ai/) that never picks an offer component, a proposal, an
  acceptance or a side offer when any other move is available: at such a
  decision it plays the most visited of the search's other moves (with only
  one other move, that move). It still defends, makes no offer, carries out
  and refuses.

A bargain needs two willing players, so the line-ups have two bargainers:
3 players ``bargain, bargain, no-bargain``; 4 players ``bargain, bargain,
no-bargain, no-bargain`` (``--lineup`` to change). Reported per bot kind:
the win rate per seat with a 95 % interval (Wilson, computed on the kind's
share of each game's victory, since the seats of one kind in a game are not
independent), the chance level, the mean score, and how the bots bargained
(offers made as attacker and as target, bargains accepted by pairing, side
offers, "This is for you!" played). Figures only: nothing here asserts.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import random
import sys
import time


from boardbot.ai.arena import Progress, seating  # noqa: E402
from boardbot.ai.bots import Bot, make_bot  # noqa: E402
from boardbot.ai.stats import wilson  # noqa: E402
from boardbot.engine import registry  # noqa: E402
from boardbot.engine.core import TERMINAL  # noqa: E402
from boardbot.engine.games.froccs.policy import is_bargain_move  # noqa: E402

BARGAIN, NO_BARGAIN, NO_SIDE = "bargain", "no-bargain", "no-side"
LINEUPS = {3: [BARGAIN, BARGAIN, NO_BARGAIN], 4: [BARGAIN, BARGAIN, NO_BARGAIN, NO_BARGAIN]}


def _is_side_offer(move: tuple) -> bool:
    return move[0] == "side_offer"


class NoBargain(Bot):
    """Wraps a bot so that it never bargains when it has any other move (``no-bargain``), or
    never makes a side offer (``no-side``: it bargains as the attacker or the target)."""

    name = NO_BARGAIN

    def __init__(self, inner: Bot, excluded=is_bargain_move):
        self.inner = inner
        self.excluded = excluded

    @property
    def wants_observations(self) -> bool:
        return getattr(self.inner, "wants_observations", False)

    def new_game(self) -> None:
        self.inner.new_game()

    def observe(self, mover, move, text) -> None:
        self.inner.observe(mover, move, text)

    def choose(self, state, rng: random.Random) -> tuple:
        excluded = self.excluded
        moves = state.legal_moves()
        allowed = [m for m in moves if not excluded(m)]
        if not allowed or len(allowed) == len(moves):
            return self.inner.choose(state, rng)
        if len(allowed) == 1:
            return allowed[0]
        move = self.inner.choose(state, rng)
        if not excluded(move):
            return move
        last = getattr(self.inner, "last", None)
        if last is None:  # not a search bot: the first other move
            return allowed[0]
        others = [c for c in last.candidates if not excluded(c["move"])]
        best = max(others, key=lambda c: (c["visits"], c["value"] if c["value"] is not None else -1.0))
        return best["move"]


def make(kind: str, spec: str, game) -> Bot:
    bot = make_bot(spec, game)
    if kind == BARGAIN:
        return bot
    return NoBargain(bot, _is_side_offer if kind == NO_SIDE else is_bargain_move)


def play(game, cfg: dict, kinds: list[str], bots: list[Bot], seed: int) -> dict:
    """One game (as ``boardbot.ai.arena.play_match``), counting the bargaining by bot kind."""
    state = game.new_state(cfg, seed)
    for bot in bots:
        bot.new_game()
    rng = random.Random(seed ^ 0x5EED)
    stats: dict[str, int] = {}

    def count(key: str) -> None:
        stats[key] = stats.get(key, 0) + 1

    moves = 0
    while (seat := state.decider()) != TERMINAL:
        world = state.sample_for(seat, rng)
        move = bots[seat].choose(world, rng)
        kind = move[0]
        if kind == "propose":
            role = "attacker" if seat == state.player else "target"
            count(f"{kinds[seat]} offers as {role}")
        elif kind == "accept":
            a, t = state.player, state.mis[2]
            count(f"accepted: attacker {kinds[a]}, target {kinds[t]}")
        elif kind == "side_offer":
            count(f"{kinds[seat]} side offers")
        elif kind == "this_is_for_you":
            count(f"{kinds[seat]} plays This is for you!")
        elif kind == "mischief":
            count(f"{kinds[seat]} plays mischief on {kinds[move[3]]}")
        state.apply_checked(move)
        moves += 1
    res = state.result()
    return {"moves": moves, "scores": list(res.scores), "winners": list(res.winners), "stats": stats}


_W: dict = {}


def _init(cfg, lineup, spec):
    game = registry.get("froccs")
    _W.update(game=game, cfg=cfg, lineup=lineup, bots=[make(k, spec, game) for k in lineup])


def _job(job):
    g, order, seed = job
    kinds = [_W["lineup"][k] for k in order]
    bots = [_W["bots"][k] for k in order]
    return g, order, play(_W["game"], _W["cfg"], kinds, bots, seed)


def run(n: int, lineup: list[str], spec: str, games: int, seed: int, jobs: int, cfg_extra: dict) -> dict:
    game = registry.get("froccs")
    cfg = game.validate({"players": n, **cfg_extra})
    job_list = [(g, seating(lineup, g, True), seed * 1_000_003 + g) for g in range(games)]
    results = {}
    bar = Progress(games, True)
    t0 = time.monotonic()
    if jobs > 1:
        ctx = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
        with ctx.Pool(jobs, initializer=_init, initargs=(cfg, lineup, spec)) as pool:
            for done, (g, order, r) in enumerate(pool.imap_unordered(_job, job_list), 1):
                results[g] = (order, r)
                bar.update(done)
    else:
        _init(cfg, lineup, spec)
        for done, job in enumerate(job_list, 1):
            g, order, r = _job(job)
            results[g] = (order, r)
            bar.update(done)
    kinds = list(dict.fromkeys(lineup))
    share = {k: 0.0 for k in kinds}
    score = {k: 0.0 for k in kinds}
    stats: dict[str, int] = {}
    moves = 0
    for g in range(games):
        order, r = results[g]
        moves += r["moves"]
        for w in r["winners"]:
            share[lineup[order[w]]] += 1 / len(r["winners"])
        for i, s in enumerate(r["scores"]):
            score[lineup[order[i]]] += s
        for key, v in r["stats"].items():
            stats[key] = stats.get(key, 0) + v
    bots = {}
    for k in kinds:
        seats = lineup.count(k)
        lo, hi = wilson(share[k], games)  # the kind's share of each game's victory
        bots[k] = {
            "seats_per_game": seats,
            "win_rate_per_seat": round(share[k] / games / seats, 4),
            "ci95": [round(lo / seats, 4), round(hi / seats, 4)],
            "share_of_wins": round(share[k] / games, 4),
            "share_ci95": [round(lo, 4), round(hi, 4)],
            "share_if_equal": round(seats / n, 4),
            "mean_score": round(score[k] / games / seats, 2),
        }
    return {
        "players": n, "config": cfg, "lineup": lineup, "spec": spec, "games": games, "seed": seed,
        "chance_level": round(1 / n, 4), "mean_moves_per_game": round(moves / games, 1),
        "bots": bots, "bargaining_per_game": {k: round(v / games, 3) for k, v in sorted(stats.items())},
        "wall_s": round(time.monotonic() - t0, 1),
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--spec", default="ismcts:iterations=300,depth=20", help="the ISMCTS bot spec")
    ap.add_argument("--games", type=int, default=60, help="games per player count")
    ap.add_argument("--players", default="3,4")
    ap.add_argument("--lineup", default=None, help="e.g. bargain,bargain,no-bargain or no-side,no-side,no-bargain (one player count only)")
    ap.add_argument("--config", default="{}", help="extra game config as JSON")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="6 games per player count")
    args = ap.parse_args(argv)
    games = 6 if args.quick else args.games
    report = []
    for n in (int(p) for p in args.players.split(",")):
        lineup = args.lineup.split(",") if args.lineup else LINEUPS.get(n, [BARGAIN, NO_BARGAIN] * (n // 2)
                                                                          + [BARGAIN] * (n % 2))
        if len(lineup) != n or set(lineup) - {BARGAIN, NO_BARGAIN, NO_SIDE}:
            raise SystemExit(f"--lineup needs {n} entries of {BARGAIN} / {NO_BARGAIN} / {NO_SIDE}")
        print(f"froccs {n}p: {', '.join(lineup)} ({args.spec})", file=sys.stderr, flush=True)
        report.append(run(n, lineup, args.spec, games, args.seed, args.jobs, json.loads(args.config)))
    print(json.dumps(report, indent=2))
    print(file=sys.stderr)
    print(f"{'n':>2}  {'bot':<11}{'seats':>6}{'win/seat':>10}  {'95% CI':<17}{'chance':>7}{'score':>8}",
          file=sys.stderr)
    for e in report:
        for k, b in e["bots"].items():
            ci = f"[{b['ci95'][0]:.3f}, {b['ci95'][1]:.3f}]"
            print(f"{e['players']:>2}  {k:<11}{b['seats_per_game']:>6}{b['win_rate_per_seat']:>10.3f}  {ci:<17}"
                  f"{e['chance_level']:>7.3f}{b['mean_score']:>8.1f}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
