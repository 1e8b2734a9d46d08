"""ISMCTS speed: simulations per second, OpenSpiel side by side, latency overshoot; and the
compiled build against the pure one.

    python bench/ai_speed.py [--quick] [--games frogriders,...] [--players 2,3]
    python bench/ai_speed.py --builds [--baseline DIR] [--repeats 3] [--games ...]

``--builds``: per game at its smallest table (2 players, 3 where that is the minimum) and its
largest, the pure build (``BOARDBOT_PURE=1``) and the compiled build of this checkout side by side,
each in a fresh child process, alternating, ``--repeats`` times: ISMCTS iterations per second per
core (CPU time of fixed-iteration searches of the ``ismcts:hard`` parameters on the same decision
points, after 0.3 s of untimed searches and one untimed playout: the warm rate) and the engine's
random-playout actions per second (new games of the table played to the end by
``engine/playout.py``'s ``random_playout``, a game's setup included; a checkout without it, like
the release, by this file's interpreted loop: the same games from the same draws, and the table
says which loop each column ran), as the median and the range of the repeats, and the compiled
build's ratio to the pure one. ``--baseline DIR``: also another checkout
(the release, e.g. a ``git archive 917ee18`` of engine/ and ai/), pure, in the same rotation,
and the compiled build's ratio to it. ``--slices N`` (instead of ``--repeats``): each build in one warm process per
table, the builds taking turns N times (a slice: the searches on the decision points, with new
seeds each slice, then the playouts), and each ratio the median of the slices' own ratios: on a
host whose speed shifts from minute to minute (here by up to 2 times at load 1), fresh processes
minutes apart compare a build's good minute with another's bad one; a slice's two builds run
seconds apart.

Per game and player count, on the same positions (decision points of random
games, each searched from the deciding seat's view):

* ``boardbot.ai.ismcts`` in one process, and root-parallel on a 2-process pool;
* OpenSpiel's Python ISMCTS (``open_spiel.python.algorithms.ismcts``) on
  the same engine through ``boardbot.learning.openspiel``: with its stock
  ``RandomRolloutEvaluator``, and with a lean evaluator that rolls out on
  the engine directly (so the ratio isolates the tree search);
* the ratio of simulations per second (ours, 1 process / OpenSpiel);
* a head-to-head match at equal wall time per move (seats rotated), with a
  95 % Wilson interval;

and, for time-budgeted searches (in-process and pooled), the distribution
of latency minus budget (p50, p99, max), the number that SuggestMove must
keep under 50 ms, plus the same for RPC-style deadlines (latency minus the
time to the deadline; negative means early).

Runs interleave ours and theirs position by position, so both see the same
machine load. Figures only: nothing here asserts.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time


from boardbot.ai.arena import play_match, seating  # noqa: E402
from boardbot.ai.bots import Bot, make_bot  # noqa: E402
from boardbot.ai.ismcts import SearchParams  # noqa: E402
from boardbot.ai.pool import SearchPool  # noqa: E402
from boardbot.ai.service_api import suggest  # noqa: E402
from boardbot.ai.stats import percentile, wilson  # noqa: E402
from boardbot.engine import registry  # noqa: E402
from boardbot.engine.core import TERMINAL  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from release_worker import release_rules_state  # noqa: E402  (stdlib only: any checkout imports it)


def decision_points(game, cfg, count: int, seed: int) -> list:
    """``count`` positions with a real choice, from random games."""
    rng = random.Random(seed)
    out = []
    g = 0
    while len(out) < count:
        # under rules version 1, which every build compared plays: the same positions in each (the
        # searches sample their worlds under their own build's stream)
        state = release_rules_state(game, cfg, seed * 1000 + g)
        g += 1
        history = []
        while state.decider() != TERMINAL:
            if len(state.legal_moves()) > 1:
                history.append(state.copy())
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
        if history:
            # early, middle and late positions
            out.append(history[rng.randrange(max(1, len(history) * 2 // 3))])
    return out


class OpenSpielBot(Bot):
    """OpenSpiel's ISMCTS as a bot: a fresh search per move from the seat's view."""

    name = "openspiel"

    def __init__(self, game, cfg, seconds: float, lean: bool = False):
        from boardbot.learning.openspiel import load

        self.game = game
        self.seconds = seconds
        self.lean = lean
        self.os_game = load(game.name, cfg, key="history")

    def choose(self, state, rng):
        from boardbot.learning.openspiel import ismcts_bot

        seat = state.decider()
        seed = rng.getrandbits(63)
        root = self.game.from_view(state.view(seat), random.Random(seed))
        bot = ismcts_bot(self.os_game, seed, lean=self.lean)
        bot.time_limit = self.seconds
        policy = bot.run_search(self.os_game.wrap(root).track())
        action = max(policy, key=lambda ap: ap[1])[0]
        return self.os_game.move_of[action]


def speed(game, cfg, positions, seconds: float, pool, have_openspiel: bool) -> dict:
    totals = {k: [0, 0.0] for k in ("ours_1p", "ours_2p", "openspiel", "openspiel_lean")}
    if have_openspiel:
        from boardbot.learning.openspiel import ismcts_bot, load

        os_game = load(game.name, cfg, key="history")
    for i, state in enumerate(positions):
        view = state.view(state.decider())
        r = suggest(game, view, {"time": seconds}, seed=i)
        totals["ours_1p"][0] += r.iterations
        totals["ours_1p"][1] += r.seconds
        if pool is not None:
            r = suggest(game, view, {"time": seconds}, seed=i, params=SearchParams(workers=2), pool=pool)
            totals["ours_2p"][0] += r.iterations
            totals["ours_2p"][1] += r.seconds
        if have_openspiel:
            for key, lean in (("openspiel", False), ("openspiel_lean", True)):
                root = game.from_view(view, random.Random(i))
                bot = ismcts_bot(os_game, i, lean=lean)
                bot.time_limit = seconds
                t0 = time.monotonic()
                bot.run_search(os_game.wrap(root).track())
                totals[key][0] += bot.simulations
                totals[key][1] += time.monotonic() - t0
    out = {k: round(n / s, 1) for k, (n, s) in totals.items() if s > 0}
    if "openspiel" in out:
        out["ratio_vs_openspiel"] = round(out["ours_1p"] / out["openspiel"], 2)
        out["ratio_vs_openspiel_lean"] = round(out["ours_1p"] / out["openspiel_lean"], 2)
    return out


def head_to_head(game, cfg, games: int, seconds: float, seed: int) -> dict:
    ours = make_bot(f"ismcts:time={seconds}", game)
    theirs = OpenSpielBot(game, cfg, seconds)
    n = cfg["players"]
    specs = ["ours"] + ["openspiel"] * (n - 1)
    wins = 0.0
    seat_games = 0
    for g in range(games):
        order = seating(specs, g, True)
        seat_specs = [specs[k] for k in order]
        bots = [ours if s == "ours" else theirs for s in seat_specs]
        r = play_match(game, cfg, seat_specs, seed * 7919 + g, bots=bots)
        for w in r["winners"]:
            if seat_specs[w] == "ours":
                wins += 1 / len(r["winners"])
        seat_games += 1
        print(f"  h2h {g + 1}/{games}: ours {wins:.1f}", file=sys.stderr, flush=True)
    lo, hi = wilson(wins, seat_games)
    return {"games": games, "seconds_per_move": seconds, "ours_win_rate": round(wins / seat_games, 3),
            "ci95": [round(lo, 3), round(hi, 3)], "opponents": n - 1}


def overshoot(game, cfg, positions, budgets, repeats: int, pool) -> dict:
    out = {}
    for label, use_pool in (("in_process", False), ("pool_2_workers", True)):
        if use_pool and pool is None:
            continue
        params = SearchParams(workers=2) if use_pool else SearchParams()
        for kind in ("time", "deadline"):
            over = []
            for b in budgets:
                for k in range(repeats):
                    state = positions[k % len(positions)]
                    view = state.view(state.decider())
                    t0 = time.monotonic()
                    budget = {"time": b} if kind == "time" else {"deadline": t0 + b}
                    suggest(game, view, budget, seed=k, params=params, pool=pool)
                    over.append((time.monotonic() - t0 - b) * 1000)
            out[f"{label}/{kind}"] = {
                "budgets_s": budgets, "searches": len(over),
                "p50_ms": round(percentile(over, 50), 2), "p99_ms": round(percentile(over, 99), 2),
                "max_ms": round(max(over), 2),
            }
    return out


# --- the compiled build against the pure one (--builds) -------------------------------------------
BUILD_ITERATIONS = 600  # per search: enough that sampling and tree costs settle
WARM_UP_S = 0.3  # CPU seconds of untimed searches before the timed ones (child_measure)
LOOPS = {"engine": "the engine's random_playout (engine/playout.py, compiled in a compiled build)",
         "bench": "bench/ai_speed.py's interpreted loop (the checkout has no engine/playout.py)"}


def tables(game) -> list[int]:
    counts = sorted({game.validate(c)["players"] for c in game.configurations()})
    small = 2 if 2 in counts else counts[0]
    return sorted({small, counts[-1]})


class BuildMeter:
    """One build's measurements, in the process whose environment chose the build: ISMCTS
    iterations per CPU second of fixed-iteration searches on the table's decision points, and the
    engine's random-playout actions per CPU second."""

    def __init__(self, name: str, players: int, positions: int):
        game = registry.get(name)
        # the game's own configuration of that table size (some sizes need a mode: Fritanga's 7)
        self.game, self.cfg = game, game.validate(
            next(c for c in game.configurations() if game.validate(c)["players"] == players))
        self.views = [s.view(s.decider()) for s in decision_points(game, self.cfg, positions, 1)]
        # the engine's own playout (engine/playout.py); a checkout without it: this file's loop (asked
        # of the checkout's folder: the editable install would find this checkout's module for another's)
        if os.path.isfile(os.path.join(os.path.dirname(os.path.abspath(registry.__file__)), "playout.py")):
            from boardbot.engine.playout import random_playout

            self.loop = "engine"
        else:
            random_playout = bench_playout
            self.loop = "bench"
        self.random_playout, self.deal = random_playout, dealer(game)
        self.rng, self.games = random.Random(1), 0
        try:
            from boardbot.engine import build

            self.build = build.describe()
        except ImportError:
            self.build = "pure Python (a checkout without engine/build.py)"

    def warm_up(self) -> None:
        # untimed searches first, for WARM_UP_S of CPU: a process's first searches pay one-time costs
        # (tables and caches filled on first use, the allocator's arenas): in the compiled build the
        # first one to three searches took twice a warm one's time, as much as the timed part; a
        # serving process is warm, so the figure is the warm rate
        warm_start, k = time.process_time(), 0
        while time.process_time() - warm_start < WARM_UP_S:
            suggest(self.game, self.views[k % len(self.views)], {"iterations": BUILD_ITERATIONS},
                    seed=len(self.views) + k, params="ismcts:hard")
            k += 1
        self.random_playout(self.deal(self.cfg, -1), random.Random(0))  # warm, as above

    def search_rate(self, first_seed: int = 0) -> float:
        iterations = 0
        start = time.process_time()
        for i, view in enumerate(self.views):
            iterations += suggest(self.game, view, {"iterations": BUILD_ITERATIONS}, seed=first_seed + i,
                                  params="ismcts:hard").iterations
        return iterations / (time.process_time() - start)

    def playout_rate(self, seconds: float) -> float:
        actions = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            actions += self.random_playout(self.deal(self.cfg, self.games), self.rng)
            self.games += 1
        return actions / (time.process_time() - start)


