"""The 2-player draw, the end of the game, scoring and tie-breaks."""

import random

from froccs_testlib import D, GAME, NO_HERO, R, check_views, do, glass, make, phase, settle, total_cards


# --- 2 players: draw 3, keep 2, discard 1 ---------------------------------------------
def test_two_players_draw_three_keep_two():
    s = make(2, deck_top=["zold_veltelini", "borravalo", "soda"])
    do(s, ("draw", False))
    assert phase(s) == "discard_drawn" and s.decider() == 0
    assert s.legal_moves() == [("discard_drawn", "zold_veltelini"), ("discard_drawn", "soda"),
                               ("discard_drawn", "borravalo")]
    assert s.view(0)["drawn"] == ["zold_veltelini", "soda", "borravalo"]
    assert s.view(1)["drawn"] == [] and s.view(1)["drawn_card_count"] == 3
    check_views(s)
    rng = random.Random(2)
    assert len({tuple(sorted(s.sample_for(1, rng).drawn)) for _ in range(30)}) > 1
    do(s, ("discard_drawn", "borravalo"))
    assert s.hands[0][D.ZV] == 1 and s.hands[0][D.SODA] == 1 and sum(s.hands[0]) == 2
    assert s.discard[D.BV] == 1  # face up: public
    assert s.view(1)["discard"]["borravalo"] == 1


def test_two_player_draw_with_duplicates_offers_each_card_once():
    s = make(2, deck_top=["soda", "soda", "soda"])
    do(s, ("draw", False))
    assert s.legal_moves() == [("discard_drawn", "soda")]


def test_three_players_draw_two():
    s = make(3, deck_top=["soda", "soda", "soda"])
    do(s, ("draw", False))
    assert s.hands[0][D.SODA] == 2 and phase(s) == "action"


# --- the end of the game -----------------------------------------------------------------
def near_end(players=3, deck=2, more=False, discard=None):
    s = make(players, more=more)
    s.discard = [0] * D.NUM_CARDS
    for name, k in (discard or {"soda": 10}).items():
        s.discard[D.CARD_ID[name]] = k
    settle(s)
    keep = s.deck[-deck:]
    rest = s.deck[:-deck]
    # the rest of the deck goes into the hands, so the card counts stay consistent
    for i, c in enumerate(rest):
        s.hands[i % players][c] += 1
    s.deck = keep
    assert total_cards(s) == 106
    return s


def test_drawing_the_last_card_reshuffles_and_gives_everyone_one_more_turn():
    s = near_end(3, deck=2)
    do(s, ("draw", False))
    assert s.triggered and len(s.deck) == 10 and sum(s.discard) == 0  # the discard pile became the deck
    turns = [s.player]
    while s.decider() != -1:
        before = s.turn
        do(s, ("end_turn",) if ("end_turn",) in s.legal_moves() else ("draw", False))
        if s.decider() != -1 and s.turn != before:
            turns.append(s.player)
    # seat 0 finishes its turn, then seats 1, 2 and 0 (the drawer too) play one more turn
    assert turns == [0, 1, 2, 0]
    assert phase(s) == "game_over" and s.result() is not None


def test_running_out_in_the_middle_of_a_draw():
    s = near_end(3, deck=1)
    hand = sum(s.hands[0])
    do(s, ("draw", False))
    assert sum(s.hands[0]) == hand + 2 and len(s.deck) == 9 and s.triggered


def test_a_second_exhaustion_does_not_restart_the_countdown():
    s = near_end(3, deck=2)
    do(s, ("draw", False))
    turns = s.final_turns
    s.deck = s.deck[-2:]
    do(s, ("draw", False))
    assert s.final_turns == turns - 1 and s.decider() == 1  # the turn ended: one countdown step only


def test_scoring_spritzers_glasses_and_money():
    s = make(3, money=[100, 50, 70], glasses={
        0: [glass(2, sm=1, soda=1), glass(3)],  # finished 20, empty 0
        1: [glass(3, sm=1, soda=2), glass(5, zv=4, soda=1), glass(2, soda=1)],  # 20 + 20 + 10
        2: [glass(5, sz=2), glass(3, sm=2)],  # 10 + 10 (full of wine is impossible: unfinished)
    })
    s.phase = R.OVER
    r = s.result()
    assert r.scores == (120, 100, 90)
    assert r.breakdown[1]["finished_spritzers"] == 2 and r.breakdown[1]["unfinished_glasses"] == 1
    assert r.winners == (0,) and r.ranks == (0, 1, 2)


def test_ties_go_to_fewer_cards_in_hand_then_are_shared():
    s = make(4, money=[100, 100, 100, 90], hands={0: {"soda": 2}, 1: {"soda": 1}, 2: {"borravalo": 1}, 3: {}},
             glasses={q: [] for q in range(4)})
    s.phase = R.OVER
    r = s.result()
    assert r.winners == (1, 2) and r.ranks == (2, 0, 0, 3)


def test_the_result_is_only_there_at_the_end():
    s = make(3)
    assert s.result() is None


def test_a_whole_greedy_game_ends_and_conserves_cards():
    for n in (2, 4, 6):
        s = GAME.new_state({"players": n}, 9)
        rng = random.Random(1)
        while s.decider() != -1:
            s.apply(GAME.heuristic_move(s, rng))
            assert total_cards(s) == 106
        assert s.result() is not None and s.triggered
