"""Dűlőre jutunk base rules: the rulebook's examples, every vineyard ability,
barrel bonuses, overflow passing, farmer markers, the end and tie-breaks."""

from dulore_helpers import at, barrel, clear, fresh, has_barrel, play, task, top, turn, vineyard

from boardbot.engine.core import TERMINAL
from boardbot.engine.games.dulore_jutunk import data as D
from boardbot.engine.games.dulore_jutunk.rules import PRESS_COMBOS

SKIP = ("skip",)
TL, T, TR, R, BR, B, BL, L = range(8)
W = D.WINTER


def need(card):
    return list(D.ORDER_CARDS[card][:3])


# --- the rulebook's examples ----------------------------------------------------
def test_scoring_example_four_three_three_two_and_four_connections_is_sixteen():
    s = clear(fresh(2))
    s.reserved[0] = [17, 14, 19, 0]
    for card, end in ((17, "left"), (14, "right"), (19, "left"), (0, "right")):
        s.bottles[0] = need(card)
        turn(s, 0)
        legal = s.legal_moves()
        if s.row[0]:
            assert ("fulfil", card, "left") in legal and ("fulfil", card, "right") in legal
        play(s, ("fulfil", card, end))
    assert s.row[0] == [19, 17, 14, 0]
    assert [D.ORDER_CARDS[c][3] for c in s.row[0]] == [4, 3, 3, 2]
    assert s.score_parts(0) == (12, 4, 0)
    assert s.score(0) == 16


def test_tibike_rose_press_chains_into_red_aging_and_farmer_marker():
    s = clear(fresh(2))
    vineyard(s, TL, D.SPRING, red=1)  # press 2-3
    vineyard(s, R, D.SPRING, red=2, yellow=1)
    s.grapes[0] = [0, 1]
    barrel(s, 0, D.RED, 0)
    turn(s, 0)
    play(s, ("harvest", TL), ("press", 1, 1))
    assert has_barrel(s, 0, D.ROSE, 0)
    assert top(s) == D.K_AGE and s.legal_moves() == [("age", "red", 0), SKIP]  # rosé space: age a red barrel
    play(s, ("age", "red", 0))
    assert has_barrel(s, 0, D.RED, 1) and not has_barrel(s, 0, D.RED, 0)
    assert top(s) == D.K_FARMER  # red space 2: place a farmer marker
    play(s, ("farmer", R, "age"))
    assert s.vmark[R] == 0 and s.vbonus[R] == D.MB_AGE
    assert s.supply[0] == [D.MB_DRAW, D.MB_TAKE, D.MB_PRESS]
    assert s.decider() == 1  # the single ability was used: the turn passed on


def test_karesz_double_aging_bottles_white_then_red_barrel_draws_a_grape():
    s = clear(fresh(2))
    s.bag = [0, 20]
    vineyard(s, T, D.AUTUMN, red=1)  # age any x2
    barrel(s, 0, D.WHITE, 1)
    barrel(s, 0, D.RED, 1)
    turn(s, 0)
    play(s, ("harvest", T))
    assert ("age", "white", 1) in s.legal_moves() and ("age", "red", 1) in s.legal_moves()
    play(s, ("age", "white", 1))
    assert s.bottles[0] == [2, 0, 0] and not any(s.cellar[0][0:2])
    assert s.bsupply[D.WHITE] == D.BOTTLES_PER_COLOUR - 2
    assert top(s) == D.K_AGE  # the second aging
    play(s, ("age", "red", 1))
    assert has_barrel(s, 0, D.RED, 2)
    assert top(s) == D.K_DRAW  # red space 3: draw a grape
    play(s, ("draw", 1))
    assert s.grapes[0] == [1, 1]


def test_double_aging_may_age_the_same_barrel_twice():
    s = clear(fresh(2))
    s.bag = [20, 0]
    vineyard(s, T, D.AUTUMN, red=1)
    barrel(s, 0, D.RED, 0)
    turn(s, 0)
    play(s, ("harvest", T), ("age", "red", 0), SKIP)  # farmer bonus declined
    assert s.legal_moves() == [("age", "red", 1), SKIP]
    play(s, ("age", "red", 1), ("draw", 1))
    assert has_barrel(s, 0, D.RED, 2) and s.grapes[0] == [2, 0]