def child_measure(name: str, players: int, positions: int, seconds: float) -> dict:
    """One build's figures (run in a child process whose environment chose the build)."""
    meter = BuildMeter(name, players, positions)
    meter.warm_up()
    return {"iterations_per_s": meter.search_rate(), "actions_per_s": meter.playout_rate(seconds),
            "build": meter.build, "playout": meter.loop}


def child_serve(name: str, players: int, positions: int) -> None:
    """``--slices``: a warm build that measures on demand, one JSON line per slice asked on stdin
    (a line holding the slice's number and the playout seconds), so the builds take turns slice by
    slice and a shift of the machine's speed falls on both builds of a slice alike."""
    meter = BuildMeter(name, players, positions)
    meter.warm_up()
    print(json.dumps({"build": meter.build, "playout": meter.loop}), flush=True)
    for line in sys.stdin:
        number, seconds = line.split()
        seed = (int(number) + 1) * len(meter.views)  # each slice its own searches, the same in every build
        print(json.dumps({"iterations_per_s": meter.search_rate(seed),
                          "actions_per_s": meter.playout_rate(float(seconds))}), flush=True)


def dealer(game):
    """A new game of a configuration validated once, dealt from a seed: what a caller playing many
    games of one configuration does (``Game.new_validated_state``). ``new_state`` validates the
    configuration again at every deal: interpreted Python in both builds (21.6k instructions of a
    compiled 2-player Frogriders random game's 366k), which is setup, not the engine's play. A
    checkout without ``new_validated_state`` (release 917ee18) deals as its ``new_state`` does,
    without the validation: ``_new_state`` with a ``random.Random`` of the seed (the same deal)."""
    if hasattr(game, "new_validated_state"):
        return game.new_validated_state
    return lambda cfg, seed: game._new_state(cfg, random.Random(seed))


