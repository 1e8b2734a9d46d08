"""Every name in boardbot.v1 generates clean code in C++, Go, Java, C# and TypeScript.

protoc's generators derive accessors from field names, and some of those
clash with the accessors of another field (C++ gives a repeated field
``hand`` the accessor ``hand_size()``, Java ``getHandCount()``...) or with
the language's reserved words. The generators then rename one of them (a
trailing ``_``) or fail, and every user of that language sees the mangled
name. This test walks the descriptors of every message and enum of the
package and fails on such a name, so a new field cannot bring one back.
It also checks the enum conventions of docs/api-contract.md.
"""

from __future__ import annotations

import re

import pytest
from google.protobuf import descriptor as _d

from boardbot.server import convert
from boardbot.v1 import bot_service_pb2, common_pb2, game_service_pb2, options_pb2

FD = _d.FieldDescriptor
FILES = [m.DESCRIPTOR for m in (common_pb2, game_service_pb2, bot_service_pb2, options_pb2)]

CPP = """alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t char32_t
class compl concept const consteval constexpr constinit const_cast continue co_await co_return co_yield
decltype default delete do double dynamic_cast else enum explicit export extern false float for friend goto
if inline int long mutable namespace new noexcept not not_eq nullptr operator or or_eq private protected
public register reinterpret_cast requires return short signed sizeof static static_assert static_cast struct
switch template this thread_local throw true try typedef typeid typename union unsigned using virtual void
volatile wchar_t while xor xor_eq
NULL EOF TRUE FALSE DOMAIN OVERFLOW UNDERFLOW major minor errno assert stdin stdout stderr linux unix"""
JAVA = """abstract assert boolean break byte case catch char class const continue default do double else enum
extends final finally float for goto if implements import instanceof int interface long native new package
private protected public return short static strictfp super switch synchronized this throw throws transient
try void volatile while true false null var record yield sealed permits"""
CSHARP = """abstract as base bool break byte case catch char checked class const continue decimal default delegate
do double else enum event explicit extern false finally fixed float for foreach goto if implicit in int
interface internal is lock long namespace new null object operator out override params private protected
public readonly ref return sbyte sealed short sizeof stackalloc static string struct switch this throw true
try typeof uint ulong unchecked unsafe ushort using virtual void volatile while"""
GO = """break case chan const continue default defer else fallthrough for func go goto if import interface map
package range return select struct switch type var"""
TYPESCRIPT = """break case catch class const continue debugger default delete do else enum export extends false
finally for function if import in instanceof new null return super switch this throw true try typeof var
void while with implements interface let package private protected public static yield await"""
RESERVED = {w for words in (CPP, JAVA, CSHARP, GO, TYPESCRIPT) for w in words.split()}
RESERVED_LOWER = {w.lower() for w in RESERVED}

# Names of members the generators give every message (C++: descriptor(), GetArena();
# Java: getClass(), getSerializedSize(), getUnknownFields(), getDescriptorForType(),
# getDefaultInstanceForType(), getParserForType(), getAllFields(), isInitialized();
# C#: Descriptor, Parser, CalculateSize; Go: Reset(), String(), ProtoMessage(),
# ProtoReflect(), Descriptor(); TypeScript: $typeName): no field may take them.
GENERATED_MEMBERS = {
    "descriptor", "default_instance", "internal_default_instance", "arena", "cached_size", "byte_size",
    "class", "serialized_size", "unknown_fields", "descriptor_for_type", "default_instance_for_type",
    "parser_for_type", "parser", "all_fields", "initialized", "initialization_error_string",
    "calculate_size", "clone", "equals", "hash_code", "to_string", "merge_from", "write_to",
    "reset", "string", "proto_message", "proto_reflect", "type_name", "constructor",
    "types", "get_hash_code", "on_construction",
}
# Type names that would shadow a language's own (java.lang.Object, C#'s nested
# ``Types`` class, JavaScript's globals): no message or enum may take them.
TYPE_NAMES = {
    "Object", "String", "Class", "Enum", "Boolean", "Integer", "Long", "Float", "Double", "Byte", "Short",
    "Character", "Void", "Number", "Symbol", "Array", "Map", "Set", "Date", "Promise", "Error", "Exception",
    "System", "Math", "Builder", "Parser", "Descriptor", "Types", "Record", "Override", "Deprecated",
}
KNOWN: set[str] = set()  # no exception: every name in boardbot.v1 generates cleanly


