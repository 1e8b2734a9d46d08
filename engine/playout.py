"""The engine's random playout: uniformly random legal moves to the end of a game.

Compiled with the game modules (engine/build.py), so that a random game's own loop is no
interpreted Python in the compiled build: what ``bench/ai_speed.py`` times as the engine's
random-playout actions per second, and what tests and tools that play random games call.

A move is ``moves[rng.randrange(len(moves))]``, drawn as ``chance.randbelow`` draws it (the same
draws as ``randrange``, compiled), so a playout plays exactly the game that the usual loop plays
with the same generator: switching a loop to this function changes no recorded result
(tests/test_playout.py).
"""

from __future__ import annotations

import random
from typing import Callable

from .state import TERMINAL, State


def random_playout(state: State, rng: random.Random, max_steps: int = 1_000_000) -> int:
    """Play uniformly random legal moves until the game ends; the number of moves played.
    RuntimeError if a running game offers no move or does not end within ``max_steps`` moves."""
    # chance.randbelow's draws, inline with the generator's method looked up once (compiled, a call
    # of randbelow looks up ``getrandbits`` on the generator's class at every draw)
    getrandbits: Callable[[int], int] = rng.getrandbits
    steps = 0
    while state.decider() != TERMINAL:
        moves = state.legal_moves()
        n = len(moves)
        if not n:
            raise RuntimeError("a running game offers no legal move")
        bits = n.bit_length()
        r = getrandbits(bits)
        while r >= n:
            r = getrandbits(bits)
        state.apply(moves[r])
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"the game did not end within {max_steps} moves")
    return steps
