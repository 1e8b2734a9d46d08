"""Dűlőre jutunk state: one declaration of its fields, with the rules and the views mixed in.

``FIELDS`` names every field once, with the codec that copies, dumps and
loads it (boardbot.engine.fields); ``copy()`` and ``to_dict()`` are generated
from it. The forward model is in rules.py, what a seat sees in views.py.
"""

from __future__ import annotations

from boardbot.engine.core import State
from boardbot.engine.fields import LIST, LISTS, SCALAR, TUPLES, StateFields, custom, shared

from .rules import DuloreRules
from .views import DuloreViews

# Copied by reference and not stored: the honours rows (from the config: from_dict
# rebuilds them) and the legal-move cache (never mutated, only replaced).
DERIVED = custom("{v}", None, "None")
# The Winemaker's turns this round, (card, harvested, marker placed, (discarded orders)).
WM_TURNS = custom("{v}[:]", "[[c, h, m, list(g)] for c, h, m, g in {v}]",
                  "[(c, h, m, tuple(g)) for c, h, m, g in {v}]")


class DuloreState(DuloreRules, DuloreViews, State):
    FIELDS = StateFields(
        # vineyards (eight on the ring, the winter one last)
        side=LIST, vred=LIST, vyel=LIST, vmark=LIST, vbonus=LIST, vknown=LIST,
        # grapes, bottles and orders in the middle
        bag=LIST, basket=LIST, bsupply=LIST, display=LIST, deck=LIST, discards=LIST,
        # per seat (the boards never change after setup)
        boards=shared(dump="list({v})", load="tuple({v})"),
        grapes=LISTS, cellar=LISTS, bottles=LISTS, reserved=LISTS, row=LISTS,
        supply=LISTS, retired=LISTS, known=LISTS,
        # honours boards
        hrows=DERIVED, honours=LISTS,
        # solo: the Winemaker and the project card
        wm_deck=LIST, wm_played=LIST, black=SCALAR, spaces=LIST, wm_extra=SCALAR, wm_recent=WM_TURNS,
        # the turn
        stack=TUPLES, turn=SCALAR, current=SCALAR, end_triggered=SCALAR, over=SCALAR,
        _moves=DERIVED,
    )
    __slots__ = FIELDS.slots


DuloreState.FIELDS.install(DuloreState, "dulore-jutunk")
