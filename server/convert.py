"""Engine dicts <-> per-game protobuf messages, for every game alike.

A config, view or move travels as a ``boardbot.v1.GameConfig``, ``View`` or
``Move``: a container whose ``game`` oneof holds the per-game message in the
field named after the game ('-' replaced by '_'). The per-game message
mirrors the engine's JSON-safe dict field for field, so the conversion is
generic and nothing here knows any game.

Two paths, the same result:

* the reference is ``google.protobuf.json_format`` (``strict=True``): exact
  JSON semantics, but pure Python, about a millisecond for a large view;
* the default is the message constructor (``Container(game=dict)``), which
  builds the whole nested message in the protobuf runtime's C code, 10-20
  times faster. It is used only for message types made of plain scalars
  (ints, floats, bools, strings), enums, nested messages and repeated
  fields of those, where the two paths agree (checked per type from the
  descriptors, once); anything the constructor refuses (an unknown field,
  a float for an integer, a string for a number...) goes to json_format,
  which then converts it the JSON way or raises ``ProtoMismatch`` with its
  message. The constructor is laxer in two corners json_format rejects: an
  int for a bool and bytes for a string. Engine output never has those
  (``tests/test_proto_convert.py`` checks both paths give the same bytes
  for every game's configs, views and moves).

``message_to_dict`` likewise reads plain messages field by field and leaves
anything else (64-bit integers, which JSON renders as strings; floats;
enums; bytes; maps; well-known types) to ``json_format.MessageToDict``.
"""

from __future__ import annotations

import functools
from typing import Any, Mapping, TypeVar

from google.protobuf import descriptor as _d
from google.protobuf import json_format
from google.protobuf.message import Message

from boardbot.v1 import common_pb2

ONEOF = "game"
C = TypeVar("C", bound=Message)

FD = _d.FieldDescriptor
# scalar types the constructor and json_format treat alike (an int for a float is fine in both)
_PLAIN_TO_PROTO = {FD.TYPE_INT32, FD.TYPE_SINT32, FD.TYPE_SFIXED32, FD.TYPE_UINT32, FD.TYPE_FIXED32,
                   FD.TYPE_INT64, FD.TYPE_SINT64, FD.TYPE_SFIXED64, FD.TYPE_UINT64, FD.TYPE_FIXED64,
                   FD.TYPE_DOUBLE, FD.TYPE_FLOAT, FD.TYPE_BOOL, FD.TYPE_STRING, FD.TYPE_ENUM}
# ... and those whose Python value is what MessageToDict prints (no int64 as a string, no float
# rounding or "NaN", no enum names)
_PLAIN_TO_DICT = {FD.TYPE_INT32, FD.TYPE_SINT32, FD.TYPE_SFIXED32, FD.TYPE_UINT32, FD.TYPE_FIXED32,
                  FD.TYPE_BOOL, FD.TYPE_STRING}


class ProtoMismatch(ValueError):
    """A dict or message does not fit the game's protobuf messages."""


def oneof_field(game: str) -> str:
    """The oneof field that carries ``game``'s messages: czech-pub -> czech_pub."""
    return game.replace("-", "_")


def games_in_proto(container: type[Message] = common_pb2.View) -> list[str]:
    """Field names of the container's ``game`` oneof (one per game with a proto)."""
    return [f.name for f in container.DESCRIPTOR.oneofs_by_name[ONEOF].fields]


@functools.lru_cache(maxsize=None)
def _field_of(descriptor: _d.Descriptor, game: str) -> _d.FieldDescriptor | None:
    name = oneof_field(game)
    for f in descriptor.oneofs_by_name[ONEOF].fields:
        if f.name == name:
            return f
    return None


def _field(container: type[Message], game: str) -> _d.FieldDescriptor:
    f = _field_of(container.DESCRIPTOR, game)
    if f is None:
        raise ProtoMismatch(
            f"boardbot.v1.{container.DESCRIPTOR.name} has no field {oneof_field(game)!r} in its {ONEOF!r} oneof: "
            f"game {game!r} needs its .proto file and a oneof line in proto/boardbot/v1/common.proto"
        )
    return f


