"""Engine dicts <-> per-game protobuf messages, for every game alike.

A config, view or move travels as a ``boardbot.v1.GameConfig``, ``View`` or
``Move``: a container whose ``game`` oneof holds the per-game message in the
field named after the game ('-' replaced by '_'). The per-game message has
the engine's JSON-safe dict's keys as field names; the values follow these
conventions (docs/api-contract.md), read from the descriptors, so nothing
here knows any game:

* **enums**: the engine's string ``"react"`` in a field of enum type
  ``FroccsPhase`` is ``FROCCS_PHASE_REACT``: the value's name is the enum's
  name in UPPER_SNAKE, ``_``, then the string upper-cased with every
  non-alphanumeric as ``_``. Back to the engine a value is its name without
  that prefix, lower-cased, unless the value carries the option
  ``(boardbot.v1.engine_name)`` with the exact spelling ("TL"). The engine's
  ``""`` is the enum's 0 value (``..._UNSPECIFIED``: none, empty, unknown).
  Going in, enum value names (the protobuf JSON spelling) and the numbers
  the .proto defines are taken too.
* **bools**: ``True``/``False`` (engine ints 0/1 go in as bools; the engine
  then gets bools back, which compare and hash equal to them).
* **optional integers** of a view or move message: the engine's ``-1`` (or
  ``None``) is "unset", and an unset one goes back to the engine as ``-1``.
  Config messages (every type reachable from ``GameConfig``) keep "unset =
  the engine's default": an unset field is absent from the dict.
* everything else as is (ints, strings, nested messages, lists).

Two paths, the same result:

* the reference (``strict=True``) rewrites the dict into the protobuf JSON
  mapping by walking the descriptors, and lets ``google.protobuf.json_format``
  (``ParseDict`` / ``MessageToDict``) do the rest: exact JSON semantics, pure
  Python, a millisecond or more for a large view;
* the default is made once per message type from its descriptor: the
  encoder (a plan of the fields to rewrite, walked by the compiled
  ``boardbot.server.encoders``) rewrites only the fields that need it (enums,
  sentinels) and the message constructor builds the whole nested message in
  the protobuf runtime's C code; the decoder (straight-line Python generated
  the way ``dataclasses`` makes ``__init__``) reads each field once. It is used for
  message types made of ints, bools, strings, enums, nested messages and
  repeated fields of those (64-bit integers, floats, bytes, maps and
  well-known types, whose JSON form differs, take the reference path).
  Anything the constructor refuses (an unknown field or enum value, a float
  for an integer, a camelCase key...) goes to the reference path, which
  converts it the JSON way or raises ``ProtoMismatch`` with its message. The
  fast path is laxer in three corners the reference rejects: any int for a
  bool, bytes for a string and an integral float for an enum number. Engine
  output never has those
  (``tests/test_proto_convert.py`` checks both paths give the same bytes and
  dicts for every game's configs, views and moves).

For the hot path (GetView builds a ``SeatView`` holding a view and the legal
moves): ``constructor_arg(container, game, data)`` gives what the container's
field takes in a parent's constructor call (``SeatView(view=..., legal_moves=[
{"move": ...}])``), so the whole reply is built in one C call. ``kept_arg`` does the same
for a view but for the game message's repeated fields of scalar messages (a board's cells):
their elements come as serialized parts kept by value from one view to the next, which
``merge_kept`` merges into the built message (protobuf appends repeated elements on a merge:
the same message, the same bytes; ``tests/test_view_parts.py``).
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any, Callable, Mapping, TypeVar

from google.protobuf import descriptor as _d
from google.protobuf import json_format, struct_pb2
from google.protobuf.message import Message

from boardbot.engine.core import EnumTable
from boardbot.v1 import common_pb2, options_pb2

from . import encoders

ONEOF = "game"
C = TypeVar("C", bound=Message)

FD = _d.FieldDescriptor
_INTS = {FD.TYPE_INT32, FD.TYPE_SINT32, FD.TYPE_SFIXED32, FD.TYPE_UINT32, FD.TYPE_FIXED32,
         FD.TYPE_INT64, FD.TYPE_SINT64, FD.TYPE_SFIXED64, FD.TYPE_UINT64, FD.TYPE_FIXED64}
# scalar types the constructor and json_format treat alike (an int for a float is fine in both)
_PLAIN_TO_PROTO = _INTS | {FD.TYPE_DOUBLE, FD.TYPE_FLOAT, FD.TYPE_BOOL, FD.TYPE_STRING, FD.TYPE_ENUM}
# ... and those whose Python value is what MessageToDict prints (no int64 as a string, no float
# rounding or "NaN"; enums are mapped here)
_PLAIN_TO_DICT = {FD.TYPE_INT32, FD.TYPE_SINT32, FD.TYPE_SFIXED32, FD.TYPE_UINT32, FD.TYPE_FIXED32,
                  FD.TYPE_BOOL, FD.TYPE_STRING, FD.TYPE_ENUM}
NONE = -1  # the engine's "no value" for an optional integer of a view or move


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


# --- the conventions, from the descriptors ------------------------------------------
def enum_prefix(enum: _d.EnumDescriptor) -> str:
    """The prefix of an enum's value names: FroccsPhase -> FROCCS_PHASE_."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", enum.name).upper() + "_"


