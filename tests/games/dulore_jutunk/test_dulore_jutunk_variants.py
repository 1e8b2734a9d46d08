"""Dűlőre jutunk variants: every honours condition and rule, every B-side ability."""

import pytest
from dulore_helpers import barrel, clear, fresh, has_barrel, play, top, turn, vineyard

from boardbot.engine.games.dulore_jutunk import data as D

SKIP = ("skip",)
TL, T, TR, R, BR, B, BL, L = range(8)
W = D.WINTER


def _where(cond):
    for (players, side), rows in sorted(D.HONOUR_BOARDS.items()):
        for i, (c, checks) in enumerate(rows):
            if c == cond:
                return players, side, i, checks
    raise AssertionError(cond)


def _meet(s, cond, short=False):
    k = 1 if short else 0
    if cond == D.H_THREE_ORDERS:
        s.reserved[0] = [5, 6, 7][k:]
    elif cond == D.H_THREE_AND_THREE_GRAPES:
        s.grapes[0] = [3 - k, 3]
    elif cond == D.H_FIVE_YELLOW:
        s.grapes[0] = [1, 5 - k]
    elif cond == D.H_THREE_BARREL_COLOURS:
        barrel(s, 0, D.WHITE, 0)
        barrel(s, 0, D.RED, 1)
        if not short:
            barrel(s, 0, D.ROSE, 0)
    elif cond == D.H_FOUR_BARRELS:
        barrel(s, 0, D.WHITE, 0)
        barrel(s, 0, D.RED, 0)
        barrel(s, 0, D.RED, 2)
        if not short:
            barrel(s, 0, D.WHITE, 1)
    elif cond == D.H_FOUR_WHITE:
        s.bottles[0] = [4 - k, 0, 0]
    elif cond == D.H_FOUR_RED:
        s.bottles[0] = [0, 4 - k, 0]
    elif cond == D.H_FOUR_ROSE:
        s.bottles[0] = [0, 0, 4 - k]
    elif cond == D.H_TWO_OF_EACH:
        s.bottles[0] = [2, 2 - k, 2]
    elif cond == D.H_TWO_MARKERS:
        for v in (T, TR)[k:]:
            vineyard(s, v, D.SPRING, red=1)
            s.vmark[v] = 0
        s.supply[0] = [2, 3] if not short else [1, 2, 3]
        if not short:
            s.vbonus[T], s.vbonus[TR] = 0, 1
        else:
            s.vbonus[TR] = 0


def _scene(cond, short=False, orders=None):
    players, side, row, checks = _where(cond)
    s = clear(fresh(players, honours=True, honours_side=side))
    _meet(s, cond, short)
    s.row[0] = [20, 21, 23][:checks if orders is None else orders]
    vineyard(s, TL, D.SPRING, red=1)
    turn(s, 0)
    play(s, ("harvest", W), SKIP)  # an action that changes nothing, then end of turn
    return s, row


@pytest.mark.parametrize("cond", range(10), ids=D.HONOUR_NAME)
def test_every_honour_condition_can_be_claimed_at_the_end_of_the_turn_when_met(cond):
    s, row = _scene(cond)
    assert s.decider() == 0 and top(s) == D.K_HONOURS
    claims = [m for m in s.legal_moves() if m[0] == "honour"]
    assert claims and all(m[1] == row for m in claims)
    bonus = D.MARKER_BONUS_NAME[s.supply[0][0]]
    before = len(s.supply[0])
    play(s, ("honour", row, bonus))
    assert s.honours[row][0] == 0 and len(s.supply[0]) == before - 1 and len(s.retired[0]) == 1
    assert s.score_parts(0)[2] == D.HONOUR_VALUES[s.num_seats][0]
    assert s.decider() == 1  # nothing else to claim: the turn ended