# --- harvesting and overflow --------------------------------------------------------
def test_harvest_takes_the_grapes_and_empty_vineyards_cannot_be_chosen():
    s = clear(fresh(2))
    vineyard(s, B, D.SPRING, red=1, yellow=1)
    turn(s, 0)
    assert s.legal_moves() == [("harvest", B), ("harvest", W)]
    play(s, ("harvest", B))
    assert s.grapes[0] == [1, 1] and s.vred[B] == s.vyel[B] == 0


def test_grape_overflow_is_passed_right_and_discarded_when_it_would_come_back():
    s = clear(fresh(3))
    vineyard(s, TL, D.AUTUMN, red=2, yellow=1)
    s.grapes[1] = [3, 2]  # room 1
    s.grapes[0] = [2, 3]  # room 1: seat 0 is on seat 1's right
    s.grapes[2] = [3, 3]  # full
    turn(s, 1)
    play(s, ("harvest", TL))
    assert s.decider() == 1 and top(s) == D.K_KEEP
    assert s.legal_moves() == [("keep", 0, 1), ("keep", 1, 0)]
    basket = s.basket[:]
    play(s, ("keep", 0, 1))
    # two reds go to seat 0, which keeps one (no choice); the other passes seat 2
    # (full) and would come back to seat 1: it is discarded
    assert s.grapes == [[3, 3], [3, 3], [3, 3]]
    assert s.basket == [basket[0] + 1, basket[1]]
    assert top(s) == D.K_ABIL and s.decider() == 1


def test_a_receiving_player_chooses_which_passed_grapes_to_keep():
    s = clear(fresh(3))
    vineyard(s, TL, D.SPRING, red=1, yellow=1)
    s.grapes[1] = [3, 3]  # full: passes both
    s.grapes[0] = [3, 2]  # room 1
    turn(s, 1)
    play(s, ("harvest", TL))
    assert s.decider() == 0 and top(s) == D.K_KEEP
    play(s, ("keep", 1, 0))
    assert s.grapes[0] == [4, 2] and s.grapes[2] == [0, 1]
    assert s.decider() == 1 and top(s) == D.K_ABIL


def test_bottle_overflow_passes_any_bottles_right_and_discards_what_comes_back():
    s = clear(fresh(2))
    vineyard(s, L, D.SPRING, red=1)  # age any
    s.grapes[0] = [0, 0]
    barrel(s, 0, D.WHITE, 1)
    s.bottles[0] = [0, 4, 2]
    s.bottles[1] = [0, 5, 0]
    supply = s.bsupply[:]
    turn(s, 0)
    play(s, ("harvest", L), ("age", "white", 1))
    assert s.bottles[0] == [2, 4, 2]
    assert top(s) == D.K_BOTTLES and s.decider() == 0
    assert s.legal_moves() == [("pass_bottle", "white"), ("pass_bottle", "red"), ("pass_bottle", "rose")]
    play(s, ("pass_bottle", "rose"), ("pass_bottle", "rose"))
    assert s.bottles[0] == [2, 4, 0]
    assert s.bottles[1] == [0, 5, 2] and s.decider() == 1 and top(s) == D.K_BOTTLES
    play(s, ("pass_bottle", "red"))  # it would come back to seat 0: discarded
    assert s.bottles == [[2, 4, 0], [0, 4, 2]]
    assert s.bsupply == [supply[0] - 2, supply[1] + 1, supply[2]]


def test_solo_overflow_is_discarded():
    s = clear(fresh(1, project="expert"))
    vineyard(s, TL, D.AUTUMN, red=3)
    s.grapes[0] = [2, 3]
    basket = s.basket[:]
    turn(s, 0)
    play(s, ("harvest", TL))
    assert s.grapes[0] == [3, 3] and s.basket == [basket[0] + 2, basket[1]]


