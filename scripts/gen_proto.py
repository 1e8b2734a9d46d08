"""Generate the Python stubs for proto/: messages and gRPC stubs into
clients/python/boardbot/v1/ (the client distribution), and the Connect
server stubs into server/connect_v1/ (the browser port, boardbot.server.http_port).

    python scripts/gen_proto.py            # regenerate the committed stubs
    python scripts/gen_proto.py --out DIR  # generate into DIR/boardbot/v1/ and DIR/connect_v1/ instead

The generated code is committed; tests/test_stubs.py fails when it is stale.
Uses grpcio-tools and protoc-gen-connectrpc (both pinned in pyproject.toml,
so every machine generates the same bytes).
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


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    target = generate(args.out)
    connect = generate_connect(CONNECT_OUT if args.out == DEFAULT_OUT else args.out / "connect_v1")
    for folder in (target, connect):
        print(f"generated {len(list(folder.iterdir()))} files in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
