"""Live scores (SeatView.live_scores, ``Game.live_scores``): each seat's score if the game ended
now, as the seat sees its own and as every other viewer sees it.

Over random games of every game and configuration that scores during play: re-sampling
everything a seat cannot see (State.sample_for) leaves unchanged that seat's own score and
every score as the others see it (so no viewer's scores depend on what is hidden from it); a
seat's own score is never partial; at the end nothing is hidden any more and the live scores
are the final scores (the projection is the game's own scoring).
"""

import random

import pytest

from boardbot.engine import registry
from boardbot.engine.core import TERMINAL
from boardbot.engine.testing import config_id

from conftest import STEP_FRACTION, scaled

SCORING = [game for game in registry.all_games()
           if game.live_scores(game.new_state(game.configurations()[0], 0)) is not None]
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
                scores = game.live_scores(state)
                assert len(scores) == state.num_seats
                assert not any(own["partial"] for own, _ in scores), f"a seat's own score is all its own (seed {seed})"
                partial += sum(others["partial"] for _, others in scores)
                for seat in range(state.num_seats):
                    for _ in range(WORLDS):
                        world = game.live_scores(state.sample_for(seat, sampler))
                        assert world[seat][0] == scores[seat][0], (
                            f"seat {seat}'s own score depends on information hidden from it (seed {seed})")
                        assert [others for _, others in world] == [others for _, others in scores], (
                            f"a score as the others see it depends on what seat {seat} cannot see (seed {seed})")
                    checked += 1
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
        result = state.result()
        final = game.live_scores(state)
        assert all(own == others for own, others in final), "at the end nothing is hidden"
        assert [own["points"] for own, _ in final] == [float(s) for s in result.scores], seed
        for (own, _), breakdown in zip(final, result.breakdown):
            shown = {key: value for key, value in breakdown.items() if key in own["breakdown"]}
            assert own["breakdown"] == shown, "the live breakdown is the final one's parts"
    assert checked > 0
    if name == "frogriders":
        assert partial > 0, "a seat's kept set card is hidden from the others: their view of its score is partial"
