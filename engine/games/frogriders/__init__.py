"""Frogriders (eggertspiele 2017): leap frogrider units, collect sets."""

from .state import GAME, FrogridersGame, FrogridersState  # noqa: F401
