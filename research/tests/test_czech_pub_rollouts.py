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
    is the greedy bot's; with noise 1 every one is the uniform draw from the rollout's own stream
    (the move a random policy makes), and the greedy bot is asked only for the search's hints at
    new nodes. Watched where the search calls the rollout policy (the policy module's
    playout_move): in the compiled build the policy's own call of heuristic_move is internal and
    cannot be patched, so the rollout's move is compared with both instead."""
    game = registry.get("czech-pub")
    state = game.new_state({"players": 3, "real_drinking": False}, seed=11)
    while len(state.legal_moves()) < 3:
        state.apply(game.heuristic_move(state, random.Random(0)))
    seat = state.decider()

    def search(epsilon):
        bot = rollouts.NoiseBot(make_bot("ismcts:iterations=60", game), epsilon)
        bot.choose(state.sample_for(seat, random.Random(5)), random.Random(5))

    greedy, drawn = [], []  # per rollout move with a choice: the greedy bot's? the random draw?
    hints = []  # the greedy bot's calls seen from outside the policy: the search's hints
    real_playout, real_greedy = P.playout_move, P.heuristic_move

    def watched(s, rng):
        before = rng.getstate()
        move = real_playout(s, rng)
        moves = s.legal_moves()
        if len(moves) > 1:
            greedy.append(move == real_greedy(s, random.Random(0)))  # the greedy bot ignores its rng
            replay = random.Random()
            replay.setstate(before)
            replay.random()  # the draw that chooses noise or the greedy move
            drawn.append(move == moves[replay.randrange(len(moves))])
        return move

    P.playout_move = watched
    P.heuristic_move = lambda s, rng: hints.append(1) or real_greedy(s, rng)
    try:
        search(0.0)
        quiet, quiet_hints = greedy[:], len(hints)
        greedy.clear(), drawn.clear(), hints.clear()
        search(1.0)
        noisy, noisy_drawn, noisy_hints = greedy[:], drawn[:], len(hints)
    finally:
        P.playout_move, P.heuristic_move = real_playout, real_greedy
    assert len(quiet) > 20 and all(quiet)
    assert len(noisy) > 20 and all(noisy_drawn) and sum(noisy) < len(noisy) / 2
    assert quiet_hints > 0 and noisy_hints > 0


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
