"""Fritanga ISMCTS strength per mode and role, with 95 % intervals.

    python research/fritanga_strength.py [--spec ismcts:medium,depth=20] [--games 60] [--players 3,4]
                                         [--pairings versus,teams,chef,foods] [--opponents random,greedy]
    python research/fritanga_strength.py --speed    # playout_move actions/s per configuration
    python research/fritanga_strength.py --release-sides research/logs/release/fritanga-*.jsonl.gz
                                         # where the new hard wins and loses against the release
    python research/fritanga_strength.py --release-sides CANDIDATE.jsonl.gz --against BASE.jsonl.gz
                                         # and the candidate's gain over BASE on the deals both played

Fritanga has no two-player mode, so the figures are per mode and role:

* ``versus``: ISMCTS in one seat, the opponent bot in every other seat, the
  ISMCTS seat rotated over all seats (game g: seat g mod n). Chance level 1/n.
* ``teams``: ISMCTS plays every seat of one team, the opponent bot the other
  team; the ISMCTS team alternates (team 0 in even games, team 1 in odd
  ones), so the side advantage of 2 v 1 cancels out. Chance level 1/2.
* ``chef``: ISMCTS is the chef (seat 0), the opponent bot plays every food.
* ``foods``: ISMCTS plays every food, the opponent bot is the chef.
* ``baseline``: the opponent bot in every seat, the chef's win rate: the
  mode's balance between equal players (``--opponents ismcts:easy`` for
  players who search; docs/rules/fritanga.md, "Chef balance by player count").

For ``chef`` and ``foods`` the reference is the same bot on both sides
(``baseline``: the chef's win rate when the opponent bot plays every seat),
measured on the same seeds. Every figure is the share of games the ISMCTS
side won, with a Wilson 95 % interval. Prints a table to stderr and a JSON
report to stdout. Figures only: nothing here asserts. The measured figures and
the commands behind them: docs/rules/fritanga.md, "AI".
"""

from __future__ import annotations

import argparse
import gzip
import json
import multiprocessing as mp
import os
import random
import sys
import time


from boardbot.ai.arena import play_match  # noqa: E402
from boardbot.ai.bots import make_bot  # noqa: E402
from boardbot.ai.stats import wilson  # noqa: E402
from boardbot.engine import registry  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
from against_release import paired_gain  # noqa: E402 (the one paired gain of both tools)

GAME = "fritanga"
_CACHE: dict = {}


def seats_for(pairing: str, n: int, g: int, spec: str, opp: str) -> tuple[list[str], list[int]]:
    """(seat specs, the ISMCTS side's seats) of game g."""
    if pairing == "versus":
        me = g % n
        return [spec if q == me else opp for q in range(n)], [me]
    if pairing == "teams":
        side = g % 2
        return [spec if q % 2 == side else opp for q in range(n)], [q for q in range(n) if q % 2 == side]
    if pairing == "chef":
        return [spec] + [opp] * (n - 1), [0]
    if pairing == "foods":
        return [opp] + [spec] * (n - 1), list(range(1, n))
    if pairing == "baseline":  # the opponent everywhere; the "side" is the chef
        return [opp] * n, [0]
    raise ValueError(pairing)


def _play(job):
    pairing, cfg, g, spec, opp, seed = job
    game = registry.get(GAME)
    specs, side = seats_for(pairing, cfg["players"], g, spec, opp)
    bots = []
    for s in specs:  # one bot object per seat (a searcher keeps per-game state)
        bots.append(make_bot(s, game))
    timings = {s: [] for s in set(specs)}
    t0 = time.perf_counter()
    r = play_match(game, cfg, specs, seed, bots=bots, timings=timings)
    won = any(w in side for w in r["winners"])
    t = timings.get(spec, [])
    return g, won, sum(t), len(t), r["moves"], time.perf_counter() - t0


def run(pairing: str, cfg: dict, spec: str, opp: str, games: int, seed: int, jobs: int) -> dict:
    jobs_list = [(pairing, cfg, g, spec, opp, seed * 1_000_003 + g) for g in range(games)]
    t0 = time.monotonic()
    if jobs > 1:
        ctx = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
        with ctx.Pool(jobs) as pool:
            results = list(pool.imap_unordered(_play, jobs_list))
    else:
        results = [_play(j) for j in jobs_list]
    wins = sum(1 for r in results if r[1])
    secs = sum(r[2] for r in results)
    decisions = sum(r[3] for r in results)
    lo, hi = wilson(wins, games)
    return {
        "pairing": pairing, "config": cfg, "spec": spec, "opponent": opp, "games": games,
        "wins": wins, "win_rate": round(wins / games, 4), "ci95": [round(lo, 4), round(hi, 4)],
        "ms_per_decision": round(1000 * secs / decisions, 1) if decisions else 0.0,
        "decisions_per_game": round(decisions / games, 1),
        "moves_per_game": round(sum(r[4] for r in results) / games, 1),
        "wall_s": round(time.monotonic() - t0, 1),
    }


