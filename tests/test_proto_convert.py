"""Every registered game's configs, views and moves fit its protobuf messages.

A game whose .proto file or oneof line is missing, or whose messages miss or
mistype a field (or an enum value), fails here loudly: every dict must survive
dict -> protobuf -> bytes -> protobuf -> dict unchanged. The conventions
(enums, bools, optional integers for -1) are in boardbot.server.convert and
docs/api-contract.md.
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
    """convert's generated encoders and decoders give exactly the reference path's
    results (json_format on the JSON mapping): bytes and dicts; and constructor_arg
    builds the same message inside a parent's constructor."""
    game = registry.get(name)

    def same(container, data):
        fast = convert.to_proto(container, name, data)
        strict = convert.to_proto(container, name, data, strict=True)
        assert fast.SerializeToString(deterministic=True) == strict.SerializeToString(deterministic=True)
        built = container(**convert.constructor_arg(container, name, data))
        assert built.SerializeToString(deterministic=True) == strict.SerializeToString(deterministic=True)
        sub = getattr(fast, convert.oneof_field(name))
        assert convert.message_to_dict(sub) == convert.message_to_dict(sub, strict=True)

    same(common_pb2.GameConfig, game.validate(cfg))
    rng = random.Random(5)
    state = game.new_state(cfg, 5)
    first = True
    while True:
        # every step's views and moves in the long run; the first, the last and a sample of
        # the rest (STEP_FRACTION) in the short one
        checked = first or state.decider() == TERMINAL or rng.random() < STEP_FRACTION
        first = False
        if checked:
            for seat in [None, *range(state.num_seats)]:
                same(common_pb2.View, state.view(seat))
        if state.decider() == TERMINAL:
            break
        moves = state.legal_moves()
        if checked:
            for move in moves:
                same(common_pb2.Move, game.move_to_dict(move))
        state.apply(moves[rng.randrange(len(moves))])


def test_the_conventions():
    """Enums by name, -1 as unset in views and moves, 0/1 as bools, configs unset = default."""
    from boardbot.v1 import frogriders_pb2 as fr

    view = convert.to_proto(common_pb2.View, "frogriders", {
        "seat": -1, "phase": "take_privilege", "display": ["flower", ""],
        "cells": [{"cell": 40, "unit": "brown"}, {"cell": 41, "unit": ""}],
        "players": [{"set_card": -1}, {"set_card": 0}]}).frogriders
    assert not view.HasField("seat")
    assert view.phase == fr.FROGRIDERS_PHASE_TAKE_PRIVILEGE
    assert list(view.display) == [fr.FROGRIDERS_PRIVILEGE_FLOWER, fr.FROGRIDERS_PRIVILEGE_UNSPECIFIED]
    assert [c.unit for c in view.cells] == [fr.FROGRIDERS_COLOUR_BROWN, fr.FROGRIDERS_COLOUR_UNSPECIFIED]
    assert [p.HasField("set_card") for p in view.players] == [False, True]
    back = convert.message_to_dict(view)
    assert back["seat"] == -1 and back["phase"] == "take_privilege" and back["display"] == ["flower", ""]
    assert [p["set_card"] for p in back["players"]] == [-1, 0]
    move = convert.to_proto(common_pb2.Move, "frogriders", {"leap": {
        "from_cell": 1, "over_cell": 2, "to_cell": 3, "collect_leaper": 1}}).frogriders
    assert move.leap.collect_leaper is True
    assert convert.to_dict(common_pb2.Move(frogriders=move))["leap"]["collect_leaper"] == 1
    # a config: unset fields are absent (the engine's defaults), not -1
    assert convert.to_dict(convert.to_proto(common_pb2.GameConfig, "frogriders", {"players": 3})) == {"players": 3}
    # the protobuf JSON spelling (value names) is taken too
    cfg = convert.to_proto(common_pb2.GameConfig, "frogriders", {"public_back": "FROGRIDERS_PUBLIC_BACK_FIRST"})
    assert convert.to_dict(cfg) == {"public_back": "first"}
    assert convert.to_dict(convert.to_proto(common_pb2.GameConfig, "frogriders", {"public_back": 2})) == {
        "public_back": "first"}  # a number the .proto defines
    for bad in ({"public_back": "third"}, {"public_back": ["first"]}, {"public_back": 7}, {"privilege_deck": 24}):
        with pytest.raises(convert.ProtoMismatch, match=next(iter(bad))):
            convert.to_proto(common_pb2.GameConfig, "frogriders", bad)
    # an enum number the .proto does not define reaches the engine as that number (which
    # its checks reject as they reject any unknown value), on both paths
    odd = fr.FrogridersView(phase=99, display=[1, 98])
    assert convert.message_to_dict(odd)["phase"] == 99 and convert.message_to_dict(odd)["display"] == ["extra_red", 98]
    assert convert.message_to_dict(odd) == convert.message_to_dict(odd, strict=True)
    with pytest.raises(convert.ProtoMismatch, match="phase"):
        convert.to_proto(common_pb2.View, "frogriders", convert.message_to_dict(odd))


def test_the_fast_path_falls_back_to_json_format():
    from boardbot.v1 import frogriders_pb2

    name = "frogriders"
    # JSON spellings the constructor refuses: a camelCase name, an integral float, a number as a string
    msg = convert.to_proto(common_pb2.GameConfig, name, {"publicBack": "first", "players": 3.0})
    assert msg.frogriders == frogriders_pb2.FrogridersConfig(
        public_back=frogriders_pb2.FROGRIDERS_PUBLIC_BACK_FIRST, players=3)
    assert convert.to_proto(common_pb2.GameConfig, name, {"players": "3"}).frogriders.players == 3
    for bad in ({"players": 2.5}, {"no_such_field": 1}, {"players": "x"}):
        with pytest.raises(convert.ProtoMismatch):
            convert.to_proto(common_pb2.GameConfig, name, bad)
    # an empty dict still selects the game's field
    assert convert.game_of(convert.to_proto(common_pb2.View, name, {})) == "frogriders"
