"""The engine's tests on the pure-Python build, the specification the compiled build is made from
(issue 53: "the pure build keeps its own run of the engine tests").

The rest of the suite runs on the compiled build. This test runs the engine's tests again in a
pytest of their own with ``BOARDBOT_PURE=1`` (every module imported from its Python source), as one
long test that conftest.py hands out first: it runs beside the other files on one worker instead of
as a phase of its own before the suite (scripts/test), where two of the three workers waited on its
longest file."""

from __future__ import annotations

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENGINE_TESTS = ["tests/games", "tests/test_state_fields.py", "tests/test_playthroughs.py"]


def pure_env() -> dict:
    env = dict(os.environ, BOARDBOT_PURE="1")
    for name in [k for k in env if k.startswith("PYTEST_XDIST") or k == "PYTEST_CURRENT_TEST"]:
        env.pop(name)  # the inner run is a pytest of its own, not another xdist worker
    return env


def test_the_engine_tests_pass_on_the_pure_build():
    which = subprocess.run([sys.executable, "-c", "from boardbot.engine import build; print(build.describe())"],
                           env=pure_env(), capture_output=True, text=True, timeout=120)
    assert which.stdout.startswith("pure"), which.stdout + which.stderr
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *ENGINE_TESTS],
                         cwd=ROOT, env=pure_env(), capture_output=True, text=True, timeout=1200)
    # exit 0: every test collected passed (5 would be none collected, 1 a failure)
    assert run.returncode == 0, (
        f"the pure build's engine tests (exit {run.returncode}):\n{run.stdout[-8000:]}\n{run.stderr[-3000:]}")