def reference(pairing: str, n: int, baseline: dict | None) -> str:
    if pairing == "versus":
        return f"1/{n}"
    if pairing == "teams":
        return "1/2"
    if pairing == "baseline":
        return "-"
    if baseline is None:
        return "?"
    chef = baseline["win_rate"]
    return f"{chef:.2f}" if pairing == "chef" else f"{1 - chef:.2f}"


def playout_speed(positions: int = 40, seed: int = 1) -> list[dict]:
    """Actions per second of ``playout_move`` (every seat) and of random moves, from mid-game positions."""
    import random

    from boardbot.engine.core import TERMINAL

    game = registry.get(GAME)
    out = []
    for cfg in game.configurations():
        row = {"config": cfg}
        for name in ("policy", "random"):
            moves = 0
            t0 = time.perf_counter()
            for g in range(positions):
                state = game.new_state(cfg, seed + g)
                rng = random.Random(seed + g)
                for _ in range(3 * cfg["players"] + 6):  # past the start cards
                    if state.decider() == TERMINAL:
                        break
                    state.apply(rng.choice(state.legal_moves()))
                while state.decider() != TERMINAL:
                    m = game.playout_move(state, rng) if name == "policy" else None
                    state.apply(m if m is not None else rng.choice(state.legal_moves()))
                    moves += 1
            dt = time.perf_counter() - t0
            row[name] = {"actions_per_s": round(moves / dt), "moves_per_rollout": round(moves / positions, 1),
                         "ms_per_rollout": round(1000 * dt / positions, 2)}
        out.append(row)
        print(f"{cfg['mode']:<7}{cfg['players']:>2}  policy {row['policy']['actions_per_s']:>6} actions/s, "
              f"{row['policy']['moves_per_rollout']:>5} moves, {row['policy']['ms_per_rollout']:>6} ms/rollout;"
              f"  random {row['random']['actions_per_s']:>6} actions/s", file=sys.stderr, flush=True)
    return out