def value_name(enum: _d.EnumDescriptor, spelling: str) -> str:
    """The value name an engine string maps to by the naming rule ("" -> ..._UNSPECIFIED)."""
    return enum_prefix(enum) + (re.sub(r"[^A-Z0-9]", "_", spelling.upper()) if spelling else "UNSPECIFIED")


def engine_spelling(value: _d.EnumValueDescriptor) -> str:
    """The engine's string for an enum value: "" for 0, else its ``engine_name``
    option or its name without the enum's prefix, lower-cased."""
    if value.number == 0:
        return ""
    options = value.GetOptions()
    if options.HasExtension(options_pb2.engine_name):
        return options.Extensions[options_pb2.engine_name]
    return value.name.removeprefix(enum_prefix(value.type)).lower()


@functools.lru_cache(maxsize=None)
def _enum_tables(enum: _d.EnumDescriptor) -> tuple[dict, dict]:
    """(engine string, value name or number -> number, number -> engine string)."""
    to_number: dict[Any, int] = {}
    to_engine: dict[int, str] = {}
    for value in enum.values:
        spelling = engine_spelling(value)
        to_number[spelling] = value.number
        to_number[value.name] = value.number
        to_number[value.number] = value.number
        to_engine.setdefault(value.number, spelling)
    return to_number, to_engine


@functools.lru_cache(maxsize=None)
def config_types() -> frozenset[str]:
    """Full names of the message types reachable from ``GameConfig``: their unset
    optional fields mean "the default" (no -1 sentinel)."""
    out: set[str] = set()

    def walk(desc: _d.Descriptor) -> None:
        if desc.full_name in out:
            return
        out.add(desc.full_name)
        for f in desc.fields:
            if f.message_type is not None:
                walk(f.message_type)

    for f in common_pb2.GameConfig.DESCRIPTOR.oneofs_by_name[ONEOF].fields:
        walk(f.message_type)
    return frozenset(out)


def _sentinel_field(f: _d.FieldDescriptor) -> bool:
    """An optional integer of a view or move type: engine -1 <-> unset."""
    return (f.has_presence and not f.is_repeated and f.type in _INTS
            and f.containing_type.full_name not in config_types())


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
def _plain_to_proto(descriptor: _d.Descriptor) -> bool:
    """Whether the type's constructor may build it (see the module docstring)."""
    return _is_plain(descriptor, frozenset(_PLAIN_TO_PROTO))