@pytest.mark.parametrize("cond", range(10), ids=D.HONOUR_NAME)
def test_an_unmet_honour_condition_cannot_be_claimed(cond):
    s, row = _scene(cond, short=True)
    assert s.decider() == 1  # the honours step offered nothing and was skipped


def test_green_check_marks_require_fulfilled_orders():
    s, row = _scene(D.H_TWO_OF_EACH, orders=1)  # needs two fulfilled orders
    assert s.decider() == 1


def test_honour_spaces_fill_from_the_highest_value_and_one_marker_per_player_per_condition():
    s = clear(fresh(3, honours=True))  # 3-player side a: row 0 is five yellow grapes, values 4/3/2
    assert s.hrows[0] == (D.H_FIVE_YELLOW, 0)
    s.honours[0] = [2, -1, -1]
    s.grapes[0] = [0, 5]
    s.grapes[1] = [0, 5]
    vineyard(s, TL, D.SPRING, red=1)
    turn(s, 0)
    play(s, ("harvest", W), SKIP, ("honour", 0, "draw"))
    assert s.honours[0] == [2, 0, -1]
    # seat 1 meets it too and takes the last space; seat 0 may not claim it again
    play(s, ("harvest", W), SKIP)
    assert s.legal_moves()[0] == ("honour", 0, "draw")
    play(s, ("honour", 0, "age"))
    assert s.honours[0] == [2, 0, 1]
    assert s.score_parts(0)[2] == 3 and s.score_parts(1)[2] == 2 and s.score_parts(2)[2] == 4
    s.grapes[2] = [0, 5]
    assert not s._honour_moves(0) and not s._honour_moves(2)


def test_several_conditions_may_be_claimed_in_one_turn_while_markers_last():
    s = clear(fresh(2, honours=True))  # side a: three orders (0 checks), 3+3 grapes (1 check)...
    s.reserved[0] = [5, 6, 7]
    s.grapes[0] = [3, 3]
    s.row[0] = [20]
    s.supply[0] = [D.MB_AGE, D.MB_TAKE]
    vineyard(s, TL, D.SPRING, red=1)
    turn(s, 0)
    play(s, ("harvest", W), SKIP)
    assert [m[1] for m in s.legal_moves() if m[0] == "honour"] == [0, 0, 1, 1]
    play(s, ("honour", 0, "age"))
    assert s.legal_moves() == [("honour", 1, "take_order"), SKIP]
    play(s, ("honour", 1, "take_order"))
    assert s.supply[0] == [] and s.retired[0] == [D.MB_AGE, D.MB_TAKE]
    assert s.score_parts(0)[2] == 8 and s.decider() == 1


def test_honours_need_a_marker_in_the_supply():
    s = clear(fresh(2, honours=True))
    s.reserved[0] = [5, 6, 7]
    s.supply[0] = []
    assert s._honour_moves(0) == []


# --- B sides ------------------------------------------------------------------------
def _b_scene(board, players=2):
    s = clear(fresh(players, advanced_boards=True))
    s.boards = (board,) + tuple(b for b in (1, 2, 3, 4) if b != board)[:players - 1]
    return s


def test_advanced_boards_are_dealt_distinct_b_sides():
    for seed in range(5):
        s = fresh(4, seed=seed, advanced_boards=True)
        assert sorted(s.boards) == [1, 2, 3, 4]
    assert fresh(2).boards == (D.BOARD_A, D.BOARD_A)


@pytest.mark.parametrize("board,colour", [(1, D.WHITE), (2, D.RED), (3, D.ROSE)])
def test_b_side_bottling_gives_three_bottles_of_its_colour(board, colour):
    s = _b_scene(board)
    vineyard(s, L, D.SPRING, red=1)  # age any
    for c in (D.WHITE, D.RED, D.ROSE):
        barrel(s, 0, c, D.TRACK_LEN[c] - 1)
    turn(s, 0)
    play(s, ("harvest", L), ("age", D.WINE_NAME[colour], D.TRACK_LEN[colour] - 1))
    assert s.bottles[0][colour] == 3
    s2 = _b_scene(board)
    other = (colour + 1) % 3
    s2.cellar[0] = [0] * 6
    barrel(s2, 0, other, D.TRACK_LEN[other] - 1)
    s2._bottle(0, other)
    assert s2.bottles[0][other] == 2


