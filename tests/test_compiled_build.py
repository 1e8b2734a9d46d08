"""The compiled build plays the same game as the pure one (issue 53): the same states, legal moves,
views, move texts, results and search decisions, in seeded random games and seeded searches per
game (tests/builds_digest.py, in a pure and a compiled child, side by side). The short run plays
2,000 games of Frogriders (the game compiled whole) and 300 of each other game, comparing every
step's legal moves and move played and, at a sample of the steps, the whole state, views and texts,
and 20 to 60 searches per game; ``BOARDBOT_LONG=1`` plays 3,000 to 10,000 games per game, compares
everything at every step, and hundreds of searches per game.

The compiled build must be installed (``pip install -e .`` with a C compiler; scripts/test does);
under ``BOARDBOT_PURE=1`` (scripts/test's pure run of the engine tests) there is nothing to compare.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from boardbot.engine import build, registry
from conftest import LONG, scaled

HERE = os.path.dirname(os.path.abspath(__file__))
# (random games, searches, share of steps whose state, views and texts are compared) per game: every
# step's decider, legal moves and move played are compared in every game. Frogriders, Czech Pub,
# Fröccs, Fritanga and Dűlőre jutunk are the games compiled whole (their views too), so they compare
# more (Czech Pub's and Fröccs's games are long: 270 and 330 steps on average; Fritanga's searches
# sample a world, re-dealt by the compiled sample_for, in every iteration; Dűlőre jutunk's games are the
# longest and its searches the slowest, so it plays 150 games); every game's compiled code is its own
# source, the state's base class and the search. The short run takes about 45 s of CPU time for the
# five games and both builds (2 cores: about 25 s of wall time), Czech Pub's share about 20 s more.
COUNTS = {"frogriders": (scaled(2000, 10000), scaled(60, 1000), 1.0 if LONG else 0.03),
          "czech-pub": (scaled(300, 3000), scaled(50, 300), 1.0 if LONG else 0.1),
          "froccs": (scaled(300, 3000), scaled(40, 300), 1.0 if LONG else 0.05),
          "fritanga": (scaled(300, 3000), scaled(40, 300), 1.0 if LONG else 0.05),
          "dulore-jutunk": (scaled(150, 3000), scaled(30, 300), 1.0 if LONG else 0.03)}
DEFAULT_COUNTS = (scaled(300, 3000), scaled(20, 300), 1.0 if LONG else 0.01)
ITERATIONS = 150


def run(name: str, pure: bool) -> subprocess.Popen:
    env = dict(os.environ)
    env.pop(build.PURE_ENV, None)
    if pure:
        env[build.PURE_ENV] = "1"
    games, searches, fraction = COUNTS.get(name, DEFAULT_COUNTS)
    return subprocess.Popen([sys.executable, os.path.join(HERE, "builds_digest.py"), name, str(games), str(searches),
                             str(ITERATIONS), str(fraction)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def outcome(proc: subprocess.Popen) -> dict:
    out, err = proc.communicate(timeout=900)
    assert proc.returncode == 0, err[-3000:]
    return json.loads(out.strip().splitlines()[-1])


@pytest.mark.skipif(os.environ.get(build.PURE_ENV, "") not in ("", "0"),
                    reason="the pure-build run (BOARDBOT_PURE): no compiled build to compare")
@pytest.mark.parametrize("name", registry.names())
def test_compiled_and_pure_builds_play_the_same_game(name):
    assert build.describe().startswith("compiled"), (
        f"the compiled build is not what runs here ({build.describe()}): pip install -e . with a C compiler")
    pure, compiled = run(name, True), run(name, False)
    a, b = outcome(pure), outcome(compiled)
    assert a["build"].startswith("pure") and b["build"].startswith("compiled"), (a["build"], b["build"])
    assert a["steps"] == b["steps"] and a["checked"] == b["checked"] > 0 and a["searches"] == b["searches"] > 0
    for g, (x, y) in enumerate(zip(a["per_game"], b["per_game"])):
        assert x == y, f"{name}: random game {g} differs between the builds"
    for i, (x, y) in enumerate(zip(a["decisions"], b["decisions"])):
        assert x == y, f"{name}: search {i} chose differently in the two builds"
    assert len(a["per_game"]) == len(b["per_game"]) == COUNTS.get(name, DEFAULT_COUNTS)[0]


def test_a_changed_source_falls_back_to_the_pure_build(tmp_path):
    """A compiled module whose source changed since the build is never what runs: the build is
    stale, and every compiled module loads from its source."""
    manifest = os.path.join(os.path.dirname(build.__file__), build.MANIFEST)
    if not os.path.exists(manifest):
        pytest.fail(f"no compiled build to check ({build.describe()}): pip install -e . with a C compiler")
    with open(manifest) as f:
        data = json.load(f)
    data["modules"]["boardbot.engine.games.frogriders.rules"] = "0" * 64  # as if rules.py had been edited
    fake = tmp_path / "manifest.json"
    fake.write_text(json.dumps(data))
    code = ("import json; from boardbot.engine import build; "
            "import boardbot.engine.games.frogriders.rules as r, boardbot.ai.ismcts as m; "
            "import boardbot.server.encoders as e; "
            "print(json.dumps([build.describe(), r.__file__, m.__file__, e.__file__]))")
    env = {k: v for k, v in os.environ.items() if k != build.PURE_ENV}
    env["BOARDBOT_BUILD_MANIFEST"] = str(fake)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    describe, rules_file, ismcts_file, encoders_file = json.loads(out.stdout.strip().splitlines()[-1])
    assert describe.startswith("pure Python (the compiled build is stale: rules changed"), describe
    assert rules_file.endswith("rules.py") and ismcts_file.endswith("ismcts.py") and encoders_file.endswith(".py")


# the server's compiled per-call code (boardbot.server.encoders: a view's conversion) against its
# pure build: the SeatView messages built from the same seeded games' views, seats and legal moves
VIEWS_DIGEST = """
import hashlib, json, random, sys
from boardbot.engine import build, registry
from boardbot.server import convert, encoders
from boardbot.v1 import common_pb2
digest, steps = hashlib.sha256(), 0
for name in registry.names():
    game = registry.get(name)
    for g in range(int(sys.argv[1])):
        cfg = game.validate(list(game.configurations())[g % len(list(game.configurations()))])
        state, rng = game.new_state(cfg, g), random.Random(g)
        while True:
            for seat in [None, *range(state.num_seats)]:
                view = common_pb2.View(**convert.constructor_arg(common_pb2.View, name, state.view(seat)))
                digest.update(view.SerializeToString(deterministic=True))
            if state.decider() < 0:
                break
            moves = state.legal_moves()
            for move in moves:
                arg = convert.constructor_arg(common_pb2.Move, name, game.move_to_dict(move))
                digest.update(common_pb2.Move(**arg).SerializeToString(deterministic=True))
            state.apply(moves[rng.randrange(len(moves))])
            steps += 1
print(json.dumps([build.describe(), encoders.__file__, steps, digest.hexdigest()]))
"""


@pytest.mark.skipif(os.environ.get(build.PURE_ENV, "") not in ("", "0"),
                    reason="the pure-build run (BOARDBOT_PURE): no compiled build to compare")
def test_the_compiled_server_conversion_builds_the_same_views():
    """boardbot.server.encoders, compiled, builds every game's views and moves as its source does."""
    results = []
    for pure in (True, False):
        env = {k: v for k, v in os.environ.items() if k != build.PURE_ENV}
        if pure:
            env[build.PURE_ENV] = "1"
        out = subprocess.run([sys.executable, "-c", VIEWS_DIGEST, str(scaled(3, 30))], env=env, capture_output=True,
                             text=True, timeout=900)
        assert out.returncode == 0, out.stderr[-3000:]
        results.append(json.loads(out.stdout.strip().splitlines()[-1]))
    (pure_build, pure_file, pure_steps, pure_digest), (compiled, compiled_file, steps, digest) = results
    assert pure_build.startswith("pure Python") and pure_file.endswith("encoders.py")
    assert compiled.startswith("compiled") and not compiled_file.endswith(".py"), compiled
    assert steps == pure_steps > 100 and digest == pure_digest
