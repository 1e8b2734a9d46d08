"""The engine's random playout (engine/playout.py, compiled in the compiled build) plays exactly
the game that the usual interpreted loop ``moves[rng.randrange(len(moves))]`` plays with the same
generator (bench/ai_speed.py's loop for a checkout without it): the same moves to the same final
state, leaving the generator in the same state. So the bench's actions per second count the same
games in a checkout with it and without it (the release), and tests and tools can call it without
changing any recorded result."""

from __future__ import annotations

import json
import random

import pytest

from boardbot.engine import play_random, registry
from boardbot.engine.core import TERMINAL
from boardbot.engine.playout import random_playout
from bench_modules import load

# bench/ai_speed.py's interpreted loop (a checkout without engine/playout.py): moves[rng.randrange(n)]
loop_playout = load("ai_speed").bench_playout


@pytest.mark.parametrize("name", registry.names())
def test_the_same_games_as_the_randrange_loop(name):
    game = registry.get(name)
    for c, cfg in enumerate(game.configurations()):
        ours, theirs = random.Random(c), random.Random(c)
        for seed in range(3):
            a, b = game.new_state(cfg, seed), game.new_state(cfg, seed)
            steps = random_playout(a, ours)
            assert steps == loop_playout(b, theirs) > 0
            assert a.decider() == TERMINAL
            assert json.dumps(a.to_dict(), sort_keys=True) == json.dumps(b.to_dict(), sort_keys=True)
            assert ours.getstate() == theirs.getstate()


def test_a_game_that_does_not_end_in_time_is_refused():
    game = registry.get("frogriders")
    cfg = game.configurations()[0]
    with pytest.raises(RuntimeError, match="did not end within 5 moves"):
        random_playout(game.new_state(cfg, 1), random.Random(1), max_steps=5)
    assert play_random is random_playout  # the engine's API name for it (engine/core.py)