def camel(name: str) -> str:
    return re.sub(r"_([a-z0-9])", lambda m: m.group(1).upper(), name)


def pascal(name: str) -> str:
    c = camel(name)
    return c[:1].upper() + c[1:]


def all_messages():
    """Every message of the package: those of the files, the per-game ones they
    import, and every nested or field type of those."""
    seen = {}
    todo = [d for f in FILES for d in f.message_types_by_name.values()]
    while todo:
        desc = todo.pop()
        if desc.full_name in seen or not desc.full_name.startswith("boardbot.v1."):
            continue
        seen[desc.full_name] = desc
        todo.extend(desc.nested_types)
        todo.extend(f.message_type for f in desc.fields if f.message_type is not None)
    return sorted(seen.values(), key=lambda d: d.full_name)


def all_enums():
    out = {}
    for desc in all_messages():
        for e in desc.enum_types:
            out[e.full_name] = e
        for f in desc.fields:
            if f.enum_type is not None:
                out[f.enum_type.full_name] = f.enum_type
    for f in FILES:
        for e in f.enum_types_by_name.values():
            out[e.full_name] = e
    return sorted(out.values(), key=lambda e: e.full_name)


MESSAGES = all_messages()
ENUMS = all_enums()


def test_the_walk_covers_every_game():
    names = {d.full_name for d in MESSAGES}
    for game in convert.games_in_proto():
        for kind in ("Config", "View", "Move"):
            assert f"boardbot.v1.{pascal(game)}{kind}" in names


def clashes(desc: _d.Descriptor) -> list[str]:
    """Accessor clashes between the fields (and oneofs) of one message."""
    names = {f.name for f in desc.fields}
    problems = []

    def taken(derived: str, by: str, lang: str) -> None:
        if derived in names:
            problems.append(f"{desc.full_name}.{derived} clashes with {lang}'s accessor for {by}")

    for f in desc.fields:
        x = f.name
        for prefix in ("has_", "clear_", "mutable_", "set_", "add_", "release_", "set_allocated_", "get_",
                       "unsafe_arena_release_", "unsafe_arena_set_allocated_", "add_all_", "internal_"):
            taken(prefix + x, x, "C++/Java/Go")
        if f.is_repeated:
            for suffix in ("_size", "_count", "_list", "_or_builder_list", "_value_list"):
                taken(x + suffix, x, "C++ (x_size) / Java (getXCount, getXList)")
        if f.type == FD.TYPE_ENUM:
            taken(x + "_value", x, "Java (getXValue)")
        if f.type == FD.TYPE_STRING:
            taken(x + "_bytes", x, "Java (getXBytes)")
        if f.type == FD.TYPE_MESSAGE:
            taken(x + "_or_builder", x, "Java (getXOrBuilder)")
        if pascal(x) == desc.name and f"{desc.full_name}.{x}" not in KNOWN:
            problems.append(f"{desc.full_name}.{x}: C# cannot name a property like its class")
        if x.endswith("_field_number") or x.startswith("k_"):
            problems.append(f"{desc.full_name}.{x}: looks like a generated field-number constant")
    for oneof in desc.oneofs:
        if oneof.name.startswith("_"):
            continue  # a proto3 optional field's synthetic oneof
        for derived in (oneof.name + "_case", "clear_" + oneof.name, "has_" + oneof.name):
            taken(derived, f"oneof {oneof.name}", "C++/Java")
        if oneof.name in names:
            problems.append(f"{desc.full_name}: oneof {oneof.name} is also a field name")
    by_camel = {}
    for f in desc.fields:
        other = by_camel.setdefault(camel(f.name).lower(), f.name)
        if other != f.name:
            problems.append(f"{desc.full_name}: {other} and {f.name} are the same name in camelCase")
    return problems