def _needs_rewrite(descriptor: _d.Descriptor, memo: dict) -> bool:
    """Whether an engine dict of this type differs from the constructor's input
    (an enum, a sentinel, or such a sub-message; None is unset for both)."""
    name = descriptor.full_name
    if name in memo:
        return memo[name]
    memo[name] = True  # a recursive type: rewritten (only a copy where nothing changes)
    out = False
    for f in descriptor.fields:
        if f.type == FD.TYPE_ENUM or _sentinel_field(f):
            out = True
        elif f.type == FD.TYPE_MESSAGE and _needs_rewrite(f.message_type, memo):
            out = True
    memo[name] = out
    return out


# --- generated code ------------------------------------------------------------------
class _Codegen:
    """Decoders (message -> engine dict) for a message type and every type it holds, as
    straight-line Python (the encoders are plans: ``boardbot.server.encoders``)."""

    def __init__(self) -> None:
        self.scope: dict[str, Any] = {}
        self.names: dict[tuple[str, str], str] = {}
        self.lines: list[str] = []

    def _const(self, value: Any, stem: str) -> str:
        name = f"_{stem}{len(self.scope)}"
        self.scope[name] = value
        return name

    def decoder(self, desc: _d.Descriptor) -> str:
        key = ("d", desc.full_name)
        if key in self.names:
            return self.names[key]
        fn = self.names[key] = f"dec_{len(self.names)}"
        body = [f"def {fn}(m):", "    d = {}"]
        for f in desc.fields:
            k, attr = repr(f.name), f"m.{f.name}" if f.name.isidentifier() else f"getattr(m, {f.name!r})"
            if f.type == FD.TYPE_MESSAGE:
                sub = self.decoder(f.message_type)
                if f.is_repeated:
                    body.append(f"    d[{k}] = [{sub}(x) for x in {attr}]")
                else:
                    body.append(f"    if m.HasField({k}): d[{k}] = {sub}({attr})")
                continue
            if f.type == FD.TYPE_ENUM:
                table = self._const(_enum_tables(f.enum_type)[1], "D")
                value = f"[{table}.get(x, x) for x in {attr}]" if f.is_repeated else f"{table}.get({attr}, {attr})"
            else:
                value = f"list({attr})" if f.is_repeated else attr
            if f.is_repeated or not f.has_presence:
                body.append(f"    d[{k}] = {value}")
            elif _sentinel_field(f):
                body.append(f"    d[{k}] = {value} if m.HasField({k}) else {NONE}")
            else:
                body.append(f"    if m.HasField({k}): d[{k}] = {value}")
        body.append("    return d")
        self.lines += body
        return fn

    def compile(self, root: str, label: str) -> Callable:
        namespace = dict(self.scope)
        exec(compile("\n".join(self.lines), f"<convert {label}>", "exec"), namespace)  # noqa: S102
        return namespace[root]


def _plan(desc: _d.Descriptor, plans: dict, rewrite: dict) -> encoders.Plan | None:
    """The encoder's plan for an engine dict of ``desc`` (``boardbot.server.encoders``), or None
    when that dict goes to the constructor as it is."""
    if not _needs_rewrite(desc, rewrite):
        return None
    plan = plans.get(desc.full_name)
    if plan is not None:
        return plan
    plan = plans[desc.full_name] = encoders.Plan(desc.full_name)  # before its fields: a type may hold itself
    for f in desc.fields:
        if f.type == FD.TYPE_ENUM:
            kind = encoders.ENUMS if f.is_repeated else encoders.OPTIONAL_ENUM if f.has_presence else encoders.ENUM
            plan.steps.append(encoders.Step(kind, f.name, table=_enum_tables(f.enum_type)[0]))
        elif f.type == FD.TYPE_MESSAGE:
            sub = _plan(f.message_type, plans, rewrite)
            if sub is not None:
                plan.steps.append(encoders.Step(encoders.MESSAGES if f.is_repeated else encoders.MESSAGE, f.name,
                                                sub=sub))
        elif _sentinel_field(f):
            plan.steps.append(encoders.Step(encoders.SENTINEL, f.name))
    return plan


