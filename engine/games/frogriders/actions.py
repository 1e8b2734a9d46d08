"""Frogriders' action ids (docs/rules/frogriders.md, "Action ids"): every move of a
configuration, kind by kind; leaps are the pond's geometric leaps, not a product of cells."""

from __future__ import annotations

from boardbot.engine.actions import fields

from . import data as D
from .board import layout_for


def leaps(players: int) -> list[tuple]:
    """Every ``(from, over, to)`` a leap of any shape can take on this player count's pond,
    sorted: straight, diagonal, L-shaped and run-up leaps together."""
    lay = layout_for(players)
    out = set()
    for e in lay.cells:
        for table in (lay.orthogonal_into, lay.diagonal_into, lay.l_shaped_into):
            out.update((origin, over, e) for over, origin in table[e])
        for over, ray in lay.run_up_rays[e]:
            out.update((origin, over, e) for origin in ray[1:])
    return sorted(out)


def action_kinds(cfg: dict) -> list:
    returnable = [D.COLOUR_NAME[c] for c in D.RETURNABLE]
    return [
        ("keep_set_card", fields(range(len(D.PRIVATE_SET_CARDS)))),
        ("leap", [leap + (collect,) for leap in leaps(cfg["players"]) for collect in (0, 1)]),
        ("return_unit", fields(returnable)),
        ("end_turn", [()]),
        ("take_unit", fields(returnable)),
        ("take_privilege", fields(range(4))),
    ]
