"""The learned cut-off evaluation (ai/learned_value.py, ``SearchParams(value="learned")``): its
loader, that each seat's value reads that seat's view only, and that the search using it never
peeks (as tests/test_ai.py::test_no_peek does for the game's own evaluation)."""

import json
import random

import numpy as np
import pytest

from boardbot.ai import learned_value
from boardbot.ai.ismcts import Budget, SearchError, SearchParams
from boardbot.ai.service_api import suggest
from boardbot.engine import registry
from boardbot.engine.core import TERMINAL

# the tables the fits were made for (research/notes/learned-value.md, czech-pub-learned-value.md), and one of
# another game: the path is generic
TABLES = [("fritanga", {"players": 3, "mode": "versus"}), ("czech-pub", {"players": 5}), ("frogriders", {"players": 3})]


def random_parameters(game, cfg, seed: int) -> tuple[np.ndarray, float]:
    size = game.observation_layout(cfg).size
    return np.random.default_rng(seed).normal(0.0, 0.3, size), -0.5


def positions(game, cfg, seed: int, count: int):
    rng = random.Random(seed)
    state = game.new_state(cfg, seed)
    out = []
    while state.decider() != TERMINAL:
        if len(state.legal_moves()) > 1:
            out.append(state.copy())
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    step = max(1, len(out) // count)
    return out[::step][:count]


def test_parameters_round_trip_through_a_file(tmp_path):
    game = registry.get("fritanga")
    cfg = game.validate({"players": 3, "mode": "versus"})
    weights, bias = random_parameters(game, cfg, 1)
    path = tmp_path / learned_value.file_name(cfg)
    np.savez_compressed(path, weights=weights.astype(np.float32), bias=np.float64(bias))
    assert path.name == "value_versus-3p.npz"
    loaded = learned_value.load_parameters(path)
    assert np.allclose(loaded[0], weights.astype(np.float32)) and loaded[1] == bias
    state = positions(game, cfg, 2, 1)[0]
    values = learned_value.evaluator(game, cfg, loaded)(state)
    expected = [1 / (1 + np.exp(-(game.observe(state.view(q)).astype(np.float64) @ loaded[0] + bias)))
                for q in range(3)]
    assert np.allclose(values, expected) and all(0 < v < 1 for v in values)


def test_the_games_evaluation_as_a_feature(tmp_path):
    """A fit may weigh the game's own evaluation of the world (its logit): stored in the file, read
    back, and added to each seat's observation term; a file without it weighs it 0."""
    game = registry.get("czech-pub")
    cfg = game.validate({"players": 5})
    weights, bias = random_parameters(game, cfg, 1)
    path = tmp_path / learned_value.file_name(cfg)
    np.savez_compressed(path, weights=weights.astype(np.float32), bias=np.float64(bias), evaluate_weight=np.float64(0.7))
    loaded = learned_value.load_parameters(path)
    assert loaded[2] == 0.7
    state = positions(game, cfg, 2, 1)[0]
    hand = game.evaluate(state)
    values = learned_value.evaluator(game, cfg, loaded)(state)
    logits = [np.log(min(max(v, 1e-3), 1 - 1e-3) / (1 - min(max(v, 1e-3), 1 - 1e-3))) for v in hand]
    expected = [1 / (1 + np.exp(-(game.observe(state.view(q)).astype(np.float64) @ loaded[0] + bias + 0.7 * logits[q])))
                for q in range(5)]
    assert np.allclose(values, expected)
    # the observation alone gives other values; weights of 0 and the evaluation's weight 1 give its own order
    assert not np.allclose(values, learned_value.evaluator(game, cfg, loaded[:2])(state))
    alone = learned_value.evaluator(game, cfg, (np.zeros_like(weights), 0.0, 1.0))(state)
    assert np.allclose(alone, [min(max(v, 1e-3), 1 - 1e-3) for v in hand])
    np.savez(tmp_path / "old.npz", weights=weights, bias=bias)
    assert learned_value.load_parameters(tmp_path / "old.npz")[2] == 0.0


def test_the_spec_key_is_research_only():
    """``value=learned`` is a key of the spec language (for research runs handing a fit over
    in-process: research/train_value.py run), off by default; the server refuses it."""
    from boardbot.ai.bot_specs import BotSpecError, parse_ismcts
    from boardbot.server import errors
    from boardbot.server.bot_plans import requested_bot

    assert parse_ismcts("ismcts:hard").params.value == "game"
    assert parse_ismcts("ismcts:hard,value=learned").params.value == "learned"
    with pytest.raises((BotSpecError, SearchError), match="value"):
        parse_ismcts("ismcts:hard,value=oracle").params
    assert requested_bot("ismcts:hard,value=game", None).setting("value") == "game"
    with pytest.raises(errors.ServiceError, match="research"):
        requested_bot("ismcts:hard,value=learned", None)
    with pytest.raises(errors.ServiceError, match="research"):
        requested_bot("", None, default="ismcts:easy,value=learned")


def test_bad_parameters_are_refused(tmp_path):
    game = registry.get("fritanga")
    cfg = game.validate({"players": 3, "mode": "versus"})
    weights, bias = random_parameters(game, cfg, 1)
    with pytest.raises(learned_value.LearnedValueError, match="weights"):
        learned_value.evaluator(game, cfg, (weights[:-1], bias))
    path = tmp_path / "nan.npz"
    weights[3] = np.nan
    np.savez(path, weights=weights, bias=bias)
    with pytest.raises(learned_value.LearnedValueError, match="finite"):
        learned_value.load_parameters(path)
    # a table without a shipped file: the search says so when it is built, not mid-search
    czech = registry.get("czech-pub")
    view = positions(czech, czech.validate({"players": 3}), 1, 1)[0]
    assert not learned_value.has_learned_value(czech, {"players": 3})
    with pytest.raises(learned_value.LearnedValueError):
        suggest(czech, view, Budget(iterations=4), seed=1, params=SearchParams(value="learned", depth=5))
    with pytest.raises(SearchError, match="value"):
        SearchParams(value="oracle")


@pytest.mark.parametrize("name,cfg", TABLES)
def test_each_seat_value_reads_its_own_view_only(name, cfg):
    """Re-dealing what seat s cannot see leaves s's value as it was (and changes what it may)."""
    game = registry.get(name)
    cfg = game.validate(cfg)
    evaluate = learned_value.evaluator(game, cfg, random_parameters(game, cfg, 3))
    rng = random.Random(4)
    for truth in positions(game, cfg, 5, 6):
        for seat in range(cfg["players"]):
            other = truth.sample_for(seat, rng)
            assert evaluate(other)[seat] == evaluate(truth)[seat]


def searches_of_indistinguishable_states(game, cfg, params: SearchParams, reference: SearchParams) -> list:
    """Per position of a random game: the search with ``params`` from the true state and from a state
    re-dealt where the deciding seat cannot see must agree (asserted here); returned, per position,
    its candidates and those of the ``reference`` search from the true state, so a test can check
    that the setting under test changed the search at all."""
    rng = random.Random(11)
    out = []
    for i, truth in enumerate(positions(game, cfg, 3, 3)):
        seat = truth.decider()
        other = truth.sample_for(seat, rng)
        assert json.dumps(other.view(seat), sort_keys=True) == json.dumps(truth.view(seat), sort_keys=True)
        a = suggest(game, truth, Budget(iterations=24), seed=i, params=params)
        b = suggest(game, other, Budget(iterations=24), seed=i, params=params)
        assert a.move == b.move and a.candidates == b.candidates
        out.append((a.candidates, suggest(game, truth, Budget(iterations=24), seed=i, params=reference).candidates))
    return out


@pytest.mark.parametrize("name,cfg", TABLES)
@pytest.mark.parametrize("mode", ["so", "mo"])
@pytest.mark.parametrize("evaluate_weight", [0.0, 0.8])
def test_no_peek_with_the_learned_value(name, cfg, mode, evaluate_weight):
    """Two states the seat cannot tell apart give the same search with the learned value (and with
    the game's evaluation of the sampled world as one more feature)."""
    game = registry.get(name)
    cfg = game.validate(cfg)
    learned_value.use_parameters(game, cfg, random_parameters(game, cfg, 6) + (evaluate_weight,))
    try:
        searches = searches_of_indistinguishable_states(game, cfg, SearchParams(mode=mode, value="learned", depth=4),
                                                        SearchParams(mode=mode, depth=4))
        # the learned value is what the search backed up: another set of weights searches otherwise
        for learned, hand in searches:
            assert learned != hand or len(learned) < 2
    finally:
        learned_value._OVERRIDES.clear()
