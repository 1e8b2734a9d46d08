"""Dűlőre jutunk solo: a bot of this checkout against a bot of another (release 917ee18),
on the same deals, each search's time budget read on its thread's CPU time.

    python bench/solo_vs_release.py play [--checkout DIR] [--clock cpu] SOLO_SCORES_ARGS...
    python bench/solo_vs_release.py compare LOG... [--bots A,B] [--markdown]

``play`` runs a checkout's own ``bench/solo_scores.py`` (this one's, or ``--checkout``'s, with
that checkout's ``.venv``: its modules, its build) in this process, with every search's time
budget read on ``--clock`` (``cpu``: ``time.thread_time``, so the machine's load does not change
what a bot gets; as ``bench/ladder.py --clock cpu``). A bot that has a ``clock`` (this
checkout's) gets it set; a release's search, which reads ``time.monotonic`` in
``boardbot.ai.ismcts`` and ``boardbot.ai.service_api``, gets those modules' ``time`` replaced by
one whose ``monotonic`` is the clock asked for (its code is not edited). Each logged game also
records the checkout's commit, the clock, the decisions that searched (more than one legal
move) and the iterations. One process (``--jobs 1``): the clock is set here; run two at once
for two cores.

``compare`` reads the ``--log`` files of ``play`` (plain or ``.jsonl.gz``) and prints, per
project, each bot's mean score with its 95 % interval and CPU time per searching decision,
and the paired difference (first bot minus second, on the seeds both played) with its 95 %
interval. A bot is ``SPEC@COMMIT``, or ``@COMMIT``: the one spec that commit played on a
project (a time per decision measured per project); ``--bots`` picks and orders two (default:
the first two commits found). Figures only: nothing here asserts.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import importlib.util
import json
import math
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(HERE, "bench"))
from release_worker import clocked_time_module, commit_of  # noqa: E402  (stdlib only: runs under a release too)

CLOCKS = {"cpu": time.thread_time, "wall": time.monotonic}
REEXEC = "BOARDBOT_SOLO_VS_RELEASE_CHILD"  # set when play re-ran itself with the checkout's Python


@functools.lru_cache(maxsize=None)
def solo_scores(checkout: str = HERE):
    """A checkout's bench/solo_scores.py, as a module (its imports: the running Python's boardbot)."""
    spec = importlib.util.spec_from_file_location("solo_scores", os.path.join(checkout, "bench", "solo_scores.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def interval(values: list[float]) -> tuple[float, float, float] | None:
    """(mean, low, high): the mean with its 95 % t interval; None for fewer than two values."""
    if len(values) < 2:
        return None
    mean = statistics.fmean(values)
    half = solo_scores().t95(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def play_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="solo_vs_release.py play", add_help=True,
                                 description="run a checkout's bench/solo_scores.py on a CPU clock; "
                                             "other arguments go to it")
    ap.add_argument("--checkout", default=HERE, help="the checkout whose solo_scores.py and modules run "
                    "(default: this one); another one's runs with its own .venv/bin/python")
    ap.add_argument("--clock", choices=tuple(CLOCKS), default="cpu")
    return ap


def play_args(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    """This command's own options, and the ones passed on to solo_scores.py (checked: one job)."""
    args, rest = play_parser().parse_known_args(argv)
    args.checkout = os.path.abspath(args.checkout)
    if not os.path.isfile(os.path.join(args.checkout, "bench", "solo_scores.py")):
        raise SystemExit(f"{args.checkout}: no bench/solo_scores.py there")
    jobs = [rest[i + 1] for i, a in enumerate(rest[:-1]) if a == "--jobs"] + \
        [a.split("=", 1)[1] for a in rest if a.startswith("--jobs=")]
    if any(j != "1" for j in jobs):
        raise SystemExit("play runs in one process (the clock is set here): --jobs 1 only; "
                         "run two plays at once for two cores")
    return args, [a for a in rest if a != "--"] + ([] if jobs else ["--jobs", "1"])


def _boardbot_root() -> str:
    import boardbot.ai

    return os.path.dirname(os.path.abspath(list(boardbot.ai.__path__)[0]))


class _Counted:
    """A bot that counts, per game, its decisions that searched and their iterations."""

    def __init__(self, bot):
        self.bot = bot
        self.searched = 0
        self.iterations = 0

    def __getattr__(self, name):
        return getattr(self.bot, name)

    def new_game(self) -> None:
        self.searched = self.iterations = 0
        self.bot.new_game()

    def choose(self, state, rng):
        move = self.bot.choose(state, rng)
        last = getattr(self.bot, "last", None)
        if last is not None and len(last.candidates) > 1:
            self.searched += 1
            self.iterations += last.iterations
        return move


