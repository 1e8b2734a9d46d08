"""Dűlőre jutunk configuration, hidden information, views, sampling and notes."""

import json
import random

import pytest
from dulore_helpers import GAME, clear, fresh, play, turn, vineyard

from boardbot.engine.core import ConfigError
from boardbot.engine.games.dulore_jutunk import data as D

TL, T, TR, R, BR, B, BL, L = range(8)


@pytest.mark.parametrize("cfg,field", [
    ({"players": 2, "project": "hard"}, "project"),
    ({"players": 1, "honours": True}, "honours"),
    ({"players": 1, "advanced_boards": True}, "advanced_boards"),
    ({"players": 2, "honours_side": "b"}, "honours_side"),
    ({"players": 1, "project": "impossible"}, "project"),
    ({"players": 0}, "players"),
    ({"players": 5}, "players"),
])
def test_bad_configurations_name_the_field(cfg, field):
    with pytest.raises(ConfigError) as err:
        GAME.validate(cfg)
    assert err.value.field == field


def test_configurations_cover_every_player_count_project_and_variant():
    cfgs = [GAME.validate(c) for c in GAME.configurations()]
    assert {c["players"] for c in cfgs} == {1, 2, 3, 4}
    assert {c["project"] for c in cfgs if c["players"] == 1} == set(D.PROJECTS)
    assert any(c["honours"] for c in cfgs) and any(c["advanced_boards"] for c in cfgs)
    assert {c["honours_side"] for c in cfgs if c["honours"]} == {"a", "b"}
    assert {c["players"] for c in cfgs if c["honours"]} == {2, 3, 4}
    assert {c["players"] for c in cfgs if c["advanced_boards"]} == {2, 3}


def _marker_scene():
    s = clear(fresh(3))
    vineyard(s, TL, red=1)
    vineyard(s, T, red=1)
    s.vmark[TL], s.vbonus[TL] = 1, D.MB_PRESS
    s.vmark[T], s.vbonus[T] = 2, D.MB_TAKE
    s.supply[1] = [0, 1, 2]
    s.supply[2] = [0, 1, 3]
    turn(s, 0)
    return s


def test_farmer_marker_bonuses_are_seen_only_by_their_owner():
    s = _marker_scene()
    for seat, expect in ((None, ("", "")), (0, ("", "")), (1, ("press", "")), (2, ("", "take_order"))):
        view = s.view(seat)
        assert (view["vineyards"][TL]["marker_bonus"], view["vineyards"][T]["marker_bonus"]) == expect
        assert view["vineyards"][TL]["marker"] == 1
        for q in range(3):
            bonuses = view["players"][q]["supply_bonuses"]
            assert bool(bonuses) == (q == seat)
            assert view["players"][q]["markers_in_supply"] == len(s.supply[q])


def test_sampling_redeals_other_players_markers_and_the_decks_but_keeps_the_own_view():
    s = _marker_scene()
    rng = random.Random(5)
    frozen = json.dumps(s.view(1), sort_keys=True)
    seen_t = set()
    decks = set()
    for _ in range(40):
        world = s.sample_for(1, rng)
        assert json.dumps(world.view(1), sort_keys=True) == frozen
        assert world.vbonus[TL] == D.MB_PRESS and world.supply[1] == [0, 1, 2]
        assert sorted(world.supply[2] + [world.vbonus[T]] + world.retired[2]) == [0, 1, 2, 3]
        seen_t.add(world.vbonus[T])
        decks.add(tuple(world.deck))
    assert len(seen_t) > 1 and len(decks) > 1


def test_solo_sampling_reshuffles_the_winemaker_deck_only():
    s = fresh(1, project="expert", seed=2)
    rng = random.Random(1)
    worlds = [s.sample_for(0, rng) for _ in range(10)]
    assert len({tuple(w.wm_deck) for w in worlds}) > 1
    assert all(sorted(w.wm_deck) == sorted(s.wm_deck) for w in worlds)
    assert all(w.view(0) == s.view(0) for w in worlds)


def test_public_move_text_hides_the_marker_bonus():
    s = clear(fresh(2))
    vineyard(s, R, red=1)
    vineyard(s, TL, red=1)
    turn(s, 0)
    play(s, ("harvest", R))
    move = ("farmer", TL, "press")
    assert "press" in s.move_text(move)
    assert s.public_move_text(move, 1) == "place a farmer marker on vineyard TL"
    assert s.public_move_text(move, None) == "place a farmer marker on vineyard TL"
    assert s.public_move_text(move, 0) == s.move_text(move)