def test_solo_overflow_prompts_say_the_rest_is_discarded():
    s = clear(fresh(1, project="expert"))
    vineyard(s, TL, D.AUTUMN, red=2, yellow=1)
    s.grapes[0] = [2, 2]
    turn(s, 0)
    play(s, ("harvest", TL))
    assert top(s) == D.K_KEEP
    prompt = s.view(0)["prompt"]
    assert "discarded" in prompt and "right" not in prompt
    assert all("discard the rest" in s.move_text(m) for m in s.legal_moves())
    s = clear(fresh(1, project="expert"))
    s.bottles[0] = [3, 2, 1]
    at(s, task(D.K_TURN, 0))
    s._gain_bottles(0, 2, 0, 0, 0)
    s.invalidate()
    s._run()
    assert top(s) == D.K_BOTTLES
    prompt = s.view(0)["prompt"]
    assert "discard" in prompt and "right" not in prompt
    assert all(s.move_text(m).startswith("discard a ") for m in s.legal_moves())
    # with two players the grapes still go to the player on the right
    s = clear(fresh(2))
    vineyard(s, TL, D.AUTUMN, red=2, yellow=1)
    s.grapes[0] = [2, 2]
    turn(s, 0)
    play(s, ("harvest", TL))
    assert "player on your right" in s.view(0)["prompt"]


# --- every vineyard ability ---------------------------------------------------------
def test_press_two_or_three_grapes_into_the_matching_barrel():
    s = clear(fresh(2))
    vineyard(s, TL, D.SPRING, red=1)
    s.grapes[0] = [2, 1]
    turn(s, 0)
    play(s, ("harvest", TL))
    presses = [m for m in s.legal_moves() if m[0] == "press"]
    assert presses == [("press", 2, 0), ("press", 3, 0), ("press", 1, 1), ("press", 2, 1), ("press", 1, 2)][:2] + \
        [("press", 1, 1), ("press", 2, 1)]
    basket = s.basket[:]
    play(s, ("press", 3, 0))
    assert has_barrel(s, 0, D.RED, 0) and s.grapes[0] == [0, 1]
    assert s.basket == [basket[0] + 3, basket[1]]


def test_press_colours_and_blocked_leftmost_space():
    s = clear(fresh(2))
    s.grapes[0] = [3, 3]
    assert D.press_colour(0, 2) == D.WHITE and D.press_colour(3, 0) == D.RED and D.press_colour(1, 2) == D.ROSE
    barrel(s, 0, D.RED, 0)
    barrel(s, 0, D.WHITE, 0)
    moves = s._press_moves(0, PRESS_COMBOS)
    assert moves == [("press", 1, 1), ("press", 2, 1), ("press", 1, 2)]  # only rosé is free
    barrel(s, 0, D.ROSE, 0)
    assert s._press_moves(0, PRESS_COMBOS) == []


def test_age_any_lists_every_movable_barrel_and_blocked_barrels_cannot_move():
    s = clear(fresh(2))
    vineyard(s, L, D.SPRING, red=1)  # age any
    barrel(s, 0, D.WHITE, 0)
    barrel(s, 0, D.RED, 1)
    barrel(s, 0, D.RED, 2)
    barrel(s, 0, D.ROSE, 0)
    turn(s, 0)
    play(s, ("harvest", L))
    assert s.legal_moves() == [("age", "white", 0), ("age", "red", 2), ("age", "rose", 0), SKIP]
    play(s, ("age", "red", 2))  # bottles the red barrel
    assert s.bottles[0] == [0, 2, 0] and not has_barrel(s, 0, D.RED, 2)