def play(argv: list[str]) -> int:
    args, rest = play_args(argv)
    root = _boardbot_root()
    if os.path.realpath(root) != os.path.realpath(args.checkout):
        python = os.path.join(args.checkout, ".venv", "bin", "python")
        if os.environ.get(REEXEC) or not os.path.exists(python):
            raise SystemExit(f"boardbot here is {root}'s, not {args.checkout}'s (and {python} cannot run it)")
        os.environ[REEXEC] = "1"
        os.execv(python, [python, os.path.abspath(__file__), "play", *argv])
    solo = solo_scores(args.checkout)
    clock = CLOCKS[args.clock]
    import boardbot.ai.ismcts as ismcts_module
    import boardbot.ai.service_api as service_api

    code = commit_of(args.checkout)
    compiled = ismcts_module.__file__.endswith(".so")
    made = solo.make_bot

    def make_bot(spec_text, game):
        bot = made(spec_text, game)
        if hasattr(bot, "clock"):
            bot.clock = clock
        elif spec_text.startswith("ismcts"):  # a release's search: its modules read time.monotonic
            for module in (ismcts_module, service_api):
                module.time = clocked_time_module(clock)
        return _Counted(bot)

    played = solo._play

    def play_one(job):
        record = played(job)
        bot = solo._WORKER["bots"][job[1]].bot
        record.update(code=code, clock=args.clock, compiled=compiled, searched=bot.searched,
                      iterations=bot.iterations)
        return record

    solo.make_bot, solo._play = make_bot, play_one
    print(f"solo_vs_release: {args.checkout} at {code} ({'compiled' if compiled else 'pure Python'}), "
          f"clock {args.clock}", file=sys.stderr)
    return solo.main(rest)


def read_logs(paths: list[str]) -> list[dict]:
    rows = []
    for path in paths:
        with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
            rows += [json.loads(line) for line in f if line.strip()]
    return rows


def compare(rows: list[dict], bots: list[str] | None = None) -> list[dict]:
    """Per project: each of two bots' mean score, CPU time and iterations per searching decision,
    and the paired difference (bots[0] minus bots[1]) on the seeds both played. A bot is
    ``SPEC@COMMIT``, or ``@COMMIT``: whichever one spec that commit played on the project (the
    release at a time per decision measured per project); default: the first two commits found."""
    games: dict[tuple[str, str], dict[int, dict]] = {}
    for r in rows:
        games.setdefault((r["project"], f"{r['bot']}@{r.get('code', '?')}"), {})[r["seed"]] = r
    names = list(dict.fromkeys(name for _, name in games))
    bots = bots or ["@" + c for c in dict.fromkeys(n.rsplit("@", 1)[1] for n in names)][:2]

    def pick(project: str, bot: str) -> str | None:
        found = [n for p, n in games if p == project and (n == bot or (bot.startswith("@") and n.endswith(bot)))]
        if len(found) > 1:
            raise SystemExit(f"{bot} played {', '.join(found)} on {project}: name one")
        return found[0] if found else None

    if len(bots) != 2 or not all(any(pick(p, b) for p, _ in games) for b in bots):
        raise SystemExit(f"compare needs two bots of the logs (found: {', '.join(names)})")
    out = []
    for project in dict.fromkeys(p for p, _ in games):
        picked = [pick(project, b) for b in bots]
        cells = [games.get((project, name), {}) for name in picked]
        row: dict = {"project": project, "bots": []}
        for name, cell in zip(picked, cells):
            searched = sum(r.get("searched", 0) for r in cell.values())
            row["bots"].append({"bot": name, "games": len(cell), "mean": interval([r["score"] for r in cell.values()]),
                                "cpu_ms_per_search": round(1000 * sum(r["cpu_seconds"] for r in cell.values())
                                                           / searched, 1) if searched else None,
                                "iterations_per_search": round(sum(r.get("iterations", 0) for r in cell.values())
                                                               / searched) if searched else None})
        both = sorted(set(cells[0]) & set(cells[1]))
        row["paired"] = len(both)
        row["difference"] = interval([cells[0][s]["score"] - cells[1][s]["score"] for s in both])
        out.append(row)
    return out


def markdown(table: list[dict]) -> str:
    def ci(m):
        return f"{m[0]:.2f} [{m[1]:.2f}, {m[2]:.2f}]" if m else "-"

    lines = ["| project | bot | games | mean score [95 %] | CPU ms / decision | iterations / decision "
             "| paired games | difference [95 %] |", "| --- " * 8 + "|"]
    for row in table:
        for k, c in enumerate(row["bots"]):
            tail = f" {row['paired']} | {ci(row['difference'])} |" if k == 0 else " | |"
            lines.append(f"| {row['project'] if k == 0 else ''} | `{c['bot'] or '-'}` | {c['games']} | {ci(c['mean'])} "
                         f"| {c['cpu_ms_per_search'] or '-'} | {c['iterations_per_search'] or '-'} |" + tail)
    return "\n".join(lines)


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if argv[0] == "play":
        return play(argv[1:])
    if argv[0] == "compare":
        ap = argparse.ArgumentParser(prog="solo_vs_release.py compare")
        ap.add_argument("logs", nargs="+")
        ap.add_argument("--bots", default=None, help="two bots, SPEC@COMMIT or @COMMIT, comma separated (';' if a spec has commas)")
        ap.add_argument("--markdown", action="store_true")
        args = ap.parse_args(argv[1:])
        bots = None
        if args.bots:
            bots = [b.strip() for b in args.bots.split(";" if ";" in args.bots else ",") if b.strip()]
        table = compare(read_logs(args.logs), bots)
        print(markdown(table) if args.markdown else json.dumps(table, indent=2))
        return 0
    raise SystemExit(f"unknown command {argv[0]!r}: play or compare")


if __name__ == "__main__":
    sys.exit(main())