def _is_plain(descriptor: _d.Descriptor, scalars: frozenset, seen: frozenset = frozenset()) -> bool:
    if descriptor.full_name.startswith("google.protobuf.") or descriptor.GetOptions().map_entry:
        return False
    seen = seen | {descriptor.full_name}
    for f in descriptor.fields:
        if f.type == FD.TYPE_MESSAGE:
            if f.message_type.full_name in seen:
                continue  # recursion: judged where it started
            if not _is_plain(f.message_type, scalars, seen):
                return False
        elif f.type not in scalars:
            return False
    return True


@functools.lru_cache(maxsize=None)
def constructor_field(container: type[Message], game: str) -> str | None:
    """The oneof field name if ``container(**{name: engine_dict})`` may build ``game``'s
    message (its type is plain: see the module docstring), else None."""
    f = _field_of(container.DESCRIPTOR, game)
    if f is None or not _is_plain(f.message_type, frozenset(_PLAIN_TO_PROTO)):
        return None
    return f.name


def to_proto(container: type[C], game: str, data: Mapping[str, Any], *, strict: bool = False) -> C:
    """Wrap an engine dict as ``container`` (GameConfig, View or Move) for ``game``.

    ``strict``: always through json_format (the reference path)."""
    if not strict:
        name = constructor_field(container, game)
        if name is not None:
            try:
                return container(**{name: data})
            except (TypeError, ValueError, AttributeError):
                pass  # json_format decides: a JSON-only spelling, or a real mismatch with its message
    msg = container()
    sub = getattr(msg, _field(container, game).name)
    try:
        json_format.ParseDict(dict(data), sub)
    except json_format.ParseError as err:
        raise ProtoMismatch(f"{game} {container.DESCRIPTOR.name}: {err}") from err
    sub.SetInParent()
    return msg


def game_of(msg: Message) -> str | None:
    """The oneof field set in a container, or None (the field name, '_' kept)."""
    return msg.WhichOneof(ONEOF)


def to_dict(msg: Message, game: str | None = None) -> dict:
    """The engine dict carried by a container; ``game`` (if given) must match."""
    which = msg.WhichOneof(ONEOF)
    if which is None:
        raise ProtoMismatch(f"{msg.DESCRIPTOR.name} is empty: set the field of the game")
    if game is not None and which != oneof_field(game):
        raise ProtoMismatch(f"{msg.DESCRIPTOR.name} holds {which!r}, not {oneof_field(game)!r}")
    return message_to_dict(getattr(msg, which))


def message_to_dict(msg: Message, *, strict: bool = False) -> dict:
    """A per-game message as the engine's dict (every field, proto field names):
    what ``json_format.MessageToDict(msg, preserving_proto_field_name=True,
    always_print_fields_with_no_presence=True)`` gives (``strict``: always through it)."""
    reader = None if strict else _reader(msg.DESCRIPTOR)
    if reader is None:
        return json_format.MessageToDict(msg, preserving_proto_field_name=True,
                                         always_print_fields_with_no_presence=True)
    return reader(msg)


@functools.lru_cache(maxsize=None)
def _reader(descriptor: _d.Descriptor):
    """A function message -> dict for a plain type (see ``message_to_dict``), or None."""
    if not _is_plain(descriptor, frozenset(_PLAIN_TO_DICT)):
        return None
    return _build_reader(descriptor, {})


def _build_reader(descriptor: _d.Descriptor, made: dict):
    if descriptor.full_name in made:
        return made[descriptor.full_name]
    plan = []  # (name, how, sub-reader): how 0 scalar, 1 optional scalar, 2 repeated scalar, 3 message, 4 repeated message

    def read(msg: Message) -> dict:
        out = {}
        for name, how, sub in plan:
            if how == 0:
                out[name] = getattr(msg, name)
            elif how == 2:
                out[name] = list(getattr(msg, name))
            elif how == 4:
                out[name] = [sub(m) for m in getattr(msg, name)]
            elif msg.HasField(name):
                out[name] = sub(getattr(msg, name)) if how == 3 else getattr(msg, name)
        return out

    made[descriptor.full_name] = read
    for f in descriptor.fields:
        repeated = f.is_repeated
        if f.type == FD.TYPE_MESSAGE:
            sub = _build_reader(f.message_type, made)
            # the sub-reader of a recursive type is completed before any call
            plan.append((f.name, 4 if repeated else 3, sub))
        elif repeated:
            plan.append((f.name, 2, None))
        else:
            plan.append((f.name, 1 if f.has_presence else 0, None))
    return read
