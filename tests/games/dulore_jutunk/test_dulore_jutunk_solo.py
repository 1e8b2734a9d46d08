"""Dűlőre jutunk solo game: setup by project, the Winemaker's turn, black
farmer markers, every project-card effect and the end after the deck runs out."""

import random

import pytest
from dulore_helpers import at, barrel, clear, fresh, has_barrel, play, task, top, turn, vineyard

from boardbot.engine.core import TERMINAL
from boardbot.engine.games.dulore_jutunk import data as D

SKIP = ("skip",)
TL, T, TR, R, BR, B, BL, L = range(8)
W = D.WINTER


def _card(harvest, marker=None, discard=None):
    for k, (h, m, d) in enumerate(D.WINEMAKER_CARDS):
        if h == harvest and (marker is None or m == marker) and (discard is None or d == discard):
            return k
    raise AssertionError((harvest, marker, discard))


def solo(project="easy", seed=0):
    s = clear(fresh(1, project=project, seed=seed))
    s.black = 6
    s.spaces = [0] * 6
    s.wm_extra = 0
    return s


def winemaker(s, card):
    """Run one Winemaker turn with ``card`` on top of the deck."""
    s.wm_deck = [c for c in s.wm_deck if c != card] + [card]
    s.wm_played = [c for c in s.wm_played if c != card]
    return at(s, task(D.K_WM, -1))


# --- setup ----------------------------------------------------------------------
def test_easy_setup_two_grapes_a_red_barrel_and_two_reserved_orders_then_the_winemaker_starts():
    s = fresh(1, project="easy", seed=3)
    assert sum(s.grapes[0]) == 2 and has_barrel(s, 0, D.RED, 0)
    assert s.decider() == 0 and top(s) == D.K_TAKE
    assert s.legal_moves() == [("take_order", k) for k in range(4)]  # mandatory: no skip
    assert s.wm_played == []
    shown = s.display[:]
    play(s, ("take_order", 1), ("take_order", 2))
    assert s.reserved[0] == shown[1:3] and -1 not in s.display
    assert len(s.wm_played) == 1 and len(s.wm_deck) == 23  # the Winemaker went first
    assert s.decider() == 0 and top(s) in (D.K_TURN, D.K_ABIL) and s.turn == 1


@pytest.mark.parametrize("project,grapes,barrels,orders", [
    ("medium", 2, 0, 1), ("hard", 1, 0, 1), ("expert", 0, 0, 0)])
def test_other_projects_start_resources(project, grapes, barrels, orders):
    s = fresh(1, project=project, seed=1)
    assert sum(s.cellar[0]) == barrels
    if orders:
        assert sum(s.grapes[0]) == grapes
        assert s.legal_moves() == [("take_order", k) for k in range(4)]
        play(s, ("take_order", 0))
    assert len(s.reserved[0]) == orders
    assert len(s.wm_played) == 1 and s.decider() == 0
    if not orders:  # the Winemaker's harvest may pass grapes to nobody: the press house is as set up
        assert sum(s.grapes[0]) == grapes


def test_solo_defaults_to_the_easy_project_and_a_sides():
    cfg = fresh(1).config
    assert cfg["project"] == "easy"
    assert fresh(1).boards == (D.BOARD_A,)


# --- the Winemaker's turn ---------------------------------------------------------
def test_winemaker_harvests_the_marked_vineyard_discarding_its_grapes():
    s = solo()
    vineyard(s, TL, red=1, yellow=1)
    vineyard(s, T, red=1)
    basket = s.basket[:]
    card = _card(TL, discard=0)
    winemaker(s, card)
    assert s.vred[TL] == s.vyel[TL] == 0 and s.basket == [basket[0] + 1, basket[1] + 1]
    assert s.wm_played[-1] == card
    assert s.decider() == 0 and s.current == 0


def test_winemaker_harvests_the_nearest_vineyard_clockwise_when_the_marked_one_is_empty():
    s = solo()
    vineyard(s, BL, red=1)
    vineyard(s, TL, red=2)
    winemaker(s, _card(B, discard=0))  # B empty -> BL
    assert s.vred[BL] == 0 and s.vred[TL] == 2
    assert s.wm_recent[-1][1] == BL


def test_winemaker_chooses_winter_when_no_vineyard_has_grapes_and_refills():
    s = solo()
    s.bag = [30, 0]
    card = _card(T, discard=0)
    winemaker(s, card)
    assert s.wm_recent[-1][1] == W
    assert s.vmark[W] == D.BLACK  # no grapes when the marker was placed: winter
    assert all(s.side[v] == D.AUTUMN and s.vred[v] == D.TILE_GRAPES[2 * v + 1] for v in range(8))


