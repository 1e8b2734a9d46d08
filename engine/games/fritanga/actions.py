"""Fritanga's action ids (docs/rules/fritanga.md, "Action ids"): every move of a
configuration, kind by kind; cells are the configuration's table (``board.Layout``)."""

from __future__ import annotations

from boardbot.engine.actions import fields

from . import data as D
from .board import layout_for


def action_kinds(cfg: dict) -> list:
    lay = layout_for(D.MODE_NAMES.index(cfg["mode"]), cfg["players"])
    cells = range(lay.size)
    return [
        ("play", fields(D.CARD_KEY)),
        ("end_play", [()]),
        ("move", fields(cells)),
        ("choose_card", fields(cells)),
        ("choose_space", fields(cells)),
        ("choose_seat", fields(range(cfg["players"]))),
        ("choose_direction", fields(D.DIRECTIONS)),
        ("skill", fields(D.SKILL_KEY)),
        # a food's No frying way!, or the chef's reaction skill
        ("react", [(D.CARD_KEY[D.NO_FRYING],), (D.SKILL_KEY[D.SK_REACTION],)]),
        ("decline", [()]),
    ]