def test_views_have_fixed_keys_and_no_none_values():
    s = fresh(1, project="medium", seed=4)

    def walk(x):
        assert x is not None
        if isinstance(x, dict):
            for k, v in x.items():
                assert isinstance(k, str) and k == k.lower()
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    for seat in (None, 0):
        walk(s.view(seat))
    m = fresh(4, honours=True, advanced_boards=True)
    keys = set(m.view(0))
    assert keys == set(s.view(0))


def test_the_winemakers_actions_are_noted_and_shown_in_the_view():
    s = fresh(1, project="easy", seed=7)
    s.log = []
    play(s, ("take_order", 0), ("take_order", 1))
    texts = [t for _, t in s.log]
    assert any("Winemaker flips" in t for t in texts)
    assert any("the Winemaker places a black farmer marker" in t for t in texts)
    recent = s.view(0)["solo"]["recent_turns"]
    assert len(recent) == 1 and recent[0]["card"] == s.wm_played[-1]


def test_from_view_rebuilds_a_consistent_state():
    s = _marker_scene()
    rng = random.Random(3)
    for seat in range(3):
        view = json.loads(json.dumps(s.view(seat)))
        rebuilt = GAME.from_view(view, rng)
        assert rebuilt.view(seat) == view
        assert sorted(rebuilt.deck) == sorted(s.deck)


def test_a_revealed_bonus_stays_public_after_its_marker_returns_to_the_supply():
    s = clear(fresh(3))
    vineyard(s, TL, red=1)
    vineyard(s, T, red=1)
    vineyard(s, R, red=1)
    s.vmark[TL], s.vbonus[TL] = 1, D.MB_DRAW
    s.supply[1] = [D.MB_AGE, D.MB_TAKE, D.MB_PRESS]
    turn(s, 0)
    play(s, ("harvest", TL))  # TL: press 2-3 grapes, impossible with one grape
    # seat 1's draw bonus: revealed, and the marker returns to seat 1's supply
    assert s.decider() == 1
    play(s, ("draw", 1))
    assert s.known[1] == [D.MB_DRAW] and D.MB_DRAW in s.supply[1]
    for seat in (None, 0, 2):
        assert s.view(seat)["players"][1]["known_supply_bonuses"] == ["draw"]
    rng = random.Random(2)
    for _ in range(30):
        world = s.sample_for(0, rng)
        assert D.MB_DRAW in world.supply[1] and sorted(world.supply[1]) == sorted(s.supply[1])
        rebuilt = GAME.from_view(json.loads(json.dumps(s.view(2))), rng)
        assert D.MB_DRAW in rebuilt.supply[1]


def test_placing_from_a_partly_known_supply_forgets_and_from_a_known_one_reveals():
    s = clear(fresh(2))
    for v in (TL, T, R, BR):
        vineyard(s, v, red=1)
    s.supply[1] = [D.MB_DRAW, D.MB_AGE]
    s.known[1] = [D.MB_DRAW]
    s.vmark[B], s.vbonus[B] = 1, D.MB_TAKE
    s.retired[1] = [D.MB_PRESS]
    turn(s, 0)
    s._place_farmer(1, TL, D.MB_AGE)  # any of the two might have been placed
    assert s.known[1] == [] and not s.vknown[TL]
    assert s.view(0)["vineyards"][TL]["marker_bonus"] == ""
    s.known[1] = [D.MB_DRAW]
    s._place_farmer(1, T, D.MB_DRAW)  # the only marker left was known: so is the placed one
    assert s.vknown[T] and s.known[1] == []
    view = s.view(0)
    assert view["vineyards"][T]["marker_bonus"] == "draw" and view["vineyards"][T]["marker_known"]
    assert s.view(None)["vineyards"][T]["marker_bonus"] == "draw"
    rng = random.Random(4)
    for _ in range(20):
        world = s.sample_for(0, rng)
        assert world.vbonus[T] == D.MB_DRAW
        assert sorted([world.vbonus[TL], world.vbonus[B]] + world.retired[1]) == [D.MB_AGE, D.MB_TAKE, D.MB_PRESS]
    rebuilt = GAME.from_view(json.loads(json.dumps(s.view(0))), rng)
    assert rebuilt.vbonus[T] == D.MB_DRAW and rebuilt.view(0) == s.view(0)
    # the marker leaves when it is activated
    play(s, ("harvest", T), ("skip",))
    assert not s.vknown[T]