def bench_playout(state, rng) -> int:
    """The random playout of a checkout without engine/playout.py: the same moves from the same
    draws (``randrange``), in this interpreted loop."""
    actions = 0
    while state.decider() != TERMINAL:
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
        actions += 1
    return actions


def child_env(pure: bool, checkout: str | None) -> dict:
    env = dict(os.environ)
    env.pop("BOARDBOT_PURE", None)
    if pure:
        env["BOARDBOT_PURE"] = "1"
    if checkout:
        env["PYTHONPATH"] = os.pathsep.join([checkout, env.get("PYTHONPATH", "")])
    return env


def run_child(name: str, players: int, positions: int, seconds: float, pure: bool, checkout: str | None) -> dict:
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); import ai_speed as b; "
            "print(json.dumps(b.child_measure(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]))))")
    out = subprocess.run([sys.executable, "-c", code, os.path.dirname(os.path.abspath(__file__)), name, str(players),
                          str(positions), str(seconds)], env=child_env(pure, checkout), capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(f"{name} {players}p ({'pure' if pure else 'compiled'}) failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def start_server_child(name: str, players: int, positions: int, pure: bool, checkout: str | None):
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import ai_speed as b; "
            "b.child_serve(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))")
    return subprocess.Popen([sys.executable, "-c", code, os.path.dirname(os.path.abspath(__file__)), name,
                             str(players), str(positions)], env=child_env(pure, checkout), text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def read_child(child, what: str) -> dict:
    line = child.stdout.readline()
    if not line:
        raise SystemExit(f"{what}: the measuring process ended (exit {child.wait()})")
    return json.loads(line)


def baseline_folder(path: str) -> str:
    """A folder that makes ``boardbot.engine`` and ``boardbot.ai`` those of checkout ``path``."""
    folder = tempfile.mkdtemp(prefix="ai_speed_baseline_")
    os.mkdir(os.path.join(folder, "boardbot"))
    for top in ("engine", "ai"):
        os.symlink(os.path.join(os.path.abspath(path), top), os.path.join(folder, "boardbot", top))
    return folder


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):>9,.0f} ({min(values):,.0f}-{max(values):,.0f})"


