"""The Fritanga state: one declaration of its fields.

Representation (flat lists, indexed by table cell or seat):

* ``grid[cell]``: -1 for an empty space (oil), else the card kind, plus
  ``FACE_UP`` (16) when the card is face up. Occupied cards are always face up.
* ``kmask[cell]``: who knows a face-down card: bit ``1 << seat`` per seat
  (F-Rays peeks) and ``PUBLIC`` (everyone, e.g. baskets put back face down by
  Breadcrumbs). The knowledge is attached to the card and moves with it.
* ``hands[seat]``: card codes ``kind | FRESH | mask << 5``: ``FRESH`` marks a
  card that joined the hand this turn (playable from the next turn on), the
  mask says who knows the card (the owner always does). A card enters a hand
  face up in view of everyone (``PUBLIC``); only Unbattered's random steal
  hides cards from the other seats.
* ``stack``: the pending decisions and effects, as flat int tuples (frames;
  rules.py runs them).
* not stored (``to_dict`` leaves them out, ``FritangaRules._restore`` derives
  them on load): ``lay`` (the table of the mode and player count), ``mode``,
  ``occ[cell]`` (the seat standing on a card, else -1), the ``facedown`` and
  ``ncards`` counters and the decision (``_moves``, ``_decider``).

The forward model is ``FritangaRules`` (rules.py), what a seat may see
``FritangaViews`` (views.py). ``copy()`` and ``to_dict()`` are generated from
``FIELDS`` (boardbot.engine.fields); ``FIELDS.load`` is from_dict's body (game.py).
"""

from __future__ import annotations

from boardbot.engine.core import State
from boardbot.engine.fields import LIST, LISTS, SCALAR, TUPLES, StateFields, custom

from .rules import FritangaRules
from .views import FritangaViews

# Not stored: FritangaRules._restore derives them on load.
DERIVED = custom("{v}", None, "None")  # copied by reference: immutable, or replaced and never mutated
DERIVED_LIST = custom("{v}[:]", None, "None")  # a list of ints, copied


class FritangaState(FritangaRules, FritangaViews, State):
    FIELDS = StateFields(
        lay=DERIVED, mode=DERIVED,
        grid=LIST, kmask=LIST, occ=DERIVED_LIST, pos=LIST, status=LIST, fall_at=LIST, fried_turn=LIST, hands=LISTS,
        discard=LIST, removed=LIST, chef_hand=LIST, chef_played=SCALAR, final=SCALAR, stack=TUPLES,
        turn_seat=SCALAR, turn=SCALAR, skip=SCALAR, facedown=DERIVED, ncards=DERIVED, over=SCALAR,
        _moves=DERIVED,  # the legal moves: replaced, never mutated in place
        _decider=DERIVED,
    )
    __slots__ = FIELDS.slots


FritangaState.FIELDS.install(FritangaState, "fritanga")
