"""Fritanga movement, falling, Fritos, the last-chance flip and team bridges."""

import random

from boardbot.engine.games.fritanga import data as D
from boardbot.engine.games.fritanga.scenario import build, card_at, cell, hand_keys, name


def do(state, move):
    assert move in state.legal_moves(), (move, state.legal_moves())
    state.apply(move)


def move_names(state):
    return sorted(name(state, m[1]) for m in state.legal_moves() if m[0] == "move")


def cross():
    #      c  d  e  f
    #   3        X(2)
    #   4     X  X
    #   5  X  X1 P0 .
    #   6        .  X
    #   7        X
    return build(cards={"c5": "basket", "d5": "basket", "e5": "trampoline", "e4": "basket", "e3": "basket",
                        "d4": "oil_geyser", "e7": "basket", "f6": "basket", "k11": "basket"},
                 pieces={0: "e5", 1: "d5", 2: "e3"}, turn=0)


def test_moves_are_one_or_two_orthogonal_steps():
    s = cross()
    do(s, ("end_play",))
    assert s.stack[-1][0] == D.F_MOVE
    # d5 and e3 are occupied (no ending there), c5 is reached through d5 (passing a piece is allowed),
    # d4 by an L through d5 or e4; e7 is behind an empty space and f6 is diagonal: both out of reach
    assert move_names(s) == ["c5", "d4", "e4"]


def test_moving_leaves_the_card_and_reveals_the_destination():
    s = cross()
    do(s, ("end_play",))
    facedown = s.facedown
    do(s, ("move", cell(s, "c5")))
    assert card_at(s, "e5") == "", "the card left behind leaves the grid"
    assert hand_keys(s, 0) == ["trampoline"], "a hand-icon card joins the hand when the piece leaves it"
    assert s.grid[cell(s, "c5")] == D.BASKET | D.FACE_UP
    assert s.facedown == facedown - 1
    assert s.grid[cell(s, "d4")] < D.FACE_UP, "cards passed over stay face down"
    assert s.decider() == 1


def test_immediate_cards_are_discarded_when_left():
    s = build(cards={"c3": "+basket", "d3": "basket"}, pieces={0: "c3", 1: "k11", 2: "a1"},
              turn=0)
    s.grid[cell(s, "k11")] = D.BASKET | D.FACE_UP
    s.grid[cell(s, "a1")] = D.BASKET | D.FACE_UP
    s._settle()
    do(s, ("end_play",))
    do(s, ("move", cell(s, "d3")))
    assert s.discard[D.BASKET] == 1 and hand_keys(s, 0) == []


def test_a_card_picked_up_is_playable_from_the_next_turn_only():
    s = build(cards={"c3": "trampoline", "d3": "basket", "e3": "basket", "k9": "basket", "k10": "basket",
                     "a9": "basket", "a10": "basket", "h8": "basket"},
              pieces={0: "c3", 1: "k9", 2: "a9"}, hands={0: ["trampoline"]}, turn=0)
    do(s, ("play", "trampoline"))
    assert sorted(name(s, m[1]) for m in s.legal_moves()) == ["a10", "d3", "e3", "h8", "k10"]
    do(s, ("choose_card", cell(s, "h8")))
    assert s.pos[0] == cell(s, "h8") and s.grid[cell(s, "h8")] == D.BASKET | D.FACE_UP
    assert card_at(s, "c3") == "" and hand_keys(s, 0) == ["trampoline"]
    assert s.hands[0][0] & D.FRESH
    # card play continues, but the Trampoline just picked up waits for a later turn
    assert s.legal_moves() == [("end_play",)]
    do(s, ("end_play",))
    assert s.status[0] == D.OUT, "h8 is an island"
    s2 = build(cards={"c3": "+basket", "d3": "basket", "k9": "+basket", "a9": "+basket", "h8": "basket"},
               pieces={0: "c3", 1: "k9", 2: "a9"}, turn=0)
    s2.hands[0] = [D.TRAMPOLINE | D.FRESH | D.PUBLIC_CODE]
    s2._settle()
    assert s2.legal_moves() == [("end_play",)]
    do(s2, ("end_play",))
    do(s2, ("move", cell(s2, "d3")))
    for seat in (1, 2):
        assert s2.decider() == seat
        do(s2, ("end_play",))
    assert s2.decider() == 0 and ("play", "trampoline") in s2.legal_moves(), "playable on the next turn"


