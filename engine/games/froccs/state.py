"""Fröccs state: one declaration of its fields, from which copy and
serialisation are generated (boardbot.engine.fields). The forward model is
rules.py, what a seat sees views.py, the game game.py."""

from __future__ import annotations

from boardbot.engine.core import State
from boardbot.engine.fields import LIST, LISTS, SCALAR, TUPLE_LISTS, TUPLES, StateFields, shared

from .rules import FroccsRules
from .views import FroccsViews


class FroccsState(FroccsRules, FroccsViews, State):
    FIELDS = StateFields(
        # per seat: hand and publicly known hand cards (counts by card), glasses (tuples), money,
        # hero, the two heroes dealt to choose from (replaced, never mutated), hero chosen,
        # discarded glass cards by size
        hands=LISTS, known=LISTS, glasses=TUPLE_LISTS, money=LIST, heroes=LIST,
        dealt=shared(dump="[list(d) for d in {v}]", load="[list(d) for d in {v}]"),
        chosen=LIST, glass_discard=LISTS,
        # the spritzer deck and discard pile (counts by card), the glass deck, the tavern counter
        deck=LIST, discard=LIST, glass_deck=LIST, counter=LIST,
        # the turn: actions and their types used, abilities used, the sale and play under way
        player=SCALAR, phase=SCALAR, turn=SCALAR, actions_used=SCALAR, action_limit=SCALAR,
        types_used=SCALAR, splash_left=SCALAR, buzgo_used=SCALAR, recycle_used=SCALAR, icuka_used=SCALAR,
        sale=LIST, play_left=SCALAR, play_count=SCALAR, drawn=LIST, recycling=SCALAR,
        # a mischief card and its bargain: (card, effect, target, glass, wine) or None, a tuple
        # replaced, never mutated
        mis=shared(dump="[] if {v} is None else list({v})", load="tuple({v}) if {v} else None"),
        proposer=SCALAR, turns_left=SCALAR, first_turn=SCALAR, offer=TUPLES, side=TUPLES, side_seat=SCALAR,
        # the end: last card drawn, final turns, One More Round's pledges; the hero choice
        triggered=SCALAR, final_turns=SCALAR, round_used=SCALAR, pledges=LIST, passed=LIST,
        pledge_seat=SCALAR, pledge_start=SCALAR, hero_seat=SCALAR,
    )
    __slots__ = FIELDS.slots


FroccsState.FIELDS.install(FroccsState, "froccs")
