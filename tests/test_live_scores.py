"""Live scores (SeatView.live_scores, ``Game.live_scores``): each seat's score if the game ended
now, shown only as far as the viewer may see it.

Over random games of every game and configuration that scores during play: re-sampling
everything a seat cannot see (State.sample_for) leaves that seat's live scores unchanged, and
the spectator's too; a seat's own score is never partial; at the end the live scores, with
nothing hidden any more, are the final scores (the projection is the game's own scoring).
"""

import random

import pytest

from boardbot.engine import registry
from boardbot.engine.core import TERMINAL
from boardbot.engine.testing import config_id

from conftest import STEP_FRACTION, scaled

SCORING = [game for game in registry.all_games()
           if game.live_scores(game.new_state(game.configurations()[0], 0), None) is not None]
CASES = [(game.name, cfg) for game in SCORING for cfg in game.configurations()]
IDS = [f"{name}[{config_id(cfg)}]" for name, cfg in CASES]
GAMES = int(scaled(2, 40))
WORLDS = 2


def test_the_games_that_score_during_play_show_it():
    # every game but the one whose result is only who is left standing
    assert len(SCORING) >= 4, [game.name for game in SCORING]


@pytest.mark.parametrize("name,cfg", CASES, ids=IDS)
def test_live_scores_show_only_what_the_viewer_may_see(name, cfg):
    game = registry.get(name)
    checked = partial = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        sampler = random.Random(seed + 10_000)
        state = game.new_state(cfg, seed)
        while state.decider() != TERMINAL:
            if sampler.random() <= STEP_FRACTION:
                spectator = game.live_scores(state, None)
                assert len(spectator) == state.num_seats
                for seat in range(state.num_seats):
                    own = game.live_scores(state, seat)
                    assert not own[seat]["partial"], f"seat {seat}'s own score is all its own to see (seed {seed})"
                    for q in range(state.num_seats):
                        if q != seat:  # what one seat sees of another's score, the spectator sees too
                            assert spectator[q] == own[q], (seed, seat, q)
                    partial += sum(score["partial"] for score in own)
                    for _ in range(WORLDS):
                        world = state.sample_for(seat, sampler)
                        assert game.live_scores(world, seat) == own, (
                            f"seat {seat}'s live scores depend on information hidden from it (seed {seed})")
                        assert game.live_scores(world, None) == spectator, (
                            f"the spectator's live scores depend on what seat {seat} hides (seed {seed})")
                    checked += 1
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
        result = state.result()
        final = game.live_scores(state, None)
        assert [score["points"] for score in final] == [float(s) for s in result.scores], seed
        assert not any(score["partial"] for score in final), "at the end nothing is hidden"
        for score, breakdown in zip(final, result.breakdown):
            shown = {key: value for key, value in breakdown.items() if key in score["breakdown"]}
            assert score["breakdown"] == shown, "the live breakdown is the final one's parts"
    assert checked > 0
    if name == "frogriders":
        assert partial > 0, "another seat's kept set card is hidden from a seat: its score is partial"