def build_kinds(baseline: str | None, ratio_note: str) -> tuple[str | None, list[tuple[str, bool, str | None]]]:
    """The builds compared (name, pure, checkout folder) and the table's header, printed."""
    checkout = baseline_folder(baseline) if baseline else None
    kinds = [("pure", True, None), ("compiled", False, None)] + ([("baseline", True, checkout)] if checkout else [])
    print(f"{'game':<14} {'n':>2} {'metric':<8} " + " ".join(f"{k:>26}" for k, _, _ in kinds)
          + f" compiled/pure{ratio_note}" + (f" compiled/baseline{ratio_note}" if checkout else ""), flush=True)
    return checkout, kinds


def compare_builds(names: list[str], repeats: int, positions: int, seconds: float, baseline: str | None,
                   slices: int = 0) -> None:
    if slices:
        return compare_builds_in_slices(names, slices, positions, seconds, baseline)
    checkout, kinds = build_kinds(baseline, "")
    builds = {}
    for name in names:
        game = registry.get(name)
        for n in tables(game):
            runs: dict[str, list[dict]] = {k: [] for k, _, _ in kinds}
            for r in range(repeats):
                order = kinds if r % 2 == 0 else kinds[::-1]  # alternate, so load hits every build alike
                for kind, pure, folder in order:
                    row = run_child(name, n, positions, seconds, pure, folder)
                    runs[kind].append(row)
                    builds[kind] = f"{row['build']}; playouts: {LOOPS[row.get('playout', 'bench')]}"
            for metric, key in (("iter/s", "iterations_per_s"), ("act/s", "actions_per_s")):
                med = {k: statistics.median(x[key] for x in runs[k]) for k in runs}
                line = f"{name:<14} {n:>2} {metric:<8} " + " ".join(
                    f"{spread([x[key] for x in runs[k]]):>26}" for k, _, _ in kinds)
                line += f" {med['compiled'] / med['pure']:>12.2f}x"
                if checkout:
                    line += f" {med['compiled'] / med['baseline']:>16.2f}x"
                print(line, flush=True)
    for kind, text in builds.items():
        print(f"{kind}: {text}")
    print(f"median (range) of {repeats} runs; CPU time of one process each; searches of {BUILD_ITERATIONS} "
          f"iterations (ismcts:hard parameters) on {positions} decision points; playouts for {seconds:g} s")


