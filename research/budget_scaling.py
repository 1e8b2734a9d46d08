"""Two bot specs at one table: does the second (a bigger budget, or a changed search) place above the first?

    python research/budget_scaling.py play --game czech-pub --players 6 --specs "ismcts:iterations=100;ismcts:iterations=400" --deals 6 --seed 9300 --log L.jsonl
    python research/budget_scaling.py play --field greedy --players 6 --specs "ismcts:iterations=100;ismcts:iterations=400" --deals 30 --seed 9400 --log L.jsonl
    python research/budget_scaling.py tally L.jsonl [M.jsonl ...]

A run appends each game to its ``--log`` as it ends; started again with the same arguments it
skips the games already logged (a run stopped by the clock resumes). Every search runs in this
process, on one core: a spec with ``workers`` runs its trees one after another (the same
trees, and the same move, as on a pool of processes).

``tally`` also reads ``bench/ladder.py --log`` files played with ``--deals shared`` (the
ladder's head-to-head with ``--jobs`` and ``--clock cpu``: ``--bots "A;B"``): each game that
seats two bots counts as a mixed game of the two, its seed as the deal, and each pair of bots
gets its own line (the ladder's neighbours at two players: the direct results behind a rating);
games that seat three bots or more are left out.

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
played once with each spec in that seat (the seat moves round the table from deal to deal; two
specs or more): a paired test of the specs against the same cards, chance and opponents, at a
fraction of the cost of a table of searches. The tally gives each spec's share of the greedy
seats it placed above and its wins, and for every two specs played on the same deals (in one
log or in several runs of the same seed) the later one's paired gain in that share, with its
95 % interval over deals. Figures only: nothing here asserts.
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


def logged(log: str | None, name: str, players: int, specs: list[str], field: str) -> list[dict]:
    """The games of this run already in its log (a run stopped and started again resumes)."""
    if not log or not os.path.exists(log):
        return []
    return [g for g in load([log]) if g["game"] == name and g["players"] == players
            and g["specs"] == specs and g.get("field", "mixed") == field]


def play(name: str, players: int, specs: list[str], deals: int, seed: int, log: str | None,
         field: str = "mixed") -> list[dict]:
    game = registry.get(name)
    cfg = ladder_table(name, players)
    games = logged(log, name, players, specs, field)
    done = {(g["deal"], tuple(g["who"])) for g in games}
    for d in range(deals):
        for turn in range(len(specs) if field == "greedy" else 2):
            if field == "greedy":  # each spec in turn in one seat, greedy (-1) in every other
                who = [-1] * players
                who[d % players] = turn
            else:
                who = seating(players, bool(turn))
            if (seed + d, tuple(who)) in done:
                continue
            seat_specs = [specs[k] if k >= 0 else "greedy" for k in who]
            # in_process: a search split into trees runs them one after another, so a run keeps to one core
            bots = [make_bot(s, game, in_process=True) for s in seat_specs]
            r = play_match(game, cfg, seat_specs, seed + d, bots=bots)
            record = {"game": name, "players": players, "specs": specs, "field": field, "deal": seed + d, "who": who,
                      "ranks": r["ranks"], "scores": r["scores"]}
            games.append(record)
            if log:
                with open(log, "a") as fh:
                    fh.write(json.dumps(record) + "\n")
            print(f"deal {seed + d} {seat_specs}: ranks {r['ranks']}", flush=True)
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


def tally_greedy(games: list[dict], samples: int = 2000, seed: int = 1) -> list[str]:
    """Each spec's share of the greedy seats it placed above, and for every two specs played on
    the same deals (in one log or several: the deal fixes the cards and the searching seat) the
    second's paired gain, with its 95 % interval over deals."""
    by_deal: dict = {}
    order: list[str] = []
    for g in games:
        k, share, won = against_greedy(g)
        spec = g["specs"][k]
        if spec not in order:
            order.append(spec)
        by_deal.setdefault((g["game"], g["players"], g["deal"]), {})[spec] = (share, won)
    head = f"{games[0]['game']}, {games[0]['players']} players against greedy"
    lines = []
    for spec in order:
        mine = [d[spec] for d in by_deal.values() if spec in d]
        lines.append(f"{head}: {spec}: {len(mine)} deals, above {sum(m[0] for m in mine) / len(mine):.3f} of the "
                     f"greedy seats, won {sum(m[1] for m in mine)}")
    rng = random.Random(seed)
    for i, first in enumerate(order):
        for second in order[i + 1:]:
            gains = [d[second][0] - d[first][0] for d in by_deal.values() if first in d and second in d]
            if not gains:
                continue
            means = sorted(sum(rng.choice(gains) for _ in gains) / len(gains) for _ in range(samples))
            low, high = means[int(0.025 * samples)], means[int(0.975 * samples) - 1]
            lines.append(f"{head}: {second} against {first}, {len(gains)} deals: gain {sum(gains) / len(gains):+.3f} "
                         f"({low:+.3f} to {high:+.3f})")
    return lines


def tally(games: list[dict], samples: int = 2000, seed: int = 1) -> str:
    if games[0].get("field") == "greedy":
        return "\n".join(tally_greedy(games, samples, seed))
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
    # the deals the second spec won on the balance of their comparisons, drew and lost
    ahead = sum(d[0] > d[1] for d in deals)
    behind = sum(d[0] < d[1] for d in deals)
    return (f"{specs[1]} against {specs[0]} ({games[0]['game']}, {games[0]['players']} players, {len(deals)} deals, "
            f"{len(games)} games): above {above}, below {below}, level {level}: {share:.3f} ({low:.3f} to {high:.3f}) "
            f"of the decided comparisons; deals ahead {ahead}, level {len(deals) - ahead - behind}, behind {behind}")


def load(paths: list[str]) -> list[dict]:
    import gzip

    games = []
    for path in paths:
        with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as fh:
            games += [g for line in fh if line.strip() if (g := from_ladder(json.loads(line))) is not None]
    return games


def from_ladder(record: dict) -> dict | None:
    """A ``bench/ladder.py --log`` game that seats two bots as a mixed game of this script (its
    seed is the deal: ``--deals shared`` plays every seating on one seed), the two specs in the
    ladder's order; None for a game of three bots or more; a record of this script as it is."""
    if "who" in record:
        return record
    seated = sorted(set(record["seating"]))
    if len(seated) != 2:
        return None
    return {"game": record["game"], "players": record["config"]["players"],
            "specs": [record["bots"][k] for k in seated], "field": "mixed", "deal": record["deal"],
            "who": [seated.index(k) for k in record["seating"]], "ranks": record["ranks"],
            "scores": record.get("scores")}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--game", default="czech-pub")
    p.add_argument("--players", type=int, default=6)
    p.add_argument("--specs", required=True,
                   help="two bot specs, the reference first, ';' between them (with --field greedy: two or more)")
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
        if len(specs) != 2 and not (args.field == "greedy" and len(specs) > 2):
            ap.error("--specs takes two bot specs (with --field greedy: two or more)")
        try:
            for spec in specs:
                make_bot(spec, registry.get(args.game))
        except (BotSpecError, KeyError) as err:
            ap.error(str(err))
        games = play(args.game, args.players, specs, args.deals, args.seed, args.log, args.field)
        print(tally(games))
    else:
        games = load(args.paths)
        def key(g: dict) -> tuple:  # greedy fields of one table pair up across logs
            greedy = g.get("field") == "greedy"
            return g["game"], g["players"], () if greedy else tuple(g["specs"]), g.get("field", "mixed")

        for k in sorted({key(g) for g in games}):
            print(tally([g for g in games if key(g) == k]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
