"""The draws of the standard ``random.Random`` that the rules and the AI make most, compiled with
them: ``shuffle``, ``randrange(n)`` and ``randint``. Each makes exactly the draws of the method of
the same name (Python's random.py: ``_randbelow_with_getrandbits`` over ``getrandbits``), so a game
or a search plays the same with either; the methods themselves are Python code, about a
microsecond a draw, where these run compiled (engine/build.py).

For a ``random.Random`` (or a subclass that keeps its ``getrandbits``), as the engine's chance
(``State.chance``) and the searches use. tests/test_chance.py compares them with the methods.
"""

from __future__ import annotations

import random
from typing import Callable


def randbelow(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for n > 0: an int in [0, n)."""
    k = n.bit_length()  # as random.py: not (n - 1), since n can be 1
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def randrange(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``."""
    if n > 0:
        return randbelow(rng, n)
    raise ValueError("empty range for randrange()")


def randint(rng: random.Random, a: int, b: int) -> int:
    """``rng.randint(a, b)``: an int in [a, b]."""
    width = b + 1 - a
    if width > 0:
        return a + randbelow(rng, width)
    raise ValueError(f"empty range for randrange() ({a}, {b + 1}, {width})")


def shuffle(rng: random.Random, x: list) -> None:
    """``rng.shuffle(x)``: x shuffled in place."""
    # randbelow's draws inline, with ``getrandbits`` looked up once (compiled, each call of
    # randbelow looks it up on the generator's class again)
    getrandbits: Callable[[int], int] = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]
