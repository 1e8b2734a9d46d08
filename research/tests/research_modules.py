"""Import a script of research/ as a module, the way the scripts import one another: by file
name, with research/ on sys.path (so a script and the tests share one copy of each module)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

RESEARCH = Path(__file__).resolve().parent.parent


def load(name: str):
    if str(RESEARCH) not in sys.path:
        sys.path.insert(0, str(RESEARCH))
    return importlib.import_module(name)