def test_age_white_and_draw_one_are_both_usable():
    s = clear(fresh(2))
    s.bag = [0, 10]
    vineyard(s, T, D.SPRING, red=1)  # age white & draw 1
    barrel(s, 0, D.WHITE, 0)
    barrel(s, 0, D.RED, 0)
    turn(s, 0)
    play(s, ("harvest", T))
    assert s.legal_moves() == [("age", "white", 0), ("draw", 1), SKIP]
    play(s, ("age", "white", 0))
    assert top(s) == D.K_DRAW  # white space 2 bonus: draw a grape
    play(s, ("draw", 1))
    assert s.legal_moves() == [("draw", 1), SKIP]  # the tile's own draw is still there
    play(s, ("draw", 1))
    assert s.grapes[0] == [1, 2]
    assert s.decider() == 1


def test_age_red_only_moves_red_barrels():
    s = clear(fresh(2))
    vineyard(s, B, D.SPRING, red=1)  # age red
    barrel(s, 0, D.WHITE, 0)
    barrel(s, 0, D.RED, 0)
    turn(s, 0)
    play(s, ("harvest", B))
    assert s.legal_moves() == [("age", "red", 0), SKIP]


def test_slash_abilities_allow_only_one_of_them():
    s = clear(fresh(2))
    vineyard(s, B, D.AUTUMN, red=1)  # age red / age white
    barrel(s, 0, D.WHITE, 0)
    barrel(s, 0, D.RED, 1)
    turn(s, 0)
    play(s, ("harvest", B))
    assert s.legal_moves() == [("age", "red", 1), ("age", "white", 0), SKIP]
    play(s, ("age", "white", 0), SKIP)  # decline the white space's draw bonus
    assert s.decider() == 1 and has_barrel(s, 0, D.RED, 1)


def test_ampersand_abilities_may_all_be_used_in_any_order():
    s = clear(fresh(2))
    vineyard(s, TL, D.AUTUMN, red=2)  # press & age any
    barrel(s, 0, D.WHITE, 0)
    turn(s, 0)
    play(s, ("harvest", TL), ("age", "white", 0), SKIP)  # age first, decline the draw bonus
    assert s.legal_moves() == [("press", 2, 0), SKIP]
    play(s, ("press", 2, 0))
    assert has_barrel(s, 0, D.RED, 0) and has_barrel(s, 0, D.WHITE, 1)


def test_take_one_order_refills_its_slot():
    s = clear(fresh(2))
    vineyard(s, TR, D.SPRING, red=1)  # take 1 order
    display = s.display[:]
    deck_top = s.deck[-1]
    turn(s, 0)
    play(s, ("harvest", TR))
    assert s.legal_moves() == [("take_order", k) for k in range(4)] + [SKIP]
    play(s, ("take_order", 2))
    assert s.reserved[0] == [display[2]]
    assert s.display == display[:2] + [deck_top] + display[3:]


def test_take_two_orders_before_refilling():
    s = clear(fresh(2))
    vineyard(s, TR, D.AUTUMN, red=1)  # take 1-2 orders & press
    display = s.display[:]
    deck = s.deck[:]
    turn(s, 0)
    play(s, ("harvest", TR), ("take_order", 0))
    assert s.display[0] == -1 and top(s) == D.K_TAKE
    assert s.legal_moves() == [("take_order", 1), ("take_order", 2), ("take_order", 3), SKIP]
    play(s, ("take_order", 3))
    assert s.reserved[0] == [display[0], display[3]]
    assert s.display == [deck[-1], display[1], display[2], deck[-2]]


def test_draw_one_or_two_grapes_limited_by_the_press_house():
    s = clear(fresh(2))
    vineyard(s, BR, D.SPRING, red=1)  # draw 1-2
    turn(s, 0)
    play(s, ("harvest", BR))
    assert s.legal_moves() == [("draw", 1), ("draw", 2), SKIP]
    play(s, ("draw", 2))
    assert sum(s.grapes[0]) == 3
    s = clear(fresh(2))
    vineyard(s, BR, D.SPRING, red=1)
    s.grapes[0] = [2, 2]
    turn(s, 0)
    play(s, ("harvest", BR))
    assert s.legal_moves() == [("draw", 1), SKIP]


