"""The games as OpenSpiel games (boardbot.learning.openspiel; the openspiel extra, which
scripts/test installs).

* OpenSpiel's own random-simulation check (pyspiel.random_sim_test: legal actions sorted
  and masked, clones, tensors of the declared sizes, returns within the utility bounds,
  game length within max_game_length) passes for every game (every configuration with
  BOARDBOT_LONG=1);
* the game type says what the game is; the tensors are the engine's observations; a
  state re-sampled for a player has that player's information-state string and tensor;
* OpenSpiel's ISMCTS (with its random-rollout evaluator and our resample_from_infostate)
  and its MCTS bot run on every game and answer legal actions; the helpers that
  bench/ai_speed.py uses still search.

Skipped where open_spiel is not installed, unless BOARDBOT_REQUIRE_OPENSPIEL=1 (scripts/test
sets it once open_spiel is there): then a failing import fails.
"""

import os
import random

import numpy as np
import pytest

from boardbot.engine import registry
from boardbot.engine.core import TERMINAL
from boardbot.engine.testing import config_id

from conftest import LONG

if os.environ.get("BOARDBOT_REQUIRE_OPENSPIEL") == "1":
    import pyspiel
else:
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install -e '.[openspiel]')")

from boardbot.learning.match import return_bounds  # noqa: E402
from boardbot.learning.openspiel import ismcts_bot, load  # noqa: E402

ALL = [(game.name, cfg) for game in registry.all_games() for cfg in game.configurations()]
FIRST = [(name, registry.get(name).configurations()[0]) for name in registry.names()]
CASES = ALL if LONG else FIRST
IDS = [f"{name}[{config_id(cfg)}]" for name, cfg in CASES]


def decision_point(os_game, seed: int, min_moves: int = 2):
    """A state some random moves in where the player has a real choice."""
    state = os_game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(rng.randrange(3, 30)):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    while not state.is_terminal() and len(state.legal_actions()) < min_moves:
        state.apply_action(rng.choice(state.legal_actions()))
    if state.is_terminal():
        return decision_point(os_game, seed + 1, min_moves)
    return state


@pytest.mark.parametrize("name,cfg", CASES, ids=IDS)
def test_openspiel_random_simulation_check(name, cfg):
    pyspiel.random_sim_test(load(name, cfg, rng_seed=1), num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("name,cfg", FIRST, ids=[n for n, _ in FIRST])
def test_openspiel_game_type_and_tensors(name, cfg):
    os_game = load(name, cfg, rng_seed=2)
    engine = registry.get(name)
    config = engine.validate(cfg)
    gtype = os_game.get_type()
    assert gtype.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert gtype.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gtype.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert gtype.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    solo = config["players"] == 1
    assert gtype.utility == (pyspiel.GameType.Utility.GENERAL_SUM if solo else pyspiel.GameType.Utility.CONSTANT_SUM)
    assert (os_game.min_utility(), os_game.max_utility()) == return_bounds(engine, config)
    assert os_game.num_distinct_actions() == engine.action_space(config).size
    assert os_game.max_game_length() == engine.max_moves
    assert os_game.num_players() == config["players"]
    size = engine.observation_layout(config).size
    assert os_game.observation_tensor_size() == size
    assert os_game.information_state_tensor_size() == size + os_game.num_distinct_actions()
    # every new initial state deals a new game from the game's generator
    assert os_game.new_initial_state().inner.to_dict() != os_game.new_initial_state().inner.to_dict()

    state = decision_point(os_game, 3)
    player = state.current_player()
    inner = state.inner
    assert np.array_equal(np.array(state.observation_tensor(player), np.float32), engine.observe(inner.view(player)))
    assert [os_game.move_of[a] for a in state.legal_actions()] == sorted(
        inner.legal_moves(), key=engine.action_space(config).id)
    world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.information_state_string(player) == state.information_state_string(player)
    assert world.information_state_tensor(player) == state.information_state_tensor(player)
    assert world.legal_actions() == state.legal_actions()
    played = np.array(state.information_state_tensor(player))[size:]
    assert played.sum() == len(state.own_actions[player])
    if config["players"] > 1:
        other = (player + 1) % config["players"]
        assert state.information_state_string(other) != state.information_state_string(player)


@pytest.mark.parametrize("name,cfg", FIRST, ids=[n for n, _ in FIRST])
def test_openspiel_ismcts_and_mcts_run(name, cfg):
    from open_spiel.python.algorithms import ismcts, mcts

    os_game = load(name, cfg, rng_seed=4)
    state = decision_point(os_game, 5)
    player = state.current_player()
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    search = ismcts.ISMCTSBot(os_game, evaluator, uct_c=1.0, max_simulations=25,
                              random_state=np.random.RandomState(2))
    assert search.step(state) in state.legal_actions()
    # MCTS on a world sampled for the player (it treats what it is given as the truth)
    world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    bot = mcts.MCTSBot(os_game, 1.4, 25, evaluator, random_state=np.random.RandomState(3), solve=False)
    assert bot.step(world) in state.legal_actions()


@pytest.mark.parametrize("lean", [False, True])
def test_the_benchmarks_ismcts_answers_from_a_view(lean):
    name = registry.names()[0]
    engine = registry.get(name)
    cfg = engine.validate(engine.configurations()[0])
    truth = engine.new_state(cfg, 5)
    rng = random.Random(2)
    while len(truth.legal_moves()) < 2:
        truth.apply(rng.choice(truth.legal_moves()))
    seat = truth.decider()
    root = engine.from_view(truth.view(seat), random.Random(0))
    os_game = load(name, cfg, key="history")
    bot = ismcts_bot(os_game, 1, max_simulations=30, lean=lean)
    policy = bot.run_search(os_game.wrap(root).track())
    best = max(policy, key=lambda ap: ap[1])[0]
    assert os_game.move_of[best] in truth.legal_moves()
    assert bot.simulations == 30
    assert truth.decider() != TERMINAL
