"""Engine dicts <-> per-game protobuf messages, for every game alike.

A config, view or move travels as a ``boardbot.v1.GameConfig``, ``View`` or
``Move``: a container whose ``game`` oneof holds the per-game message in the
field named after the game ('-' replaced by '_'). The per-game message
mirrors the engine's JSON-safe dict field for field, so the conversion is
``google.protobuf.json_format`` and nothing here knows any game.
"""

from __future__ import annotations

from typing import Any, Mapping, TypeVar

from google.protobuf import json_format
from google.protobuf.message import Message

from boardbot.v1 import common_pb2

ONEOF = "game"
C = TypeVar("C", bound=Message)


class ProtoMismatch(ValueError):
    """A dict or message does not fit the game's protobuf messages."""


def oneof_field(game: str) -> str:
    """The oneof field that carries ``game``'s messages: czech-pub -> czech_pub."""
    return game.replace("-", "_")


def games_in_proto(container: type[Message] = common_pb2.View) -> list[str]:
    """Field names of the container's ``game`` oneof (one per game with a proto)."""
    return [f.name for f in container.DESCRIPTOR.oneofs_by_name[ONEOF].fields]


def _field(container: type[Message], game: str):
    name = oneof_field(game)
    for f in container.DESCRIPTOR.oneofs_by_name[ONEOF].fields:
        if f.name == name:
            return f
    raise ProtoMismatch(
        f"boardbot.v1.{container.DESCRIPTOR.name} has no field {name!r} in its {ONEOF!r} oneof: "
        f"game {game!r} needs its .proto file and a oneof line in proto/boardbot/v1/common.proto"
    )


def to_proto(container: type[C], game: str, data: Mapping[str, Any]) -> C:
    """Wrap an engine dict as ``container`` (GameConfig, View or Move) for ``game``."""
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


def message_to_dict(msg: Message) -> dict:
    """A per-game message as the engine's dict (every field, proto field names)."""
    return json_format.MessageToDict(msg, preserving_proto_field_name=True,
                                     always_print_fields_with_no_presence=True)
