"""The generator of one chance event (``State.chance``): a ``random.Random`` seeded in C.

``random.Random(seed)`` runs two Python frames before the C seeding (``Random.__init__``, then
``Random.seed``, which only passes an int on to ``_random.Random.seed``); a state makes one per
chance event, and in Czech Pub and Dűlőre jutunk that is several per search iteration.
``ChanceRandom(seed)`` seeds through ``_random.Random``'s own constructor instead: the same
Mersenne Twister state for an int seed, so the same draws (tests/test_chance.py), and every method
of ``random.Random``. Its own module because the compiled modules (engine/build.py) cannot hold a
subclass of an interpreted class; this one stays interpreted.
"""

from __future__ import annotations

import _random
import random


class ChanceRandom(random.Random):
    """``random.Random(seed)`` for an int seed, without the Python frames of its constructor."""

    __init__ = _random.Random.__init__  # type: ignore[assignment]  # C: seeds from the int
    gauss_next = None  # what random.Random.__init__ sets (``gauss`` reads and replaces it)
