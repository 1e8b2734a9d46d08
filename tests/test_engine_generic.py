"""Every registered game and configuration, through the same invariant checks.

Short by default; BOARDBOT_LONG=1 runs the long property run.
"""

import json
import os
import random
import subprocess
import sys

import pytest

from boardbot.engine import registry
from boardbot.engine.core import ConfigError, rank_by
from boardbot.engine.testing import config_id, full_check_game, quick_game

from conftest import STEP_FRACTION, scaled

CASES = [(game.name, cfg) for game in registry.all_games() for cfg in game.configurations()]
IDS = [f"{name}[{config_id(cfg)}]" for name, cfg in CASES]

FULL_GAMES = int(os.environ.get("BOARDBOT_FULL_GAMES", scaled(6, 100)))
QUICK_GAMES = int(os.environ.get("BOARDBOT_QUICK_GAMES", scaled(300, 3000)))


@pytest.mark.parametrize("name,cfg", CASES, ids=IDS)
def test_every_invariant_at_every_step(name, cfg):
    game = registry.get(name)
    for seed in range(FULL_GAMES):
        full_check_game(game, cfg, seed, view_fraction=STEP_FRACTION)


@pytest.mark.parametrize("name,cfg", CASES, ids=IDS)
def test_many_random_games_end_with_a_result(name, cfg):
    game = registry.get(name)
    for seed in range(1000, 1000 + QUICK_GAMES):
        quick_game(game, cfg, seed)


@pytest.mark.parametrize("name", registry.names())
def test_same_seed_same_game_in_another_process(name):
    game = registry.get(name)
    cfg = game.configurations()[0]
    script = (
        "import json, random, sys\n"
        "from boardbot.engine import registry\n"
        "from boardbot.engine.testing import quick_game\n"
        f"s = quick_game(registry.get({name!r}), json.loads(sys.argv[1]), 77)\n"
        "print(json.dumps(s.to_dict(), sort_keys=True))\n"
    )
    env = dict(os.environ, PYTHONHASHSEED="12345")
    out = subprocess.run([sys.executable, "-c", script, json.dumps(cfg)], capture_output=True, text=True,
                         check=True, env=env, cwd=os.path.dirname(os.path.dirname(__file__))).stdout
    here = json.dumps(quick_game(game, cfg, 77).to_dict(), sort_keys=True)
    assert out.strip() == here


@pytest.mark.parametrize("name", registry.names())
def test_bad_config_names_the_field(name):
    game = registry.get(name)
    with pytest.raises(ConfigError) as err:
        game.validate({"players": 99})
    assert err.value.field == "players"
    with pytest.raises(ConfigError) as err:
        game.validate({"no_such_option": 1})
    assert err.value.field == "no_such_option"


@pytest.mark.parametrize("name", registry.names())
def test_configurations_are_valid_and_distinct(name):
    game = registry.get(name)
    configs = [json.dumps(game.validate(c), sort_keys=True) for c in game.configurations()]
    assert len(set(configs)) == len(configs)
    players = {game.validate(c)["players"] for c in game.configurations()}
    p = game.param("players")
    assert players == set(range(p.minimum, p.maximum + 1)), "every player count is covered"


def test_rank_by_places_seats_by_their_keys():
    """Equal keys share a place, the next place counts every seat above it, the best are the winners."""
    assert rank_by([(5, 1), (7, 0), (5, 1), (2, 3)]) == ((1, 0, 1, 3), (1,))
    assert rank_by([(4, 2), (4, 2)]) == ((0, 0), (0, 1))
    assert rank_by([(3, 1), (3, 2), (1, 9)]) == ((1, 0, 2), (1,))  # the tie-break decides
    rng = random.Random(5)
    for _ in range(500):
        keys = [(rng.randrange(4), rng.randrange(3)) for _ in range(rng.randrange(1, 6))]
        ranks, winners = rank_by(keys)
        for i, key in enumerate(keys):
            assert ranks[i] == len([k for k in keys if k > key])
        assert winners == tuple(i for i, key in enumerate(keys) if key == max(keys))
