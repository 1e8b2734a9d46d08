"""boardbot.engine.fields: copy and serialisation generated from one field declaration."""

import json

from boardbot.engine.core import Game, State
from boardbot.engine.fields import (
    CACHE, LIST, LISTS, SCALAR, TUPLE, TUPLE_LISTS, TUPLES, StateFields, shared, stored_as,
)


class ToyState(State):
    FIELDS = StateFields(
        phase=SCALAR, hand=LIST, piles=LISTS, played=TUPLES, glasses=TUPLE_LISTS, pending=TUPLE,
        dealt=shared(dump="[list(d) for d in {v}]", load="[tuple(d) for d in {v}]"), _moves=CACHE,
    )
    __slots__ = FIELDS.slots


ToyState.FIELDS.install(ToyState, "toy")


class ToyGame(Game):
    name = "toy"

    def validate(self, config=None):
        return dict(config or {}, players=2)


def make() -> ToyState:
    s = ToyState.__new__(ToyState)
    s._init_base(ToyGame(), {"players": 2}, 42)
    s.phase, s.hand, s.piles = "play", [1, 2], [[3], [4, 5]]
    s.played, s.glasses, s.pending = [(1, "a")], [[(2, 3)], []], (7, 8)
    s.dealt, s._moves = [(1, 2)], ["cached"]
    return s


def test_copy_is_independent_and_drops_caches():
    s = make()
    c = s.copy()
    assert type(c) is ToyState and c.seed == 42 and c._moves is None and c.log is None
    c.hand.append(9)
    c.piles[1].append(6)
    c.played.append((2, "b"))
    c.glasses[0].append((9, 9))
    assert s.hand == [1, 2] and s.piles == [[3], [4, 5]] and s.played == [(1, "a")] and s.glasses == [[(2, 3)], []]
    assert c.dealt is s.dealt  # shared: replaced, never mutated


def test_to_dict_is_json_safe_and_loads_back():
    s = make()
    data = json.loads(json.dumps(s.to_dict()))
    assert data["game"] == "toy" and data["seed"] == 42 and "_moves" not in data
    back = ToyState.FIELDS.load(ToyState, s.game, s.config, data)
    for name in ToyState.FIELDS.slots:
        if name != "_moves":
            assert getattr(back, name) == getattr(s, name), name
    assert back.played == [(1, "a")] and back.pending == (7, 8) and back.dealt == [(1, 2)] and back._moves is None
    assert back.to_dict() == s.to_dict()


def test_none_tuple_round_trips():
    s = make()
    s.pending = None
    back = ToyState.FIELDS.load(ToyState, s.game, s.config, json.loads(json.dumps(s.to_dict())))
    assert back.pending is None


class KeyedState(State):
    FIELDS = StateFields(
        turn=SCALAR, dec=stored_as("decider"), lo=stored_as("span"), hi=stored_as("span"),
        owed=stored_as("owed_seats", TUPLE), _moves=CACHE,
    )
    __slots__ = FIELDS.slots


KeyedState.FIELDS.install(KeyedState, "keyed")


def test_stored_as_renames_and_groups_keys():
    s = KeyedState.__new__(KeyedState)
    s._init_base(ToyGame(), {"players": 2}, 7)
    s.turn, s.dec, s.lo, s.hi, s.owed, s._moves = 3, 1, 4, 9, (0, 1), None
    data = s.to_dict()
    assert list(data) == ["game", "config", "seed", "turn", "decider", "span", "owed_seats"]
    assert data["decider"] == 1 and data["span"] == [4, 9] and data["owed_seats"] == [0, 1]
    back = KeyedState.FIELDS.load(KeyedState, s.game, s.config, json.loads(json.dumps(data)))
    assert (back.turn, back.dec, back.lo, back.hi, back.owed, back._moves) == (3, 1, 4, 9, (0, 1), None)
    c = s.copy()
    assert (c.dec, c.lo, c.hi, c.owed) == (1, 4, 9, (0, 1))
