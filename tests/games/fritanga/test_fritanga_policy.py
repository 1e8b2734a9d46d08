"""Fritanga greedy bot: it sees only the decider's view and beats random play."""

import random

import pytest

from boardbot.engine.core import TERMINAL
from boardbot.engine.games.fritanga import GAME


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


@pytest.mark.parametrize("cfg", GAME.configurations(), ids=lambda c: f"{c['mode']}-{c['players']}")
def test_playout_moves_are_legal_and_evaluations_in_range(cfg):
    for seed in range(2):
        state = GAME.new_state(cfg, seed)
        rng = random.Random(seed)
        while state.decider() != TERMINAL:
            values = GAME.evaluate(state)
            assert len(values) == state.num_seats and all(0.0 <= v <= 1.0 for v in values)
            move = GAME.playout_move(state, rng)
            if move is None:
                move = rng.choice(state.legal_moves())
            assert move in state.legal_moves()
            state.apply(move)


def test_evaluation_prefers_the_food_with_a_fritos_and_room():
    from boardbot.engine.games.fritanga.scenario import build

    cards = {f"{c}{r}": "basket" for c in "cdefg" for r in range(3, 8)}
    cards.update({"d4": "+basket", "i9": "+basket"})
    s = build(cards=cards, pieces={0: "d4", 1: "i9", 2: "e6"}, hands={0: ["fritos"]}, turn=0)
    values = GAME.evaluate(s)
    assert values[0] > values[2] > values[1], values  # seat 1 stands alone on a one-card island
    s = build(mode="chef", players=3, cards=cards, pieces={1: "d4", 2: "i9"}, hands={1: ["fritos"]}, turn=1)
    chef_early = GAME.evaluate(s)[0]
    s.chef_played = 7
    assert GAME.evaluate(s)[0] < chef_early, "fewer chef turns left: the foods are safer"


def test_the_playout_sample_draws_as_random_sample():
    """policy.sample (compiled with the policy) picks what random.Random.sample picks and leaves
    the stream where it leaves it, on both of its paths (a pool list up to 85 items for k = 8, a
    set of indices beyond)."""
    from boardbot.engine.games.fritanga import policy

    for n in (8, 9, 10, 11, 30, 85, 86, 120, 400):
        for k in (0, 1, 5, 6, 8, min(n, 20)):
            for seed in range(20):
                ours, theirs = random.Random(seed), random.Random(seed)
                population = [("choose_card", c) for c in range(n)]
                assert policy.sample(ours, population, k) == theirs.sample(population, k)
                assert ours.random() == theirs.random()
                assert population == [("choose_card", c) for c in range(n)]  # left as it was
    with pytest.raises(ValueError):
        policy.sample(random.Random(0), [1, 2], 3)
