"""research/czech_pub_rollouts.py: a bot's rollout noise holds for its own searches only, and
reaches the rollouts."""

from __future__ import annotations

import random

import pytest

from boardbot.ai.bots import Bot, make_bot
from boardbot.engine import registry
from boardbot.engine.games.czech_pub import policy as P

from research_modules import load

rollouts = load("czech_pub_rollouts")


class Recorder(Bot):
    name = "recorder"

    def __init__(self, fail: bool = False):
        self.seen, self.fail = [], fail

    def choose(self, state, rng):
        self.seen.append(P.PLAYOUT_EPSILON)
        if self.fail:
            raise RuntimeError("search failed")
        return ("done",)


def test_a_bots_noise_holds_during_its_decision_and_is_restored_after_even_on_error():
    before = P.PLAYOUT_EPSILON
    inner = Recorder()
    rollouts.NoiseBot(inner, 0.0).choose(None, random.Random(0))
    assert inner.seen == [0.0]
    assert P.PLAYOUT_EPSILON == before
    with pytest.raises(RuntimeError):
        rollouts.NoiseBot(Recorder(fail=True), 0.75).choose(None, random.Random(0))
    assert P.PLAYOUT_EPSILON == before
    plain = Recorder()
    rollouts.NoiseBot(plain, None).choose(None, random.Random(0))
    assert plain.seen == [before]


def test_the_noise_reaches_the_searches_rollouts():
    """The same search on the same position and seed: with noise 0 every rollout move with a choice
    is the greedy bot's, with noise 1 they are random (the greedy bot's only by chance). Watched
    where the search calls the rollout policy (the policy module's playout_move): in the compiled
    build the policy's own call of heuristic_move is internal and cannot be patched."""
    game = registry.get("czech-pub")
    state = game.new_state({"players": 3, "real_drinking": False}, seed=11)
    while len(state.legal_moves()) < 3:
        state.apply(game.heuristic_move(state, random.Random(0)))
    seat = state.decider()

    def search(epsilon):
        bot = rollouts.NoiseBot(make_bot("ismcts:iterations=60", game), epsilon)
        bot.choose(state.sample_for(seat, random.Random(5)), random.Random(5))

    greedy = []  # per rollout move with a choice: whether it was the greedy bot's
    real = P.playout_move

    def watched(s, rng):
        move = real(s, rng)
        if len(s.legal_moves()) > 1:
            greedy.append(move == P.heuristic_move(s, random.Random(0)))  # the greedy bot ignores its rng
        return move

    P.playout_move = watched
    try:
        search(0.0)
        quiet = greedy[:]
        greedy.clear()
        search(1.0)
        noisy = greedy[:]
    finally:
        P.playout_move = real
    assert len(quiet) > 20 and all(quiet)
    assert len(noisy) > 20 and sum(noisy) < len(noisy) / 2


def test_every_seating_of_a_deal_is_played_and_logged(tmp_path):
    from czech_pub_search_fit import play_every_seating

    log = tmp_path / "games.jsonl"
    names = ["a", "b", "c", "greedy"]
    games = play_every_seating(4, names, lambda k: make_bot("greedy", registry.get("czech-pub")),
                               1, 321, str(log), {"epsilon": 0.5})
    # 4 players: the first three entries in every order, the greedy seat in every place
    assert len(games) == 24
    assert len({tuple(g["seating"]) for g in games}) == 24
    assert rollouts.load([str(log)]) == games
    assert all(g["epsilon"] == 0.5 and g["deal"] == 321 and len(g["ranks"]) == 4 for g in games)
