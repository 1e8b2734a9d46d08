"""Czech Pub state: every field of a position, declared once.

``CzechPubState`` is its rules (``rules.py``: the forward model and the deal)
and its views (``views.py``: what a seat may see) over these fields. ``FIELDS``
says how each field is copied and stored, and generates ``copy`` and
``to_dict`` (``boardbot.engine.fields``); the keys ``stored_as`` names keep the
dict format of the games stored before the fields were declared.
"""

from __future__ import annotations

from boardbot.engine.core import State
from boardbot.engine.fields import CACHE, LIST, LISTS, SCALAR, TUPLE, TUPLES, Codec, StateFields, shared, stored_as

from .rules import CzechPubRules, Pass
from .views import CzechPubViews

# known[holder]: () or a tuple over observers of sorted card tuples (rules.py);
# replaced, never mutated, so copies share it
KNOWN = shared(dump="[[list(t) for t in row] for row in {v}]",
               load="tuple(tuple(tuple(t) for t in row) for row in {v})")

# passes[seat]: the reaction windows the seat passed on since it last took cards unseen
# (rules.Pass); tuples replaced, never mutated. Games stored before the field existed load with no passes.
PASSES = Codec(copy="{v}[:]",
               dump="[[[r[0], [list(e) for e in r[1]], *r[2:]] for r in row] for row in {v}]",
               load="[() for _ in data['hands']] if {v} is None else "
                    "[tuple(Pass(r[0], tuple(tuple(e) for e in r[1]), *r[2:]) for r in row) for row in {v}]",
               since=True)


class CzechPubState(CzechPubRules, CzechPubViews, State):
    FIELDS = StateFields(
        helpers={"Pass": Pass},
        # per seat
        points=LIST, stage=LIST, cell=LIST, hands=LISTS, tokens=LIST, abst=stored_as("abstinence", LIST),
        paused=LIST, out=LIST, insults=LIST, copying=LIST, titles=LIST, real=stored_as("real_drinks", LIST),
        # cards; the Last Order card: where it is, its draw positions from the top, who drew it
        deck=LIST, discard=LIST, lo_state=stored_as("last_order"), lo_lo=stored_as("last_order"),
        lo_hi=stored_as("last_order"), lo_holder=stored_as("last_order"), reshuffles=SCALAR,
        # the turn
        active=SCALAR, turn=SCALAR, phase=SCALAR, dec=stored_as("decider"), table=TUPLES, played=SCALAR,
        ordered_alcohol=SCALAR, copy_turn=SCALAR,
        # the end
        last_round=SCALAR, owed=TUPLE, lone=stored_as("lone"), lone_started=stored_as("lone"), title_pool=LIST,
        # a card being resolved, a queue of seats to ask (tuples: replaced, never mutated)
        pend_card=stored_as("pending"), pend_target=stored_as("pending"), dodgers=TUPLE, queue=TUPLE,
        qpos=stored_as("queue_position"), reacted=SCALAR,
        # who knows which cards in whose hand, the windows each seat passed on (public evidence
        # about its hand: views.sample_for); the legal moves of this position and what the passes
        # say (policy.unlikely_cards, worked out once per position)
        known=KNOWN, passes=PASSES, _unlikely=CACHE,
    )
    __slots__ = FIELDS.slots


CzechPubState.FIELDS.install(CzechPubState, "czech-pub")
