"""Answers sent as bytes made of messages already serialized, without copying a message into
its answer first.

A view or a game's summary is made once per version and cached (``Snapshot``); an answer
that only wraps it (GetView's, CreateGame's) would copy the whole message into a new one and
serialize that. In the protobuf wire format a message field is its tag, its length and the
field's bytes, and a message's fields may come in any order: so the answer's bytes are the
cached message's own (serialized once) behind a tag and a length, and its other fields'.
The gRPC port sends bytes as they are (``boardbot.server.rpc``); the other ways in take the
messages.
"""

from __future__ import annotations

from google.protobuf.message import Message


def _varint(value: int) -> bytes:
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def field_tag(message_class: type[Message], field: str) -> bytes:
    """The tag of ``message_class``'s message-typed (length-delimited) ``field``."""
    return _varint(message_class.DESCRIPTOR.fields_by_name[field].number << 3 | 2)


def field(tag: bytes, data: bytes) -> bytes:
    """A length-delimited field (``tag`` from ``field_tag``) holding ``data``, a serialized message."""
    return tag + _varint(len(data)) + data
