"""Recorded playthroughs: regression files that show every rule change as a diff.

One file per game and configuration under tests/playthroughs/: a seeded
random game, with each decision's legal moves, the move played, what each
seat saw of it, the public log, a digest of every seat's view, and the
result. CI replays them (tests/test_playthroughs.py); after an intended
rule change, regenerate with

    python -m boardbot.engine.playthrough [game ...]
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys

from . import registry
from .core import TERMINAL
from .testing import config_id

ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests", "playthroughs")
SEED = 20261129


def _digest(view: dict) -> str:
    return hashlib.sha256(json.dumps(view, sort_keys=True).encode()).hexdigest()[:12]


def record(name: str, cfg: dict, seed: int = SEED) -> str:
    game = registry.get(name)
    state = game.new_state(cfg, seed)
    state.log = []
    rng = random.Random(seed)
    seats = range(state.num_seats)
    lines = [f"game: {name}", f"config: {json.dumps(game.validate(cfg), sort_keys=True)}", f"seed: {seed}", ""]
    step = 0
    while True:
        views = " ".join(f"{s}:{_digest(state.view(s))}" for s in seats)
        lines.append(f"[{step}] views {views} spectator:{_digest(state.view(None))}")
        seat = state.decider()
        if seat == TERMINAL:
            break
        moves = state.legal_moves()
        move = moves[rng.randrange(len(moves))]
        lines.append(f"  seat {seat} chooses from {len(moves)}: " + " | ".join(state.move_text(m) for m in moves))
        lines.append(f"  played: {state.move_text(move)}")
        others = {state.public_move_text(move, o) for o in seats if o != seat}
        if others != {state.move_text(move)}:
            lines.append(f"  others saw: {' / '.join(sorted(others))}")
        state.apply(move)
        for visible_to, text in state.log:
            lines.append(f"  log{'' if visible_to is None else f' (seat {visible_to})'}: {text}")
        state.log.clear()
        step += 1
    lines.append(f"result: {json.dumps(state.result().to_dict(), sort_keys=True)}")
    return "\n".join(lines) + "\n"


def path_for(name: str, cfg: dict) -> str:
    return os.path.join(ROOT, name, config_id(cfg).replace(",", "_").replace("=", "-") + ".txt")


def cases(names=None):
    for name in names or registry.names():
        for cfg in registry.get(name).configurations():
            yield name, cfg


def main(argv: list[str]) -> int:
    for name, cfg in cases(argv[1:] or None):
        path = path_for(name, cfg)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(record(name, cfg))
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
