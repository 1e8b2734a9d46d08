"""Frogriders scenarios from the rulebook, one per rule, card and score-card side."""

import pytest

from boardbot.engine.core import TERMINAL
from boardbot.engine.games.frogriders import GAME
from boardbot.engine.games.frogriders import data as D
from boardbot.engine.games.frogriders.board import layout_for
from boardbot.engine.games.frogriders.data import LEAP, OVER, PHASE_B, SETUP
from boardbot.engine.games.frogriders.rules import score_breakdown

Y, R, B, BR = D.YELLOW, D.RED, D.BLUE, D.BROWN


def cell(name: str) -> int:
    col = "abcdefghi".index(name[0])
    return (int(name[1:]) - 1) * D.SIZE + col


def empty_game(players=2, public=(0, 1), backs=(False, False), kept=None):
    """A state past setup with an empty pond, ready for seat 0 to leap."""
    s = GAME.new_state({"players": players}, seed=1)
    s.board = [0] * (D.SIZE * D.SIZE)
    s.display = [D.P_NO_ABILITY, D.P_RUN_UP, D.P_FLOWER, D.P_DIAGONAL]
    s.stack = [D.P_PER_BROWN, D.P_COLLECT_EITHER]
    s.public = public
    s.backs = backs
    s.kept = list(kept) if kept else [1] * players
    s.phase = LEAP
    s.player = 0
    s.invalidate()
    return s


def put(s, **units):
    for name, colour in units.items():
        s.board[cell(name)] = {"y": Y, "r": R, "b": B, "n": BR}[colour]
    s.invalidate()


def leaps(s):
    return {(m[1], m[2], m[3], m[4]) for m in s.legal_moves() if m[0] == "leap"}


def L(a, over, to, collect=0):
    return (cell(a), cell(over), cell(to), collect)


# --- setup -------------------------------------------------------------------

@pytest.mark.parametrize("players,units", [(2, 36), (3, 56), (4, 56)])
def test_setup_fills_every_pond_space_but_the_centre(players, units):
    s = GAME.new_state({"players": players}, seed=3)
    layout = layout_for(players)
    centre = layout.centre
    assert s.board[centre] == 0
    placed = [s.board[c] for c in layout.cells if s.board[c]]
    assert len(placed) == units
    assert len(layout.all_spaces) == 57
    counts = {c: placed.count(c) for c in D.COLOURS}
    if players == 2:
        assert counts == {Y: 7, R: 7, B: 9, BR: 13}
        assert all(s.board[c] == 0 for c in layout.edge), "dark-green edge spaces stay empty"
        assert len(layout.edge) == 20
    else:
        assert counts == {Y: 10, R: 11, B: 14, BR: 21}


def test_setup_deals_two_set_cards_and_each_player_keeps_one_secretly():
    s = GAME.new_state({"players": 3}, seed=5)
    assert s.phase == SETUP and s.decider() == 0
    dealt = [set(d) for d in s.dealt]
    assert all(len(d) == 2 for d in dealt) and len(set().union(*dealt)) == 6
    keep = s.legal_moves()[1]
    assert s.public_move_text(keep, 1) == "keep one of the two dealt set cards"
    assert "keep set card" in s.public_move_text(keep, 0)
    s.apply(keep)
    assert s.view(0)["players"][0]["set_card"] == keep[1]
    assert s.view(1)["players"][0]["set_card"] == -1
    assert s.view(1)["players"][0]["chose_set_card"] is True
    assert s.view(None)["dealt_set_cards"] == []
    s.apply(s.legal_moves()[0])
    s.apply(s.legal_moves()[0])
    assert s.phase == LEAP and s.decider() == 0


def test_display_of_four_and_public_cards():
    s = GAME.new_state({"players": 4, "public_back": "second"}, seed=9)
    assert len(s.display) == 4 and len(s.stack) == 24
    assert s.backs == (False, True)
    v = s.view(None)
    assert [pc["side"] for pc in v["public_cards"]] == ["front", "back"]


@pytest.mark.parametrize("variant,size", [("28", 28), ("24", 24)])
def test_privilege_deck_sizes(variant, size):
    assert len(D.privilege_deck(variant)) == size


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_starting_player_has_exactly_four_opening_leaps(players):
    s = GAME.new_state({"players": players}, seed=11)
    for _ in range(players):
        s.apply(s.legal_moves()[0])
    centre = layout_for(players).centre
    moves = s.legal_moves()
    assert len(moves) == 4 and all(m[3] == centre for m in moves)


