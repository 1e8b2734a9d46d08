"""Generate the Python stubs for proto/: messages and gRPC stubs into
clients/python/boardbot/v1/ (the client distribution), the Connect server
stubs into server/connect_v1/ (the browser port, boardbot.server.http_port),
and each game's move fields into engine/games/<game>/move_fields.py.

    python scripts/gen_proto.py            # regenerate the committed stubs
    python scripts/gen_proto.py --out DIR  # generate into DIR/boardbot/v1/, DIR/connect_v1/ and
                                           # DIR/engine/games/ instead

The generated code is committed; tests/test_stubs.py fails when it is stale.
Uses grpcio-tools and protoc-gen-connectrpc (both pinned in pyproject.toml,
so every machine generates the same bytes).

The move fields: a move is a tuple in the engine (``("pour", card, owner, glass)``) and a
``<Game>Move`` message on the wire, one oneof field per kind whose message holds the tuple's
items. The proto is the contract every client compiles, so it is the source: the engine, which
stays pure and imports no generated protobuf code, gets the kinds and their field names in
order as a plain table (``Game.move_fields``), generated here for every game in the ``Move``
oneof of common.proto.
"""

from __future__ import annotations

import argparse
import pathlib
import shutil
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
PROTO = ROOT / "proto"
PACKAGE = pathlib.Path("boardbot") / "v1"
DEFAULT_OUT = ROOT / "clients" / "python"
CONNECT_OUT = ROOT / "server" / "connect_v1"
INIT = '"""Generated protobuf and gRPC stubs for boardbot.v1 (scripts/gen_proto.py; do not edit)."""\n'
CONNECT_INIT = '"""Generated Connect server stubs for boardbot.v1 (scripts/gen_proto.py; do not edit)."""\n'
SERVICES = ("game_service.proto", "bot_service.proto")
ENGINE_GAMES = ROOT / "engine" / "games"
MOVE_FIELDS_DOC = '''"""The fields of each {message} kind, in order: the items of the engine's move tuples after
the kind. Generated from proto/{file} by scripts/gen_proto.py (do not edit;
tests/test_stubs.py fails when it is stale)."""
'''


def connect_plugin() -> str:
    """The protoc-gen-connectrpc executable installed beside this Python."""
    found = shutil.which("protoc-gen-connectrpc", path=str(pathlib.Path(sys.executable).parent))
    if found is None:
        raise SystemExit("protoc-gen-connectrpc is missing: pip install -e '.[test]'")
    return found


def generate_connect(target: pathlib.Path) -> pathlib.Path:
    """Write the Connect server stubs of the two services to target/ (replacing it)."""
    import grpc_tools
    from grpc_tools import protoc

    include = pathlib.Path(grpc_tools.__file__).parent / "_proto"
    with tempfile.TemporaryDirectory() as tmp:
        args = ["grpc_tools.protoc", f"-I{PROTO}", f"-I{include}", f"--plugin=protoc-gen-connectrpc={connect_plugin()}",
                f"--connectrpc_out={tmp}", *(str(PACKAGE / name) for name in SERVICES)]
        if protoc.main(args) != 0:
            raise SystemExit("protoc (connectrpc) failed")
        generated = pathlib.Path(tmp) / PACKAGE
        (generated / "__init__.py").write_text(CONNECT_INIT)
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(generated, target)
    return target


def generate(out_root: pathlib.Path) -> pathlib.Path:
    """Write the stubs to out_root/boardbot/v1/ (replacing it); returns that folder."""
    import grpc_tools
    from grpc_tools import protoc

    include = pathlib.Path(grpc_tools.__file__).parent / "_proto"
    files = sorted(str(p.relative_to(PROTO)) for p in (PROTO / PACKAGE).glob("*.proto"))
    target = out_root / PACKAGE
    with tempfile.TemporaryDirectory() as tmp:
        args = ["grpc_tools.protoc", f"-I{PROTO}", f"-I{include}",
                f"--python_out={tmp}", f"--pyi_out={tmp}", f"--grpc_python_out={tmp}", *files]
        if protoc.main(args) != 0:
            raise SystemExit("protoc failed")
        generated = pathlib.Path(tmp) / PACKAGE
        (generated / "__init__.py").write_text(INIT)
        (generated / "py.typed").write_text("")  # PEP 561: the .pyi stubs are the types
        if target.exists():
            shutil.rmtree(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(generated, target)
    return target


def descriptors() -> dict:
    """Every message of proto/, nested ones too, by its full name ("boardbot.v1.FroccsMove"), with its
    file's name."""
    import grpc_tools
    from google.protobuf import descriptor_pb2
    from grpc_tools import protoc

    include = pathlib.Path(grpc_tools.__file__).parent / "_proto"
    files = sorted(str(p.relative_to(PROTO)) for p in (PROTO / PACKAGE).glob("*.proto"))
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "set.binpb"
        if protoc.main(["grpc_tools.protoc", f"-I{PROTO}", f"-I{include}", f"--descriptor_set_out={out}", *files]) != 0:
            raise SystemExit("protoc (descriptor set) failed")
        found = descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes())
    out = {}

    def add(prefix: str, message, file: str) -> None:
        out[f"{prefix}.{message.name}"] = (message, file)
        for nested in message.nested_type:
            add(f"{prefix}.{message.name}", nested, file)

    for f in found.file:
        for m in f.message_type:
            add(f.package, m, f.name)
    return out


def move_fields_source(message, file: str, messages: dict) -> str:
    """engine/games/<game>/move_fields.py for the game whose moves are ``message``."""
    from google.protobuf.descriptor_pb2 import FieldDescriptorProto as F

    kinds = [f for f in message.field if f.HasField("oneof_index")
             and message.oneof_decl[f.oneof_index].name == "kind"]
    if len(kinds) != len(message.field):
        raise SystemExit(f"{message.name}: every field must be in its oneof kind (one per move kind)")
    lines = [MOVE_FIELDS_DOC.format(message=message.name, file=file), "MOVE_FIELDS = {"]
    for kind in kinds:
        fields = messages[kind.type_name.lstrip(".")][0].field
        for f in fields:
            if f.label == F.LABEL_REPEATED or f.type in (F.TYPE_MESSAGE, F.TYPE_GROUP, F.TYPE_BYTES):
                raise SystemExit(f"{message.name}.{kind.name}.{f.name}: a move's fields are ints, bools, "
                                 "strings and enums (the items of a flat tuple)")
        names = ", ".join(f'"{f.name}"' for f in fields) + ("," if len(fields) == 1 else "")
        lines.append(f'    "{kind.name}": ({names}),')
    return "\n".join(lines + ["}", ""])


def generate_move_fields(games_root: pathlib.Path) -> list[pathlib.Path]:
    """Write <games_root>/<game>/move_fields.py for every game in common.proto's Move oneof."""
    messages = descriptors()
    move, _ = messages[f"{'.'.join(PACKAGE.parts)}.Move"]
    written = []
    for field in move.field:
        message, file = messages[field.type_name.lstrip(".")]
        target = games_root / field.name / "move_fields.py"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(move_fields_source(message, file, messages))
        written.append(target)
    return written


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    target = generate(args.out)
    connect = generate_connect(CONNECT_OUT if args.out == DEFAULT_OUT else args.out / "connect_v1")
    for folder in (target, connect):
        print(f"generated {len(list(folder.iterdir()))} files in {folder}")
    moves = generate_move_fields(ENGINE_GAMES if args.out == DEFAULT_OUT else args.out / "engine" / "games")
    print(f"generated the move fields of {len(moves)} games: {', '.join(str(p.parent.name) for p in moves)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
