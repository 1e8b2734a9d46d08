"""Each game is a few files with one job each, and no module of a game imports
another in a cycle, not even from inside a function (the late import that
hides a cycle); nor does any module of the whole package. No module of the
server is over 600 lines (generated code aside), and docs/ai.md stays under 400."""

import ast
import pathlib
import tomllib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
GAMES = ROOT / "engine" / "games"
PACKAGES = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").exists())
# the files every game has, each with its job (README: "Adding a game")
EXPECTED = {"data.py", "rules.py", "views.py", "state.py", "game.py", "policy.py", "move_fields.py"}


def imports_within(package: pathlib.Path) -> dict[str, set[str]]:
    """module -> the sibling modules it imports, anywhere in its code."""
    out = {}
    for path in package.glob("*.py"):
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    found.add(node.module.split(".")[0])
                else:
                    found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(
                    f"boardbot.engine.games.{package.name}."):
                found.add(node.module.split(".")[4])
        out[path.stem] = {m for m in found if (package / f"{m}.py").exists()}
    return out


@pytest.mark.parametrize("game", PACKAGES)
def test_a_game_is_its_files(game):
    assert EXPECTED <= {p.name for p in (GAMES / game).glob("*.py")}


@pytest.mark.parametrize("game", PACKAGES)
def test_no_import_cycles(game):
    graph = imports_within(GAMES / game)
    done, path = set(), []

    def visit(module: str) -> None:
        if module in path:
            raise AssertionError(f"{game}: import cycle {' -> '.join(path[path.index(module):] + [module])}")
        if module in done:
            return
        path.append(module)
        for other in sorted(graph.get(module, ())):
            visit(other)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        visit(module)


@pytest.mark.parametrize("game", PACKAGES)
def test_the_policy_does_not_reach_the_state_or_the_game(game):
    graph = imports_within(GAMES / game)
    assert not graph.get("policy", set()) & {"state", "game"}


def package_modules() -> dict[str, pathlib.Path]:
    """Every module of the package ``boardbot`` -> its file: the folders pyproject.toml maps
    onto it (package-dir), and the client distribution's ``boardbot.client`` beside them
    (its generated ``boardbot.v1`` stubs import nothing of ours but each other)."""
    folders = dict(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"])
    folders["boardbot.client"] = "clients/python/boardbot/client"  # a package, or a module (client.py)
    out = {}
    for package, folder in folders.items():
        base = ROOT / folder
        if not base.exists() and base.with_suffix(".py").exists():
            base = base.with_suffix(".py")
        for path in [base] if base.suffix == ".py" else sorted(base.rglob("*.py")):
            parts = [] if path == base else list(path.relative_to(base).with_suffix("").parts)
            if parts and parts[-1] == "__init__":
                parts.pop()
            out[".".join([package, *parts])] = path
    return out


def package_imports(modules: dict[str, pathlib.Path]) -> dict[str, dict[str, int]]:
    """module -> {module of the package it imports: the line}, from imports anywhere in its
    code (at the top, in a function, under ``if TYPE_CHECKING``). ``from P import name``
    imports the module ``P.name`` when there is one, else ``P``; importing a module does
    not count as importing its parent packages (whose ``__init__`` only names things)."""
    graph = {}
    for module, path in modules.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        found: dict[str, int] = {}
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(parent + ([node.module] if node.module else []))
                names = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
            else:
                continue
            for name in names:
                while name and name not in modules:  # boardbot.engine.core.State -> boardbot.engine.core
                    name = name.rpartition(".")[0]
                if name and name != module:
                    found.setdefault(name, node.lineno)
        graph[module] = found
    return graph


def import_cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The import cycles of ``graph``: one per strongly connected group of two or more
    modules, each as a path through it that returns to its start."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups = []

    def connect(module: str) -> None:  # Tarjan's algorithm
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in graph[module]:
            if other not in index:
                connect(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while not group or group[-1] != module:
                group.append(stack.pop())
            if len(group) > 1:
                groups.append(set(group))

    for module in sorted(graph):
        if module not in index:
            connect(module)
    cycles = []
    for group in groups:  # a shortest way back to the group's first module, to name it
        start = min(group)
        paths = {start: [start]}
        queue = [start]
        while queue:
            module = queue.pop(0)
            for other in sorted(set(graph[module]) & group):
                if other == start:
                    queue = []
                    cycles.append(paths[module] + [start])
                    break
                if other not in paths:
                    paths[other] = paths[module] + [other]
                    queue.append(other)
    return cycles


def test_no_import_cycle_in_the_package():
    modules = package_modules()
    assert {"boardbot.engine.core", "boardbot.server.master", "boardbot.ai.bots", "boardbot.tools.cli",
            "boardbot.learning.match", "boardbot.client"} <= modules.keys()
    graph = package_imports(modules)
    cycles = import_cycles(graph)
    assert not cycles, "import cycles:\n" + "\n".join(
        " -> ".join(f"{a} (line {graph[a][b]})" for a, b in zip(cycle, cycle[1:])) + f" -> {cycle[-1]}"
        for cycle in cycles)


def test_the_cycle_finder_finds_a_cycle_through_a_late_import(tmp_path):
    (tmp_path / "a.py").write_text("from . import b\n")
    (tmp_path / "b.py").write_text("def f():\n    from .c import g\n")
    (tmp_path / "c.py").write_text("import pkg.a\n")
    (tmp_path / "d.py").write_text("from .a import b\n")
    modules = {f"pkg.{p.stem}": p for p in tmp_path.glob("*.py")}
    graph = package_imports(modules)
    assert graph["pkg.d"] == {"pkg.a": 1} and graph["pkg.b"] == {"pkg.c": 2}
    assert import_cycles(graph) == [["pkg.a", "pkg.b", "pkg.c", "pkg.a"]]


SERVER_MODULE_LINES = 600  # a module with one job fits on a few screens (issue 46)


def test_no_server_module_is_over_600_lines():
    """Every module of server/ (its subfolders too), but the generated ones: the Connect stubs
    (server/connect_v1/, ``DO NOT EDIT``), which scripts/gen_proto.py writes and
    tests/test_stubs.py compares byte for byte with what the generator makes."""
    server = ROOT / "server"
    modules = sorted(server.rglob("*.py"))
    generated = [p for p in modules if "DO NOT EDIT" in "".join(p.read_text().splitlines(keepends=True)[:5])]
    assert {p.parent.name for p in generated} <= {"connect_v1"}, generated
    long = {str(p.relative_to(ROOT)): n for p in modules if p not in generated
            and (n := len(p.read_text().splitlines())) > SERVER_MODULE_LINES}
    assert not long, f"server modules over {SERVER_MODULE_LINES} lines: {long}"


AI_DOCUMENT_LINES = 400  # docs/ai.md is a user's document; measurements go to docs/performance.md, research to research/


def test_the_ai_document_stays_a_users_document():
    """Issue 46: docs/ai.md holds the presets, what they mean, the strength tables and how to reproduce
    them, under 400 lines (it had grown back to 585 with measurement tables, since moved)."""
    lines = len((ROOT / "docs" / "ai.md").read_text().splitlines())
    assert lines < AI_DOCUMENT_LINES, f"docs/ai.md is {lines} lines: move measurements to docs/performance.md"
