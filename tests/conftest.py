import os

import pytest

LONG = os.environ.get("BOARDBOT_LONG") == "1"


def scaled(short: int, long: int) -> int:
    """A count for the always-on short run, or the long property run."""
    return long if LONG else short


@pytest.fixture
def long_run() -> bool:
    return LONG