def test_black_marker_goes_to_the_marked_vineyard_or_the_next_free_one_clockwise():
    s = solo()
    card = _card(TL, marker=R, discard=0)
    for v in (TL, R, BR, B):
        vineyard(s, v, red=1)
    s.vmark[BR] = 0
    s.vbonus[BR] = D.MB_DRAW
    s.supply[0] = [1, 2, 3]
    winemaker(s, card)
    assert s.vmark[R] == D.BLACK and s.black == 5
    s = solo()
    for v in (TL, R, BR, B):
        vineyard(s, v, red=1)
    s.vmark[R] = D.BLACK
    s.vmark[BR] = 0
    s.vbonus[BR] = D.MB_DRAW
    s.supply[0] = [1, 2, 3]
    s.black = 5
    winemaker(s, card)
    assert s.vmark[B] == D.BLACK and s.black == 4  # R taken, BR taken, B free


def test_no_black_marker_when_every_vineyard_with_grapes_has_one_or_none_are_left():
    s = solo()
    card = _card(TL, marker=R, discard=0)
    vineyard(s, TL, red=1)
    vineyard(s, T, red=1)
    s.vmark[T] = D.BLACK
    s.black = 5
    winemaker(s, card)  # TL harvested; only T has grapes and it has a marker
    assert s.black == 5 and s.vmark[W] == -1
    s = solo()
    vineyard(s, TL, red=1)
    vineyard(s, R, red=1)
    s.black = 0
    winemaker(s, card)
    assert s.vmark[R] == -1


def test_winemaker_discards_the_marked_orders_slides_the_rest_right_and_refills():
    s = solo()
    card = next(k for k, c in enumerate(D.WINEMAKER_CARDS) if c[2] == 1)
    harvest = D.WINEMAKER_CARDS[card][0]
    for v in range(8):
        vineyard(s, v, red=1)
    s.display = [10, 11, 12, 13]
    s.deck = [c for c in range(24) if c not in (10, 11, 12, 13)]
    top = s.deck[-1]
    winemaker(s, card)
    assert s.vred[harvest] == 0
    assert s.discards == [10]
    assert s.display == [11, 12, 13, top]
    assert s.wm_recent[-1][3] == (10,)


def test_the_winemaker_cards_leave_the_order_deck_enough_for_a_game():
    """The Winemaker's discards go to "a discard pile set aside for this"; the rulebook
    never runs out of orders, so the cards discard few: three of the 24 discard slot 1."""
    discards = sorted(c[2] for c in D.WINEMAKER_CARDS)
    assert discards == [0] * 21 + [1] * 3


@pytest.mark.parametrize("project", D.PROJECTS)
def test_greedy_solo_games_never_run_out_of_orders(project):
    """Whole games of the greedy bot (which takes orders freely): the discarded orders
    are never shuffled back (that fallback stays for extreme games only)."""
    from boardbot.ai.bots import make_bot
    from boardbot.engine import registry

    game = registry.get("dulore-jutunk")
    bot = make_bot("greedy", game)
    for seed in range(8):
        s = game.new_state({"players": 1, "project": project}, seed)
        s.log = []
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply(bot.choose(s.sample_for(0, rng), rng))
        assert not [text for _, text in s.log if text.startswith("the order deck is empty")], seed


def test_an_empty_order_deck_is_formed_again_from_the_discards():
    s = solo()
    for v in range(8):
        vineyard(s, v, red=1)
    s.display = [10, 11, 12, 13]
    s.deck = []
    s.discards = [3, 4]
    winemaker(s, next(k for k, c in enumerate(D.WINEMAKER_CARDS) if c[2] == 1))
    assert s.display[:3] == [11, 12, 13] and s.display[3] in (3, 4, 10)
    assert sorted(s.deck + [s.display[3]] + s.discards) == [3, 4, 10] and s.discards == []


def test_winemaker_activates_the_players_marker_and_the_player_decides_its_bonus():
    s = solo()
    s.bag = [20, 0]
    vineyard(s, TL, red=1)
    vineyard(s, T, red=1)
    s.vmark[TL] = 0
    s.vbonus[TL] = D.MB_DRAW
    s.supply[0] = [1, 2, 3]
    winemaker(s, _card(TL, discard=0))
    assert s.decider() == 0 and s.current == -1 and top(s) == D.K_DRAW
    play(s, ("draw", 1))
    assert s.grapes[0] == [1, 0] and s.supply[0] == [0, 1, 2, 3]
    assert s.current == 0 and top(s) == D.K_TURN


