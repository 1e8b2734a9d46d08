"""Random-playout speed of every registered game and configuration (one core).

    python bench/engine_speed.py [--seconds 2] [--game NAME]

Prints, per configuration: actions/s and games/s of random playouts from a
fresh game (setup included), and the cost of copy() and sample_for() on
mid-game states. Target: at least 50,000 actions/s.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import registry  # noqa: E402
from engine.core import TERMINAL  # noqa: E402
from engine.testing import config_id  # noqa: E402

TARGET = 50_000


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--game", default=None)
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    args = parser.parse_args()
    names = [args.game] if args.game else registry.names()
    print(f"{'game':<15} {'config':<55} {'actions/s':>10} {'games/s':>9} {'act/game':>9} {'copy us':>8} {'sample us':>10}")
    for name in names:
        game = registry.get(name)
        for cfg in game.configurations():
            row = playouts(game, cfg, args.seconds)
            states = mid_game_states(game, cfg, 50)
            rng = random.Random(3)
            row["copy_us"] = per_call_us(lambda s: s.copy(), states, 20)
            row["sample_for_us"] = per_call_us(lambda s: s.sample_for(s.decider(), rng), states, 20)
            row["meets_target"] = row["actions_per_s"] >= TARGET
            if args.json:
                print(json.dumps({"game": name, "config": cfg, **row}))
            else:
                print(f"{name:<15} {config_id(cfg)[:55]:<55} {row['actions_per_s']:>10,.0f} {row['games_per_s']:>9,.1f} "
                      f"{row['actions_per_game']:>9.1f} {row['copy_us']:>8.1f} {row['sample_for_us']:>10.1f}")
    print(f"target: {TARGET:,} actions/s on one core")
    return 0


if __name__ == "__main__":
    sys.exit(main())
