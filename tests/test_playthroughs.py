"""Replay every recorded playthrough; any rule change shows up as a diff.

Regenerate after an intended change: python -m boardbot.engine.playthrough <game>
"""

import difflib
import os

import pytest

from boardbot.engine.playthrough import cases, path_for, record
from boardbot.engine.testing import config_id

CASES = list(cases())


@pytest.mark.parametrize("name,cfg", CASES, ids=[f"{n}[{config_id(c)}]" for n, c in CASES])
def test_playthrough_matches_the_recording(name, cfg):
    path = path_for(name, cfg)
    assert os.path.exists(path), f"no recorded playthrough; run: python -m boardbot.engine.playthrough {name}"
    with open(path, encoding="utf-8") as f:
        expected = f.read()
    actual = record(name, cfg)
    if actual != expected:
        diff = "".join(list(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                                 "recorded", "now"))[:60])
        pytest.fail(f"playthrough changed for {name} {config_id(cfg)}:\n{diff}")