# --- phase A ---------------------------------------------------------------

def test_leap_over_exactly_one_adjacent_unit_onto_an_empty_space_and_collect_it():
    s = empty_game()
    put(s, e4="r", e5="y")
    assert leaps(s) == {L("e4", "e5", "e6"), L("e5", "e4", "e3")}
    s.apply(("leap", *L("e4", "e5", "e6")))
    assert s.board[cell("e6")] == R and s.board[cell("e5")] == 0 and s.board[cell("e4")] == 0
    assert s.units[0][Y] == 1


def test_no_leap_over_a_gap_or_onto_an_occupied_space():
    s = empty_game()
    put(s, e3="r", e5="y", c5="b", d5="b", f5="n")  # e3-e5 not adjacent; d5 over e5 lands on occupied f5
    assert L("e3", "e5", "e7") not in leaps(s)
    assert L("d5", "e5", "f5") not in leaps(s)
    assert L("c5", "d5", "e5") not in leaps(s)  # e5 is occupied


def test_two_player_game_never_lands_on_dark_green_edge_spaces():
    s = empty_game(players=2)
    put(s, e3="r", e2="y")  # e1 is a dark-green edge space
    assert L("e3", "e2", "e1") not in leaps(s)
    s3 = empty_game(players=3)
    put(s3, e3="r", e2="y")
    assert L("e3", "e2", "e1") in leaps(s3)


def test_a_player_who_cannot_leap_ends_the_game_at_once():
    s = empty_game(players=3)
    put(s, e4="r", e5="y")
    s.apply(("leap", *L("e4", "e5", "e6")))  # seat 0 collects the yellow; no units left to leap over
    assert s.decider() == TERMINAL and s.phase == OVER
    assert s.legal_moves() == []
    assert s.result() is not None


def test_game_ends_when_the_next_player_has_no_leap_even_if_others_could():
    s = empty_game(players=2)
    put(s, c5="r", d5="y", e5="b")  # after c5 over d5 to... e5 occupied: only e5 over d5 to c5? c5 occupied
    s.board[cell("c5")] = 0
    put(s, d4="r", d5="y")
    # seat 0 leaps d4 over d5 to d6; nothing left for seat 1
    s.apply(("leap", *L("d4", "d5", "d6")))
    assert s.decider() == TERMINAL


# --- phase B -----------------------------------------------------------------

def test_red_unit_returned_gives_a_second_leap_without_a_second_phase_b():
    s = empty_game()
    put(s, c5="r", d5="r", f5="y", g5="y", e3="b", e4="n")
    s.units[0][R] = 0
    s.apply(("leap", *L("c5", "d5", "e5")))  # collect a red
    assert s.phase == PHASE_B
    assert ("return_unit", "red") in s.legal_moves()
    s.apply(("return_unit", "red"))
    assert s.village[R] == 1 and s.units[0][R] == 0
    assert s.decider() == 0 and all(m[0] == "leap" for m in s.legal_moves())
    s.apply(("leap", *L("g5", "f5", "e5")))
    assert s.decider() == 1, "no phase B after the second leap"


def test_red_unit_may_be_returned_without_a_second_leap_and_the_game_then_ends():
    """Red has no precondition (unlike yellow's "if the village is empty, you cannot");
    a leap that is required and impossible ends the game at once (End of the Game)."""
    s = empty_game()
    put(s, c5="r", d5="r", h5="y", a5="b")
    s.units[0][Y] = 1
    s.village[R] = 1
    s.apply(("leap", *L("c5", "d5", "e5")))
    move = ("return_unit", "red")
    assert move in s.legal_moves()
    assert s.move_text(move) == "return a red unit (no leap is left: the game ends)"
    s.apply(move)
    assert s.decider() == TERMINAL and s.phase == OVER
    assert s.units[0][R] == 0 and s.village[R] == 2
    assert s.result() is not None


def test_returning_a_red_unit_can_win_the_fewest_units_bonus():
    """The move the text allows and the old reading removed: with no leap left, dropping
    a red unit ends the game with one unit fewer, enough for "fewest units"."""
    s = empty_game()
    put(s, c5="r", d5="r", h5="y", a5="b")
    s.units[0] = [0] * len(s.units[0])
    s.units[1] = [0] * len(s.units[1])
    s.units[0][Y] = 1
    s.units[1][B] = 2
    s.privileges[0] = [D.P_FEWEST_UNITS_5]
    s.apply(("leap", *L("c5", "d5", "e5")))  # seat 0 now holds a yellow and a red: 2 units, like seat 1
    assert score_breakdown(s)[0]["privilege_cards"] == [2]  # not strictly fewest
    s.apply(("return_unit", "red"))
    assert s.decider() == TERMINAL
    assert score_breakdown(s)[0]["privilege_cards"] == [2 + 5]


