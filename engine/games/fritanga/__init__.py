"""Fritanga: foods hop over a grid of cards above the boiling oil (Versus, Versus Teams, Chef)."""

from .game import GAME, FritangaGame  # noqa: F401
from .state import FritangaState  # noqa: F401

# the modules the compiled build compiles (engine/build.py reads this line)
COMPILED = ("data", "board", "views", "rules", "policy")
