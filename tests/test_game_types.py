"""ListGameTypes tells a frontend enough to build only valid configs, without probing, and
what each game is: its title, a blurb, its solo mode and its components (what its cards say).

For every game, a form is built the way a frontend would build it from
ListGameTypes alone: each parameter's values from its type, choices and
range, the rules between parameters applied to every combination. The
server must then accept exactly the combinations the form allows, reject the
others with INVALID_ARGUMENT naming the parameter of the broken rule, and
fill a rule's default when the parameter is left out.
"""

import itertools
import json

import grpc
import pytest
from google.protobuf import json_format
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from boardbot.engine import registry
from boardbot.engine.core import EnumTable
from boardbot.v1 import common_pb2
from boardbot.v1 import game_service_pb2 as pb
from boardbot.v1 import game_service_pb2_grpc


@pytest.fixture(scope="module")
def stub(server):
    with grpc.insecure_channel(server.address) as channel:
        yield game_service_pb2_grpc.GameServiceStub(channel)


@pytest.fixture(scope="module")
def game_types(stub):
    return {gt.name: gt for gt in stub.ListGameTypes(pb.ListGameTypesRequest(), timeout=30).game_types}


def plain(value):
    return json_format.MessageToDict(value)


def values_of(param) -> list:
    if param.choices:
        return [plain(c) for c in param.choices]
    if param.value_type == common_pb2.PARAM_TYPE_BOOL:
        return [False, True]
    assert param.value_type == common_pb2.PARAM_TYPE_INTEGER and param.HasField("minimum") and param.HasField("maximum")
    return list(range(param.minimum, param.maximum + 1))


def broken_rules(game_type, config: dict) -> list[str]:
    """The parameters whose rules this full config breaks (the client's own check)."""
    out = []
    for rule in game_type.param_rules:
        if all(config[c.param] in [plain(v) for v in c.values] for c in rule.when):
            value = config[rule.param]
            allowed = [plain(v) for v in rule.allowed]
            if ((allowed and value not in allowed) or (rule.HasField("minimum") and value < rule.minimum)
                    or (rule.HasField("maximum") and value > rule.maximum)):
                out.append(rule.param)
    return out


def config_message(game: str, config: dict) -> common_pb2.GameConfig:
    message = common_pb2.GameConfig()
    json_format.ParseDict(config, getattr(message, game.replace("-", "_")))
    return message


def create(stub, game: str, config: dict):
    return stub.CreateGame(pb.CreateGameRequest(game=game, config=config_message(game, config), seed=1), timeout=30)


def test_every_parameter_is_typed(game_types):
    assert sorted(game_types) == sorted(registry.names())
    for gt in game_types.values():
        for param in gt.parameters:
            assert param.value_type != common_pb2.PARAM_TYPE_UNSPECIFIED, (gt.name, param.name)
            if param.value_type == common_pb2.PARAM_TYPE_ENUM:
                assert param.choices, (gt.name, param.name)
            assert plain(param.default_value) in values_of(param), (gt.name, param.name)
        for rule in gt.param_rules:
            names = {p.name for p in gt.parameters}
            assert rule.param in names and all(c.param in names for c in rule.when) and rule.doc


@pytest.mark.parametrize("game", registry.names())
def test_the_server_accepts_exactly_what_the_rules_allow(stub, game_types, game):
    gt = game_types[game]
    names = [p.name for p in gt.parameters]
    accepted = rejected = 0
    for combo in itertools.product(*(values_of(p) for p in gt.parameters)):
        config = dict(zip(names, combo))
        broken = broken_rules(gt, config)
        try:
            reply = create(stub, game, config)
        except grpc.RpcError as err:
            assert broken, f"{game} {config}: refused ({err.details()}) although no rule forbids it"
            assert err.code() == grpc.StatusCode.INVALID_ARGUMENT
            status = rpc_status.from_call(err)
            fields = []
            for detail in status.details:
                if detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
                    bad = error_details_pb2.BadRequest()
                    detail.Unpack(bad)
                    fields += [v.field for v in bad.field_violations]
            assert any(f.rsplit(".", 1)[-1] in broken for f in fields), (config, fields, broken)
            rejected += 1
            continue
        assert not broken, f"{game} {config}: accepted although it breaks the rules for {broken}"
        got = json_format.MessageToDict(getattr(reply.game.config, game.replace("-", "_")),
                                        preserving_proto_field_name=True)
        assert {k: got.get(k) for k in config if got.get(k) is not None} == \
               {k: v for k, v in config.items() if got.get(k) is not None}
        accepted += 1
    assert accepted > 0
    assert rejected > 0 or not gt.param_rules


def canonical(value) -> str:
    """JSON text in which 2 and 2.0 (a google.protobuf.Value's number) are alike."""
    def whole(v):
        if isinstance(v, float) and v.is_integer():
            return int(v)
        if isinstance(v, dict):
            return {k: whole(x) for k, x in v.items()}
        return [whole(x) for x in v] if isinstance(v, (list, tuple)) else v
    return json.dumps(whole(value), sort_keys=True)


@pytest.mark.parametrize("game", registry.names())
def test_every_game_says_what_it_is(game_types, game):
    gt, declared = game_types[game], registry.get(game)
    assert gt.title == declared.title and gt.blurb == declared.blurb and gt.title and gt.blurb.endswith(".")
    players = next(p for p in gt.parameters if p.name == "players")
    assert gt.HasField("solo") == (players.minimum == 1), "a game that plays with one player says how"
    if gt.HasField("solo"):
        assert gt.solo.title and gt.solo.blurb and gt.solo.opponent
    components = json_format.MessageToDict(gt.components)
    assert set(components) == set(declared.components())
    for name, value in declared.components().items():
        if isinstance(value, EnumTable):  # keyed by the enum's value names, row for row
            enum = common_pb2.DESCRIPTOR.pool.FindEnumTypeByName(f"boardbot.v1.{value.enum}")
            assert set(components[name]) <= set(enum.values_by_name) and len(components[name]) == len(value.rows)
            assert sorted(map(canonical, components[name].values())) == sorted(map(canonical, value.rows.values()))
        else:
            assert components[name] == json.loads(json.dumps(value)), name


def test_a_rule_default_fills_a_parameter_left_out(stub, game_types):
    for gt in game_types.values():
        for rule in gt.param_rules:
            if not rule.HasField("default_value"):
                continue
            config = {c.param: plain(c.values[0]) for c in rule.when}
            reply = create(stub, gt.name, config)
            got = json_format.MessageToDict(getattr(reply.game.config, gt.name.replace("-", "_")),
                                            preserving_proto_field_name=True)
            assert got[rule.param] == plain(rule.default_value), (gt.name, rule.param)