def test_yellow_unit_takes_a_unit_already_in_the_village_and_not_when_it_is_empty():
    s = empty_game()
    put(s, c5="r", d5="y", g5="b", h5="n", g6="r")
    s.apply(("leap", *L("c5", "d5", "e5")))
    assert s.units[0][Y] == 1
    # the village is empty: no yellow return; nothing else returnable, so the turn ended
    assert s.decider() == 1
    s2 = empty_game()
    put(s2, c5="r", d5="y", g5="b", h5="n", g6="r")
    s2.village[B] = 1
    s2.apply(("leap", *L("c5", "d5", "e5")))
    s2.apply(("return_unit", "yellow"))
    assert s2.legal_moves() == [("take_unit", "blue")], "the returned yellow is not already in the village"
    s2.apply(("take_unit", "blue"))
    assert s2.units[0][B] == 1 and s2.units[0][Y] == 0 and s2.village[Y] == 1 and s2.village[B] == 0


def test_blue_unit_takes_a_displayed_privilege_card_and_the_space_is_refilled():
    s = empty_game()
    put(s, c5="r", d5="b", g5="y", h5="n", g6="r")
    s.apply(("leap", *L("c5", "d5", "e5")))
    s.apply(("return_unit", "blue"))
    assert [m[1] for m in s.legal_moves()] == [0, 1, 2, 3]
    s.apply(("take_privilege", 1))
    assert s.privileges[0] == [D.P_RUN_UP]
    assert s.display[1] == D.P_COLLECT_EITHER and s.stack == [D.P_PER_BROWN]


def test_empty_display_space_stays_empty_when_the_stack_is_out():
    s = empty_game()
    s.stack = []
    put(s, c5="r", d5="b", g5="y", h5="n", g6="r")
    s.apply(("leap", *L("c5", "d5", "e5")))
    s.apply(("return_unit", "blue"))
    s.apply(("take_privilege", 0))
    assert s.display[0] == -1
    assert ("take_privilege", 0) not in [m for m in s.legal_moves()]


def test_brown_units_can_never_be_returned():
    s = empty_game()
    put(s, c5="r", d5="n", g5="y", h5="n", g6="r")
    s.village[B] = 1
    s.apply(("leap", *L("c5", "d5", "e5")))
    assert s.units[0][BR] == 1
    assert s.decider() == 1, "only a brown unit in front of her: nothing to return, the turn ends"


# --- privilege cards: orange leaps -------------------------------------------------

def test_diagonal_leap_only_with_the_card():
    s = empty_game()
    put(s, d4="r", e5="y")
    assert L("d4", "e5", "f6") not in leaps(s)
    s.privileges[0] = [D.P_DIAGONAL]
    s.invalidate()
    assert L("d4", "e5", "f6") in leaps(s)


def test_l_shaped_leap_lands_beside_the_unit_leapt_over():
    s = empty_game()
    put(s, e4="r", e5="y")
    s.privileges[0] = [D.P_L_SHAPED]
    s.invalidate()
    got = leaps(s)
    assert L("e4", "e5", "d5") in got and L("e4", "e5", "f5") in got
    assert L("e4", "e5", "e6") in got  # the ordinary leap stays allowed
    assert s.move_text(("leap", *L("e4", "e5", "d5"))).endswith("to d5 (L-shaped)")
    assert s.move_text(("leap", *L("e4", "e5", "e6"))) == "leap red e4 over yellow e5 to e6"


def test_run_up_moves_through_empty_spaces_then_leaps():
    s = empty_game()
    put(s, e2="r", e5="y")
    assert L("e2", "e5", "e6") not in leaps(s)
    s.privileges[0] = [D.P_RUN_UP]
    s.invalidate()
    assert L("e2", "e5", "e6") in leaps(s)
    assert s.move_text(("leap", *L("e2", "e5", "e6"))) == "leap red e2 over yellow e5 to e6 (run-up)"
    s.apply(("leap", *L("e2", "e5", "e6")))
    assert s.board[cell("e6")] == R and s.board[cell("e2")] == 0 and s.units[0][Y] == 1