def test_winemaker_activates_a_black_marker_on_the_lowest_free_project_space():
    s = solo("easy")  # spaces: press 3 / take order / age / take order / age / discard 1 grape
    vineyard(s, TL, red=1)
    vineyard(s, T, red=1)
    s.vmark[TL] = D.BLACK
    s.black = 5
    s.spaces = [1, 1, 0, 0, 0, 0]
    barrel(s, 0, D.WHITE, 0)
    winemaker(s, _card(TL, discard=0))
    assert s.spaces == [1, 1, 1, 0, 0, 0]
    assert s.decider() == 0 and top(s) == D.K_AGE and s.legal_moves() == [("age", "white", 0), SKIP]


def test_the_player_moves_a_black_marker_to_any_free_space():
    s = solo("hard")
    vineyard(s, BR, red=1)
    vineyard(s, TL, red=1)
    s.vmark[BR] = D.BLACK
    s.spaces = [1, 0, 1, 0, 0, 0]
    turn(s, 0)
    play(s, ("harvest", BR), SKIP)
    assert top(s) == D.K_BLACK and s.legal_moves() == [("project_space", k) for k in (2, 4, 5, 6)]


# --- every project-card effect ----------------------------------------------------
def _effect_scene(project, space, grapes=(0, 0), bottles=(0, 0, 0), scene=None):
    s = scene or solo(project)
    # the Winemaker turn that follows discards no order
    quiet = next(k for k in reversed(s.wm_deck) if D.WINEMAKER_CARDS[k][2] == 0)
    s.wm_deck = [k for k in s.wm_deck if k != quiet] + [quiet]
    vineyard(s, BR, red=1)
    vineyard(s, TL, red=1)
    s.vmark[BR] = D.BLACK
    s.grapes[0] = list(grapes)
    s.bottles[0] = list(bottles)
    turn(s, 0)
    play(s, ("harvest", BR), SKIP)
    assert top(s) == D.K_BLACK
    play(s, ("project_space", space))
    assert s.spaces[space - 1] == 1
    return s


def test_effect_press_three_grapes():
    s = _effect_scene("easy", 1, grapes=(1, 3))  # BR gave one more red: 2 red, 3 yellow
    assert s.legal_moves() == [("press", 0, 3), ("press", 2, 1), ("press", 1, 2), SKIP]
    play(s, ("press", 0, 3))
    assert has_barrel(s, 0, D.WHITE, 0) and s.grapes[0] == [2, 0]


def test_effect_take_an_order():
    s = _effect_scene("easy", 2)
    shown = s.display[:]
    assert s.legal_moves() == [("take_order", k) for k in range(4)] + [SKIP]
    play(s, ("take_order", 3))
    assert s.reserved[0] == [shown[3]] and -1 not in s.display


def test_effect_age_a_barrel():
    s = solo("easy")
    barrel(s, 0, D.ROSE, 0)
    vineyard(s, BR, red=1)
    vineyard(s, TL, red=1)
    s.vmark[BR] = D.BLACK
    turn(s, 0)
    play(s, ("harvest", BR), SKIP, ("project_space", 3))
    assert s.legal_moves() == [("age", "rose", 0), SKIP]
    play(s, ("age", "rose", 0))
    assert s.bottles[0] == [0, 0, 2]


def test_effect_discard_one_grape():
    s = _effect_scene("easy", 6, grapes=(0, 2))
    assert s.legal_moves() == [("discard_grapes", 0, 1), ("discard_grapes", 1, 0)]
    play(s, ("discard_grapes", 1, 0))
    assert s.grapes[0] == [0, 2]


def test_effect_discard_with_an_empty_press_house_discards_nothing():
    s = solo("easy")
    vineyard(s, T, side=D.SPRING, red=1)  # age white & draw 1: nothing gained
    vineyard(s, TL, red=1)
    s.vmark[T] = D.BLACK
    s.bag = [0, 0]
    s.basket = [0, 0]
    turn(s, 0)
    play(s, ("harvest", T))
    s.grapes[0] = [0, 0]
    play(s, SKIP, ("project_space", 6))
    assert s.grapes[0] == [0, 0] and top(s) != D.K_DISC_G


def test_effect_discard_all_face_up_orders():
    s = solo("expert")
    s.discards = []  # (the Winemaker's first turn may have discarded one)
    shown = s.display[:]
    s = _effect_scene("expert", 2, scene=s)
    # the refresh happens at once; check through the discard pile
    assert sorted(s.discards) == sorted(shown) and -1 not in s.display
    assert not set(s.discards) & set(s.display)


