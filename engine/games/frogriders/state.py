"""The Frogriders state: every field declared once, with how it is copied and
stored (``boardbot.engine.fields`` makes ``copy`` and ``to_dict`` from it).

The rules are in ``rules.py``, what a seat may see in ``views.py``.
"""

from __future__ import annotations

from boardbot.engine.core import State
from boardbot.engine.fields import CACHE, LIST, LISTS, SCALAR, TUPLE, TUPLES, StateFields, custom

from .rules import FrogridersRules
from .views import FrogridersViews


class FrogridersState(FrogridersRules, FrogridersViews, State):
    FIELDS = StateFields(
        # board.Layout of the player count: shared, derived from the config, not stored
        layout=custom("{v}", None, "None"),
        board=LIST,  # cell -> unit colour (data.EMPTY: none)
        units=LISTS,  # seat -> colour -> units collected
        village=LIST,  # colour -> units returned to the village
        privileges=LISTS,  # seat -> privilege cards taken
        display=LIST,  # the four face-up privilege cards (data.NO_CARD: empty slot)
        stack=LIST,  # the privilege cards face down
        dealt=TUPLES,  # seat -> the two set cards dealt
        kept=LIST,  # seat -> the set card kept (data.NO_CARD: not yet)
        public=TUPLE,  # the two public score cards (replaced, never mutated)
        backs=TUPLE,  # whether each shows its back (replaced, never mutated)
        trophies=LIST,  # seat -> trophies scored during the game
        player=SCALAR,
        phase=SCALAR,  # data.SETUP ... data.OVER
        turn=SCALAR,
        _moves=CACHE,  # legal moves
    )
    __slots__ = FIELDS.slots


FrogridersState.FIELDS.install(FrogridersState, "frogriders")
