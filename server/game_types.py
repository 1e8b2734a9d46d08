"""The hosted game types: which name a request may give (``game_named``), and each
type's description for ListGameTypes (``game_type``: parameters typed by their config
fields, with defaults and choices in wire form, the rules between them, and the version
of the game's rules).
"""

from __future__ import annotations

import functools
from typing import Any

from google.protobuf import descriptor, json_format, struct_pb2

from boardbot.engine import registry
from boardbot.engine.core import NO_DEFAULT, ConfigError, Game
from boardbot.v1 import common_pb2

from . import convert, errors
from .calls import Call


def game_named(name: str, call: Call) -> Game:
    """The hosted game type ``name`` (a request's ``game`` field), or INVALID_ARGUMENT."""
    call.log["game"] = name
    if not name:
        raise errors.invalid("game", "game is required", "UNKNOWN_GAME")
    if name not in registry.names():
        raise errors.invalid("game", f"unknown game {name!r} (known: {', '.join(registry.names())})",
                             "UNKNOWN_GAME")
    return registry.get(name)


def requested_config(config: common_pb2.GameConfig | None, name: str) -> dict[str, Any]:
    """A request's config for game ``name`` as the engine's dict, unset fields absent (the engine
    fills the defaults when it validates it); INVALID_ARGUMENT for another game's config."""
    if config is None:
        return {}
    which = convert.game_of(config)
    if which is not None and which != convert.oneof_field(name):
        raise errors.invalid("config", f"config is for {which!r}, not {name!r}", "BAD_CONFIG")
    return {} if which is None else convert.to_dict(config, name)


_FD = descriptor.FieldDescriptor
_PARAM_TYPE = {_FD.TYPE_BOOL: common_pb2.PARAM_TYPE_BOOL, _FD.TYPE_ENUM: common_pb2.PARAM_TYPE_ENUM,
               _FD.TYPE_STRING: common_pb2.PARAM_TYPE_STRING}


def _wire_value(game: Game, param: str, value: Any) -> struct_pb2.Value:
    """``value`` of ``param`` as the game's config message carries it in JSON (an enum's
    value name where the engine has a string), through the same converter as a config."""
    message = getattr(convert.to_proto(common_pb2.GameConfig, game.name, {param: value}), convert.oneof_field(game.name))
    out = struct_pb2.Value()
    json_format.ParseDict(json_format.MessageToDict(message, preserving_proto_field_name=True)[param], out)
    return out


@functools.lru_cache(maxsize=None)
def game_type(name: str) -> common_pb2.GameType:
    """The GameType of ListGameTypes: parameters typed by their config fields, with
    defaults and choices in wire form, and the rules between them (made once)."""
    game = registry.get(name)
    config_fields = getattr(common_pb2.GameConfig(), convert.oneof_field(name)).DESCRIPTOR.fields_by_name
    out = common_pb2.GameType(name=game.name, title=game.title, blurb=game.blurb,
                              rules_version=game.rules_version,
                              components=convert.components(game.components()))
    if game.solo is not None:
        out.solo.CopyFrom(common_pb2.SoloMode(title=game.solo.title, blurb=game.solo.blurb,
                                              opponent=game.solo.opponent, note=game.solo.note))
    for p in game.params:
        kind = config_fields[p.name].type
        param = out.parameters.add(name=p.name, doc=p.doc, value_type=_PARAM_TYPE.get(kind, common_pb2.PARAM_TYPE_INTEGER),
                               minimum=p.minimum, maximum=p.maximum)
        param.default_value.CopyFrom(_wire_value(game, p.name, p.default))
        param.choices.extend(_wire_value(game, p.name, c) for c in p.choices or ())
    for rule in game.param_rules:
        message = out.param_rules.add(param=rule.param, doc=rule.doc, minimum=rule.minimum, maximum=rule.maximum)
        for name, values in rule.when:
            message.when.add(param=name, values=[_wire_value(game, name, v) for v in values])
        message.allowed.extend(_wire_value(game, rule.param, v) for v in rule.allowed or ())
        if rule.default is not NO_DEFAULT:
            message.default_value.CopyFrom(_wire_value(game, rule.param, rule.default))
    for cfg in game.configurations():
        out.configurations.append(convert.to_proto(common_pb2.GameConfig, game.name, game.validate(cfg)))
    for kind, fields in game.move_fields.items():
        out.move_kinds.add(name=kind, fields=list(fields))
    return out


# configs as requested -> as validated, by game (most creations ask for one of a few configs);
# emptied when full (the most a process keeps)
_VALIDATED: dict[tuple, dict[str, Any]] = {}
_VALIDATED_KEPT = 1024


def validated_config(game, name: str, cfg: dict[str, Any]) -> dict[str, Any]:
    """The engine's validated config (a new dict), or INVALID_ARGUMENT naming the config's field."""
    try:
        key = (name, tuple(sorted((k, v.__class__, v) for k, v in cfg.items())))  # (1 and True differ here)
        hit = _VALIDATED.get(key)
    except TypeError:  # a value that is no key (a list): validated every time
        key = hit = None
    if hit is not None:
        return dict(hit)
    try:
        out = game.validate(cfg)
    except ConfigError as err:
        raise errors.invalid(f"config.{convert.oneof_field(name)}.{err.field}", str(err), "BAD_CONFIG") from None
    if key is not None:
        if len(_VALIDATED) >= _VALIDATED_KEPT:
            _VALIDATED.clear()
        _VALIDATED[key] = dict(out)
    return out
