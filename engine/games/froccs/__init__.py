"""Fröccs (Hajnóczy Soma): mix spritzers, sell them, bargain over mischief cards."""

from .game import GAME, FroccsGame  # noqa: F401
from .state import FroccsState  # noqa: F401

# the modules the compiled build compiles (engine/build.py reads this line)
COMPILED = ("data", "glasses", "phases", "views", "rules", "policy")
