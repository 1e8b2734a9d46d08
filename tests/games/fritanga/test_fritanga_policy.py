"""Fritanga greedy bot: it sees only the decider's view and beats random play."""

import random

import pytest

from engine.core import TERMINAL
from engine.games.fritanga import GAME


@pytest.mark.parametrize("mode,players", [("versus", 4), ("teams", 4), ("chef", 4)])
def test_the_bot_only_uses_what_the_decider_sees(mode, players):
    for seed in range(3):
        state = GAME.new_state({"mode": mode, "players": players}, seed)
        rng = random.Random(seed)
        check = random.Random(seed + 100)
        while state.decider() != TERMINAL:
            me = state.decider()
            move = GAME.heuristic_move(state, random.Random(5))
            assert move in state.legal_moves()
            for _ in range(2):
                world = state.sample_for(me, check)
                assert GAME.heuristic_move(world, random.Random(5)) == move
            state.apply(move if rng.random() < 0.5 else rng.choice(state.legal_moves()))


def wins(cfg, greedy, games):
    won = 0
    for seed in range(games):
        state = GAME.new_state(cfg, seed)
        rng = random.Random(seed)
        while state.decider() != TERMINAL:
            if state.decider() in greedy:
                state.apply(GAME.heuristic_move(state, rng))
            else:
                state.apply(rng.choice(state.legal_moves()))
        won += any(w in greedy for w in state.result().winners)
    return won / games


def test_greedy_food_beats_random_in_versus():
    assert wins({"mode": "versus", "players": 3}, {1}, 30) > 0.6  # a random seat wins a third


def test_greedy_foods_beat_a_random_chef():
    assert wins({"mode": "chef", "players": 4}, {1, 2, 3}, 30) > 0.85  # random foods win about 60 %