def test_place_a_farmer_marker_on_an_unharvested_vineyard_or_winter():
    s = clear(fresh(2))
    vineyard(s, R, D.SPRING, red=1)  # place a farmer marker
    vineyard(s, TL, D.SPRING, red=1)
    vineyard(s, B, D.SPRING, red=1)
    s.vmark[B] = 1
    s.vbonus[B] = D.MB_AGE
    s.supply[1] = [0, 2, 3]
    s.supply[0] = [D.MB_DRAW, D.MB_PRESS]
    turn(s, 0)
    play(s, ("harvest", R))
    assert s.legal_moves() == [("farmer", TL, "draw"), ("farmer", TL, "press"),
                               ("farmer", W, "draw"), ("farmer", W, "press"), SKIP]
    play(s, ("farmer", W, "press"))
    assert s.vmark[W] == 0 and s.vbonus[W] == D.MB_PRESS and s.supply[0] == [D.MB_DRAW]


def test_winter_gives_no_grapes_one_action_then_flips_and_refills_empty_vineyards():
    s = clear(fresh(2))
    s.bag = [30, 0]
    vineyard(s, TL, D.SPRING, red=0, yellow=2)
    s.side[T] = D.AUTUMN
    s.grapes[0] = [2, 0]
    turn(s, 0)
    play(s, ("harvest", W))
    assert s.grapes[0] == [2, 0]
    moves = s.legal_moves()
    assert ("press", 2, 0) in moves and ("take_order", 0) in moves and ("draw", 1) in moves
    play(s, ("press", 2, 0))  # one action only: the turn ends
    assert s.decider() == 1
    assert s.side[TL] == D.SPRING and s.vyel[TL] == 2  # had grapes: unchanged
    assert s.side[T] == D.SPRING and s.vred[T] == D.TILE_GRAPES[2 * T]  # autumn -> spring
    for v in (TR, R, BR, B, BL, L):
        assert s.side[v] == D.AUTUMN and s.vred[v] == D.TILE_GRAPES[2 * v + 1]


def test_the_empty_bag_is_refilled_from_the_basket():
    s = clear(fresh(2))
    s.bag = [0, 0]
    s.basket = [0, 3]
    vineyard(s, BR, D.SPRING, red=1)
    turn(s, 0)
    play(s, ("harvest", BR), ("draw", 2))
    assert s.grapes[0] == [1, 2] and s.bag == [0, 1] and s.basket == [0, 0]


# --- farmer markers -------------------------------------------------------------
def test_another_players_marker_gives_its_owner_the_bonus_after_the_abilities():
    s = clear(fresh(2))
    vineyard(s, B, D.SPRING, red=1)  # age red
    s.vmark[B] = 1
    s.vbonus[B] = D.MB_AGE
    s.supply[1] = [0, 2, 3]
    barrel(s, 0, D.RED, 0)
    barrel(s, 1, D.WHITE, 0)
    turn(s, 0)
    play(s, ("harvest", B))
    assert s.decider() == 0 and s.legal_moves() == [("age", "red", 0), SKIP]
    assert s.vmark[B] == 1  # still there while the vineyard's ability is used
    play(s, ("age", "red", 0), SKIP)
    assert s.decider() == 1 and top(s) == D.K_AGE
    assert s.legal_moves() == [("age", "white", 0), SKIP]
    assert s.supply[1] == [0, 2, 3]
    play(s, ("age", "white", 0))
    assert s.supply[1] == [0, 1, 2, 3] and s.vmark[B] == -1
    assert has_barrel(s, 1, D.WHITE, 1)


def test_marker_bonuses_draw_take_and_press_and_declining():
    for bonus, check in ((D.MB_DRAW, "draw"), (D.MB_TAKE, "take_order"), (D.MB_PRESS, "press")):
        s = clear(fresh(2))
        vineyard(s, BR, D.SPRING, red=1)
        s.vmark[BR] = 0
        s.vbonus[BR] = bonus
        s.supply[0] = [b for b in range(4) if b != bonus]
        s.grapes[0] = [1, 1]
        turn(s, 0)
        play(s, ("harvest", BR), SKIP)
        assert s.decider() == 0 and any(m[0] == check for m in s.legal_moves()) and SKIP in s.legal_moves()
        play(s, SKIP)
        assert s.supply[0] == [0, 1, 2, 3] and s.decider() == 1


