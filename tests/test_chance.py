"""engine/chance.py makes exactly the draws of random.Random's own methods (so the compiled rules
and searches that use it play the same games as before), in both builds."""

from __future__ import annotations

import random

import pytest

from boardbot.engine import chance


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


def test_empty_ranges_are_refused_as_random_refuses_them():
    rng = random.Random(0)
    with pytest.raises(ValueError):
        chance.randrange(rng, 0)
    with pytest.raises(ValueError):
        chance.randint(rng, 3, 2)
