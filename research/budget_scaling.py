"""Two bot specs at one table: does the second (a bigger budget, or a changed search) place above the first?

    python research/budget_scaling.py play --game czech-pub --players 6 --specs "ismcts:iterations=100;ismcts:iterations=400" --deals 6 --seed 9300 --log L.jsonl
    python research/budget_scaling.py play --field greedy --players 6 --specs "ismcts:iterations=100;ismcts:iterations=400" --deals 30 --seed 9400 --log L.jsonl
    python research/budget_scaling.py tally L.jsonl [M.jsonl ...]

``--field mixed`` (the default): the two specs take alternate seats, every deal played twice
with the seats swapped.
Generic (any game, any table of two seats or more). Mixed: in each deal's first game the first spec
takes seats 0, 2, 4, ... and the second seats 1, 3, 5, ...; in its second game (the same seed,
so the same cards and chance) they swap, so each spec takes each seat of the deal once. Every
pair of seats held by different specs gives one comparison (the better rank is above, equal
ranks are level). The tally gives the second spec's share of the decided comparisons, with a
95 % interval from resampling whole deals (a deal's comparisons are not independent).

``--field greedy``: one seat searches, every other seat is greedy (the game's heuristic, which
is also what the search's progressive bias and its rollout policy follow), and each deal is
played once with each spec in that seat (the seat moves round the table from deal to deal): a
paired test of the two specs against the same cards, chance and opponents, at a sixth of the
cost of a table of searches. The tally gives each spec's share of the greedy seats it placed
above and its wins, and the second's paired gain in that share with its 95 % interval over
deals. Figures only: nothing here asserts.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys

from boardbot.ai.arena import play_match
from boardbot.ai.bots import BotSpecError, make_bot, split_seat_specs
from boardbot.engine import registry

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
from ladder import ladder_table  # noqa: E402 (the ladder's table of each size)


def seating(players: int, swapped: bool) -> list[int]:
    """Which spec (0 or 1) sits in each seat."""
    return [(seat + swapped) % 2 for seat in range(players)]


def play(name: str, players: int, specs: list[str], deals: int, seed: int, log: str | None,
         field: str = "mixed") -> list[dict]:
    game = registry.get(name)
    cfg = ladder_table(name, players)
    games = []
    for d in range(deals):
        for swapped in (False, True):
            if field == "greedy":  # spec 0 or 1 in one seat, greedy (-1) in every other
                who = [-1] * players
                who[d % players] = int(swapped)
            else:
                who = seating(players, swapped)
            seat_specs = [specs[k] if k >= 0 else "greedy" for k in who]
            r = play_match(game, cfg, seat_specs, seed + d, bots=[make_bot(s, game) for s in seat_specs])
            record = {"game": name, "players": players, "specs": specs, "field": field, "deal": seed + d, "who": who,
                      "ranks": r["ranks"], "scores": r["scores"]}
            games.append(record)
            if log:
                with open(log, "a") as fh:
                    fh.write(json.dumps(record) + "\n")
            print(f"deal {seed + d} {'swapped' if swapped else 'first'}: ranks {r['ranks']}", flush=True)
    return games


def comparisons(record: dict) -> tuple[int, int, int]:
    """(second above first, below, level) over the pairs of seats the two specs hold."""
    above = below = level = 0
    who, ranks = record["who"], record["ranks"]
    for i, a in enumerate(who):
        for j, b in enumerate(who):
            if a == 0 and b == 1:
                above += ranks[j] < ranks[i]
                below += ranks[j] > ranks[i]
                level += ranks[j] == ranks[i]
    return above, below, level


def against_greedy(record: dict) -> tuple[int, float, bool]:
    """(which spec searched, the share of greedy seats it placed above (level: half), won)."""
    who, ranks = record["who"], record["ranks"]
    seat = next(i for i, k in enumerate(who) if k >= 0)
    others = [ranks[i] for i, k in enumerate(who) if k < 0]
    share = sum(1.0 if ranks[seat] < r else 0.5 if ranks[seat] == r else 0.0 for r in others) / len(others)
    return who[seat], share, ranks[seat] == min(ranks)


def tally_greedy(games: list[dict], samples: int = 2000, seed: int = 1) -> str:
    by_deal: dict = {}
    for g in games:
        k, share, won = against_greedy(g)
        by_deal.setdefault(g["deal"], {})[k] = (share, won)
    paired = [d for d in by_deal.values() if 0 in d and 1 in d]
    gains = [d[1][0] - d[0][0] for d in paired]
    rng = random.Random(seed)
    means = sorted(sum(rng.choice(gains) for _ in gains) / len(gains) for _ in range(samples))
    low, high = means[int(0.025 * samples)], means[int(0.975 * samples) - 1]
    specs = games[0]["specs"]
    parts = []
    for k in (0, 1):
        shares = [d[k][0] for d in paired]
        wins = sum(d[k][1] for d in paired)
        parts.append(f"{specs[k]}: above {sum(shares) / len(shares):.3f} of the greedy seats, won {wins}")
    return (f"{games[0]['game']}, {games[0]['players']} players against greedy, {len(paired)} deals: "
            + "; ".join(parts) + f"; gain of the second {sum(gains) / len(gains):+.3f} ({low:+.3f} to {high:+.3f})")


def tally(games: list[dict], samples: int = 2000, seed: int = 1) -> str:
    if games[0].get("field") == "greedy":
        return tally_greedy(games, samples, seed)
    by_deal: dict = {}
    for g in games:
        by_deal.setdefault((g["game"], g["players"], tuple(g["specs"]), g["deal"]), []).append(comparisons(g))
    deals = [tuple(map(sum, zip(*rows))) for rows in by_deal.values()]
    above, below, level = (sum(x) for x in zip(*deals))
    share = above / (above + below) if above + below else float("nan")
    rng = random.Random(seed)
    shares = []
    for _ in range(samples):
        pick = [deals[rng.randrange(len(deals))] for _ in deals]
        up, down = sum(p[0] for p in pick), sum(p[1] for p in pick)
        if up + down:
            shares.append(up / (up + down))
    shares.sort()
    low, high = shares[int(0.025 * len(shares))], shares[int(0.975 * len(shares)) - 1]
    specs = games[0]["specs"]
    return (f"{specs[1]} against {specs[0]} ({games[0]['game']}, {games[0]['players']} players, {len(deals)} deals, "
            f"{len(games)} games): above {above}, below {below}, level {level}: {share:.3f} ({low:.3f} to {high:.3f}) "
            f"of the decided comparisons")


def load(paths: list[str]) -> list[dict]:
    import gzip

    games = []
    for path in paths:
        with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as fh:
            games += [json.loads(line) for line in fh if line.strip()]
    return games


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--game", default="czech-pub")
    p.add_argument("--players", type=int, default=6)
    p.add_argument("--specs", required=True, help="two bot specs, the reference first, ';' between them")
    p.add_argument("--deals", type=int, default=6)
    p.add_argument("--seed", type=int, default=9300)
    p.add_argument("--log")
    p.add_argument("--field", choices=("mixed", "greedy"), default="mixed",
                   help="mixed: the two specs in alternate seats; greedy: one seat searches, the others are greedy")
    t = sub.add_parser("tally", help="the figures of play logs (a run stopped by the clock)")
    t.add_argument("paths", nargs="+")
    args = ap.parse_args(argv)
    if args.cmd == "play":
        specs = split_seat_specs(args.specs)
        if len(specs) != 2:
            ap.error("--specs takes two bot specs")
        try:
            for spec in specs:
                make_bot(spec, registry.get(args.game))
        except (BotSpecError, KeyError) as err:
            ap.error(str(err))
        games = play(args.game, args.players, specs, args.deals, args.seed, args.log, args.field)
        print(tally(games))
    else:
        games = load(args.paths)
        def key(g: dict) -> tuple:
            return g["game"], g["players"], tuple(g["specs"]), g.get("field", "mixed")

        for k in sorted({key(g) for g in games}):
            print(tally([g for g in games if key(g) == k]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
