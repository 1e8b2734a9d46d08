"""Fritanga: foods hop over a grid of cards above the boiling oil (Versus, Versus Teams, Chef)."""

from .state import GAME, FritangaGame, FritangaState  # noqa: F401
