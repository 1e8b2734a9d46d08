"""Which build of the hot modules this process runs: compiled (mypyc) or pure Python.

The modules in ``COMPILED_MODULES`` are plain Python with type annotations, and they stay the one
source of the rules: ``pip install -e .`` (setup.py) also compiles them with mypyc into C
extensions beside them when it can (a C compiler is present and ``BOARDBOT_PURE`` is not set), and
records each source's SHA-256 in ``engine/_native.json``. ``install()`` (called by
``boardbot.engine`` and ``boardbot.ai`` before anything else) puts a finder first on
``sys.meta_path`` that decides once, for all of them together (the compiled modules share one
library, so they load all compiled or all pure):

* ``BOARDBOT_PURE=1``: pure Python;
* no compiled build, or one that does not match the sources (a source edited or a branch checked
  out since the build: its hash differs): pure Python, and ``describe()`` says why (run
  ``pip install -e .`` again to rebuild), so a stale extension never shadows edited source;
* otherwise the compiled extensions.

This module imports nothing of the package (setup.py reads ``COMPILED_MODULES`` from it).
"""

from __future__ import annotations

import ast
import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys

# Source path (relative to the repository) -> module, compiled together as one mypyc group: the
# engine's, the search's and the server's per-call own, and each game's that its folder's __init__.py names in a
# ``COMPILED = ("rules", ...)`` line (read as text: this module imports nothing of the package, and
# a game is named only in its own folder).
_CORE_MODULES = {
    "engine/state.py": "boardbot.engine.state",
    "engine/chance.py": "boardbot.engine.chance",
    "engine/playout.py": "boardbot.engine.playout",
    "ai/utility.py": "boardbot.ai.utility",
    "ai/ismcts.py": "boardbot.ai.ismcts",
    "server/encoders.py": "boardbot.server.encoders",
    "server/wire.py": "boardbot.server.wire",
    "server/snapshots.py": "boardbot.server.snapshots",
}


def _game_modules(root: str) -> dict[str, str]:
    out = {}
    games = os.path.join(root, "engine", "games")
    for folder in sorted(os.listdir(games)) if os.path.isdir(games) else ():
        init = os.path.join(games, folder, "__init__.py")
        if not os.path.isfile(init):
            continue
        with open(init, encoding="utf-8") as f:
            for node in ast.parse(f.read(), init).body:
                if (isinstance(node, ast.Assign) and len(node.targets) == 1
                        and getattr(node.targets[0], "id", None) == "COMPILED"):
                    for name in ast.literal_eval(node.value):
                        out[f"engine/games/{folder}/{name}.py"] = f"boardbot.engine.games.{folder}.{name}"
    return out


COMPILED_MODULES = {"engine/state.py": _CORE_MODULES["engine/state.py"],
                    **_game_modules(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                    **{path: module for path, module in _CORE_MODULES.items() if path != "engine/state.py"}}
GROUP = "boardbot.engine._native"  # mypyc's shared library: boardbot.engine._native__mypyc
MANIFEST = "_native.json"  # beside this file: {"compiler": ..., "modules": {module: sha256}}
PURE_ENV = "BOARDBOT_PURE"

_decision: tuple[bool, str] | None = None


def source_hash(path: str) -> str:
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


# the folder holding engine/, ai/ and server/: the repository (editable installs) or site-packages/boardbot
_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_SOURCES = {module: os.path.join(_ROOT, *path.split("/")) for path, module in COMPILED_MODULES.items()}


def _module_path(module: str) -> str | None:
    """The .py source of a compiled module (found without importing anything)."""
    path = _SOURCES.get(module)
    return path if path is not None and os.path.isfile(path) else None


def _decide() -> tuple[bool, str]:
    """(compiled?, the reason in words), once per process."""
    global _decision
    if _decision is not None:
        return _decision
    here = os.path.dirname(os.path.abspath(__file__))
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        _decision = (False, f"pure Python ({PURE_ENV}={os.environ[PURE_ENV]})")
        return _decision
    try:  # BOARDBOT_BUILD_MANIFEST: another record to check against (tests/test_compiled_build.py)
        with open(os.environ.get("BOARDBOT_BUILD_MANIFEST") or os.path.join(here, MANIFEST)) as f:
            manifest = json.load(f)
    except (OSError, ValueError):
        _decision = (False, "pure Python (no compiled build: pip install -e . with a C compiler builds one)")
        return _decision
    stale = []
    for module, digest in manifest.get("modules", {}).items():
        path = _module_path(module)
        if path is None or source_hash(path) != digest:
            stale.append(module.rsplit(".", 1)[-1])
    if stale or set(manifest.get("modules", {})) != set(COMPILED_MODULES.values()):
        what = ", ".join(stale) or "the list of compiled modules"
        _decision = (False, f"pure Python (the compiled build is stale: {what} changed since it was built; "
                            "pip install -e . rebuilds it)")
        return _decision
    _decision = (True, f"compiled ({manifest.get('compiler', 'mypyc')}, {len(COMPILED_MODULES)} modules)")
    return _decision


class _Finder:
    """Serves the pure-Python source of the compiled modules when the decision is pure."""

    names = frozenset(COMPILED_MODULES.values()) | {GROUP + "__mypyc"}

    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        if fullname not in cls.names:
            return None
        compiled, _ = _decide()
        if compiled:
            return None  # the normal finders: the extension module comes before the .py
        source = _module_path(fullname) if fullname != GROUP + "__mypyc" else None
        if source is None:
            return None
        return importlib.util.spec_from_file_location(
            fullname, source, loader=importlib.machinery.SourceFileLoader(fullname, source))


def install() -> None:
    if _Finder not in sys.meta_path:
        sys.meta_path.insert(0, _Finder)


def is_compiled() -> bool:
    """Whether the hot modules this process imported are the compiled ones."""
    core = sys.modules.get("boardbot.engine.state")
    return core is not None and not (getattr(core, "__file__", "") or "").endswith(".py")


def describe() -> str:
    """The build in words, for the server's log and GetServingStats: compiled or pure, and why."""
    compiled, reason = _decide()
    if compiled and not is_compiled() and "boardbot.engine.state" in sys.modules:
        return "pure Python (the compiled modules did not load)"
    return reason