def test_no_legal_move_falls_and_without_fritos_is_out_for_the_round():
    s = build(cards={"c3": "basket", "e3": "basket", "f3": "basket", "h3": "basket"},
              pieces={0: "c3", 1: "e3", 2: "h3"}, turn=0)
    do(s, ("end_play",))
    # c3 is an island: the piece falls into the oil
    assert s.status[0] == D.OUT and s.pos[0] == -1
    assert card_at(s, "c3") == "" and s.discard[D.BASKET] == 1
    assert s.decider() == 1


def test_a_little_break_avoids_the_fall():
    s = build(cards={"c3": "basket", "e3": "basket", "h3": "basket"}, pieces={0: "c3", 1: "e3", 2: "h3"},
              hands={0: ["a_little_break"]}, turn=0)
    do(s, ("play", "a_little_break"))
    assert ("play", "a_little_break") not in s.legal_moves()
    do(s, ("end_play",))
    assert s.status[0] == D.ALIVE and s.pos[0] == cell(s, "c3")
    assert s.decider() == 1


def test_fritos_puts_a_fallen_piece_on_any_unoccupied_card():
    s = build(cards={"c3": "basket", "e3": "basket", "h3": "basket", "h8": "oil_geyser", "h7": "basket",
                     "k11": "+f_rays"},
              pieces={0: "c3", 1: "e3", 2: "h3"}, hands={0: ["fritos"]}, turn=0)
    do(s, ("end_play",))
    assert s.decider() == 0 and s.legal_moves() == [("play", "fritos"), ("decline",)]
    do(s, ("play", "fritos"))
    targets = sorted(name(s, m[1]) for m in s.legal_moves())
    assert targets == ["h7", "h8", "k11"], "any unoccupied card, face up or down"
    do(s, ("choose_card", cell(s, "h8")))
    # turned over and applied: the oil geyser discards the unoccupied card next to it
    assert s.pos[0] == cell(s, "h8") and s.status[0] == D.ALIVE
    assert card_at(s, "h7") == ""
    assert hand_keys(s, 0) == [] and s.discard[D.FRITOS] == 1
    assert s.decider() == 1


def test_fritos_without_a_free_card_brings_a_basket_from_the_discard_pile():
    s = build(cards={"c3": "basket", "e3": "basket", "h3": "basket"}, pieces={0: "c3", 1: "e3", 2: "h3"},
              hands={0: ["fritos"]}, turn=0)
    do(s, ("end_play",))  # c3 is discarded as the piece falls: one basket in the discard pile
    do(s, ("play", "fritos"))
    spaces = {m[1] for m in s.legal_moves()}
    assert all(m[0] == "choose_space" for m in s.legal_moves())
    assert cell(s, "d3") in spaces and cell(s, "c3") not in spaces
    do(s, ("choose_space", cell(s, "d3")))
    assert s.pos[0] == cell(s, "d3") and s.grid[cell(s, "d3")] == D.BASKET | D.FACE_UP
    assert s.discard[D.BASKET] == 0


def test_a_fritos_picked_up_this_turn_cannot_save_you():
    # chef mode: seat 1 leaves its start Fritos for a Splatter and the chef pushes it into the oil
    s = build(mode="chef", players=3, cards={"c3": "fritos", "d3": "splatter", "h8": "+basket", "h9": "basket"},
              pieces={1: "c3", 2: "h8"}, chef_hand=["skim"], turn=1)
    do(s, ("end_play",))
    do(s, ("move", cell(s, "d3")))
    assert hand_keys(s, 1) == ["fritos"] and s.decider() == 0
    assert s.legal_moves() == [("choose_direction", d) for d in D.DIRECTIONS]
    do(s, ("choose_direction", "north"))
    assert s.status[1] == D.OUT and card_at(s, "d3") == ""
    assert s.decider() == 2, "no Fritos decision: the Fritos picked up this turn is not playable yet"


def last_chance(card):
    return build(cards={"c3": card, "f3": "basket", "h3": "basket", "e7": "basket"},
                 pieces={1: "f3", 2: "h3"}, status={0: "out"}, turn=0)


def test_last_chance_flip_of_a_basket_brings_the_piece_back():
    s = last_chance("basket")
    assert s.stack[-1][0] == D.F_LAST
    assert sorted(name(s, m[1]) for m in s.legal_moves()) == ["c3", "e7"], "any unoccupied face-down card"
    do(s, ("choose_card", cell(s, "c3")))
    assert s.status[0] == D.ALIVE and s.pos[0] == cell(s, "c3")
    assert s.decider() == 1, "the flip is the whole turn"


def test_last_chance_flip_of_anything_else_fries():
    s = last_chance("trampoline")
    do(s, ("choose_card", cell(s, "c3")))
    assert s.status[0] == D.FRIED and card_at(s, "c3") == "" and s.discard[D.TRAMPOLINE] == 1
    assert s.decider() == 1