def test_only_one_orange_ability_per_leap():
    s = empty_game()
    put(s, c3="r", e5="y")  # a diagonal run-up would need two abilities at once
    s.privileges[0] = [D.P_DIAGONAL, D.P_RUN_UP]
    s.invalidate()
    assert L("c3", "e5", "f6") not in leaps(s)
    put(s, d4="b")
    assert L("d4", "e5", "f6") in leaps(s)


# --- privilege cards: purple -----------------------------------------------------

def test_collect_either_unit():
    s = empty_game()
    put(s, e4="r", e5="y", a5="n", b5="n")
    s.privileges[0] = [D.P_COLLECT_EITHER]
    s.invalidate()
    assert L("e4", "e5", "e6", 1) in leaps(s) and L("e4", "e5", "e6", 0) in leaps(s)
    s.apply(("leap", *L("e4", "e5", "e6", 1)))
    assert s.units[0][R] == 1 and s.units[0][Y] == 0
    assert s.board[cell("e5")] == Y and s.board[cell("e6")] == 0


def test_flower_card_gives_one_point_per_copy_when_landing_on_a_flower():
    assert cell("f4") in layout_for(2).flowers
    s = empty_game()
    put(s, d4="r", e4="y", a5="n", b5="n")
    s.privileges[0] = [D.P_FLOWER, D.P_FLOWER]
    s.invalidate()
    s.apply(("leap", *L("d4", "e4", "f4")))
    assert s.trophies[0] == 2


def test_no_flower_points_off_a_flower():
    s = empty_game()
    put(s, e3="r", e4="y", a5="n", b5="n")
    s.privileges[0] = [D.P_FLOWER]
    s.invalidate()
    assert cell("e5") not in layout_for(2).flowers
    s.apply(("leap", *L("e3", "e4", "e5")))
    assert s.trophies[0] == 0


def test_public_flower_back_works_like_the_flower_card_for_everyone():
    flower_card = next(i for i, (_, back) in enumerate(D.PUBLIC_CARDS) if back[0] == "flower")
    s = empty_game(public=(flower_card, 1), backs=(True, False))
    put(s, d4="r", e4="y", a5="n", b5="n")
    s.privileges[0] = [D.P_FLOWER]
    s.invalidate()
    s.apply(("leap", *L("d4", "e4", "f4")))
    assert s.trophies[0] == 2


# --- scoring ---------------------------------------------------------------------

def finished(players=2, public=(0, 1), backs=(False, False), kept=None):
    s = empty_game(players, public, backs, kept)
    s.phase = OVER
    s.invalidate()
    return s


def set_units(s, seat, y=0, r=0, b=0, n=0):
    s.units[seat] = [0, y, r, b, n]


def test_rulebook_scoring_example():
    # private 10; public 8 and 6; brown 4; privilege cards 8, 3 and 4 (11 units)
    two_red = D.PRIVATE_SET_CARDS.index((0, 2, 0, 0, 0, 5))
    red_brown = next(i for i, (f, _) in enumerate(D.PUBLIC_CARDS) if f == (0, 1, 0, 1, 0, 2))
    red_blue = next(i for i, (f, _) in enumerate(D.PUBLIC_CARDS) if f == (0, 1, 1, 0, 0, 3))
    s = finished(public=(red_brown, red_blue), kept=[two_red, two_red])
    set_units(s, 0, y=1, r=4, b=2, n=4)
    set_units(s, 1, y=1, r=1, b=1, n=1)
    # 8 = two "no ability" cards (4 + 4), 3 = run-up, 4 = one per brown unit
    s.privileges[0] = [D.P_NO_ABILITY, D.P_NO_ABILITY, D.P_RUN_UP, D.P_PER_BROWN]
    b = score_breakdown(s)[0]
    assert b["private_set_card"] == 10
    assert b["public_score_cards"] == [8, 6]
    assert b["brown_units"] == 4
    assert b["privilege_cards"] == [4, 4, 3, 4]
    assert b["units"] == 11
    assert b["total"] == 10 + 8 + 6 + 4 + 8 + 3 + 4


