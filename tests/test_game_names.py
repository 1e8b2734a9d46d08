"""Adding a game is its own places and nothing else (README.md, "Adding a game"): outside them,
no code names a game.

The rule: no registered game's name appears in the code of server/, ai/, learning/, tools/,
scripts/, engine/'s own modules (the registry aside), the Python and TypeScript clients' sources
and the web app's non-game files (clients/web/src outside games/<game>.ts and games/<game>.css),
in any spelling: the name with '-', '_', a space or nothing between its words, in any case
(czech-pub, czech_pub, CZECH_PUB, CzechPub, czechPub) and its title with or without accents
(Dűlőre jutunk, Dulore jutunk). Comments and docstrings may use a game as an example; code,
string literals included, may not. Generated code (stubs, the bundle) and tests are not looked
at: tests name games as scenarios.

Comments are found by the languages' own tools: Python's tokenizer (with ast for docstrings),
TypeScript's parser (its printer writes a file back without its comments; regular expressions
and template strings stay code), and /* */ or <!-- --> in CSS and HTML.
"""

import ast
import io
import json
import pathlib
import re
import shutil
import subprocess
import tokenize
import unicodedata

import pytest

from boardbot.engine import registry

ROOT = pathlib.Path(__file__).resolve().parent.parent
WEB = ROOT / "clients" / "web"
PYTHON_FOLDERS = ("server", "ai", "learning", "tools", "scripts", "engine", "clients/python/boardbot")
TS_FOLDERS = ("clients/typescript/src", "clients/typescript/scripts", "clients/web/src", "clients/web/scripts")
GENERATED = ("server/connect_v1", "server/web", "clients/python/boardbot/v1", "clients/typescript/src/gen")
# a game's own places (README.md, "Adding a game")
OWN = ("engine/games", "engine/registry.py")


def game_file(path: pathlib.Path) -> bool:
    """clients/web/src/games/<game>.ts or .css of a registered game."""
    stems = {name.replace("-", "_") for name in registry.names()}
    return path.parent == WEB / "src" / "games" and path.stem in stems


def sources() -> list[pathlib.Path]:
    out = []
    for folder in PYTHON_FOLDERS + TS_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            relative = path.relative_to(ROOT).as_posix()
            if (path.suffix not in (".py", ".ts", ".mjs", ".js", ".css", ".html") or "__pycache__" in path.parts
                    or relative.startswith(GENERATED + OWN) or game_file(path)):
                continue
            out.append(path)
    return out


def spellings(game) -> list[re.Pattern]:
    """Patterns of a game's name and title, any separator between the words, any case."""
    def pattern(text: str) -> re.Pattern:
        words = [re.escape(w) for w in re.split(r"[-_\s]+", text.strip()) if w]
        return re.compile("[-_ ]?".join(words), re.IGNORECASE)

    ascii_title = unicodedata.normalize("NFKD", game.title).encode("ascii", "ignore").decode()
    return [pattern(text) for text in {game.name, game.title, ascii_title}]


def occurrences(text: str, patterns: list[re.Pattern]) -> list[str]:
    """The matches that are whole words or camel-case parts (FroccsCard, isFroccs; not froccsy)."""
    found = {}
    for pattern in patterns:
        for m in pattern.finditer(text):
            before = text[m.start() - 1] if m.start() else " "
            after = text[m.end()] if m.end() < len(text) else " "
            first, last = m.group()[0], m.group()[-1]
            left = not before.isalpha() or (before.islower() and first.isupper())
            right = not after.isalpha() or (after.isupper() and last.islower())
            if left and right:
                found[m.start()] = text[max(0, m.start() - 30):m.end() + 30].replace("\n", " ")
    return [found[at] for at in sorted(found)]


def python_code(path: pathlib.Path) -> str:
    """The file's tokens but its comments and docstrings."""
    source = path.read_text()
    docstrings = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                docstrings.add((first.lineno, first.col_offset))
    kept = [tok.string for tok in tokenize.generate_tokens(io.StringIO(source).readline)
            if tok.type != tokenize.COMMENT and not (tok.type == tokenize.STRING and tok.start in docstrings)]
    return " ".join(kept)


# TypeScript's own parser and printer (clients/web's pinned typescript): each file written back
# without its comments
PRINT_WITHOUT_COMMENTS = r"""
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
const ts = createRequire(process.argv[1] + "/package.json")("typescript");
const printer = ts.createPrinter({ removeComments: true });
const out = {};
for (const file of JSON.parse(readFileSync(0, "utf8"))) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false,
    file.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  out[file] = printer.printFile(source);
}
process.stdout.write(JSON.stringify(out));
"""


def script_code(paths: list[pathlib.Path]) -> dict[pathlib.Path, str]:
    if shutil.which("node") is None:
        pytest.fail("Node.js is needed (scripts/test checks for it)")
    if not (WEB / "node_modules" / "typescript").is_dir():
        pytest.fail("clients/web/node_modules is missing: run npm ci there (scripts/test does)")
    done = subprocess.run(["node", "--input-type=module", "-e", PRINT_WITHOUT_COMMENTS, str(WEB)],
                          input=json.dumps([str(p) for p in paths]), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return {pathlib.Path(file): text for file, text in json.loads(done.stdout).items()}


def markup_code(path: pathlib.Path) -> str:
    text = path.read_text()
    return re.sub(r"<!--.*?-->", " ", text, flags=re.S) if path.suffix == ".html" else re.sub(r"/\*.*?\*/", " ", text,
                                                                                            flags=re.S)


def test_no_code_outside_a_games_own_places_names_a_game():
    files = sources()
    assert any(p.suffix == ".py" for p in files) and any(p.suffix == ".ts" for p in files)
    code = {p: python_code(p) for p in files if p.suffix == ".py"}
    code.update(script_code([p for p in files if p.suffix in (".ts", ".mjs", ".js")]))
    code.update({p: markup_code(p) for p in files if p.suffix in (".css", ".html")})
    assert set(code) == set(files)
    offences = []
    for game in registry.all_games():
        patterns = spellings(game)
        for path, text in code.items():
            offences += [f"{path.relative_to(ROOT)}: {game.name!r} in {snippet!r}" for snippet in occurrences(text,
                                                                                                            patterns)]
    assert offences == [], "\n".join(offences)


def test_the_rule_sees_code_and_lets_comments_be(tmp_path):
    game = registry.get(registry.names()[0])
    patterns = spellings(game)
    pascal = "".join(w.title() for w in re.split(r"[-_]", game.name))
    for code in (f'x = "{game.name}"', f"x = {game.name.replace('-', '_')}_data", f"class {pascal}Card: pass",
                 f"y = '{game.title}'", f"is{pascal} = 1", f"Z = {game.name.replace('-', '_').upper()}_PHASE"):
        assert len(occurrences(code, patterns)) == 1, code
    assert not occurrences(f"x = {game.name.replace('-', '')}y", patterns)
    probe = tmp_path / "probe.py"
    probe.write_text(f'"""A {game.title} example."""\n# {game.name} here\n\n\ndef f():\n    """{game.name}"""\n'
                     f'    return 1  # {game.name}\n\n\ny = "{game.name}"\n')
    assert len(occurrences(python_code(probe), patterns)) == 1
    probe = tmp_path / "probe.ts"
    probe.write_text(f'// {game.name}\n/** {game.title} */\nconst re = /\\/\\//; const s = `${{re}} {game.name}`; // x\n'
                     f"const t = 1 / 2; /* {game.name} */ const u = t / 2;\n")
    assert len(occurrences(script_code([probe])[probe], patterns)) == 1
