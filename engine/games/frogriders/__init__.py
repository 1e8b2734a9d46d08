"""Frogriders (eggertspiele 2017): leap frogrider units, collect sets."""

from .game import GAME, FrogridersGame  # noqa: F401
from .state import FrogridersState  # noqa: F401

# the modules the compiled build compiles (engine/build.py reads this line)
COMPILED = ("data", "board", "rules", "views", "policy")
