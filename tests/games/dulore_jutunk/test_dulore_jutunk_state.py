"""Dűlőre jutunk state plumbing: copy and serialisation generated from DuloreState.FIELDS."""

import json

from dulore_helpers import GAME

from boardbot.engine.games.dulore_jutunk.state import DuloreState


def declared_slots(cls: type) -> tuple:
    """The class's own attributes: its ``__slots__`` in the pure build; a class compiled by mypyc has
    none, and lists its attributes (its bases' after its own) in ``__mypyc_attrs__``."""
    if "__slots__" in vars(cls):
        return cls.__slots__
    inherited = set(getattr(cls.__mro__[1], "__mypyc_attrs__", ()))
    return tuple(a for a in cls.__mypyc_attrs__ if a not in inherited)


def test_every_slot_is_declared_once():
    assert declared_slots(DuloreState) == DuloreState.FIELDS.slots
    assert len(set(DuloreState.FIELDS.slots)) == len(DuloreState.FIELDS.slots)


def test_from_dict_rebuilds_the_honours_rows_it_does_not_store():
    s = GAME.new_state({"players": 3, "honours": True, "honours_side": "b"}, 5)
    data = s.to_dict()
    assert list(data)[:3] == ["game", "config", "seed"] and "hrows" not in data and "_moves" not in data
    back = GAME.from_dict(json.loads(json.dumps(data)))
    assert back.hrows == s.hrows and back.hrows
    assert back.to_dict() == data and back.legal_moves() == s.legal_moves()


def test_a_copy_shares_only_the_move_cache_and_immutable_values():
    s = GAME.new_state({"players": 4}, 3)
    s.legal_moves()
    c = s.copy()
    for name in DuloreState.FIELDS.slots:
        mine, theirs = getattr(s, name), getattr(c, name)
        assert mine == theirs, name
        if isinstance(mine, list):
            assert (mine is theirs) == (name == "_moves"), name