@pytest.mark.parametrize("desc", MESSAGES, ids=[d.full_name for d in MESSAGES])
def test_no_accessor_clashes(desc):
    assert clashes(desc) == []


@pytest.mark.parametrize("desc", MESSAGES, ids=[d.full_name for d in MESSAGES])
def test_no_reserved_words(desc):
    problems = []
    if desc.name in RESERVED or desc.name in TYPE_NAMES:
        problems.append(f"message {desc.full_name}")
    for f in desc.fields:
        if f.full_name in KNOWN:
            continue
        for form in (f.name, camel(f.name)):
            if form in RESERVED:
                problems.append(f"field {desc.full_name}.{f.name} ({form!r} is reserved)")
        if f.name in GENERATED_MEMBERS or camel(f.name) in GENERATED_MEMBERS:
            problems.append(f"field {desc.full_name}.{f.name} (a generated member's name)")
    for oneof in desc.oneofs:
        if oneof.name in RESERVED:
            problems.append(f"oneof {desc.full_name}.{oneof.name}")
    assert problems == []


@pytest.mark.parametrize("enum", ENUMS, ids=[e.full_name for e in ENUMS])
def test_enums_are_prefixed_and_unreserved(enum):
    """Values start with the enum's UPPER_SNAKE name (so C++'s package-wide enum
    values never collide), 0 is ..._UNSPECIFIED, and no value is a reserved word."""
    prefix = convert.enum_prefix(enum)
    assert enum.containing_type is None, f"{enum.full_name}: enums are top-level (C++ names nested ones Outer_Enum)"
    assert enum.values_by_number[0].name == prefix + "UNSPECIFIED"
    assert enum.name not in RESERVED and enum.name not in TYPE_NAMES
    for value in enum.values:
        assert value.name.startswith(prefix), value.name
        assert value.name not in RESERVED and value.name.lower() not in RESERVED_LOWER, value.name


@pytest.mark.parametrize("enum", ENUMS, ids=[e.full_name for e in ENUMS])
def test_engine_spellings_follow_the_naming_rule(enum):
    """The engine string of a value (its engine_name option, else its name without the
    prefix lower-cased) maps back to that value by the rule of docs/api-contract.md,
    and no two values share a spelling."""
    spellings = {}
    for value in enum.values:
        spelling = convert.engine_spelling(value)
        assert convert.value_name(enum, spelling) == value.name, (value.name, spelling)
        assert spellings.setdefault(spelling, value.name) == value.name, f"{value.name}: {spelling!r} again"
        if value.GetOptions().HasExtension(options_pb2.engine_name):
            assert spelling != value.name.removeprefix(convert.enum_prefix(enum)).lower(), (
                f"{value.name}: the engine_name option only where the rule alone does not give the spelling")


def test_the_checks_catch_a_clash():
    """The checks above would fail on the names this test exists for."""
    from google.protobuf import descriptor_pb2, descriptor_pool

    proto = descriptor_pb2.FileDescriptorProto(name="clash_probe.proto", package="probe", syntax="proto3")
    msg = proto.message_type.add(name="Player")
    msg.field.add(name="hand", number=1, type=FD.TYPE_STRING, label=FD.LABEL_REPEATED)
    msg.field.add(name="hand_size", number=2, type=FD.TYPE_INT32, label=FD.LABEL_OPTIONAL)
    msg.field.add(name="drawn", number=3, type=FD.TYPE_STRING, label=FD.LABEL_REPEATED)
    msg.field.add(name="drawn_count", number=4, type=FD.TYPE_INT32, label=FD.LABEL_OPTIONAL)
    msg.field.add(name="player", number=5, type=FD.TYPE_INT32, label=FD.LABEL_OPTIONAL)
    pool = descriptor_pool.DescriptorPool()
    pool.Add(proto)
    desc = pool.FindMessageTypeByName("probe.Player")
    found = clashes(desc)
    assert any("hand_size" in p for p in found)
    assert any("drawn_count" in p for p in found)
    assert any("C# cannot name" in p for p in found)
    assert "public" in RESERVED and "string" in RESERVED and "default" in RESERVED