def compare_builds_in_slices(names: list[str], slices: int, positions: int, seconds: float,
                             baseline: str | None) -> None:
    """``--slices N``: each build in one warm process per table, the builds taking turns slice by
    slice (a slice: the searches on the decision points, new seeds each slice, then ``seconds`` of
    playouts), the order reversed every other slice. The ratio is the median over slices of the
    slice's own ratio: a build and the one it is compared with measured within seconds of each
    other, so a shift of the host's speed lasting longer than a slice cancels in it."""
    checkout, kinds = build_kinds(baseline, " (slices)")
    builds = {}
    for name in names:
        for n in tables(registry.get(name)):
            children: dict = {}
            try:
                for kind, pure, folder in kinds:  # (inside the try: a start that fails leaves none running)
                    children[kind] = start_server_child(name, n, positions, pure, folder)
                for kind, child in children.items():
                    row = read_child(child, f"{name} {n}p {kind}")
                    builds[kind] = f"{row['build']}; playouts: {LOOPS[row['playout']]}"
                runs: dict[str, list[dict]] = {k: [] for k, _, _ in kinds}
                for number in range(slices):
                    order = kinds if number % 2 == 0 else kinds[::-1]
                    for kind, _, _ in order:
                        children[kind].stdin.write(f"{number} {seconds}\n")
                        children[kind].stdin.flush()
                        runs[kind].append(read_child(children[kind], f"{name} {n}p {kind}"))
            finally:
                for child in children.values():
                    child.stdin.close()
                    child.wait()
            for metric, key in (("iter/s", "iterations_per_s"), ("act/s", "actions_per_s")):
                line = f"{name:<14} {n:>2} {metric:<8} " + " ".join(
                    f"{spread([x[key] for x in runs[k]]):>26}" for k, _, _ in kinds)
                for other in ("pure", "baseline") if checkout else ("pure",):
                    ratios = [c[key] / o[key] for c, o in zip(runs["compiled"], runs[other])]
                    width = 22 if other == "pure" else 27
                    line += f" {f'{statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f})':>{width}}"
                print(line, flush=True)
    for kind, text in builds.items():
        print(f"{kind}: {text}")
    print(f"median (range) of {slices} slices, each build warm in one process per table, taking turns; CPU time; "
          f"searches of {BUILD_ITERATIONS} iterations (ismcts:hard parameters) on {positions} decision points; "
          f"playouts for {seconds:g} s; a ratio is the median (range) of each slice's own ratio")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="fewer positions, shorter searches, fewer games")
    ap.add_argument("--games", default=",".join(registry.names()))
    ap.add_argument("--players", default="2", help="player counts, comma-separated, or 'all'")
    ap.add_argument("--seconds", type=float, default=None, help="search time per position for sims/s")
    ap.add_argument("--h2h-games", type=int, default=None)
    ap.add_argument("--h2h-seconds", type=float, default=None)
    ap.add_argument("--h2h-players", default="2", help="player counts to play head-to-head at ('all')")
    ap.add_argument("--no-pool", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--builds", action="store_true", help="the compiled build against the pure one (only that)")
    ap.add_argument("--baseline", default=None, metavar="DIR", help="with --builds: also this checkout, pure")
    ap.add_argument("--repeats", type=int, default=3, help="with --builds: runs per build and table")
    ap.add_argument("--positions", type=int, default=3, help="with --builds: decision points per run")
    ap.add_argument("--playout-seconds", type=float, default=1.0, help="with --builds: CPU seconds of playouts")
    ap.add_argument("--slices", type=int, default=0,
                    help="with --builds: instead of --repeats fresh processes, one warm process per build and "
                         "table measuring N slices in turn with the others (the ratio: median of the slices' own)")
    args = ap.parse_args(argv)
    if args.builds:
        compare_builds(args.games.split(","), args.repeats, args.positions, args.playout_seconds, args.baseline,
                       args.slices)
        return 0
    quick = args.quick
    seconds = args.seconds or (0.5 if quick else 2.0)
    n_positions = 4 if quick else 10
    h2h_games = args.h2h_games if args.h2h_games is not None else (10 if quick else 40)
    h2h_seconds = args.h2h_seconds or (0.1 if quick else 0.25)
    try:
        import pyspiel  # noqa: F401

        have_openspiel = True
    except ImportError:
        have_openspiel = False
        print("open_spiel is not installed (pip install '.[openspiel]'): OpenSpiel columns skipped",
              file=sys.stderr)
    pool = None if args.no_pool else SearchPool(2)
    report = {"machine": {"cpus": os.cpu_count(), "load_avg_start": os.getloadavg()}, "games": {}}
    try:
        for name in args.games.split(","):
            game = registry.get(name)
            configs = game.configurations()
            counts = sorted({game.validate(c)["players"] for c in configs})
            wanted = counts if args.players == "all" else [int(p) for p in args.players.split(",")]
            for n in wanted:
                if n not in counts:
                    continue
                cfg = game.validate(next(c for c in configs if game.validate(c)["players"] == n))
                print(f"{name} {n}p: speed ...", file=sys.stderr, flush=True)
                positions = decision_points(game, cfg, n_positions, args.seed)
                entry = {"config": cfg, "positions": len(positions), "seconds_per_search": seconds}
                entry["sims_per_s"] = speed(game, cfg, positions, seconds, pool, have_openspiel)
                print(f"  {json.dumps(entry['sims_per_s'])}", file=sys.stderr, flush=True)
                h2h_counts = counts if args.h2h_players == "all" else [int(p) for p in args.h2h_players.split(",")]
                if have_openspiel and h2h_games and n in h2h_counts:
                    entry["head_to_head_vs_openspiel"] = head_to_head(game, cfg, h2h_games, h2h_seconds, args.seed)
                budgets = [0.05, 0.2] if quick else [0.05, 0.2, 0.5]
                entry["latency_minus_budget"] = overshoot(game, cfg, positions, budgets, 10 if quick else 40, pool)
                report["games"][f"{name}/{n}p"] = entry
        report["machine"]["load_avg_end"] = os.getloadavg()
        print(json.dumps(report, indent=2))
        sys.stdout.flush()
    finally:
        if pool is not None:
            pool.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
