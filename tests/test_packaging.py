"""One import name, and a client that installs alone.

* Everything the main distribution installs imports under ``boardbot``; the
  design card's folders (engine/, ai/, server/, tools/) refuse to be imported
  under their own names, even from the repository root.
* The client distribution (clients/python) installs into an empty
  virtualenv with only the gRPC and protobuf runtimes, and plays a whole
  game against a server of the main install, with the blocking client and
  with the asyncio one; it is typed (py.typed ships): mypy --strict reads the
  installed client's types in a program that uses it, and finds a wrong call.
* The server never imports the client.
"""

import os
import pathlib
import re
import shutil
import subprocess
import sys
import tomllib
import venv
import zipfile

import pytest

from boardbot.engine import build
from conftest import LONG

ROOT = pathlib.Path(__file__).resolve().parent.parent
FOLDERS = {"engine": "boardbot.engine", "ai": "boardbot.ai", "server": "boardbot.server", "tools": "boardbot.tools",
           "learning": "boardbot.learning"}

# The client's README example, as a user would paste it (plus the address).
CLIENT_SCRIPT = """
import sys
from boardbot.client import Client

with Client(sys.argv[1]) as client:
    game = client.create_game("frogriders", seats=["human", "random"])
    me = game.seat(0)
    for event, view in me.watch():
        if view.finished:
            print("scores:", view.outcome["scores"], "version:", view.version)
            break
        if view.my_turn:
            me.play(move_id=0, expected_version=view.version)
"""

# The same with the asyncio client (docs/clients.md's asyncio example, plus the address).
ASYNC_CLIENT_SCRIPT = """
import asyncio
import sys

from boardbot.client.aio import Client


async def main(address: str) -> None:
    async with Client(address) as client:
        game = await client.create_game("frogriders", seats=["human", "random"])
        me = game.seat(0)
        async for event, view in me.watch():      # every version, in order, until the game ends
            if view.outcome is not None:
                print("scores:", view.outcome["scores"], "version:", view.version)
                break
            if view.my_turn:
                await me.play(move_id=0, expected_version=view.version)

asyncio.run(main(sys.argv[1]))
"""


def built_wheel(tmp_path, pure: bool) -> pathlib.Path:
    """The wheel setuptools builds from the sources alone, as deploy/Dockerfile copies them
    (setup.py finds the packages under package-dir's folders); ``pure``: without mypyc's compile."""
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for folder in FOLDERS:  # the sources alone: not the editable install's compiled files beside them
        shutil.copytree(ROOT / folder, source / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", build.MANIFEST))
    env = {**os.environ, build.PURE_ENV: "1" if pure else "0"}
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                            "--disable-pip-version-check", str(source), "-w", str(tmp_path)],
                           capture_output=True, text=True, timeout=900, env=env)
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = tmp_path.glob("boardbot-*.whl")
    return wheel


def test_every_package_folder_is_installed(tmp_path):
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert config["package-dir"] == {name: folder for folder, name in FOLDERS.items()}
    assert "packages" not in config, "the packages are found (setup.py), not listed in pyproject.toml"
    wanted = set()
    for folder, name in FOLDERS.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            relative = init.parent.relative_to(ROOT / folder)
            wanted.add(".".join([name, *relative.parts]))
    with zipfile.ZipFile(built_wheel(tmp_path, pure=True)) as archive:
        packages = {name.removesuffix("/__init__.py").replace("/", ".") for name in archive.namelist()
                    if name.endswith("/__init__.py")}
        assert "boardbot/server/web/app.js" in archive.namelist()
        assert not [name for name in archive.namelist() if name.endswith(".so")]
    assert packages == wanted


