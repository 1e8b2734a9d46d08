"""The strength table: an ISMCTS preset against greedy at every game, mode and player count.

    python bench/strength_table.py [--spec ismcts] [--games czech-pub,fritanga] [--players 5,6]
                                   [--looks 40,80,160] [--jobs 2] [--out reports/strength.json]

For every game and every (mode, player count) among its configurations (the
first configuration of each; solo games are left out: docs/rules/dulore-jutunk.md
has their scores), the ISMCTS spec plays one *side* and ``greedy`` every
other seat. A side is one seat, except in games with fixed sides: a Fritanga
team (Versus Teams) and the chef or the foods (Everyone Against the Chef).
The ISMCTS side rotates over the sides from game to game (game g: side
g mod sides), so every side is played equally often and seat or role
advantages cancel: the fair share of wins is 1 / sides. A game's win counts
for the side by its share of the winners (a shared victory is a share), and
the same seeds with greedy everywhere give the greedy baseline, printed next
to the fair share as a check.

The target (issue 21): at least 1.5 times the fair share, with the 95 %
Wilson interval's lower bound above the fair share. Games are played in
batches up to each of ``--looks``; a row stops at the first look where the
verdict is settled (target met, or the interval's upper bound below 1.5 times
the fair share), else at the last look. Stopping at a few fixed looks rather
than after every game keeps the optimism of early stopping small; the table
says how many games each row played. Figures only: nothing here asserts.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import sys
import time

from boardbot.ai.arena import play_match
from boardbot.ai.bots import make_bot
from boardbot.ai.stats import wilson
from boardbot.engine import registry

TARGET_FACTOR = 1.5


def sides_of(name: str, cfg: dict) -> list[list[int]]:
    """The seats that win or lose together; one seat each unless the game has teams or roles."""
    n = cfg["players"]
    mode = cfg.get("mode")
    if name == "fritanga" and mode == "teams":
        return [[q for q in range(n) if q % 2 == side] for side in (0, 1)]
    if name == "fritanga" and mode == "chef":
        return [[0], list(range(1, n))]
    return [[q] for q in range(n)]


def table_rows(names: list[str], players: set[int] | None) -> list[tuple[str, dict]]:
    """(game, configuration): the first configuration of each (mode, player count), no solo games."""
    rows = []
    for name in names:
        game = registry.get(name)
        seen = set()
        for cfg in game.configurations():
            cfg = game.validate(cfg)
            key = (cfg.get("mode"), cfg["players"])
            if cfg["players"] < 2 or key in seen or (players and cfg["players"] not in players):
                continue
            seen.add(key)
            rows.append((name, cfg))
    return rows


_BOTS: dict = {}


def _bots_for(name: str, specs: list[str]):
    """One bot object per seat, kept per worker and reset by play_match (bot.new_game)."""
    key = (name, tuple(specs))
    if key not in _BOTS:
        game = registry.get(name)
        _BOTS[key] = [make_bot(s, game) for s in specs]
    return _BOTS[key]


def _play(job) -> dict:
    name, cfg, g, spec, opponent, seed, baseline = job
    game = registry.get(name)
    sides = sides_of(name, cfg)
    ours = sides[g % len(sides)]
    specs = [opponent if baseline or q not in ours else spec for q in range(cfg["players"])]
    timings = {s: [] for s in specs}
    r = play_match(game, cfg, specs, seed, bots=_bots_for(name, specs), timings=timings)
    winners = r["winners"]
    share = sum(1 for w in winners if w in ours) / len(winners) if winners else 0.0
    t = timings.get(spec, []) if not baseline else []
    return {"g": g, "share": share, "seconds": sum(t), "decisions": len(t), "moves": r["moves"]}


def _pool(jobs: int):
    if jobs <= 1:
        return None
    ctx = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
    return ctx.Pool(jobs)


def _run(pool, job_list: list) -> list[dict]:
    if pool is None:
        return [_play(j) for j in job_list]
    return list(pool.imap_unordered(_play, job_list))


def verdict(wins: float, games: int, fair: float) -> str:
    lo, hi = wilson(wins, games)
    if wins / games >= TARGET_FACTOR * fair and lo > fair:
        return "met"
    if hi < TARGET_FACTOR * fair:
        return "not met"
    return "open"


def measure(pool, name: str, cfg: dict, spec: str, opponent: str, looks: list[int], seed: int,
            baseline_games: int) -> dict:
    sides = sides_of(name, cfg)
    fair = 1.0 / len(sides)
    t0 = time.monotonic()
    results: list[dict] = []
    state = "open"
    for look in looks:
        look = -(-look // len(sides)) * len(sides)  # every side equally often
        jobs = [(name, cfg, g, spec, opponent, seed * 1_000_003 + g, False) for g in range(len(results), look)]
        results += _run(pool, jobs)
        wins = sum(r["share"] for r in results)
        state = verdict(wins, len(results), fair)
        lo, hi = wilson(wins, len(results))
        print(f"  {len(results)} games: {wins / len(results):.3f} [{lo:.3f}, {hi:.3f}] -> {state}",
              file=sys.stderr, flush=True)
        if state != "open":
            break
    games = len(results)
    wins = sum(r["share"] for r in results)
    base_n = -(-baseline_games // len(sides)) * len(sides)
    base = _run(pool, [(name, cfg, g, spec, opponent, seed * 1_000_003 + g, True) for g in range(base_n)])
    base_rate = sum(r["share"] for r in base) / base_n
    decisions = sum(r["decisions"] for r in results)
    lo, hi = wilson(wins, games)
    by_side = []  # where the sides differ (teams, roles): how the search does in each, next to greedy in it
    for i, seats in enumerate(sides):
        mine = [r["share"] for r in results if r["g"] % len(sides) == i]
        theirs = [r["share"] for r in base if r["g"] % len(sides) == i]
        side_lo, side_hi = wilson(sum(mine), len(mine)) if mine else (0.0, 1.0)
        by_side.append({"seats": seats, "games": len(mine), "win_rate": round(sum(mine) / max(1, len(mine)), 4),
                        "ci95": [round(side_lo, 4), round(side_hi, 4)],
                        "greedy_baseline": round(sum(theirs) / max(1, len(theirs)), 4)})
    return {
        "game": name, "config": cfg, "mode": cfg.get("mode", ""), "players": cfg["players"],
        "sides": len(sides), "spec": spec, "opponent": opponent, "games": games,
        "win_rate": round(wins / games, 4), "ci95": [round(lo, 4), round(hi, 4)],
        "fair_share": round(fair, 4), "target": round(TARGET_FACTOR * fair, 4),
        "greedy_baseline": round(base_rate, 4), "baseline_games": base_n,
        "ratio": round(wins / games / fair, 2), "verdict": state,
        "ms_per_decision": round(1000 * sum(r["seconds"] for r in results) / decisions, 1) if decisions else 0.0,
        "moves_per_game": round(sum(r["moves"] for r in results) / games, 1),
        "wall_s": round(time.monotonic() - t0, 1), "by_side": by_side,
    }


def markdown(rows: list[dict]) -> str:
    out = ["| game | mode | players | games | win rate | 95 % CI | fair share | × fair | greedy on the same seeds | "
           "ms per decision | target |",
           "| --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | --- |"]
    for r in rows:
        out.append(f"| {r['game']} | {r['mode'] or '–'} | {r['players']} | {r['games']} | {r['win_rate']:.3f} | "
                   f"{r['ci95'][0]:.3f}–{r['ci95'][1]:.3f} | {r['fair_share']:.3f} | {r['ratio']:.2f} | "
                   f"{r['greedy_baseline']:.3f} ({r['baseline_games']}) | {r['ms_per_decision']} | {r['verdict']} |")
    return "\n".join(out)


def side_name(row: dict, seats: list[int]) -> str:
    if row["game"] == "fritanga" and row["mode"] == "chef":
        return "the chef" if seats == [0] else "the foods"
    return "seats " + ", ".join(str(q) for q in seats)


def sides_markdown(rows: list[dict]) -> str:
    """The rows whose sides are teams or roles, side by side: the search's wins playing each
    side, next to greedy's in the same side on the same seeds (empty if none was measured)."""
    out = ["| game | mode | players | side | games | win rate | 95 % CI | greedy in that side |",
           "| --- | --- | ---: | --- | ---: | ---: | --- | ---: |"]
    for r in rows:
        if not r.get("by_side") or all(len(side["seats"]) == 1 for side in r["by_side"]):
            continue
        for side in r["by_side"]:
            out.append(f"| {r['game']} | {r['mode'] or '–'} | {r['players']} | {side_name(r, side['seats'])} | "
                       f"{side['games']} | {side['win_rate']:.3f} | {side['ci95'][0]:.3f}–{side['ci95'][1]:.3f} | "
                       f"{side['greedy_baseline']:.3f} |")
    return "\n".join(out) if len(out) > 2 else ""


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--spec", default="ismcts", help="the ISMCTS side (default: the default preset)")
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("--games", default=",".join(registry.names()), help="comma-separated game names")
    ap.add_argument("--modes", default=None, help="only these modes (Fritanga: versus,teams,chef)")
    ap.add_argument("--players", default=None, help="only these player counts, comma-separated")
    ap.add_argument("--looks", default="40,80,160", help="game counts at which a row may stop")
    ap.add_argument("--baseline-games", type=int, default=200, help="greedy-only games per row (cheap)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--out", default=None, help="also write the JSON report here")
    ap.add_argument("--render", nargs="+", metavar="JSON", help="only print the table of saved reports")
    args = ap.parse_args(argv)
    if args.render:  # reports of several runs (rows measured in separate processes) as one table
        saved = []
        for path in args.render:
            with open(path) as f:
                saved += json.load(f)["rows"]
        order = {(name, cfg.get("mode", ""), cfg["players"]): i  # the games' own order of configurations
                 for i, (name, cfg) in enumerate(table_rows(registry.names(), None))}
        saved.sort(key=lambda r: order.get((r["game"], r["mode"], r["players"]), len(order)))
        print(markdown(saved))
        if sides := sides_markdown(saved):
            print("\nBy side, where the sides are teams or roles:\n\n" + sides)
        return 0
    players = {int(p) for p in args.players.split(",")} if args.players else None
    modes = set(args.modes.split(",")) if args.modes else None
    looks = sorted(int(x) for x in args.looks.split(","))
    rows = []
    pool = _pool(args.jobs)
    try:
        for name, cfg in table_rows(args.games.split(","), players):
            if modes and cfg.get("mode") and cfg["mode"] not in modes:
                continue
            print(f"{name} {cfg.get('mode', '')} {cfg['players']}p: {args.spec} vs {args.opponent}",
                  file=sys.stderr, flush=True)
            rows.append(measure(pool, name, cfg, args.spec, args.opponent, looks, args.seed, args.baseline_games))
            if args.out:  # after every row: a long run that is stopped keeps what it measured
                with open(args.out, "w") as f:
                    json.dump({"spec": args.spec, "opponent": args.opponent, "seed": args.seed, "rows": rows}, f,
                              indent=2)
    finally:
        if pool is not None:
            pool.close()
    print(json.dumps({"spec": args.spec, "opponent": args.opponent, "seed": args.seed, "rows": rows}, indent=2))
    print(markdown(rows), file=sys.stderr)
    if sides := sides_markdown(rows):
        print(sides, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
