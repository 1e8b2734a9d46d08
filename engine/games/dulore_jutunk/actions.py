"""Dűlőre jutunk's action ids (docs/rules/dulore-jutunk.md, "Action ids"): every move of a
configuration, kind by kind, in the spelling of ``rules.py``'s move tuples."""

from __future__ import annotations

from boardbot.engine.actions import fields

from . import data as D
from .rules import PRESS_COMBOS, PRESS3_COMBOS

MAX_PRESS = max(board[1] for board in D.BOARDS)  # the largest press house: grapes kept at most


def _pairs(total_max: int) -> list[tuple]:
    """(red, yellow) with red + yellow <= total_max."""
    return [(r, y) for r in range(total_max + 1) for y in range(total_max + 1 - r)]


def action_kinds(cfg: dict) -> list:
    bonuses = D.MARKER_BONUS_NAME
    vineyards = range(D.NUM_VINEYARDS)
    return [
        ("harvest", fields(vineyards)),
        ("fulfil", fields(range(D.NUM_ORDERS), ("left", "right"))),
        ("keep", _pairs(MAX_PRESS)),
        ("press", sorted(set(PRESS_COMBOS) | set(PRESS3_COMBOS))),
        ("age", [(D.WINE_NAME[c], s) for c in range(3) for s in range(D.TRACK_LEN[c])]),
        ("take_order", fields(range(D.DISPLAY_SIZE))),
        ("draw", fields((1, 2))),
        ("farmer", fields(vineyards, bonuses)),
        ("honour", fields(range(4), bonuses)),
        ("project_space", fields(range(1, D.PROJECT_SPACES + 1))),
        ("discard_grapes", _pairs(2)),
        ("discard_bottle", fields(D.WINE_NAME)),
        ("pass_bottle", fields(D.WINE_NAME)),
        ("skip", [()]),
    ]
