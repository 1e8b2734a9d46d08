"""examples/learn_froccs.py learns: a short run of it (fixed seeds) wins more often against
the random bot after training than before, on the same evaluation games.

Skipped where gymnasium is not installed, unless BOARDBOT_REQUIRE_LEARNING=1 (scripts/test)."""

import os
import pathlib
import re
import subprocess
import sys

import pytest

if os.environ.get("BOARDBOT_REQUIRE_LEARNING") != "1":
    pytest.importorskip("gymnasium", reason="gymnasium is not installed (pip install -e '.[learning]')")

EXAMPLE = pathlib.Path(__file__).resolve().parent.parent / "examples" / "learn_froccs.py"


def test_the_example_policy_wins_more_after_training():
    done = subprocess.run([sys.executable, str(EXAMPLE), "--episodes", "300", "--games", "50"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    before = float(re.search(r"before training: win rate ([0-9.]+)", done.stdout).group(1))
    after = float(re.search(r"after 300 training games .*: win rate ([0-9.]+)", done.stdout).group(1))
    assert after > before + 0.1, done.stdout
