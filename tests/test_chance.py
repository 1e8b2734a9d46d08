"""engine/chance.py makes exactly the draws of random.Random's own methods (so the compiled rules
and searches that use it play the same games as before), in both builds; and a chance event's
generator (engine/chance_random.py, ``State.chance``) is random.Random's for the same seed."""

from __future__ import annotations

import random

import pytest

from boardbot.engine import chance
from boardbot.engine.chance_random import ChanceRandom


def test_the_same_draws_as_random_random():
    for seed in range(300):
        ours, theirs = random.Random(seed), random.Random(seed)
        size = seed % 130
        x, y = list(range(size)), list(range(size))
        chance.shuffle(ours, x)
        theirs.shuffle(y)
        assert x == y
        for n in (1, 2, 3, 7, 64, 65, 108, 1000, 2 ** 40 + 3):
            assert chance.randrange(ours, n) == theirs.randrange(n)
        lo = seed - 150
        assert chance.randint(ours, lo, lo + seed % 40) == theirs.randint(lo, lo + seed % 40)
        assert ours.getstate() == theirs.getstate()


def test_long_shuffles_draw_as_random_random():
    """chance.shuffle keeps the draw's bit width as the list shrinks: across every width it passes
    (sizes at and around powers of two) and the rejections within each, the same permutation as
    random.Random.shuffle and the generator left where it leaves it."""
    for seed, size in enumerate((2, 3, 254, 255, 256, 257, 300, 511, 512, 513, 1000, 4097)):
        ours, theirs = random.Random(seed), random.Random(seed)
        x, y = list(range(size)), list(range(size))
        chance.shuffle(ours, x)
        theirs.shuffle(y)
        assert x == y
        assert ours.getstate() == theirs.getstate()


def test_empty_ranges_are_refused_as_random_refuses_them():
    rng = random.Random(0)
    with pytest.raises(ValueError):
        chance.randrange(rng, 0)
    with pytest.raises(ValueError):
        chance.randint(rng, 3, 2)


def test_a_chance_events_generator_draws_as_random_random_seeded_alike():
    seeds = [0, 1, 2, 63, -5, 2 ** 32, 2 ** 63 - 1, -(2 ** 63)] + [random.Random(i).getrandbits(63) for i in range(200)]
    for seed in seeds:
        ours, theirs = ChanceRandom(seed), random.Random(seed)
        assert isinstance(ours, random.Random)
        assert ours.getstate() == theirs.getstate()
        assert ours.getrandbits(63) == theirs.getrandbits(63)
        assert ours.random() == theirs.random()
        assert ours.randrange(1000) == theirs.randrange(1000)
        x, y = list(range(40)), list(range(40))
        ours.shuffle(x)
        theirs.shuffle(y)
        assert x == y
        assert ours.gauss(0.0, 1.0) == theirs.gauss(0.0, 1.0)  # gauss keeps a second value
        assert ours.gauss(0.0, 1.0) == theirs.gauss(0.0, 1.0)
        assert ours.getstate() == theirs.getstate()
