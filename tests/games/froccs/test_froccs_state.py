"""The state's one field declaration: copy and to_dict/from_dict as the hand-written ones were."""

import json
import random

import pytest

from boardbot.engine.core import ConfigError
from froccs_testlib import GAME, S, config, do, glass, make, mischief


def test_to_dict_keys_follow_the_declaration():
    s = GAME.new_state(config(3, "choose"), 4)
    d = s.to_dict()
    fields = [f for f in S.FroccsState.FIELDS.slots if f != "_moves"]
    assert list(d) == ["game", "config", "seed"] + fields + ["stream"]  # the chance stream: rules version 2's
    assert d["game"] == "froccs" and d["mis"] == [] and d["dealt"] == [list(p) for p in s.dealt]


def test_a_glass_is_stored_and_shown_as_its_contents():
    """The state holds a glass as its code (glasses.py); a record and a view show its contents."""
    s = make(players=2, glasses={1: [glass(3, zv=1, soda=1), glass(2)]})
    assert s.to_dict()["glasses"][1] == [[3, 1, 0, 0, 1], [2, 0, 0, 0, 0]]
    assert s.view(0)["players"][1]["glasses"] == [
        {"size": 3, "cards": ["zold_veltelini", "soda"], "finished": False},
        {"size": 2, "cards": [], "finished": False}]
    assert GAME.from_dict(json.loads(json.dumps(s.to_dict()))).glasses == s.glasses


def test_copy_shares_what_is_replaced_and_drops_the_move_cache():
    s = make(players=3, hands={0: {"zsiros_kenyer": 1}}, glasses={1: [glass(3, zv=1, soda=1)]})
    do(s, ("play_cards",), mischief(s, "zsiros_kenyer", 1, 0, "zold_veltelini"))
    assert s.mis is not None and s.legal_moves()
    c = s.copy()
    assert c.mis is s.mis and c.dealt is s.dealt  # tuples and hero pairs: replaced, never mutated
    assert c._moves is None and c.glasses == s.glasses and c.glasses[1] is not s.glasses[1]
    back = GAME.from_dict(json.loads(json.dumps(s.to_dict())))
    assert back.mis == s.mis and isinstance(back.mis, tuple) and back.glasses == s.glasses
    assert back.to_dict() == s.to_dict() and back.legal_moves() == s.legal_moves()


def test_a_view_with_a_glass_no_game_can_hold_is_refused():
    s = make(players=2, glasses={1: [glass(3, zv=1, soda=1)]})
    for bad in ({"size": 2, "cards": ["soda", "soda", "soda"], "finished": False},  # overfull
                {"size": 4, "cards": [], "finished": False},  # no such size
                {"size": "3", "cards": ["soda"], "finished": False}):
        view = json.loads(json.dumps(s.view(0)))
        view["players"][1]["glasses"][0] = bad
        with pytest.raises(ConfigError):
            GAME.from_view(view, random.Random(1))