def release_sides(records: list[dict], samples: int = 1000, seed: int = 5) -> list[dict]:
    """Per side of a bench/against_release.py log (the chef or the foods, a team, a seat): the
    new hard's win share with its 95 % interval (resampling that side's games), both bots' CPU
    ms and iterations per decision, and the game's length in moves by the side that won; over
    the deals played on both sides of a two-sided row, how often the new hard won on both, on
    one (which) or on neither."""
    by_row: dict = {}
    for r in records:
        if r.get("error") is None:
            key = (r["config"]["players"], r["config"].get("mode"), r.get("new_spec"), r.get("seed"))
            by_row.setdefault(key, []).append(r)
    out = []
    for (players, mode, spec, row_seed), games in sorted(by_row.items(), key=lambda kv: str(kv[0])):
        rng = random.Random(seed)
        sides = []
        for side in sorted({r["side"] for r in games}):
            mine = [r for r in games if r["side"] == side]
            shares = [r["share"] for r in mine]
            boot = sorted(sum(shares[rng.randrange(len(shares))] for _ in shares) / len(shares)
                          for _ in range(samples))
            per = {}
            for who in ("new", "old"):
                decisions = sum(r[who]["decisions"] for r in mine) or 1
                per[who] = {"ms_per_decision": round(1000 * sum(r[who]["cpu"] for r in mine) / decisions, 1),
                            "iterations_per_decision": round(sum(r[who]["iterations"] for r in mine) / decisions)}
            sides.append({"side": side, "new_seats": mine[0]["new_seats"], "games": len(mine),
                          "share": round(sum(shares) / len(shares), 3),
                          "ci95": [round(boot[int(0.025 * samples)], 3), round(boot[int(0.975 * samples) - 1], 3)],
                          **per})
        lengths: dict = {}
        for r in games:
            lengths.setdefault(",".join(map(str, r["winners"])), []).append(r["moves"])
        by_winner = {w: {"games": len(m), "moves_min": min(m), "moves_median": sorted(m)[len(m) // 2],
                         "moves_max": max(m)} for w, m in sorted(lengths.items())}
        deals: dict = {}
        for r in games:
            deals.setdefault(r["deal"], {})[r["side"]] = r["share"]
        joint: dict = {}
        if games[0]["sides"] == 2:
            for d in deals.values():
                if len(d) == 2:
                    name = {(1, 1): "both", (1, 0): "side 0 only", (0, 1): "side 1 only", (0, 0): "neither"}[
                        (round(d[0]), round(d[1]))]
                    joint[name] = joint.get(name, 0) + 1
        out.append({"players": players, "mode": mode, "new_spec": spec, "seed": row_seed, "games": len(games),
                    "sides": sides, "by_winners": by_winner, "deals_won_on": joint})
    return out


def read_logs(paths: list[str]) -> list[dict]:
    records = []
    for path in paths:
        with gzip.open(path, "rt") if path.endswith(".gz") else open(path) as f:
            records.extend(json.loads(line) for line in f if line.strip())
    return records


def print_release_sides(rows: list[dict]) -> None:
    for row in rows:
        print(f"fritanga {row['mode']} {row['players']}p, {row['new_spec']}, seed {row['seed']}: {row['games']} games")
        for s in row["sides"]:
            print(f"  new hard on seats {s['new_seats']}: {s['games']} games, share {s['share']:.3f} "
                  f"({s['ci95'][0]:.3f} to {s['ci95'][1]:.3f}); new {s['new']['ms_per_decision']} ms, "
                  f"{s['new']['iterations_per_decision']} it; release {s['old']['ms_per_decision']} ms, "
                  f"{s['old']['iterations_per_decision']} it a decision")
        for w, m in row["by_winners"].items():
            print(f"  won by seats {w}: {m['games']} games, {m['moves_min']} / {m['moves_median']} / "
                  f"{m['moves_max']} moves (min / median / max)")
        if row["deals_won_on"]:
            print("  deals the new hard won on: " + ", ".join(f"{k} {v}" for k, v in sorted(row["deals_won_on"].items())))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--spec", default="ismcts:medium,depth=20",
                    help="the ISMCTS side (default: medium with a 20-move rollout cut-off, the spec "
                         "docs/rules/fritanga.md recommends; full-length rollouts play no better than greedy)")
    ap.add_argument("--games", type=int, default=60, help="games per pairing")
    ap.add_argument("--players", default="3,4")
    ap.add_argument("--pairings", default="versus,teams,chef,foods")
    ap.add_argument("--opponents", default="random,greedy")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--speed", action="store_true", help="only measure the playout policy's actions/s")
    ap.add_argument("--release-sides", nargs="+", metavar="LOG",
                    help="only read bench/against_release.py logs: the new hard's share per side")
    ap.add_argument("--against", metavar="LOG", help="with --release-sides: the paired gain of those logs' "
                    "games over this log's on the same deals and sides")
    args = ap.parse_args(argv)
    if args.release_sides:
        records = read_logs(args.release_sides)
        rows = release_sides(records)
        print_release_sides(rows)
        if args.against:
            base = read_logs([args.against])
            gain = paired_gain(base, records)
            rows.append({"against": args.against, **gain})
            if gain["games"]:
                print(f"gain over {args.against} on the {gain['games']} games of {gain['deals']} deals both "
                      f"played: {gain['gain']:+.3f} ({gain['ci95'][0]:+.3f} to {gain['ci95'][1]:+.3f})")
        print(json.dumps(rows), file=sys.stderr)
        return 0
    if args.speed:
        print(json.dumps({"playout_speed": playout_speed()}, indent=2))
        return 0
    report = {"spec": args.spec, "games_per_pairing": args.games, "seed": args.seed, "results": []}
    rows = []
    for n in [int(x) for x in args.players.split(",")]:
        for pairing in args.pairings.split(","):
            mode = {"versus": "versus", "teams": "teams"}.get(pairing, "chef")
            cfg = registry.get(GAME).validate({"mode": mode, "players": n})
            for opp in args.opponents.split(","):
                baseline = None
                if pairing in ("chef", "foods"):
                    key = (n, opp)
                    if key not in _CACHE:
                        _CACHE[key] = run("baseline", cfg, args.spec, opp, args.games, args.seed, args.jobs)
                        report["results"].append(_CACHE[key])
                    baseline = _CACHE[key]
                print(f"fritanga {mode} {n}p: {pairing} {args.spec} vs {opp}", file=sys.stderr, flush=True)
                entry = run(pairing, cfg, args.spec, opp, args.games, args.seed, args.jobs)
                entry["reference"] = reference(pairing, n, baseline)
                report["results"].append(entry)
                rows.append(entry)
                e = entry
                print(f"  win rate {e['win_rate']:.3f} [{e['ci95'][0]:.3f}, {e['ci95'][1]:.3f}] "
                      f"(reference {e['reference']}), {e['ms_per_decision']} ms/decision, {e['wall_s']} s",
                      file=sys.stderr, flush=True)
    print(json.dumps(report, indent=2))
    print(file=sys.stderr)
    print(f"{'mode':<7}{'n':>2}  {'ISMCTS as':<11}{'vs':<8}{'win rate':>9}  {'95% CI':<16}{'ref':>6}  {'ms/dec':>7}",
          file=sys.stderr)
    for e in rows:
        ci = f"[{e['ci95'][0]:.3f}, {e['ci95'][1]:.3f}]"
        role = {"versus": "one food", "teams": "a team", "chef": "the chef", "foods": "the foods",
                "baseline": "every seat"}[e["pairing"]]
        print(f"{e['config']['mode']:<7}{e['config']['players']:>2}  {role:<11}{e['opponent']:<8}"
              f"{e['win_rate']:>9.3f}  {ci:<16}{e['reference']:>6}  {e['ms_per_decision']:>7.1f}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
