"""Dűlőre jutunk: harvest grapes, press, age and bottle wine, fulfil orders; solo against the Winemaker."""

from .state import GAME, DuloreGame, DuloreState  # noqa: F401
