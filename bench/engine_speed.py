"""Random-playout speed of every registered game and configuration (one core).

    python bench/engine_speed.py [--seconds 2] [--game NAME] [--against DIR]

Prints, per configuration: actions/s and games/s of random playouts from a
fresh game (setup included), the cost of copy() and sample_for() on
mid-game states, and of encoding one view as a numpy observation
(``Game.observe``, the learning environments' observation; every seat's view
and the spectator's of those states; CPU time, the best of five passes). Targets: at least 50,000 actions/s;
an observation in under 20 µs.

``--against DIR`` measures the engine of another checkout (its ``engine/``
folder, imported as ``boardbot.engine`` in a child process) side by side:
each configuration is measured on both, alternately and ``--rounds`` times,
so a noisy machine hits both alike; the row shows the other checkout's
figures (actions/s with the change in percent, copy, sample, observation).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time


from boardbot.engine import registry  # noqa: E402
from boardbot.engine.core import TERMINAL  # noqa: E402
from boardbot.engine.testing import config_id  # noqa: E402

TARGET = 50_000
OBSERVATION_TARGET_US = 20.0


def playouts(game, cfg, seconds: float) -> dict:
    rng = random.Random(1)
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state(cfg, games)
        while state.decider() != TERMINAL:
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"actions_per_s": actions / elapsed, "games_per_s": games / elapsed, "actions_per_game": actions / games}


def mid_game_states(game, cfg, count: int) -> list:
    rng = random.Random(2)
    out = []
    for seed in range(count):
        state = game.new_state(cfg, seed)
        steps = rng.randrange(5, 60)
        for _ in range(steps):
            if state.decider() == TERMINAL:
                break
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
        if state.decider() != TERMINAL:
            out.append(state)
    return out


def per_call_us(fn, states, repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        for s in states:
            fn(s)
    return (time.perf_counter() - start) / (repeat * len(states)) * 1e6


def observe_us(game, states) -> float | None:
    """Encoding one view as an observation (the views themselves built beforehand); None
    for an engine without observations (an older checkout under --against)."""
    views = [s.view(seat) for s in states for seat in [None, *range(s.num_seats)]]
    try:
        game.observe(views[0])
    except NotImplementedError:
        return None
    best = float("inf")
    for _ in range(5):  # CPU time, the best of five: a shared machine only ever slows a run down
        start = time.process_time()
        for view in views:
            game.observe(view)
        best = min(best, (time.process_time() - start) / len(views) * 1e6)
    return best


def measure(name: str, index: int, seconds: float) -> dict:
    """One configuration (the ``index``-th of the game's) of this process's engine."""
    game = registry.get(name)
    cfg = game.configurations()[index]
    row = playouts(game, cfg, seconds)
    states = mid_game_states(game, cfg, 50)
    rng = random.Random(3)
    row["copy_us"] = per_call_us(lambda s: s.copy(), states, 20)
    row["sample_for_us"] = per_call_us(lambda s: s.sample_for(s.decider(), rng), states, 20)
    row["observe_us"] = observe_us(game, states)
    row["meets_target"] = row["actions_per_s"] >= TARGET
    return row


def measure_other(path_dir: str, name: str, index: int, seconds: float) -> dict:
    """The same measurement of another checkout's engine, in a child process."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([path_dir, os.environ.get("PYTHONPATH", "")]))
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); import engine_speed as b; "
            "print(json.dumps(b.measure(sys.argv[2], int(sys.argv[3]), float(sys.argv[4]))))")
    out = subprocess.run([sys.executable, "-c", code, os.path.dirname(os.path.abspath(__file__)), name, str(index),
                          str(seconds)], env=env, capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def other_checkout(path: str) -> str:
    """A folder that makes ``boardbot.engine`` the engine/ of checkout ``path`` when put first on sys.path."""
    engine = os.path.join(os.path.abspath(path), "engine")
    if not os.path.isfile(os.path.join(engine, "core.py")):
        raise SystemExit(f"--against: {path} has no engine/core.py")
    folder = tempfile.mkdtemp(prefix="engine_speed_")
    os.mkdir(os.path.join(folder, "boardbot"))
    os.symlink(engine, os.path.join(folder, "boardbot", "engine"))
    return folder


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--game", default=None)
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.add_argument("--against", default=None, metavar="DIR",
                        help="another checkout whose engine is measured side by side")
    parser.add_argument("--rounds", type=int, default=3,
                        help="with --against: alternate measurements per configuration (the best counts)")
    args = parser.parse_args()
    names = [args.game] if args.game else registry.names()
    other = other_checkout(args.against) if args.against else None
    header = (f"{'game':<15} {'config':<55} {'actions/s':>10} {'games/s':>9} {'act/game':>9} {'copy us':>8} "
              f"{'sample us':>10} {'obs us':>7}")
    if other:
        header += f" {'other act/s':>11} {'change':>7} {'other copy':>10} {'other sample':>12} {'other obs':>9}"
    print(header)
    for name in names:
        game = registry.get(name)
        for index, cfg in enumerate(game.configurations()):
            if other is None:
                row = measure(name, index, args.seconds)
                base = None
            else:
                mine, theirs = [], []
                for _ in range(max(1, args.rounds)):
                    mine.append(measure(name, index, args.seconds))
                    theirs.append(measure_other(other, name, index, args.seconds))
                row = max(mine, key=lambda r: r["actions_per_s"])
                base = max(theirs, key=lambda r: r["actions_per_s"])
                row["copy_us"] = min(r["copy_us"] for r in mine)
                row["sample_for_us"] = min(r["sample_for_us"] for r in mine)
                row["observe_us"] = min(r["observe_us"] for r in mine)
                base["copy_us"] = min(r["copy_us"] for r in theirs)
                base["sample_for_us"] = min(r["sample_for_us"] for r in theirs)
                if theirs[0]["observe_us"] is not None:
                    base["observe_us"] = min(r["observe_us"] for r in theirs)
            if args.json:
                print(json.dumps({"game": name, "config": cfg, **row, **({"against": base} if base else {})}))
                continue
            line = (f"{name:<15} {config_id(cfg)[:55]:<55} {row['actions_per_s']:>10,.0f} {row['games_per_s']:>9,.1f} "
                    f"{row['actions_per_game']:>9.1f} {row['copy_us']:>8.1f} {row['sample_for_us']:>10.1f} "
                    f"{row['observe_us']:>7.1f}")
            if base is not None:
                change = (row["actions_per_s"] / base["actions_per_s"] - 1) * 100
                other_obs = "-" if base["observe_us"] is None else f"{base['observe_us']:.1f}"
                line += (f" {base['actions_per_s']:>11,.0f} {change:>+6.1f}% {base['copy_us']:>10.1f}"
                         f" {base['sample_for_us']:>12.1f} {other_obs:>9}")
            print(line, flush=True)
    print(f"targets: {TARGET:,} actions/s on one core; an observation in under {OBSERVATION_TARGET_US:g} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