@functools.lru_cache(maxsize=None)
def _encoder(descriptor: _d.Descriptor) -> encoders.Plan | None:
    """The plan that makes an engine dict the dict the type's constructor takes
    (``encoders.encode``); None: the dict as it is. Only for plain types (see the module
    docstring)."""
    return _plan(descriptor, {}, {})


@functools.lru_cache(maxsize=None)
def _reader(descriptor: _d.Descriptor) -> Callable[[Message], dict] | None:
    """message -> engine dict for a plain type (see the module docstring), or None."""
    if not _is_plain(descriptor, frozenset(_PLAIN_TO_DICT)):
        return None
    gen = _Codegen()
    root = gen.decoder(descriptor)
    return gen.compile(root, f"decode {descriptor.full_name}")


# --- the reference path: the protobuf JSON mapping and json_format ------------------
def _field_by_key(desc: _d.Descriptor, key: str) -> _d.FieldDescriptor | None:
    return desc.fields_by_name.get(key) or desc.fields_by_camelcase_name.get(key)


def _to_json(desc: _d.Descriptor, data: Any, where: str) -> Any:
    """An engine dict of ``desc`` in the protobuf JSON mapping (what ParseDict takes).
    Keys and values that fit no convention are left for json_format to judge."""
    if not isinstance(data, Mapping):
        return data
    out = {}
    for key, value in data.items():
        f = _field_by_key(desc, key) if isinstance(key, str) else None
        if f is None:
            out[key] = value
            continue
        here = f"{where}.{f.name}"
        if f.has_presence and not f.is_repeated and value is None:
            continue
        if _sentinel_field(f) and value == NONE:
            continue
        if f.is_repeated and isinstance(value, (list, tuple)):
            out[key] = [_value_to_json(f, v, f"{here}[{i}]") for i, v in enumerate(value)]
        else:
            out[key] = _value_to_json(f, value, here)
    return out


def _value_to_json(f: _d.FieldDescriptor, value: Any, where: str) -> Any:
    if f.type == FD.TYPE_MESSAGE:
        return _to_json(f.message_type, value, where)
    if f.type == FD.TYPE_ENUM:
        if value is None:
            return value
        to_number = _enum_tables(f.enum_type)[0]
        if type(value) not in (str, int) or value not in to_number:
            hint = f" (no value {value_name(f.enum_type, value)})" if isinstance(value, str) else ""
            raise ProtoMismatch(f"{where}: {value!r} is not a value of {f.enum_type.full_name}{hint}")
        return f.enum_type.values_by_number[to_number[value]].name
    if f.type == FD.TYPE_BOOL and type(value) is int and value in (0, 1):
        return bool(value)
    return value


def _from_json(desc: _d.Descriptor, data: dict, where: str) -> dict:
    """MessageToDict's output (proto field names, fields without presence printed)
    as the engine's dict."""
    out = {}
    for f in desc.fields:
        here = f"{where}.{f.name}"
        if f.name not in data:
            if _sentinel_field(f):
                out[f.name] = NONE
            continue
        value = data[f.name]
        if f.is_repeated:
            out[f.name] = [_value_from_json(f, v, here) for v in value]
        else:
            out[f.name] = _value_from_json(f, value, here)
    return out


def _value_from_json(f: _d.FieldDescriptor, value: Any, where: str) -> Any:
    if f.type == FD.TYPE_MESSAGE:
        return _from_json(f.message_type, value, where)
    if f.type == FD.TYPE_ENUM and isinstance(value, str):
        return _enum_tables(f.enum_type)[1][f.enum_type.values_by_name[value].number]
    return value  # an enum number the .proto does not define: MessageToDict gives the int


# --- the API -------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def constructor_field(container: type[Message], game: str) -> str | None:
    """The oneof field name if ``container(**{name: engine_dict})`` may build ``game``'s
    message from the engine's dict as it is (a plain type with no enum, no sentinel
    and no optional field to rewrite), else None: then ``constructor_arg`` gives
    what the constructor takes."""
    f = _field_of(container.DESCRIPTOR, game)
    if f is None or not _plain_to_proto(f.message_type) or _encoder(f.message_type):
        return None
    return f.name


