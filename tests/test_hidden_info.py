"""No seat ever receives another seat's hidden information, for every game.

Every view of many random games is serialised as the server sends it (the
per-game protobuf message). Re-sampling everything a seat cannot see
(State.sample_for) must leave that seat's bytes unchanged; the spectator's
bytes must survive re-sampling for any seat. A view that carried a hidden
field of someone else would change with the re-dealt world.
"""

import random

import pytest

from boardbot.server import convert
from boardbot.v1 import common_pb2
from boardbot.engine import registry
from boardbot.engine.core import TERMINAL
from boardbot.engine.testing import config_id

from conftest import STEP_FRACTION, scaled

CASES = [(game.name, cfg) for game in registry.all_games() for cfg in game.configurations()]
IDS = [f"{name}[{config_id(cfg)}]" for name, cfg in CASES]
GAMES = int(scaled(2, 60))
WORLDS = 2


def wire(name, state, seat):
    return convert.to_proto(common_pb2.View, name, state.view(seat)).SerializeToString(deterministic=True)


@pytest.mark.parametrize("name,cfg", CASES, ids=IDS)
def test_views_hide_what_the_seat_may_not_see(name, cfg):
    game = registry.get(name)
    checked = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        sampler = random.Random(seed + 10_000)
        state = game.new_state(cfg, seed)
        while True:
            if state.decider() != TERMINAL and sampler.random() > STEP_FRACTION:
                moves = state.legal_moves()
                state.apply(moves[rng.randrange(len(moves))])
                continue
            spectator = wire(name, state, None)
            for seat in range(state.num_seats):
                own = wire(name, state, seat)
                for _ in range(WORLDS):
                    world = state.sample_for(seat, sampler)
                    assert wire(name, world, seat) == own, (
                        f"seat {seat}'s view depends on information hidden from it (seed {seed})")
                    assert wire(name, world, None) == spectator, (
                        f"the spectator view depends on information hidden from seat {seat} (seed {seed})")
                checked += 1
            if state.decider() == TERMINAL:
                break
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
    assert checked > 0
