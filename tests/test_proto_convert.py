"""Every registered game's configs, views and moves fit its protobuf messages.

A game whose .proto file or oneof line is missing, or whose messages miss or
mistype a field, fails here loudly: every dict must survive
dict -> protobuf -> bytes -> protobuf -> dict unchanged.
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
GAMES = int(scaled(2, 40))


def round_trip(container, name, data):
    msg = convert.to_proto(container, name, data)
    wire = msg.SerializeToString(deterministic=True)
    back = container.FromString(wire)
    assert back == msg
    again = convert.to_dict(back, name)
    assert again == data, f"{name} {container.DESCRIPTOR.name} lost or changed data:\n{data}\n->\n{again}"
    return wire


@pytest.mark.parametrize("name", registry.names())
def test_every_game_has_its_oneof_fields(name):
    for container in (common_pb2.GameConfig, common_pb2.View, common_pb2.Move):
        assert convert.oneof_field(name) in convert.games_in_proto(container), (
            f"{container.DESCRIPTOR.full_name} has no field for {name}")
    # the same field number in all three containers
    numbers = {c.DESCRIPTOR.fields_by_name[convert.oneof_field(name)].number
               for c in (common_pb2.GameConfig, common_pb2.View, common_pb2.Move)}
    assert len(numbers) == 1


@pytest.mark.parametrize("name,cfg", CASES, ids=IDS)
def test_configs_round_trip(name, cfg):
    game = registry.get(name)
    full = game.validate(cfg)
    round_trip(common_pb2.GameConfig, name, full)
    for key, value in full.items():  # partial configs keep only what was set
        round_trip(common_pb2.GameConfig, name, {key: value})
    assert game.validate(convert.to_dict(convert.to_proto(common_pb2.GameConfig, name, full))) == full


@pytest.mark.parametrize("name,cfg", CASES, ids=IDS)
def test_views_and_moves_round_trip(name, cfg):
    game = registry.get(name)
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = game.new_state(cfg, seed)
        while True:
            if state.decider() == TERMINAL or rng.random() < STEP_FRACTION:
                for seat in [None, *range(state.num_seats)]:
                    round_trip(common_pb2.View, name, state.view(seat))
            if state.decider() == TERMINAL:
                break
            moves = state.legal_moves()
            for move in moves:
                data = game.move_to_dict(move)
                round_trip(common_pb2.Move, name, data)
                assert game.move_from_dict(convert.to_dict(convert.to_proto(common_pb2.Move, name, data))) == move
            state.apply(moves[rng.randrange(len(moves))])


def test_a_game_without_proto_fails_loudly():
    with pytest.raises(convert.ProtoMismatch, match="no field 'no_such_game'"):
        convert.to_proto(common_pb2.View, "no-such-game", {"seat": 0})
    with pytest.raises(convert.ProtoMismatch, match="no_such_field"):
        convert.to_proto(common_pb2.View, registry.names()[0], {"no_such_field": 1})


@pytest.mark.parametrize("name,cfg", CASES, ids=IDS)
def test_the_fast_paths_agree_with_json_format(name, cfg):
    """convert's constructor path and field reader give exactly json_format's results (bytes and dicts)."""
    game = registry.get(name)
    for container in (common_pb2.GameConfig, common_pb2.View, common_pb2.Move):
        assert convert.constructor_field(container, name) == convert.oneof_field(name), "a plain message type"

    def same(container, data):
        fast = convert.to_proto(container, name, data)
        strict = convert.to_proto(container, name, data, strict=True)
        assert fast.SerializeToString(deterministic=True) == strict.SerializeToString(deterministic=True)
        sub = getattr(fast, convert.oneof_field(name))
        assert convert.message_to_dict(sub) == convert.message_to_dict(sub, strict=True)

    same(common_pb2.GameConfig, game.validate(cfg))
    rng = random.Random(5)
    state = game.new_state(cfg, 5)
    while True:
        for seat in [None, *range(state.num_seats)]:
            same(common_pb2.View, state.view(seat))
        if state.decider() == TERMINAL:
            break
        moves = state.legal_moves()
        for move in moves:
            same(common_pb2.Move, game.move_to_dict(move))
        state.apply(moves[rng.randrange(len(moves))])


def test_the_fast_path_falls_back_to_json_format():
    from boardbot.v1 import frogriders_pb2

    name = "frogriders"
    # JSON spellings the constructor refuses: a camelCase name, an integral float, a number as a string
    msg = convert.to_proto(common_pb2.GameConfig, name, {"publicBack": "first", "players": 3.0})
    assert msg.frogriders == frogriders_pb2.FrogridersConfig(public_back="first", players=3)
    assert convert.to_proto(common_pb2.GameConfig, name, {"players": "3"}).frogriders.players == 3
    for bad in ({"players": 2.5}, {"no_such_field": 1}, {"players": "x"}):
        with pytest.raises(convert.ProtoMismatch):
            convert.to_proto(common_pb2.GameConfig, name, bad)
    # an empty dict still selects the game's field
    assert convert.game_of(convert.to_proto(common_pb2.View, name, {})) == "frogriders"