def test_b_side_capacities():
    assert [D.BOARDS[b][1:3] for b in range(5)] == [(6, 6), (7, 6), (6, 7), (7, 7), (8, 6)]
    s = _b_scene(4)
    vineyard(s, TL, D.AUTUMN, red=3)
    s.grapes[0] = [3, 3]
    turn(s, 0)
    play(s, ("harvest", TL))
    assert s.grapes[0] == [5, 3]  # press house of 8; one red passed on
    assert s.grapes[1] == [1, 0]


def test_b_side_draw_two_whenever_you_could_draw_one():
    s = _b_scene(4)
    s.bag = [20, 0]
    vineyard(s, T, D.SPRING, red=1)  # age white & draw 1
    barrel(s, 0, D.WHITE, 0)
    turn(s, 0)
    play(s, ("harvest", T))
    assert ("draw", 2) in s.legal_moves() and ("draw", 1) not in s.legal_moves()
    play(s, ("age", "white", 0))  # white space 2 bonus: draw a grape -> two
    assert s.legal_moves() == [("draw", 2), SKIP]
    play(s, ("draw", 2), ("draw", 2))
    assert s.grapes[0] == [5, 0]
    s = _b_scene(4)
    vineyard(s, BR, D.SPRING, red=1)  # draw 1-2: both become two
    turn(s, 0)
    play(s, ("harvest", BR))
    assert s.legal_moves() == [("draw", 2), SKIP]


def _fulfil_scene(board):
    s = _b_scene(board)
    s.reserved[0] = [3]  # 2 red
    s.bottles[0] = [0, 2, 0]
    vineyard(s, TL, D.SPRING, red=1)
    vineyard(s, T, D.SPRING, red=1)
    turn(s, 0)
    play(s, ("fulfil", 3, "left"))
    return s


def test_b_side_fulfil_then_draw_a_grape():
    s = _fulfil_scene(1)
    assert s.decider() == 0 and s.legal_moves() == [("draw", 1), SKIP]
    play(s, ("draw", 1))
    assert sum(s.grapes[0]) == 1 and s.decider() == 1


def test_b_side_fulfil_then_age_any_barrel():
    s = _b_scene(2)
    barrel(s, 0, D.ROSE, 0)
    s.reserved[0] = [3]
    s.bottles[0] = [0, 2, 0]
    vineyard(s, TL, D.SPRING, red=1)
    turn(s, 0)
    play(s, ("fulfil", 3, "left"))
    assert s.legal_moves() == [("age", "rose", 0), SKIP]
    play(s, ("age", "rose", 0))
    assert s.bottles[0] == [0, 0, 2]


def test_b_side_fulfil_then_place_a_farmer_marker():
    s = _fulfil_scene(3)
    assert top(s) == D.K_FARMER and ("farmer", TL, "draw") in s.legal_moves()
    play(s, ("farmer", TL, "draw"))
    assert s.vmark[TL] == 0


def test_b_side_fulfil_then_press_three_grapes():
    s = _b_scene(4)
    s.reserved[0] = [3]
    s.bottles[0] = [0, 2, 0]
    s.grapes[0] = [3, 1]
    vineyard(s, TL, D.SPRING, red=1)
    turn(s, 0)
    play(s, ("fulfil", 3, "left"))
    assert s.legal_moves() == [("press", 3, 0), ("press", 2, 1), SKIP]
    play(s, ("press", 2, 1))
    assert has_barrel(s, 0, D.ROSE, 0) and s.grapes[0] == [1, 0]
