"""Czech Pub's evaluation fitted on the searches' own games, and what it is worth to hard.

    python research/czech_pub_search_fit.py collect --spec ismcts:medium --players 3 --games 60 --seed 7400 --out P.jsonl
    python research/czech_pub_search_fit.py fit --players 3 P.jsonl [Q.jsonl.gz ...]
    python research/czech_pub_search_fit.py play --players 3 --weights W.json --deals 8 --seed 7500 --log L.jsonl
    python research/czech_pub_search_fit.py tally L.jsonl [M.jsonl ...]

``policy.GAIN_WEIGHTS`` was fitted on noisy greedy self-play
(research/czech_pub_fit_evaluate.py), so the search's cut-off evaluation
predicts how a greedy table goes on, not how a table of searches does.

``collect`` plays self-play games with one bot spec in every seat and
writes about ``--keep`` of the positions (each seat's features, as
``policy.seat_features`` reads them from the true state) with the game's
final totals and winners, one JSON line per position, as it goes.

``fit`` refits the gain weights and the spread's scale on those positions
(80 % of the games; the rest held out) and prints the held-out winner log
loss of policy.py's weights against the refit, then writes the refit as
JSON (``--out``) for ``play``; with ``--keep-weights`` it writes
policy.py's weights with only the spread refitted.

``play`` seats ``ismcts:medium`` with policy.py's weights, and medium and
hard with the refit (each search reads the weights at its own decisions),
in every seating of each deal, and prints for each pair how often one
placed above the other (``tally`` prints the same from the logs of runs
stopped early). Figures only: nothing here changes the engine.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import math
import os
import random
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from boardbot.ai.arena import play_match  # noqa: E402
from boardbot.ai.bots import Bot, make_bot  # noqa: E402
from boardbot.ai.stats import wilson  # noqa: E402
from boardbot.engine import registry  # noqa: E402
from boardbot.engine.games.czech_pub import policy as P  # noqa: E402
from czech_pub_fit_evaluate import SCALES, r2, rows, win_log_loss  # noqa: E402
from selfplay import self_play_game  # noqa: E402

GAME = "czech-pub"


def collect(spec: str, players: int, games: int, seed: int, keep: float, out: str) -> None:
    game = registry.get(GAME)
    cfg = {"players": players, "real_drinking": False}
    bots = [make_bot(spec, game) for _ in range(players)]
    with open(out, "a") as fh:
        for k in range(games):
            deal = seed + k
            for bot in bots:
                bot.new_game()
            started = time.monotonic()
            snaps, result, win = self_play_game(
                game, cfg, deal, keep, P.seat_features,
                lambda state, rng: bots[state.decider()].choose(state.sample_for(state.decider(), rng), rng),
                rng=random.Random(deal ^ 0x5EED))
            for bases, feats, left in snaps:
                fh.write(json.dumps({"spec": spec, "game": deal, "bases": bases, "feats": feats, "left": left,
                                     "final": list(result.scores), "win": win}) + "\n")
            fh.flush()
            print(f"game {k + 1}/{games} (deal {deal}): {len(snaps)} positions, "
                  f"{time.monotonic() - started:.0f} s", flush=True)


def load(paths: list[str]) -> list[dict]:
    snaps = []
    for path in paths:
        with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as fh:
            snaps.extend(json.loads(line) for line in fh if line.strip())
    return snaps


def fit(paths: list[str], players: int, out: str | None, keep_weights: bool = False) -> None:
    snaps = [s for s in load(paths) if len(s["bases"]) == players]
    deals = sorted({s["game"] for s in snaps})
    held = set(deals[int(len(deals) * 0.8):])
    train = [s for s in snaps if s["game"] not in held]
    test = [s for s in snaps if s["game"] in held]
    Xtr, ytr = rows(train, False)
    Xte, yte = rows(test, False)
    fitted, *_ = np.linalg.lstsq(Xtr, ytr, rcond=None)
    current = np.array(P.GAIN_WEIGHTS[players])
    scale = min(SCALES, key=lambda c: win_log_loss(train, fitted, False, players, c))
    old_scale = min(SCALES, key=lambda c: win_log_loss(train, current, False, players, c))
    print(f"{players} players: {len(deals)} games, {len(train)} training and {len(test)} held-out positions")
    print(f"  held-out R² of the gain: policy.py {r2(Xte, yte, current):.3f}, refit {r2(Xte, yte, fitted):.3f}")
    own_spread = P.SIGMA_SCALE[players]
    print(f"  held-out winner log loss: policy.py {win_log_loss(test, current, False, players, own_spread):.4f}"
          f" (its spread {own_spread}), policy.py's weights with spread {old_scale} "
          f"{win_log_loss(test, current, False, players, old_scale):.4f}, refit with spread {scale} "
          f"{win_log_loss(test, fitted, False, players, scale):.4f}, uniform {math.log(players):.4f}")
    print("  refit:", ", ".join(f"{w:.2f}" for w in fitted))
    if out:
        chosen, chosen_scale = (current, old_scale) if keep_weights else (fitted, scale)
        with open(out, "w") as fh:
            json.dump({"players": players, "weights": [round(float(w), 4) for w in chosen],
                       "sigma_scale": chosen_scale, "games": len(deals)}, fh)
        print(f"  written to {out}")


class WeightedBot(Bot):
    """A bot whose searches read the given evaluation weights (restored after each decision)."""

    def __init__(self, inner: Bot, players: int, weights: tuple | None, sigma_scale: float | None):
        self.inner, self.players = inner, players
        self.weights, self.sigma_scale = weights, sigma_scale
        self.name = inner.name

    def choose(self, state, rng):
        if self.weights is None:
            return self.inner.choose(state, rng)
        saved = P.GAIN_WEIGHTS[self.players], P.SIGMA_SCALE[self.players]
        P.GAIN_WEIGHTS[self.players], P.SIGMA_SCALE[self.players] = self.weights, self.sigma_scale
        try:
            return self.inner.choose(state, rng)
        finally:
            P.GAIN_WEIGHTS[self.players], P.SIGMA_SCALE[self.players] = saved

    def observe(self, mover, move, text):
        self.inner.observe(mover, move, text)

    def new_game(self):
        self.inner.new_game()


SEATS = ("medium", "medium+refit", "hard+refit")


def tally(games: list[dict], seats: tuple = SEATS) -> list[str]:
    """For each pair of the three searches: how often one placed above the other, with the
    95 % interval of its share of the decided games and the mean points between them."""
    lines = []
    for a, b in itertools.combinations(seats, 2):
        up = down = level = 0
        margin = []
        for g in games:
            sa, sb = g["seating"].index(a), g["seating"].index(b)
            ra, rb = g["ranks"][sa], g["ranks"][sb]
            up += ra < rb
            down += ra > rb
            level += ra == rb
            margin.append(g["scores"][sa] - g["scores"][sb])
        n = up + down
        low, high = wilson(up, n)
        mean = sum(margin) / len(margin) if margin else float("nan")
        spread = (np.std(margin, ddof=1) / len(margin) ** 0.5) if len(margin) > 1 else float("nan")
        lines.append(f"{b} against {a}: above {down}, below {up}, level {level}: "
                     f"{down / n if n else float('nan'):.2f} ({1 - high:.2f} to {1 - low:.2f}) of the decided games, "
                     f"{-mean:+.1f} ± {spread:.1f} points a game")
    return lines


def play_every_seating(players: int, names: list, seat_bot, deals: int, seed: int, log: str | None,
                       extra: dict) -> list[dict]:
    """Every seating of each deal (the seats past the third are interchangeable greedy ones):
    ``seat_bot(k)`` makes the bot of entry ``k``; each game is logged with ``extra``."""
    game = registry.get(GAME)
    cfg = {"players": players, "real_drinking": False}
    games = []
    for d in range(deals):
        deal = seed + d
        for order in itertools.permutations(range(players)):
            if players > 3 and list(order[3:]) != sorted(order[3:]):
                continue
            r = play_match(game, cfg, [names[k] for k in order], deal, bots=[seat_bot(k) for k in order])
            record = {"deal": deal, "seating": [names[k] for k in order], "ranks": r["ranks"],
                      "scores": r["scores"], **extra}
            games.append(record)
            if log:
                with open(log, "a") as fh:
                    fh.write(json.dumps(record) + "\n")
            print(f"deal {deal} seating {record['seating']}: ranks {r['ranks']}", flush=True)
    return games


def play(players: int, weights_path: str, deals: int, seed: int, log: str | None) -> None:
    game = registry.get(GAME)
    with open(weights_path) as fh:
        refit = json.load(fh)
    assert refit["players"] == players, "weights fitted for another player count"
    weights, scale = tuple(refit["weights"]), refit["sigma_scale"]
    names = list(SEATS) + ["greedy"] * (players - 3)
    entries = [("ismcts:medium", None, None), ("ismcts:medium", weights, scale), ("ismcts:hard", weights, scale)]
    entries += [("greedy", None, None)] * (players - 3)
    games = play_every_seating(
        players, names, lambda k: WeightedBot(make_bot(entries[k][0], game), players, entries[k][1], entries[k][2]),
        deals, seed, log, {"refit": refit})
    print("\n".join(tally(games)))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--spec", default="ismcts:medium")
    c.add_argument("--players", type=int, default=3)
    c.add_argument("--games", type=int, default=60)
    c.add_argument("--seed", type=int, default=7400)
    c.add_argument("--keep", type=float, default=0.15)
    c.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("--players", type=int, default=3)
    f.add_argument("--out")
    f.add_argument("--keep-weights", action="store_true",
                   help="write policy.py's weights with the spread fitted on these games, not the refit")
    f.add_argument("paths", nargs="+")
    p = sub.add_parser("play")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--weights", required=True)
    p.add_argument("--deals", type=int, default=8)
    p.add_argument("--seed", type=int, default=7500)
    p.add_argument("--log")
    t = sub.add_parser("tally", help="the pairs' figures from play logs (a run stopped by the clock)")
    t.add_argument("paths", nargs="+")
    args = ap.parse_args(argv)
    if args.cmd == "collect":
        collect(args.spec, args.players, args.games, args.seed, args.keep, args.out)
    elif args.cmd == "fit":
        fit(args.paths, args.players, args.out, args.keep_weights)
    elif args.cmd == "play":
        play(args.players, args.weights, args.deals, args.seed, args.log)
    else:
        print("\n".join(tally(load(args.paths))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
