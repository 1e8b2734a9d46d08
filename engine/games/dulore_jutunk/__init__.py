"""Dűlőre jutunk: harvest grapes, press, age and bottle wine, fulfil orders; solo against the Winemaker."""

from .game import GAME, DuloreGame  # noqa: F401
from .state import DuloreState  # noqa: F401

# the modules the compiled build compiles (engine/build.py reads this line)
COMPILED = ("data", "views", "rules", "policy")