def test_effect_discard_a_bottle():
    s = _effect_scene("medium", 4, bottles=(1, 0, 2))
    assert s.legal_moves() == [("discard_bottle", "white"), ("discard_bottle", "rose")]
    play(s, ("discard_bottle", "rose"))
    assert s.bottles[0] == [1, 0, 1]


def test_extra_turn_flips_two_winemaker_cards_before_the_players_next_turn():
    s = solo("hard")
    for v in (BR, TL, T, TR, R, B, BL, L):  # grapes everywhere: no winter harvest meanwhile
        vineyard(s, v, red=1)
    s.vmark[BR] = D.BLACK
    s.grapes[0] = [0, 1]
    turn(s, 0)
    deck = len(s.wm_deck)
    play(s, ("harvest", BR), ("draw", 1), ("project_space", 5))
    assert len(s.wm_deck) == deck - 2 and s.wm_extra == 0
    assert len(s.wm_recent) == 2 and s.current == 0


def test_effect_discard_two_grapes():
    s = _effect_scene("medium", 6, grapes=(1, 2))  # 2 red, 2 yellow after the harvest
    assert s.legal_moves() == [("discard_grapes", 0, 2), ("discard_grapes", 1, 1), ("discard_grapes", 2, 0)]
    play(s, ("discard_grapes", 1, 1))
    assert s.grapes[0] == [1, 1]


def test_every_project_effect_appears_on_some_project_card():
    effects = {e for _, spaces in D.PROJECT_CARDS.values() for e in spaces}
    assert effects == set(range(8))
    assert all(e in (D.EF_DISCARD_GRAPE, D.EF_REFRESH_ORDERS, D.EF_DISCARD_TWO_GRAPES, D.EF_EXTRA_TURN,
                     D.EF_DISCARD_BOTTLE) for e in D.PROJECT_CARDS["expert"][1])  # only hindering


# --- the end --------------------------------------------------------------------
def test_the_game_ends_after_the_players_turn_that_follows_the_last_winemaker_card():
    s = solo("easy")
    vineyard(s, TL, red=1)
    vineyard(s, T, red=1)
    vineyard(s, TR, red=1)
    s.row[0] = [19, 17]
    last = s.wm_deck[-1] if s.wm_deck else 0
    s.wm_deck = [last]
    s.wm_played = [c for c in range(24) if c != last]
    turn(s, 0)
    play(s, ("harvest", TL))  # pressing is impossible: the ability step is skipped
    assert s.wm_deck == [] and s.decider() == 0 and top(s) == D.K_TURN  # the last turn is the player's
    moves = s.legal_moves()
    play(s, moves[0])
    while not s.is_terminal():
        play(s, s.legal_moves()[-1])
    assert s.decider() == TERMINAL
    res = s.result()
    assert len(res.scores) == 1 and res.winners == (0,) and res.ranks == (0,)
    assert res.scores[0] == 7 + 1
    assert res.breakdown[0]["scale"] == "There is still room to improve..."


def test_extra_turn_is_lost_when_the_deck_is_empty():
    s = solo("hard")
    vineyard(s, BR, red=1)
    vineyard(s, TL, red=1)
    s.vmark[BR] = D.BLACK
    s.grapes[0] = [0, 1]
    s.wm_deck = [s.wm_deck[-1]]
    for v in (T, TR, R):
        vineyard(s, v, red=1)
    turn(s, 0)
    play(s, ("harvest", BR), ("draw", 1), ("project_space", 5))
    assert s.wm_deck == [] and s.decider() == 0 and top(s) == D.K_TURN and s.wm_extra == 0


def test_solo_scale_labels():
    assert [D.solo_label(x) for x in (0, 16, 17, 18, 19, 20, 21, 22, 23, 40)] == [
        "There is still room to improve...", "There is still room to improve...",
        "Where there's a will, there's a way!", "Where there's a will, there's a way!",
        "Nice work! Let's drink to that!", "Nice work! Let's drink to that!",
        "SUCCESS, in all capital letters!", "SUCCESS, in all capital letters!",
        "LEGENDARY performance!", "LEGENDARY performance!"]


def test_an_empty_order_deck_is_reformed_from_the_discards():
    s = solo()
    s.deck = []
    s.discards = [4, 5, 6]
    s.display = [-1, 1, 2, 3]
    s._refill_display()
    assert s.display[0] in (4, 5, 6) and sorted(s.deck + [s.display[0]]) == [4, 5, 6] and s.discards == []