@pytest.mark.skipif(not LONG, reason="BOARDBOT_LONG=1: a second mypyc compile of the whole build (1-5 minutes)")
@pytest.mark.skipif(not (shutil.which("cc") or shutil.which("gcc")), reason="no C compiler")
def test_the_wheel_carries_the_compiled_build(tmp_path):
    """deploy/Dockerfile serves the wheel built where a C compiler is: the compiled build inside it
    (mypyc's shared library, each compiled module, the record of their sources)."""
    with zipfile.ZipFile(built_wheel(tmp_path, pure=False)) as archive:
        compiled = {name.split(".cpython-")[0].replace("/", ".") for name in archive.namelist()
                    if name.endswith(".so")}
        assert compiled == set(build.COMPILED_MODULES.values()) | {build.GROUP + "__mypyc"}, compiled
        assert "boardbot/engine/" + build.MANIFEST in archive.namelist()


@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_folders_do_not_import_under_their_own_names(folder):
    # from the repository root, where the folders themselves are on sys.path
    bad = subprocess.run([sys.executable, "-c", f"import {folder}"], cwd=ROOT, capture_output=True, text=True)
    assert bad.returncode != 0 and f"import {FOLDERS[folder]}, not {folder}" in bad.stderr
    good = subprocess.run([sys.executable, "-c", f"import {FOLDERS[folder]}"], cwd=ROOT, capture_output=True,
                          text=True)
    assert good.returncode == 0, good.stderr


def test_the_server_does_not_import_the_client():
    pattern = re.compile(r"boardbot\.client|boardbot import client|boardbot\.tools|from \.\.tools")
    offenders = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
                 for path in list((ROOT / "server").rglob("*.py")) + list((ROOT / "engine").rglob("*.py"))
                 + list((ROOT / "ai").rglob("*.py"))
                 for n, line in enumerate(path.read_text().splitlines(), 1) if pattern.search(line)]
    assert offenders == []


def test_client_installs_alone_and_plays_a_whole_game(tmp_path, server):
    env_dir = tmp_path / "client-venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    install = subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                              str(ROOT / "clients" / "python")], capture_output=True, text=True, timeout=600)
    assert install.returncode == 0, install.stdout + install.stderr
    listed = subprocess.run([str(python), "-m", "pip", "list", "--format=freeze"], capture_output=True, text=True,
                            check=True).stdout
    installed = {line.split("==")[0].lower() for line in listed.splitlines()}
    assert "boardbot-client" in installed
    assert not installed & {"boardbot", "numpy", "structlog", "uvloop"}, installed
    for module in ("boardbot.server", "boardbot.engine", "boardbot.ai", "engine", "server"):
        probe = subprocess.run([str(python), "-c", f"import {module}"], cwd=tmp_path, capture_output=True)
        assert probe.returncode != 0, f"{module} imports in the client-only install"
    script = tmp_path / "play.py"
    script.write_text(CLIENT_SCRIPT)
    assert len([line for line in CLIENT_SCRIPT.strip().splitlines() if line.strip()]) <= 12
    played = subprocess.run([str(python), str(script), server.address], cwd=tmp_path, capture_output=True,
                            text=True, timeout=120)
    assert played.returncode == 0, played.stderr
    assert played.stdout.startswith("scores: [") and "version:" in played.stdout
    awaited = tmp_path / "play_async.py"
    awaited.write_text(ASYNC_CLIENT_SCRIPT)
    played = subprocess.run([str(python), str(awaited), server.address], cwd=tmp_path, capture_output=True,
                            text=True, timeout=120)
    assert played.returncode == 0, played.stderr
    assert played.stdout.startswith("scores: [") and "version:" in played.stdout
    # typed: mypy (the test extra's, in this interpreter) reads the installed client through its
    # py.typed, passes the program, and catches a wrong argument in it
    wrong = tmp_path / "wrong.py"
    wrong.write_text(ASYNC_CLIENT_SCRIPT.replace("move_id=0,", 'move_id="first",'))
    for program, fine in ((awaited, True), (wrong, False)):
        checked = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--python-executable",
                                  str(python), str(program)], cwd=tmp_path, capture_output=True, text=True, timeout=300)
        assert (checked.returncode == 0) == fine, checked.stdout + checked.stderr
        if not fine:
            assert 'Argument "move_id" to "play" of "Seat" has incompatible type "str"' in checked.stdout
