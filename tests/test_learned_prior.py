"""The learned move prior (ai/learned_prior.py, ``SearchParams(hint="learned")``): its loader, that the
hint reads the deciding seat's view only, that the search using it never peeks (as
tests/test_learned_value.py does for the learned value), and that the server does not serve it."""

import json
import random

import numpy as np
import pytest

from boardbot.ai import learned_prior
from boardbot.ai.bot_specs import BotSpecError, parse_ismcts
from boardbot.ai.ismcts import Budget, SearchError, SearchParams
from boardbot.ai.service_api import suggest
from boardbot.engine import registry
# positions of a random game, spread over it; the no-peek check of a search setting
from tests.test_learned_value import positions, searches_of_indistinguishable_states

# the table the fit was made for (research/notes/learned-prior.md), and one of another game: the path is generic
TABLES = [("czech-pub", {"players": 5}), ("frogriders", {"players": 3})]


def random_parameters(game, cfg, seed: int) -> learned_prior.Parameters:
    rng = np.random.default_rng(seed)
    shape = (game.action_space(cfg).size, game.observation_layout(cfg).size)
    return rng.normal(0.0, 0.3, shape).astype(np.float32), rng.normal(0.0, 0.3, shape[0]).astype(np.float32), 0.0


def test_parameters_round_trip_through_a_file(tmp_path):
    game = registry.get("czech-pub")
    cfg = game.validate({"players": 5})
    path = tmp_path / learned_prior.file_name(cfg)
    assert path.name == "prior_5p.npz"
    assert learned_prior.file_name({"players": 3, "mode": "versus"}) == "prior_versus-3p.npz"
    weights, bias, _ = random_parameters(game, cfg, 1)
    learned_prior.save_parameters(path, (weights, bias, 0.5))
    loaded = learned_prior.load_parameters(path)
    assert np.array_equal(loaded[0], weights) and np.array_equal(loaded[1], bias) and loaded[2] == 0.5
    loaded = loaded[:2] + (0.0,)
    state = positions(game, cfg, 2, 1)[0]
    moves, probabilities = learned_prior.policy(game, cfg, loaded)(state, random.Random(0))
    assert moves == state.legal_moves() and np.isclose(probabilities.sum(), 1.0) and np.all(probabilities > 0)
    ids = [game.action_space(cfg).id(m) for m in moves]
    logits = weights[ids] @ game.observe(state.view(state.decider())) + bias[ids]
    assert learned_prior.hinter(game, cfg, loaded)(state, random.Random(0)) == moves[int(np.argmax(logits))]
    assert int(np.argmax(probabilities)) == int(np.argmax(logits))


def test_bad_parameters_are_refused(tmp_path):
    game = registry.get("czech-pub")
    cfg = game.validate({"players": 5})
    weights, bias, _ = random_parameters(game, cfg, 1)
    with pytest.raises(learned_prior.LearnedPriorError, match="actions"):
        learned_prior.hinter(game, cfg, (weights[:, :-1], bias, 0.0))
    with pytest.raises(learned_prior.LearnedPriorError, match="actions"):
        learned_prior.hinter(game, game.validate({"players": 3}), (weights, bias, 0.0))
    path = tmp_path / "prior.npz"
    learned_prior.save_parameters(path, (weights, bias, float("inf")))
    with pytest.raises(learned_prior.LearnedPriorError, match="finite"):
        learned_prior.load_parameters(path)
    weights[0, 0] = np.nan
    learned_prior.save_parameters(path, (weights, bias, 0.0))
    with pytest.raises(learned_prior.LearnedPriorError, match="finite"):
        learned_prior.load_parameters(path)
    np.savez(path, weights=weights[0], bias=bias)
    with pytest.raises(learned_prior.LearnedPriorError, match="matrix"):
        learned_prior.load_parameters(path)


def test_no_table_ships_a_prior_and_the_setting_is_checked():
    game = registry.get("czech-pub")
    view = positions(game, {"players": 5}, 1, 1)[0]
    assert not learned_prior.has_learned_prior(game, {"players": 5})
    with pytest.raises(learned_prior.LearnedPriorError):
        suggest(game, view, Budget(iterations=4), seed=1, params=SearchParams(hint="learned", bias=1.0))
    with pytest.raises(SearchError, match="hint"):
        SearchParams(hint="oracle")
    # the spec language's key, off by default
    assert parse_ismcts("ismcts:hard").params.hint == "game"
    assert parse_ismcts("ismcts:hard,hint=learned").params.hint == "learned"
    with pytest.raises((BotSpecError, SearchError)):
        parse_ismcts("ismcts:hard,hint=oracle").params


@pytest.mark.parametrize("name,cfg", TABLES)
@pytest.mark.parametrize("hint_weight", [0.0, 1.0])
def test_the_hint_reads_the_deciding_seats_view_only(name, cfg, hint_weight):
    """Re-dealing what the deciding seat cannot see leaves the hint as it was (with the game's own
    hint as a feature too); the hint still depends on the position (not one fixed move)."""
    game = registry.get(name)
    cfg = game.validate(cfg)
    hint = learned_prior.hinter(game, cfg, random_parameters(game, cfg, 3)[:2] + (hint_weight,))
    rng = random.Random(4)
    not_first = 0
    for truth in positions(game, cfg, 5, 12):
        seat = truth.decider()
        expected = hint(truth, random.Random(0))
        not_first += expected != truth.legal_moves()[0]
        for _ in range(3):
            other = truth.sample_for(seat, rng)
            assert json.dumps(other.view(seat), sort_keys=True) == json.dumps(truth.view(seat), sort_keys=True)
            assert hint(other, random.Random(0)) == expected
    assert not_first > 0


@pytest.mark.parametrize("name,cfg", TABLES)
@pytest.mark.parametrize("mode", ["so", "mo"])
def test_no_peek_with_the_learned_hint(name, cfg, mode):
    """Two states the seat cannot tell apart give the same search with the learned hint."""
    game = registry.get(name)
    cfg = game.validate(cfg)
    learned_prior.use_parameters(game, cfg, random_parameters(game, cfg, 6))
    try:
        searches = searches_of_indistinguishable_states(game, cfg, SearchParams(mode=mode, hint="learned", bias=3.0),
                                                        SearchParams(mode=mode, bias=3.0))
        # the learned hint is what the search favoured: the game's hint searches otherwise
        assert any(learned != hinted for learned, hinted in searches)
    finally:
        learned_prior._OVERRIDES.clear()


def test_the_server_does_not_serve_the_learned_hint():
    from boardbot.server import errors
    from boardbot.server.bot_plans import requested_bot

    assert requested_bot("ismcts:hard,hint=heuristic", None).setting("hint") == "heuristic"
    with pytest.raises(errors.ServiceError, match="research"):
        requested_bot("ismcts:hard,hint=learned", None)