def test_marker_on_winter_is_activated_when_winter_is_chosen():
    s = clear(fresh(2))
    s.vmark[W] = 1
    s.vbonus[W] = D.MB_DRAW
    s.supply[1] = [1, 2, 3]
    vineyard(s, TL, D.SPRING, red=1)
    turn(s, 0)
    play(s, ("harvest", W), SKIP)
    assert s.decider() == 1 and s.legal_moves() == [("draw", 1), SKIP]


# --- fulfilling and the end -------------------------------------------------------
def test_fulfil_face_up_or_reserved_orders_with_matching_bottles():
    s = clear(fresh(2))
    s.display = [3, 6, 12, 22]  # 2R, 1W+1R, 3W, 2W+2R+1Ro
    s.reserved[0] = [9]  # 1W+1Ro
    s.reserved[1] = [10]
    s.bottles[0] = [1, 2, 1]
    deck_top = s.deck[-1]
    turn(s, 0)
    fulfils = [m for m in s.legal_moves() if m[0] == "fulfil"]
    assert fulfils == [("fulfil", 3, "left"), ("fulfil", 6, "left"), ("fulfil", 9, "left")]
    play(s, ("fulfil", 6, "left"))
    assert s.row[0] == [6] and s.bottles[0] == [0, 1, 1] and s.display[1] == deck_top


def test_the_game_ends_after_the_round_in_which_a_player_fulfils_the_sixth_order():
    s = clear(fresh(2))
    s.row[0] = [0, 1, 2, 3, 4]
    s.reserved[0] = [5]
    s.bottles[0] = [0, 0, 2]
    vineyard(s, TL, D.SPRING, red=1)
    turn(s, 0)
    play(s, ("fulfil", 5, "right"))
    assert s.end_triggered and s.decider() == 1
    play(s, ("harvest", W), SKIP)
    assert s.decider() == TERMINAL
    res = s.result()
    assert res.scores[0] == 12 + s.score_parts(0)[1] and res.winners == (0,)


def test_three_players_end_at_five_orders_and_finish_the_round():
    s = clear(fresh(3))
    s.row[1] = [0, 1, 2, 3]
    s.reserved[1] = [5]
    s.bottles[1] = [0, 0, 2]
    vineyard(s, TL, D.SPRING, red=1)
    turn(s, 1)
    play(s, ("fulfil", 5, "right"))
    assert s.decider() == 2
    play(s, ("harvest", W), SKIP)
    assert s.is_terminal()


def test_four_players_end_at_four_orders():
    s = clear(fresh(4))
    s.row[3] = [0, 1, 2]
    s.reserved[3] = [5]
    s.bottles[3] = [0, 0, 2]
    turn(s, 3)
    play(s, ("fulfil", 5, "right"))
    assert s.is_terminal()


def test_ties_are_broken_by_bottles_then_barrels_then_grapes_then_shared():
    s = clear(fresh(3))
    s.row = [[0], [1], [3]]  # 2 stars each
    s.over = True
    s.stack = []
    s.bottles = [[1, 0, 0], [1, 0, 0], [1, 0, 0]]
    s.cellar[1][0] = 1
    s.grapes[2] = [1, 0]
    res = s.result()
    assert res.scores == (2, 2, 2) and res.winners == (1,) and res.ranks == (2, 0, 1)
    s.cellar[1][0] = 0
    s.grapes[2] = [0, 0]
    res = s.result()
    assert res.winners == (0, 1, 2) and res.ranks == (0, 0, 0)
    assert res.breakdown[0]["bottles"] == 1


def test_connections_count_matching_corkscrews_only():
    assert D.connections(14, 0) == 1  # right-top meets left-top
    assert D.connections(17, 14) == 2
    assert D.connections(0, 14) == 0  # card 0 has no right-hand corkscrew
