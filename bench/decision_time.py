"""Time per decision of each preset, before and after presets became time budgets (issue 47 item 4).

    python bench/decision_time.py [--games froccs,...] [--positions 6] [--presets easy,medium,hard]
                                  [--players smallest,largest | --players 2,6] [--seed 1] [--clock cpu]

For every game at its smallest and largest table (the ladder's configuration for that size:
bench/ladder.py's ``ladder_table``), it plays greedy games from ``--seed`` and takes
``--positions`` decisions spread over them (a seat with a choice), and searches each, in one
process, with three plans of each preset, one after another position by position (side by
side: a busy moment of the shared machine falls on all three alike):

* ``before``: the preset as it was served until 2026-12-05, its iterations at that table
  (``ismcts:PRESET,iterations=N``: spent whole, whatever the time);
* ``after``: the preset as served now (``search_plan``: at most its time, at most its
  iterations, managed: done sooner once the move is settled);
* ``unmanaged``: the same budget spent whole (``timing=fixed``), to show what the management
  saves and costs.

It prints per table and preset each plan's median, 90th percentile and longest wall time per
decision, the median CPU time of the process (on a loaded machine wall time is the CPU share
the search got), the median iterations, how often ``after`` stopped before its budget
("settled": the leader could not be overtaken, or not close at 70 % of the time) and went on
past 70 % on a close call ("close"), and the wall time it saved against ``unmanaged`` (1 -
mean after / mean unmanaged). Figures only: nothing here asserts. Note the machine's load
(printed): wall time on a shared machine includes waiting for a core. ``--clock cpu`` reads
the time budgets on the thread's CPU time (``run_search(clock=...)``): the plans then run as
on one quiet core, and "saved" compares CPU time.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

from boardbot.ai.bot_specs import PRESETS, parse_ismcts, search_plan
from boardbot.ai.service_api import run_search
from boardbot.engine import registry

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ladder import ladder_table  # noqa: E402 (the ladder's table of each size)

PLANS = ("before", "after", "unmanaged")


def table_sizes(name: str, which: str) -> list[int]:
    game = registry.get(name)
    counts = sorted({game.validate(c)["players"] for c in game.configurations()})
    if which == "smallest,largest":
        return sorted({counts[0], counts[-1]})
    wanted = [int(p) for p in which.split(",")]
    return [p for p in wanted if p in counts]


def decisions(name: str, players: int, count: int, seed: int) -> list:
    """``count`` states with a choice for the seat to move, spread over greedy games."""
    game = registry.get(name)
    config = ladder_table(name, players)
    rng = random.Random(seed)
    found: list = []
    game_seed = seed
    while len(found) < count * 4 and game_seed < seed + 50:
        state = game.new_state(config, game_seed)
        game_seed += 1
        while state.decider() >= 0:
            if len(state.legal_moves()) > 1:
                found.append(state.copy())
            move = game.heuristic_move(state.copy(), rng) if rng.random() < 0.8 else None
            state.apply(move if move in state.legal_moves() else rng.choice(state.legal_moves()))
        if len(found) >= count * 4:
            break
    step = max(1, len(found) // count)
    return found[step // 2::step][:count]


def plans(name: str, players: int, preset: str) -> dict:
    game = registry.get(name)
    served = search_plan(parse_ismcts(f"ismcts:{preset}"), game, players)
    before = search_plan(parse_ismcts(f"ismcts:{preset},iterations={served.budget.iterations}"), game, players)
    unmanaged = search_plan(parse_ismcts(f"ismcts:{preset},timing=fixed"), game, players)  # the same budget
    return {"before": before, "after": served, "unmanaged": unmanaged}


def measure(name: str, players: int, preset: str, states: list, seed: int, clock=None) -> dict:
    game = registry.get(name)
    chosen = plans(name, players, preset)
    out: dict = {p: {"wall": [], "cpu": [], "iterations": [], "stopped": [], "extended": []} for p in PLANS}
    for i, state in enumerate(states):
        view = state.view(state.decider())
        for plan_name in PLANS:
            plan = chosen[plan_name]
            cpu0, wall0 = time.process_time(), time.perf_counter()
            result = run_search(game, view, plan.budget, seed + i, plan.params, clock=clock)
            wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
            row = out[plan_name]
            row["wall"].append(wall)
            row["cpu"].append(cpu)
            row["iterations"].append(result.iterations)
            row["stopped"].append(result.stopped)
            row["extended"].append(bool(result.search is not None and result.search.extended))
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(registry.names()))
    parser.add_argument("--players", default="smallest,largest")
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="what time budgets are read on (cpu: the thread's CPU time, one quiet core)")
    args = parser.parse_args(argv)
    clock = time.thread_time if args.clock == "cpu" else None
    basis = "cpu" if clock is not None else "wall"
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}; {os.cpu_count()} CPUs; "
          f"{args.positions} positions per table; time budgets on the {args.clock} clock", flush=True)
    print("| game | players | preset | plan | budget | wall p50 | wall p90 | wall max | CPU p50 | CPU max "
          "| iterations p50 | settled | close | saved |")
    print("| --- | ---: | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name in args.games.split(","):
        for players in table_sizes(name, args.players):
            states = decisions(name, players, args.positions, args.seed)
            for preset in args.presets.split(","):
                out = measure(name, players, preset, states, args.seed, clock)
                chosen = plans(name, players, preset)
                saved = 1 - statistics.mean(out["after"][basis]) / statistics.mean(out["unmanaged"][basis])
                for plan_name in PLANS:
                    row = out[plan_name]
                    budget = chosen[plan_name].budget
                    spelled = " ".join(f"{k} {v:g}" for k, v in (("iterations", budget.iterations),
                                                                  ("s", budget.time)) if v is not None)
                    managed = plan_name == "after"
                    settled = sum(1 for s in row["stopped"] if s) / len(row["stopped"])
                    close = sum(row["extended"]) / len(row["extended"])
                    print(f"| {name} | {players} | {preset} | {plan_name} | {spelled} "
                          f"| {statistics.median(row['wall']) * 1000:.0f} ms | {pct(row['wall'], 0.9) * 1000:.0f} ms "
                          f"| {max(row['wall']) * 1000:.0f} ms | {statistics.median(row['cpu']) * 1000:.0f} ms "
                          f"| {max(row['cpu']) * 1000:.0f} ms "
                          f"| {statistics.median(row['iterations']):.0f} "
                          f"| {f'{settled:.0%}' if managed else '–'} | {f'{close:.0%}' if managed else '–'} "
                          f"| {f'{saved:.0%}' if managed else '–'} |", flush=True)
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
