"""The engine's random playout: uniformly random legal moves to the end of a game.

Compiled with the game modules (engine/build.py), so that a random game's own loop is no
interpreted Python in the compiled build: what ``bench/ai_speed.py`` times as the engine's
random-playout actions per second, and what tests and tools that play random games call.

A move is ``moves[rng.randrange(len(moves))]``, drawn by ``chance.randbelow`` (the same draws,
compiled), so a playout plays exactly the game that the usual loop plays with the same generator:
switching a loop to this function changes no recorded result (tests/test_playout.py).
"""

from __future__ import annotations

import random

from .chance import randbelow
from .state import TERMINAL, State


def random_playout(state: State, rng: random.Random, max_steps: int = 1_000_000) -> int:
    """Play uniformly random legal moves until the game ends; the number of moves played.
    RuntimeError if a running game offers no move or does not end within ``max_steps`` moves."""
    steps = 0
    while state.decider() != TERMINAL:
        moves = state.legal_moves()
        if not moves:
            raise RuntimeError("a running game offers no legal move")
        state.apply(moves[randbelow(rng, len(moves))])
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"the game did not end within {max_steps} moves")
    return steps