@pytest.mark.parametrize("card", range(len(D.PRIVATE_SET_CARDS)))
def test_every_private_set_card_scores_per_complete_set(card):
    *need, any_, points = D.PRIVATE_SET_CARDS[card]
    s = finished(kept=[card, card])
    if any_:
        set_units(s, 0, y=any_ * 2 + 1)
        expected = points * 2
    else:
        set_units(s, 0, *[max(0, n * 3 - 1) for n in need])  # one short of a third set
        expected = points * 2
    assert score_breakdown(s)[0]["private_set_card"] == expected


@pytest.mark.parametrize("card", range(len(D.PUBLIC_CARDS)))
def test_every_public_front_scores_like_a_set_card(card):
    *need, any_, points = D.PUBLIC_CARDS[card][0]
    s = finished(public=(card, (card + 1) % 6))
    if any_:
        set_units(s, 0, r=any_)
    else:
        set_units(s, 0, *need)
    assert score_breakdown(s)[0]["public_score_cards"][0] == points


def back_card(kind, *colours):
    return next(i for i, (_, back) in enumerate(D.PUBLIC_CARDS) if back == (kind, *colours))


def test_back_brown_majority_sole_and_tied():
    s = finished(players=3, public=(back_card("brown_majority"), 0), backs=(True, False))
    set_units(s, 0, n=3)
    set_units(s, 1, n=2)
    set_units(s, 2, n=1)
    assert [b["public_score_cards"][0] for b in score_breakdown(s)] == [6, 0, 0]
    set_units(s, 1, n=3)
    assert [b["public_score_cards"][0] for b in score_breakdown(s)] == [3, 3, 0]


@pytest.mark.parametrize("colours", [(D.RED, D.BLUE), (D.RED, D.YELLOW), (D.BLUE, D.YELLOW)])
def test_back_two_colours_highest_sum(colours):
    a, c = colours
    s = finished(players=3, public=(back_card("two_colours", a, c), 0), backs=(True, False))
    s.units[0][a] = 3  # only one colour still counts
    s.units[1][a], s.units[1][c] = 1, 1
    assert [b["public_score_cards"][0] for b in score_breakdown(s)] == [6, 0, 0]
    s.units[1][c] = 2
    assert [b["public_score_cards"][0] for b in score_breakdown(s)] == [3, 3, 0]


def test_back_two_colours_counts_turquoise_extra_units():
    s = finished(players=2, public=(back_card("two_colours", D.RED, D.BLUE), 0), backs=(True, False))
    s.units[0][D.RED] = 1
    s.units[1][D.RED] = 2
    s.privileges[0] = [D.P_EXTRA_BLUE]
    assert [b["public_score_cards"][0] for b in score_breakdown(s)] == [6, 0]


def test_back_privilege_majority():
    s = finished(players=2, public=(back_card("privilege_majority"), 0), backs=(True, False))
    s.privileges[0] = [D.P_NO_ABILITY, D.P_DIAGONAL]
    s.privileges[1] = [D.P_NO_ABILITY]
    assert [b["public_score_cards"][0] for b in score_breakdown(s)] == [4, 0]
    s.privileges[1].append(D.P_RUN_UP)
    assert [b["public_score_cards"][0] for b in score_breakdown(s)] == [2, 2]


def test_back_flower_scores_nothing_at_the_end():
    s = finished(players=2, public=(back_card("flower"), 0), backs=(True, False))
    set_units(s, 0, r=5, b=5)
    assert score_breakdown(s)[0]["public_score_cards"][0] == 0


def test_brown_units_score_one_each():
    s = finished()
    set_units(s, 0, n=5)
    assert score_breakdown(s)[0]["brown_units"] == 5


@pytest.mark.parametrize("card,colour", [(D.P_EXTRA_RED, D.RED), (D.P_EXTRA_YELLOW, D.YELLOW), (D.P_EXTRA_BLUE, D.BLUE)])
def test_turquoise_extra_units_count_for_sets_but_not_privilege_requirements(card, colour):
    need = [0, 0, 0, 0]
    need[D.COLOURS.index(colour)] = 2
    private = D.PRIVATE_SET_CARDS.index(next(c for c in D.PRIVATE_SET_CARDS if list(c[:4]) == need))
    s = finished(kept=[private, private])
    s.privileges[0] = [card, D.P_PER_PAIR]
    b = score_breakdown(s)[0]
    assert b["private_set_card"] == (4 if colour == D.BLUE else 5)
    assert b["privilege_cards"] == [-2, 0], "no collected units: no unit/privilege pair"
    assert b["units"] == 0


