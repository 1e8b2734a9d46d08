"""Each game is a few files with one job each, and no module of a game imports
another in a cycle, not even from inside a function (the late import that
hides a cycle)."""

import ast
import pathlib

import pytest

GAMES = pathlib.Path(__file__).resolve().parent.parent / "engine" / "games"
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