def test_last_chance_turn_may_use_a_fritos_and_then_plays_normally():
    s = build(cards={"c3": "basket", "f3": "basket", "h3": "basket", "f4": "basket"},
              pieces={1: "f3", 2: "h3"}, status={0: "out"}, hands={0: ["fritos"]}, turn=0)
    assert ("play", "fritos") in s.legal_moves()
    do(s, ("play", "fritos"))
    do(s, ("choose_card", cell(s, "c3")))
    assert s.status[0] == D.ALIVE
    assert s.stack[-1][0] == D.F_PLAY and s.decider() == 0


def test_last_chance_with_nothing_to_turn_over_fries():
    s = build(cards={"f3": "+basket", "h3": "+basket"}, pieces={1: "f3", 2: "h3"}, status={0: "out"},
              turn=2, frames=[(D.F_MOVE, 2), (D.F_PLAY, 2)])
    do(s, ("end_play",))
    # seat 2's h3 is an island: it falls; seat 0 then has no face-down card to turn over
    assert s.status[2] == D.OUT
    assert s.status[0] == D.FRIED and s.decider() == 1


def test_pushed_into_an_empty_space_falls():
    s = build(cards={"d3": "basket", "e3": "boom", "f3": "basket", "e8": "basket", "h8": "+basket"},
              pieces={0: "e3", 1: "d3", 2: "h8"}, hands={0: ["boom"]}, turn=0)
    do(s, ("play", "boom"))
    assert s.status[1] == D.OUT and s.pos[1] == -1
    assert card_at(s, "d3") == "", "the pushed piece left its card"
    assert s.fall_at[1] == -1, "no bridges in Versus"


def teams_bridge(seat):
    # seat 1 (team 1) fell at d3; seat 3 is its teammate, seat 0 and 2 are the other team
    cards = {"c3": "basket", "e3": "basket", "k11": "+basket", "a1": "+basket", "a11": "+basket"}
    pieces = {seat: "c3"}
    others = [q for q in (0, 2, 3) if q != seat]
    for q, spot in zip(others, ("k11", "a1", "a11")):
        pieces[q] = spot
    return build(mode="teams", players=4, cards=cards, pieces=pieces, status={1: "out"}, fallen={1: "d3"},
                 turn=seat)


def test_team_bridge_only_for_teammates():
    mate = teams_bridge(3)
    do(mate, ("end_play",))
    assert move_names(mate) == ["e3"], "a teammate passes over the fallen piece"
    rival = teams_bridge(0)
    do(rival, ("end_play",))
    assert rival.status[0] == D.OUT, "a rival cannot cross the oil: no move, it falls"


def test_nobody_ends_a_move_on_a_bridge_and_fried_pieces_stay_as_bridges():
    s = build(mode="chef", players=3, cards={"c3": "basket", "d3": "basket", "e3": "basket",
                                             "h8": "basket"},
              pieces={1: "c3"}, status={2: "out"}, fallen={2: "d4"}, turn=2)
    assert s.stack[-1][0] == D.F_LAST
    do(s, ("choose_card", cell(s, "d3")))  # a basket: back in the game, the bridge is gone
    assert s.fall_at[2] == -1
    s2 = build(mode="chef", players=3, cards={"c3": "basket", "e3": "basket", "h8": "+basket"},
               pieces={1: "c3", 2: "h8"}, status={2: "fried"}, fallen={2: "d3"}, turn=1)
    do(s2, ("end_play",))
    assert move_names(s2) == ["e3"], "a fried food left in the oil is still a bridge"
    assert cell(s2, "d3") not in [m[1] for m in s2.legal_moves()]


def test_no_card_is_placed_on_a_fallen_piece():
    s = build(mode="teams", players=4, cards={"c3": "breadcrumbs", "e3": "basket", "k11": "+basket",
                                               "a1": "+basket", "a11": "+basket"},
              pieces={0: "c3", 2: "k11", 3: "a1"}, status={1: "out"}, fallen={1: "d3"},
              hands={0: ["breadcrumbs"]}, discard={"basket": 2}, turn=0)
    do(s, ("play", "breadcrumbs"))
    assert cell(s, "d3") not in [m[1] for m in s.legal_moves()]
    assert cell(s, "b3") in [m[1] for m in s.legal_moves()]


def test_sampling_keeps_the_view_in_a_scenario():
    s = cross()
    rng = random.Random(3)
    for seat in range(3):
        w = s.sample_for(seat, rng)
        assert w.view(seat) == s.view(seat)