def test_turquoise_extra_units_do_not_break_ties():
    s = finished()
    set_units(s, 0, r=1)
    set_units(s, 1, r=1)
    s.privileges[0] = [D.P_EXTRA_RED, D.P_NO_ABILITY]  # 2 + (-2) + ... equal scores
    s.privileges[1] = [D.P_DIAGONAL]
    s.kept = [D.PRIVATE_SET_CARDS.index((0, 0, 0, 3, 0, 3))] * 2  # brown set: scores nothing here
    res = s.result()
    assert res.scores[0] == res.scores[1]
    assert res.winners == (0, 1), "extras are not units for the tie-break: shared victory"


def test_no_ability_card_scores_four():
    s = finished()
    s.privileges[0] = [D.P_NO_ABILITY]
    assert score_breakdown(s)[0]["privilege_cards"] == [4]


def test_orange_and_purple_cards_score_their_trophies():
    s = finished()
    s.privileges[0] = [D.P_DIAGONAL, D.P_L_SHAPED, D.P_RUN_UP, D.P_COLLECT_EITHER, D.P_FLOWER]
    assert score_breakdown(s)[0]["privilege_cards"] == [2, 2, 3, 2, 1]


def test_green_cards():
    s = finished()
    set_units(s, 0, y=1, n=3)
    s.privileges[0] = [D.P_PER_BROWN, D.P_PER_TWO_PRIVILEGES, D.P_PER_PAIR]
    assert score_breakdown(s)[0]["privilege_cards"] == [3, 2, 3]
    s.privileges[0].append(D.P_NO_ABILITY)
    assert score_breakdown(s)[0]["privilege_cards"] == [3, 4, 4, 4]


def test_blue_fewest_privilege_cards_needs_strictly_fewest():
    s = finished(players=3)
    s.privileges[0] = [D.P_FEWEST_PRIVILEGES_5]
    s.privileges[1] = [D.P_NO_ABILITY, D.P_RUN_UP]
    s.privileges[2] = [D.P_NO_ABILITY, D.P_RUN_UP]
    assert score_breakdown(s)[0]["privilege_cards"] == [7]
    s.privileges[2] = [D.P_DIAGONAL]
    assert score_breakdown(s)[0]["privilege_cards"] == [2], "a tie is not sufficient"


@pytest.mark.parametrize("card,bonus,base", [(D.P_FEWEST_UNITS_5, 5, 2), (D.P_FEWEST_UNITS_3, 3, 3)])
def test_blue_fewest_units(card, bonus, base):
    s = finished(players=3)
    s.privileges[0] = [card]
    set_units(s, 0, r=1)
    set_units(s, 1, r=2)
    set_units(s, 2, n=3)
    assert score_breakdown(s)[0]["privilege_cards"] == [base + bonus]
    set_units(s, 1, b=1)
    assert score_breakdown(s)[0]["privilege_cards"] == [base]
    s.privileges[0].append(D.P_EXTRA_RED)  # extra units never count for privilege requirements
    set_units(s, 1, b=2)
    assert score_breakdown(s)[0]["privilege_cards"] == [base + bonus, -2]


def test_tie_broken_by_most_units_then_shared():
    s = finished()
    s.kept = [D.PRIVATE_SET_CARDS.index((0, 0, 0, 3, 0, 3))] * 2
    set_units(s, 0, y=1)
    set_units(s, 1, r=1)
    s.privileges[0] = [D.P_NO_ABILITY]
    s.privileges[1] = [D.P_DIAGONAL, D.P_DIAGONAL]
    assert s.result().winners == (0, 1)
    set_units(s, 1, r=2)
    s.privileges[1] = [D.P_DIAGONAL, D.P_EXTRA_RED, D.P_RUN_UP]  # 2 - 2 + 3 = 3 < 4: add a flower point
    s.trophies[1] = 1
    res = s.result()
    assert res.scores[0] == res.scores[1]
    assert res.winners == (1,), "tied on points, seat 1 has more units"


def test_views_hide_other_players_set_cards_until_the_end():
    s = GAME.new_state({"players": 2}, seed=21)
    s.apply(s.legal_moves()[0])
    s.apply(s.legal_moves()[1])
    assert s.view(1)["players"][0]["set_card"] == -1
    assert s.view(None)["players"][1]["set_card"] == -1
    while s.decider() != TERMINAL:
        s.apply(s.legal_moves()[0])
    v = s.view(1)
    assert v["players"][0]["set_card"] == s.kept[0], "set cards are revealed for scoring"
