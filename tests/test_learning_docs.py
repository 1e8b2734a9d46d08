"""The "Action ids" and "Observation" sections of docs/rules/<game>.md are the code's:
scripts/gen_learning_docs.py --check fails when a change renumbers an action or moves an
observation block and the docs were not regenerated."""

import pathlib
import subprocess
import sys

from boardbot.engine import registry

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_rules_docs_list_the_current_action_ids_and_observation_layouts():
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_learning_docs.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    for name in registry.names():
        text = (ROOT / "docs" / "rules" / f"{name}.md").read_text()
        assert "## Action ids" in text and "## Observation" in text


def test_the_learning_docs_examples_run():
    # each Python block of docs/learning.md, as a reader would paste it
    import os
    import re

    import pytest

    if os.environ.get("BOARDBOT_REQUIRE_LEARNING") != "1":
        pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (pip install -e '.[learning]')")
    if os.environ.get("BOARDBOT_REQUIRE_OPENSPIEL") != "1":
        pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install -e '.[openspiel]')")
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "learning.md").read_text(), re.S)
    assert len(blocks) == 3
    for block in blocks:
        done = subprocess.run([sys.executable, "-c", block], capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, block + done.stderr
