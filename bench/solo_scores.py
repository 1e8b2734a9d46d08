"""Dűlőre jutunk solo: score distributions of bots against the Winemaker.

    python bench/solo_scores.py [--games 100] [--projects easy,medium,hard,expert]
        [--bots random,greedy,ismcts:iterations=300] [--jobs 2] [--seed 1]
        [--log scores.jsonl] [--json-out report.json] [--quick]

For each project card and bot, plays ``--games`` solo games (game g of every
bot uses the same deal: seed ``seed * 1_000_003 + g``), and prints the mean
score with a 95 % confidence interval (t distribution), the standard
deviation, the range, the distribution over the rulebook's scale (0-16,
17-18, 19-20, 21-22, 23+ LEGENDARY) and the mean think time per decision
(wall time, and process CPU time: what a move costs on an idle core), and
the share of games in which the order deck ran out and the discarded orders
were shuffled back (a fallback the rulebook never mentions: it should be
about none). Below the table, per bot: whether the mean falls from each
project to the next with 95 % intervals that do not overlap (the rulebook's
four projects "of different difficulty").

``--log`` appends one JSON line per finished game and skips the games it
already holds, so a long run can be resumed (and split across sessions).
Figures only: nothing here asserts. Iteration budgets keep the scores
independent of the machine's load; the think times are not.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import os
import statistics
import sys
import time


from boardbot.ai.arena import Progress, play_match  # noqa: E402
from boardbot.ai.bots import make_bot, split_seat_specs  # noqa: E402
from boardbot.engine import registry  # noqa: E402
from boardbot.engine.games.dulore_jutunk import data as D  # noqa: E402

GAME = "dulore-jutunk"
BANDS = (("0-16", 0, 16), ("17-18", 17, 18), ("19-20", 19, 20), ("21-22", 21, 22), ("23+", 23, 10**6))
DEFAULT_BOTS = "random,greedy,ismcts:iterations=300"
RESHUFFLE_NOTE = "the order deck is empty"  # the engine's log line when the discards are shuffled back

# t quantiles (two-sided 95 %) for small samples; 1.96 beyond
_T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262,
        10: 2.228, 12: 2.179, 15: 2.131, 20: 2.086, 25: 2.060, 30: 2.042, 40: 2.021, 60: 2.000, 120: 1.980}


def t95(df: int) -> float:
    if df <= 0:
        return float("nan")
    for k in sorted(_T95):
        if df <= k:
            return _T95[k]
    return 1.96


def summarise(scores: list[int], seconds: float = 0.0, decisions: int = 0, cpu: float = 0.0,
              reshuffled: int = 0) -> dict:
    n = len(scores)
    mean = statistics.fmean(scores) if n else float("nan")
    sd = statistics.stdev(scores) if n > 1 else 0.0
    half = t95(n - 1) * sd / math.sqrt(n) if n > 1 else float("nan")
    bands = {name: sum(1 for s in scores if lo <= s <= hi) for name, lo, hi in BANDS}
    return {
        "games": n,
        "mean": round(mean, 3),
        "ci95": [round(mean - half, 3), round(mean + half, 3)] if n > 1 else None,
        "sd": round(sd, 3),
        "min": min(scores) if scores else None,
        "max": max(scores) if scores else None,
        "bands": bands,
        "band_share": {k: round(v / n, 3) for k, v in bands.items()} if n else {},
        "ms_per_decision": round(1000 * seconds / decisions, 1) if decisions else None,
        "cpu_ms_per_decision": round(1000 * cpu / decisions, 1) if decisions else None,
        "decisions_per_game": round(decisions / n, 1) if n else None,
        "deck_reshuffled_share": round(reshuffled / n, 3) if n else None,
    }


_WORKER: dict = {}


def _init() -> None:
    _WORKER["game"] = registry.get(GAME)
    _WORKER["bots"] = {}


class _CpuTimed:
    """A bot wrapper that adds up the process CPU time of its decisions (what a move
    costs on an idle core, whatever else the machine is running)."""

    def __init__(self, bot):
        self.bot = bot
        self.cpu = 0.0

    def __getattr__(self, name):
        return getattr(self.bot, name)

    def choose(self, state, rng):
        t = time.process_time()
        try:
            return self.bot.choose(state, rng)
        finally:
            self.cpu += time.process_time() - t


def _play(job: tuple) -> dict:
    project, spec, g, seed = job
    game = _WORKER["game"]
    bot = _WORKER["bots"].get(spec)
    if bot is None:
        bot = _WORKER["bots"][spec] = _CpuTimed(make_bot(spec, game))
    bot.cpu = 0.0
    timings = {spec: []}
    log: list = []
    started = time.monotonic()
    r = play_match(game, {"players": 1, "project": project}, [spec], seed, bots=[bot], timings=timings, log=log)
    reshuffles = sum(1 for _, text in log if text.startswith(RESHUFFLE_NOTE))
    return {"project": project, "bot": spec, "game": g, "seed": seed, "score": r["scores"][0],
            "deck_reshuffles": reshuffles,
            "seconds": sum(timings[spec]), "cpu_seconds": round(bot.cpu, 3), "decisions": len(timings[spec]),
            "wall": round(time.monotonic() - started, 2)}


def _load(path: str | None) -> dict:
    done: dict = {}
    if path and os.path.exists(path):
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line:
                    r = json.loads(line)
                    done[(r["project"], r["bot"], r["seed"])] = r
    return done


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100, help="games per project and bot")
    ap.add_argument("--projects", default=",".join(D.PROJECTS))
    ap.add_argument("--bots", default=DEFAULT_BOTS, help=f"bot specs as in arena --seats: commas separate, key=value items continue a spec, "
                    f"';' always separates (default {DEFAULT_BOTS!r})")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--log", default=None, help="JSON lines of finished games: appended, and resumed from")
    ap.add_argument("--json-out", default=None)
    ap.add_argument("--quick", action="store_true", help="6 games per project and bot, ISMCTS at 100 iterations")
    args = ap.parse_args(argv)
    if args.quick:
        args.games = min(args.games, 6)
        if args.bots == DEFAULT_BOTS:
            args.bots = "random,greedy,ismcts:iterations=100"
    bots = split_seat_specs(args.bots)
    projects = [p.strip() for p in args.projects.split(",") if p.strip()]
    game = registry.get(GAME)
    for spec in bots:
        make_bot(spec, game)  # fail early on a bad spec
    done = _load(args.log)
    jobs = []
    for project in projects:
        for spec in bots:
            for g in range(args.games):
                seed = args.seed * 1_000_003 + g
                if (project, spec, seed) not in done:
                    jobs.append((project, spec, g, seed))
    # the slow bots last, so the fast figures come in first
    jobs.sort(key=lambda j: (j[1].startswith("ismcts"), j[2], projects.index(j[0]), bots.index(j[1])))
    log = open(args.log, "a") if args.log else None
    bar = Progress(len(jobs), True)
    results = dict(done)

    def keep(r: dict) -> None:
        results[(r["project"], r["bot"], r["seed"])] = r
        if log:
            log.write(json.dumps(r) + "\n")
            log.flush()

    try:
        if args.jobs > 1 and len(jobs) > 1:
            ctx = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
            with ctx.Pool(args.jobs, initializer=_init) as pool:
                for k, r in enumerate(pool.imap_unordered(_play, jobs), 1):
                    keep(r)
                    bar.update(k, f"{r['project']} {r['bot']}: {r['score']}")
        else:
            _init()
            for k, job in enumerate(jobs, 1):
                r = _play(job)
                keep(r)
                bar.update(k, f"{r['project']} {r['bot']}: {r['score']}")
    finally:
        if log:
            log.close()
    report = {"game": GAME, "games_per_cell": args.games, "seed": args.seed, "results": []}
    for project in projects:
        for spec in bots:
            rows = [results[(project, spec, args.seed * 1_000_003 + g)] for g in range(args.games)
                    if (project, spec, args.seed * 1_000_003 + g) in results]
            s = summarise([r["score"] for r in rows], sum(r["seconds"] for r in rows),
                          sum(r["decisions"] for r in rows), sum(r.get("cpu_seconds", 0.0) for r in rows),
                          sum(1 for r in rows if r.get("deck_reshuffles")))
            report["results"].append({"project": project, "bot": spec, **s})
    report["difficulty"] = {spec: difficulty_steps([e for e in report["results"] if e["bot"] == spec])
                            for spec in bots}
    print(json.dumps(report, indent=2))
    if args.json_out:
        with open(args.json_out, "w") as f:
            json.dump(report, f, indent=2)
    _table(report)
    return 0


def difficulty_steps(rows: list[dict]) -> dict:
    """Whether the mean falls from each project to the next (in the order given)
    with 95 % intervals that do not overlap."""
    steps = []
    for hi, lo in zip(rows, rows[1:]):
        apart = bool(hi["ci95"] and lo["ci95"] and lo["ci95"][1] < hi["ci95"][0])
        steps.append({"from": hi["project"], "to": lo["project"],
                      "drop": round(hi["mean"] - lo["mean"], 2), "intervals_apart": apart})
    return {"steps": steps, "all_apart": bool(steps) and all(st["intervals_apart"] for st in steps)}


def _table(report: dict) -> None:
    out = sys.stderr
    print(file=out)
    head = f"{'project':<8}{'bot':<34}{'n':>4}{'mean':>7}  {'95% CI':<15}{'sd':>5}  " + \
        "".join(f"{b[0]:>7}" for b in BANDS) + f"{'ms/dec':>8}{'cpu ms':>8}{'deck out':>9}"
    print(head, file=out)
    for e in report["results"]:
        if not e["games"]:
            continue
        ci = f"[{e['ci95'][0]:.1f}, {e['ci95'][1]:.1f}]" if e["ci95"] else "-"
        bands = "".join(f"{100 * e['band_share'][b[0]]:>6.0f}%" for b in BANDS)
        ms = f"{e['ms_per_decision']:.0f}" if e["ms_per_decision"] is not None else "-"
        cpu = f"{e['cpu_ms_per_decision']:.0f}" if e.get("cpu_ms_per_decision") else "-"
        print(f"{e['project']:<8}{e['bot']:<34}{e['games']:>4}{e['mean']:>7.2f}  {ci:<15}{e['sd']:>5.1f}  "
              f"{bands}{ms:>8}{cpu:>8}{100 * e['deck_reshuffled_share']:>8.0f}%", file=out)
    for spec, d in report["difficulty"].items():
        steps = ", ".join(f"{st['from']} > {st['to']} by {st['drop']:.2f} ({'apart' if st['intervals_apart'] else 'OVERLAP'})"
                          for st in d["steps"])
        print(f"{spec}: {steps}: {'each project harder than the last' if d['all_apart'] else 'NOT separated'}",
              file=out)


if __name__ == "__main__":
    sys.exit(main())
