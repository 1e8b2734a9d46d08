"""The games as PettingZoo and Gymnasium environments (boardbot.learning; the learning extra,
which scripts/test installs).

* PettingZoo's own API test and seed test pass for every game and configuration, and
  whole games played through the AEC environment end with every agent terminated and
  the result's returns as rewards;
* Gymnasium's own environment checker passes for every game and configuration, for the
  last seat against random bots, and for every game against the greedy bot and an
  ISMCTS preset; a whole episode pays the seat's return, an illegal action ends it.

Skipped where pettingzoo or gymnasium is not installed, unless BOARDBOT_REQUIRE_LEARNING=1
(scripts/test sets it once they are there): then a failing import fails.
"""

import os
import random
import warnings

import numpy as np
import pytest

from boardbot.engine import registry
from boardbot.engine.testing import config_id

if os.environ.get("BOARDBOT_REQUIRE_LEARNING") == "1":
    import gymnasium  # noqa: F401
    import pettingzoo  # noqa: F401
else:
    pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (pip install -e '.[learning]')")
    pytest.importorskip("gymnasium", reason="gymnasium is not installed (pip install -e '.[learning]')")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from boardbot.learning.gym_env import BoardbotEnv  # noqa: E402
from boardbot.learning.match import Match, return_bounds, returns  # noqa: E402
from boardbot.learning.pettingzoo_env import env as aec_env  # noqa: E402

CASES = [(game.name, cfg) for game in registry.all_games() for cfg in game.configurations()]
IDS = [f"{name}[{config_id(cfg)}]" for name, cfg in CASES]
FIRST = [(name, registry.get(name).configurations()[0]) for name in registry.names()]


@pytest.fixture(autouse=True)
def quiet():
    # the checkers warn that a Dict observation is not a Box, as for PettingZoo's own card games
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("name,cfg", CASES, ids=IDS)
def test_pettingzoo_api_and_seed_tests(name, cfg):
    api_test(aec_env(name, cfg), num_cycles=1000, verbose_progress=False)
    seed_test(lambda: aec_env(name, cfg), num_cycles=100)


@pytest.mark.parametrize("name,cfg", CASES, ids=IDS)
def test_pettingzoo_games_end_with_the_results_returns(name, cfg):
    e = aec_env(name, cfg)
    e.reset(seed=11)
    rng = random.Random(11)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    deciders = set()
    for agent in e.agent_iter():
        observation, reward, termination, truncation, _ = e.last()
        totals[agent] += reward
        mask = observation["action_mask"]
        assert observation["observation"].shape == e.observation_space(agent)["observation"].shape
        if termination or truncation:
            assert not mask.any()
            e.step(None)
            continue
        legal = np.flatnonzero(mask)
        assert len(legal) > 0
        deciders.add(agent)
        e.step(int(rng.choice(legal)))
    match = e.unwrapped.match
    assert match.over and not e.agents
    assert [totals[a] for a in e.possible_agents] == pytest.approx(match.returns())
    low, high = return_bounds(match.game, match.config)
    assert all(low <= r <= high for r in match.returns())
    if match.num_seats > 1:
        assert sum(match.returns()) == pytest.approx(1.0)
        assert deciders == set(e.possible_agents)


@pytest.mark.parametrize("name,cfg", CASES, ids=IDS)
def test_gymnasium_env_checker(name, cfg):
    seat = registry.get(name).validate(cfg)["players"] - 1
    check_env(BoardbotEnv(name, cfg, seat=seat), skip_render_check=True)


@pytest.mark.parametrize("name,cfg", FIRST, ids=[n for n, _ in FIRST])
@pytest.mark.parametrize("opponents", ["greedy", "ismcts:easy"])
def test_gymnasium_against_the_built_in_bots(name, cfg, opponents):
    check_env(BoardbotEnv(name, cfg, seat=0, opponents=opponents), skip_render_check=True)


@pytest.mark.parametrize("name,cfg", FIRST, ids=[n for n, _ in FIRST])
def test_a_gymnasium_episode_pays_the_seats_return(name, cfg):
    env = BoardbotEnv(name, cfg, seat=0, opponents="greedy", render_mode="ansi")
    observation, _ = env.reset(seed=5)
    rng = random.Random(5)
    total, terminated, truncated, steps = 0.0, False, False, 0
    while not (terminated or truncated):
        assert env.match.decider == 0
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        total += reward
        steps += 1
    assert terminated and not truncated and steps > 0 and "illegal" not in info
    assert total == pytest.approx(returns(env.match.state.result())[0])
    assert isinstance(env.render(), str) and env.render()
    # an illegal action ends the episode with the illegal reward
    observation, _ = env.reset(seed=6)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == env.illegal_reward and info["illegal"]


def test_gymnasium_seats_and_opponents():
    with pytest.raises(ValueError):
        BoardbotEnv("frogriders", {"players": 3}, seat=3)
    with pytest.raises(ValueError):
        BoardbotEnv("frogriders", {"players": 3}, opponents=["random"])
    env = BoardbotEnv("frogriders", {"players": 3}, seat=1, opponents=["greedy", "ismcts:easy"])
    assert [type(env.bots[q]).__name__ for q in (0, 2)] == ["GreedyBot", "ISMCTSBot"]
    solo = BoardbotEnv("dulore-jutunk", {"players": 1})
    assert solo.bots == {}  # the Winemaker is part of the rules


def test_match_masks_only_the_decider():
    match = Match("czech-pub", {"players": 4}, seed=3)
    decider = match.decider
    assert match.mask(decider).sum() == len(match.state.legal_moves())
    assert not any(match.mask(q).any() for q in range(4) if q != decider)
