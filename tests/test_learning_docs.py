"""The "Action ids" and "Observation" sections of docs/rules/<game>.md are the code's:
scripts/gen_learning_docs.py --check fails when a change renumbers an action or moves an
observation block and the docs were not regenerated."""

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_rules_docs_list_the_current_action_ids_and_observation_layouts():
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_learning_docs.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    for name in ("frogriders", "czech-pub", "fritanga", "froccs", "dulore-jutunk"):
        text = (ROOT / "docs" / "rules" / f"{name}.md").read_text()
        assert "## Action ids" in text and "## Observation" in text