def constructor_arg(container: type[Message], game: str, data: Mapping[str, Any]) -> dict:
    """``{field: value}`` such that ``container(**it)``, or a parent's constructor given
    it for the container field (``SeatView(view=it)``, ``LegalMove(move=it)``), builds
    ``game``'s message from the engine dict ``data``: enums as numbers, sentinels
    dropped. The constructor raises TypeError or ValueError where ``data`` does not
    fit; ``to_proto`` then says why. ProtoMismatch: no such game."""
    f = _field(container, game)
    if not _plain_to_proto(f.message_type):
        raise ProtoMismatch(f"{f.message_type.full_name} is not built by its constructor: use to_proto")
    encode = _encoder(f.message_type)
    try:
        return {f.name: data if encode is None else encoders.encode(encode, data)}
    except (TypeError, KeyError, AttributeError) as err:  # not a dict: the constructor will say so
        raise TypeError(f"{game} {container.DESCRIPTOR.name}: {err}") from err


# scalar types a kept element may hold: their Python values' equality is the bytes' (floats are
# left out: 0.0 and -0.0 are equal, and NaN is not equal to itself)
_KEEPABLE = _INTS | {FD.TYPE_BOOL, FD.TYPE_STRING, FD.TYPE_ENUM}
KEPT_ELEMENTS = 4096  # the most elements kept per field (emptied when full)


def _keepable(f: _d.FieldDescriptor) -> bool:
    """A repeated field of messages made of single scalars alone (a board's cells)."""
    if not f.is_repeated or f.type != FD.TYPE_MESSAGE or f.message_type.GetOptions().map_entry:
        return False
    return all(not g.is_repeated and g.type in _KEEPABLE for g in f.message_type.fields)


@functools.lru_cache(maxsize=None)
def _kept_plan(container: type[Message], game: str) -> encoders.Plan | None:
    """``game``'s plan (``_encoder``) with its repeated fields of scalar messages as ``KEPT``
    steps, or None when it has none (``kept_arg``)."""
    outer = _field(container, game)
    desc = outer.message_type
    if not _plain_to_proto(desc):
        return None
    keep = [f for f in desc.fields if _keepable(f)]
    if not keep:
        return None
    plain = _encoder(desc)
    plan = encoders.Plan(desc.full_name)
    plan.steps = [step for step in (plain.steps if plain is not None else [])
                  if step.key not in {f.name for f in keep}]
    for f in keep:
        plan.steps.append(encoders.Step(encoders.KEPT, f.name,
                                        kept=encoders.Kept(_element_maker(container, outer.name, f), KEPT_ELEMENTS)))
    return plan


def _element_maker(container: type[Message], outer: str, f: _d.FieldDescriptor) -> Callable[[dict], bytes]:
    """An element of ``f`` alone in the game's message (``container``'s field ``outer``), built
    by the constructor and serialized: concatenated, such messages merge (protobuf appends
    repeated fields) into the message the constructor builds from the whole list."""
    sub = _encoder(f.message_type)
    message = type(getattr(container(), outer))  # the game's message type

    def make(item: dict) -> bytes:
        element = item if sub is None else encoders.encode(sub, item)
        return message(**{f.name: [element]}).SerializeToString()

    return make


def kept_arg(container: type[Message], game: str, data: Mapping[str, Any], parts: list) -> dict:
    """``constructor_arg``, but for the game message's repeated fields of scalar messages (a
    board's cells), which are left out and their elements appended to ``parts`` as serialized
    game messages (``game``'s own type, as ``container`` holds it), kept by value from one view
    to the next: ``container`` built from the result, then its game field's
    ``MergeFromString(b"".join(parts))`` (``merge_kept``), is the message ``constructor_arg``'s
    would build (the same fields, the same bytes), for less than the constructor's cost of a
    message per element. Raises as ``constructor_arg`` does (the element's constructor too)."""
    plan = _kept_plan(container, game)
    if plan is None:
        return constructor_arg(container, game, data)
    f = _field(container, game)
    try:
        return {f.name: encoders.encode(plan, data, parts)}
    except (TypeError, KeyError, AttributeError) as err:  # not a dict: the constructor will say so
        raise TypeError(f"{game} {container.DESCRIPTOR.name}: {err}") from err


