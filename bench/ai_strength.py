"""ISMCTS strength: win rates against random and greedy, with 95 % intervals.

    python bench/ai_strength.py [--quick] [--games frogriders,...] [--spec ismcts:medium]

For each game and player count (the game's configurations), ISMCTS plays one
seat against ``random`` and against ``greedy`` (``Game.heuristic_move``) in
all other seats, seats rotated, through the arena. Prints a JSON report and
a table; the targets for two players are at least 95 % against random and
75 % against greedy (with more seats, the chance level is 1/n). A shared
victory counts as a share. Figures only: nothing here asserts.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time


from boardbot.ai.arena import run_arena  # noqa: E402
from boardbot.engine import registry  # noqa: E402

TARGETS_2P = {"random": 0.95, "greedy": 0.75}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="20 games per pairing, two-player configurations only")
    ap.add_argument("--games", default=",".join(registry.names()), help="comma-separated game names")
    ap.add_argument("--spec", default="ismcts:medium", help="the ISMCTS bot spec under test")
    ap.add_argument("--matches", type=int, default=None, help="games per pairing")
    ap.add_argument("--opponents", default="random,greedy")
    ap.add_argument("--players", default=None, help="player counts to run, comma-separated (default: all)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args(argv)
    matches = args.matches or (20 if args.quick else 100)
    rows = []
    report = {"spec": args.spec, "games_per_pairing": matches, "results": []}
    for name in args.games.split(","):
        game = registry.get(name)
        configs = [game.validate(c) for c in game.configurations()]
        counts = sorted({c["players"] for c in configs})
        if args.players:
            counts = [n for n in counts if n in {int(p) for p in args.players.split(",")}]
        elif args.quick:  # two players, or the smallest count a game has
            counts = [2] if 2 in counts else counts[:1]
        for n in counts:
            cfg = next(c for c in configs if c["players"] == n)
            if n == 1:  # a solo game: compare mean scores of the bots playing alone
                entry = {"game": name, "players": 1, "config": cfg, "mean_score": {}}
                for spec in [args.spec, *args.opponents.split(",")]:
                    print(f"{name} 1p: {spec} alone", file=sys.stderr, flush=True)
                    summary = run_arena(name, cfg, [spec], matches, args.seed, jobs=args.jobs, progress=True)
                    entry["mean_score"][spec] = summary["bots"][spec]["mean_score"]
                    print(f"  -> mean score {entry['mean_score'][spec]}", file=sys.stderr, flush=True)
                report["results"].append(entry)
                continue
            for opponent in args.opponents.split(","):
                seats = [args.spec] + [opponent] * (n - 1)
                print(f"{name} {n}p: {args.spec} vs {opponent}", file=sys.stderr, flush=True)
                t0 = time.monotonic()
                timing: dict = {}
                summary = run_arena(name, cfg, seats, matches, args.seed, rotate=True, jobs=args.jobs,
                                    progress=True, timing_out=timing)
                ours = summary["bots"][args.spec]
                entry = {
                    "game": name, "players": n, "config": cfg, "opponent": opponent,
                    "games": matches, "win_rate": ours["win_rate"], "ci95": ours["ci95"],
                    "chance_level": round(1 / n, 3),
                    "target": TARGETS_2P.get(opponent) if n == 2 else None,
                    "ms_per_decision": round(timing.get(args.spec, 0.0) * 1000, 1),
                    "wall_s": round(time.monotonic() - t0, 1),
                }
                report["results"].append(entry)
                rows.append(entry)
                print(f"  -> win rate {entry['win_rate']:.3f} {entry['ci95']} "
                      f"({entry['ms_per_decision']} ms per decision)", file=sys.stderr, flush=True)
    print(json.dumps(report, indent=2))
    print(file=sys.stderr)
    print(f"{'game':<16}{'n':>3}  {'opponent':<8}{'win rate':>9}  {'95% CI':<16}{'target':>7}  {'ms/dec':>7}",
          file=sys.stderr)
    for e in report["results"]:
        if e["players"] == 1:
            print(f"{e['game']:<16}{1:>3}  solo: mean score {json.dumps(e['mean_score'])}", file=sys.stderr)
    for e in rows:
        target = f"{e['target']:.2f}" if e["target"] else f"1/{e['players']}"
        ci = f"[{e['ci95'][0]:.3f}, {e['ci95'][1]:.3f}]"
        print(f"{e['game']:<16}{e['players']:>3}  {e['opponent']:<8}{e['win_rate']:>9.3f}  {ci:<16}{target:>7}"
              f"  {e['ms_per_decision']:>7.1f}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