def merge_kept(message: Message, game: str, parts: list) -> None:
    """``kept_arg``'s ``parts`` merged into ``message`` (the container it built)."""
    getattr(message, _field(type(message), game).name).MergeFromString(b"".join(parts))


def to_proto(container: type[C], game: str, data: Mapping[str, Any], *, strict: bool = False) -> C:
    """Wrap an engine dict as ``container`` (GameConfig, View or Move) for ``game``.

    ``strict``: always through the reference path (json_format)."""
    f = _field(container, game)
    if not strict and _plain_to_proto(f.message_type):
        encode = _encoder(f.message_type)
        try:
            return container(**{f.name: data if encode is None else encoders.encode(encode, data)})
        except (TypeError, ValueError, AttributeError, KeyError):
            pass  # the reference decides: a JSON-only spelling, or a real mismatch with its message
    msg = container()
    sub = getattr(msg, f.name)
    try:
        json_format.ParseDict(_to_json(f.message_type, dict(data), f.message_type.name), sub)
    except json_format.ParseError as err:
        raise ProtoMismatch(f"{game} {container.DESCRIPTOR.name}: {err}") from err
    except ProtoMismatch as err:
        raise ProtoMismatch(f"{game} {container.DESCRIPTOR.name}: {err}") from err
    except (TypeError, AttributeError) as err:
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
    """A per-game message as the engine's dict (proto field names, the conventions of
    the module docstring); ``strict``: always through ``json_format.MessageToDict``.

    An enum number the .proto does not define (proto3 enums are open: a newer client
    may send one) reaches the engine as that int, which equals no engine string: the
    engine's own checks reject it where it is wrong (a config value, a move that is
    not legal, a view that does not add up), as they reject any unknown value."""
    reader = None if strict else _reader(msg.DESCRIPTOR)
    if reader is None:
        data = json_format.MessageToDict(msg, preserving_proto_field_name=True,
                                         always_print_fields_with_no_presence=True)
        return _from_json(msg.DESCRIPTOR, data, msg.DESCRIPTOR.name)
    return reader(msg)


def components(data: Mapping[str, Any]) -> struct_pb2.Struct:
    """A game's components (``Game.components``) as ``GameType.components``: each ``EnumTable``
    keyed by the names of its enum's values (``FROCCS_CARD_SODA``), the rest as it is. An id
    that is no value of its enum, or an enum the .proto lacks, raises ``ProtoMismatch``."""
    pool = common_pb2.DESCRIPTOR.pool

    def plain(value: Any, where: str) -> Any:
        if isinstance(value, EnumTable):
            try:
                enum = pool.FindEnumTypeByName(f"{common_pb2.DESCRIPTOR.package}.{value.enum}")
            except KeyError:
                raise ProtoMismatch(f"components.{where}: no enum {value.enum} in boardbot.v1") from None
            numbers = _enum_tables(enum)[0]
            out = {}
            for key, row in value.rows.items():
                if key not in numbers:
                    raise ProtoMismatch(f"components.{where}: {key!r} is no value of {enum.name}")
                out[enum.values_by_number[numbers[key]].name] = plain(row, f"{where}.{key}")
            return out
        if isinstance(value, Mapping):
            return {str(k): plain(v, f"{where}.{k}") for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [plain(v, f"{where}[{i}]") for i, v in enumerate(value)]
        return value

    struct = struct_pb2.Struct()
    struct.update(json.loads(json.dumps({name: plain(value, name) for name, value in data.items()})))
    return struct
