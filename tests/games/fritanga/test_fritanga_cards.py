"""Every Fritanga food card: its effect, its targets and when it may be played."""

import random

from boardbot.engine.games.fritanga import data as D
from boardbot.engine.games.fritanga.scenario import build, card_at, cell, hand_keys, name


def do(state, move):
    assert move in state.legal_moves(), (move, state.legal_moves())
    state.apply(move)


def targets(state):
    return sorted(name(state, m[1]) for m in state.legal_moves() if m[0] in ("choose_card", "choose_space"))


def board(hand, extra=None, pieces=None, **kw):
    """Seat 0 on d4 holding ``hand``; seats 1 and 2 far away on face-up baskets."""
    cards = {"c4": "basket", "d4": "+basket", "e4": "basket", "d3": "basket", "d5": "basket",
             "i9": "+basket", "i8": "basket", "b9": "+basket", "b8": "basket"}
    cards.update(extra or {})
    return build(cards=cards, pieces=pieces or {0: "d4", 1: "i9", 2: "b9"}, hands={0: hand}, turn=0, **kw)


def test_basket_has_no_effect():
    s = board([])
    do(s, ("end_play",))
    before = (list(s.hands[0]), list(s.discard))
    do(s, ("move", cell(s, "c4")))
    assert s.pos[0] == cell(s, "c4") and card_at(s, "c4") == "basket"
    assert s.hands[0] == before[0]
    assert s.discard[D.BASKET] == before[1][D.BASKET] + 1  # the d4 basket left behind


def test_breadcrumbs_needs_a_basket_in_the_discard_pile():
    s = board(["breadcrumbs"])
    assert ("play", "breadcrumbs") not in s.legal_moves()
    s = board(["breadcrumbs"], discard={"basket": 1})
    do(s, ("play", "breadcrumbs"))
    spaces = targets(s)
    assert "d2" in spaces and "b4" in spaces and "d4" not in spaces and "a1" not in spaces
    do(s, ("choose_space", cell(s, "d2")))
    assert s.stack[-1][0] == D.F_PLAY, "only one basket was available"
    assert s.grid[cell(s, "d2")] == D.BASKET, "placed face down"


def test_breadcrumbs_places_two_face_down_baskets_everyone_knows():
    s = board(["breadcrumbs"], discard={"basket": 3})
    do(s, ("play", "breadcrumbs"))
    do(s, ("choose_space", cell(s, "d2")))
    do(s, ("choose_space", cell(s, "a8")))
    assert s.discard[D.BASKET] == 1 and s.discard[D.BREADCRUMBS] == 1
    for c in ("d2", "a8"):
        assert s.grid[cell(s, c)] == D.BASKET
        spectator = {cv["cell"]: cv for cv in s.view(None)["cards"]}
        assert spectator[cell(s, c)]["card"] == "basket" and not spectator[cell(s, c)]["face_up"]
    # a sampled world never moves a publicly known card
    for seat in range(3):
        w = s.sample_for(seat, random.Random(seat))
        assert w.grid[cell(s, "d2")] == D.BASKET and w.grid[cell(s, "a8")] == D.BASKET


def test_f_rays_peeks_two_cards_privately_then_eliminates_one():
    s = board(["f_rays"], extra={"c4": "oil_geyser", "e4": "trampoline"})
    do(s, ("play", "f_rays"))
    assert s.stack[-1][0] == D.F_PEEK
    assert "d4" not in targets(s) and "i9" not in targets(s), "only face-down cards"
    do(s, ("choose_card", cell(s, "c4")))
    assert "c4" not in targets(s), "two different cards"
    do(s, ("choose_card", cell(s, "e4")))
    mine = {cv["cell"]: cv["card"] for cv in s.view(0)["cards"]}
    theirs = {cv["cell"]: cv["card"] for cv in s.view(1)["cards"]}
    assert mine[cell(s, "c4")] == "oil_geyser" and mine[cell(s, "e4")] == "trampoline"
    assert cell(s, "c4") not in theirs and cell(s, "e4") not in theirs
    assert cell(s, "c4") in s.view(1)["face_down"]
    peeks = {p["cell"]: p["seats"] for p in s.view(1)["peeks"]}
    assert peeks[cell(s, "c4")] == [0], "which cards were looked at is public"
    # the peeker's knowledge survives sampling; the others' worlds may differ there
    for _ in range(5):
        w = s.sample_for(0, random.Random(_))
        assert w.grid[cell(s, "c4")] == D.OIL_GEYSER and w.grid[cell(s, "e4")] == D.TRAMPOLINE
    worlds = {s.sample_for(1, random.Random(i)).grid[cell(s, "c4")] for i in range(30)}
    assert len(worlds) > 1
    # then one unoccupied card leaves the game (face up or down, looked at or not)
    assert s.stack[-1][0] == D.F_ELIM
    assert "i9" not in targets(s) and "d4" not in targets(s) and "c4" in targets(s) and "i8" in targets(s)
    do(s, ("choose_card", cell(s, "c4")))
    assert card_at(s, "c4") == "" and s.removed[D.OIL_GEYSER] == 1 and s.discard[D.OIL_GEYSER] == 0


def test_trampoline_lands_on_a_face_down_card_and_applies_it():
    s = board(["trampoline"], extra={"i7": "oil_geyser", "h7": "basket", "i6": "basket"})
    do(s, ("play", "trampoline"))
    assert "i9" not in targets(s), "face-down cards only"
    do(s, ("choose_card", cell(s, "i7")))
    assert s.pos[0] == cell(s, "i7")
    assert card_at(s, "h7") == "" and card_at(s, "i6") == "" and card_at(s, "i8") == ""
    assert card_at(s, "d4") == "" and hand_keys(s, 0) == []  # the d4 basket went to the discard pile


def test_maintenance_moves_three_face_down_cards():
    s = board(["maintenance"], extra={"d3": "oil_geyser"})
    s.kmask[cell(s, "d3")] = 1 << 1  # seat 1 has looked at it
    do(s, ("play", "maintenance"))
    assert "d4" not in targets(s) and "i9" not in targets(s)
    do(s, ("choose_card", cell(s, "d3")))
    spaces = targets(s)
    assert "d2" not in spaces, "d2 touches only the card being moved"
    assert "d3" not in spaces
    do(s, ("choose_space", cell(s, "a8")))
    assert card_at(s, "d3") == "" and s.grid[cell(s, "a8")] == D.OIL_GEYSER
    assert s.kmask[cell(s, "a8")] == 1 << 1, "what seat 1 knows moves with the card"
    do(s, ("choose_card", cell(s, "i8")))
    do(s, ("choose_space", cell(s, "j9")))
    assert "a8" not in targets(s) and "j9" not in targets(s), "three different cards"
    do(s, ("choose_card", cell(s, "d5")))
    assert "d6" not in targets(s), "d6 touches only the card being moved"
    do(s, ("choose_space", cell(s, "a9")))
    assert s.stack[-1][0] == D.F_PLAY
    assert s.grid[cell(s, "a9")] == D.BASKET and s.grid[cell(s, "j9")] == D.BASKET
    assert s.grid[cell(s, "a8")] == D.OIL_GEYSER and card_at(s, "d5") == ""


def test_a_little_break_skips_the_movement():
    s = board(["a_little_break"])
    do(s, ("play", "a_little_break"))
    do(s, ("end_play",))
    assert s.pos[0] == cell(s, "d4") and s.decider() == 1


def test_unbattered_steals_a_random_card_from_a_hand_of_two_or_more():
    s = board(["unbattered"])
    s.hands[1] = [D.FRITOS | D.PUBLIC_CODE, D.BOOM | D.PUBLIC_CODE]
    s.hands[2] = [D.SWITCH | D.PUBLIC_CODE]
    s._settle()
    do(s, ("play", "unbattered"))
    assert s.legal_moves() == [("choose_seat", 1)], "seat 2 holds only one card"
    do(s, ("choose_seat", 1))
    assert len(s.hands[1]) == 1 and len(s.hands[0]) == 1
    stolen = s.hands[0][0]
    assert stolen & D.FRESH
    assert {stolen & D.KIND, s.hands[1][0] & D.KIND} == {D.FRITOS, D.BOOM}
    # the thief and the victim know the card; seat 2 no longer knows either card
    v2 = s.view(2)["players"]
    assert v2[0]["hand"][0]["card"] == "" and v2[1]["hand"][0]["card"] == ""
    assert s.view(1)["players"][0]["hand"][0]["card"] == D.CARD_KEY[stolen & D.KIND]
    assert s.view(0)["players"][1]["hand"][0]["card"] == D.CARD_KEY[s.hands[1][0] & D.KIND]


def test_unbattered_is_random():
    got = set()
    for seed in range(20):
        s = board(["unbattered"], seed=seed)
        s.hands[1] = [D.FRITOS | D.PUBLIC_CODE, D.BOOM | D.PUBLIC_CODE]
        s._settle()
        do(s, ("play", "unbattered"))
        do(s, ("choose_seat", 1))
        got.add(s.hands[0][0] & D.KIND)
    assert got == {D.FRITOS, D.BOOM}


def test_switch_swaps_pieces_and_leaves_the_cards():
    s = board(["switch"])
    do(s, ("play", "switch"))
    assert s.legal_moves() == [("choose_seat", 1), ("choose_seat", 2)]
    do(s, ("choose_seat", 1))
    assert s.pos[0] == cell(s, "i9") and s.pos[1] == cell(s, "d4")
    assert card_at(s, "d4") == "basket" and card_at(s, "i9") == "basket"
    assert hand_keys(s, 0) == [] and s.discard[D.BASKET] == 0


def test_boom_pushes_every_adjacent_piece_one_card_away():
    # seat 1 east of seat 0 is pushed onto f4; seat 2 north is pushed into the empty d2 and falls
    s = board(["boom"], extra={"f4": "cold_water_geyser", "e4": "+basket", "d3": "+basket"},
              pieces={0: "d4", 1: "e4", 2: "d3"})
    do(s, ("play", "boom"))
    assert s.pos[1] == cell(s, "f4") and card_at(s, "e4") == ""
    assert s.decider() == 1 and s.stack[-1][0] == D.F_COLD, "the card pushed onto is turned over and applied"
    do(s, ("decline",))
    assert s.status[2] == D.OUT and card_at(s, "d3") == ""
    assert s.decider() == 0


def test_boom_push_is_blocked_by_an_occupied_card():
    s = board(["boom"], extra={"e4": "+basket", "f4": "+basket"}, pieces={0: "d4", 1: "e4", 2: "f4"})
    do(s, ("play", "boom"))
    assert s.pos[1] == cell(s, "e4") and s.pos[2] == cell(s, "f4")


def test_fissure_removes_a_card_next_to_a_rival():
    s = board(["fissure"])
    do(s, ("play", "fissure"))
    assert targets(s) == ["b8", "i8"]
    do(s, ("choose_card", cell(s, "i8")))
    assert card_at(s, "i8") == "" and s.discard[D.BASKET] == 1


def test_fissure_in_teams_spares_teammates():
    s = build(mode="teams", players=4,
              cards={"d4": "+basket", "i9": "+basket", "i8": "basket", "b9": "+basket", "b8": "basket",
                     "k1": "+basket", "k2": "basket"},
              pieces={0: "d4", 1: "i9", 2: "b9", 3: "k1"}, hands={0: ["fissure"]}, turn=0)
    do(s, ("play", "fissure"))
    assert targets(s) == ["i8", "k2"], "seat 2 is seat 0's teammate"


def test_oil_geyser_discards_the_unoccupied_cards_around_it():
    s = board([], extra={"c4": "oil_geyser", "b4": "basket", "c3": "basket", "c5": "+basket"},
              pieces={0: "d4", 1: "c5", 2: "b9"})
    do(s, ("end_play",))
    do(s, ("move", cell(s, "c4")))
    assert card_at(s, "b4") == "" and card_at(s, "c3") == ""
    assert card_at(s, "c5") == "basket", "an occupied card stays"


def test_cold_water_geyser_moves_along_its_row_or_column():
    s = board([], extra={"c4": "cold_water_geyser", "c9": "trampoline", "a4": "basket"})
    do(s, ("end_play",))
    do(s, ("move", cell(s, "c4")))
    assert s.decider() == 0 and s.stack[-1][0] == D.F_COLD
    assert targets(s) == ["a4", "c9", "e4"], "any unoccupied card of the row or column, over gaps"
    assert ("decline",) in s.legal_moves()
    do(s, ("choose_card", cell(s, "c9")))
    assert s.pos[0] == cell(s, "c9") and card_at(s, "c4") == "" and s.discard[D.COLD_GEYSER] == 1


def test_no_frying_way_cancels_a_push():
    s = board(["boom"], extra={"e4": "+basket"}, pieces={0: "d4", 1: "e4", 2: "b9"})
    s.hands[1] = [D.NO_FRYING | D.PUBLIC_CODE]
    s._settle()
    do(s, ("play", "boom"))
    assert s.decider() == 1 and s.legal_moves() == [("react", "no_frying_way"), ("decline",)]
    do(s, ("react", "no_frying_way"))
    assert s.pos[1] == cell(s, "e4") and s.status[1] == D.ALIVE and s.hands[1] == []
    assert s.decider() == 0 and s.stack[-1][0] == D.F_PLAY


def test_no_frying_way_pass_lets_it_happen():
    s = board(["boom"], extra={"e4": "+basket"}, pieces={0: "d4", 1: "e4", 2: "b9"})
    s.hands[1] = [D.NO_FRYING | D.PUBLIC_CODE]
    s._settle()
    do(s, ("play", "boom"))
    do(s, ("decline",))
    assert s.status[1] == D.OUT


def test_no_frying_way_is_not_a_play_phase_card_and_a_fresh_one_is_not_usable():
    s = board(["no_frying_way"])
    assert s.legal_moves() == [("end_play",)]
    s = board(["boom"], extra={"e4": "+basket"}, pieces={0: "d4", 1: "e4", 2: "b9"})
    s.hands[1] = [D.NO_FRYING | D.PUBLIC_CODE | D.FRESH]
    s._settle()
    do(s, ("play", "boom"))
    assert s.status[1] == D.OUT, "no window for a card picked up this turn"


def test_a_hidden_card_opens_the_window_without_giving_it_away():
    s = board(["boom"], extra={"e4": "+basket"}, pieces={0: "d4", 1: "e4", 2: "b9"})
    s.hands[1] = [D.FRITOS | ((1 << 1) | (1 << 2)) << D.MSHIFT]  # a stolen card seat 0 does not know
    s._settle()
    do(s, ("play", "boom"))
    assert s.decider() == 1 and s.legal_moves() == [("decline",)]


def test_switch_can_be_refused_with_no_frying_way():
    s = board(["switch"])
    s.hands[2] = [D.NO_FRYING | D.PUBLIC_CODE]
    s._settle()
    do(s, ("play", "switch"))
    do(s, ("choose_seat", 2))
    do(s, ("react", "no_frying_way"))
    assert s.pos[0] == cell(s, "d4") and s.pos[2] == cell(s, "b9")


def test_fissure_asks_every_rival_next_to_the_card_clockwise():
    # seat 2 plays Fissure on e4, next to seats 0 and 1: seat 0 is asked first (clockwise from seat 2)
    s = build(cards={"d4": "+basket", "e4": "basket", "f4": "+basket", "b9": "+basket"},
              pieces={0: "d4", 1: "f4", 2: "b9"},
              hands={0: ["no_frying_way"], 1: ["no_frying_way"], 2: ["fissure"]}, turn=2)
    do(s, ("play", "fissure"))
    do(s, ("choose_card", cell(s, "e4")))
    assert s.decider() == 0
    do(s, ("decline",))
    assert s.decider() == 1
    do(s, ("react", "no_frying_way"))
    assert card_at(s, "e4") == "basket" and hand_keys(s, 0) == ["no_frying_way"] and s.hands[1] == []
    assert s.decider() == 2


def test_the_chef_can_cancel_a_fritos():
    s = build(mode="chef", players=3, cards={"c3": "basket", "e3": "basket", "h8": "+basket", "h7": "basket"},
              pieces={1: "c3", 2: "h8"}, hands={1: ["fritos"]}, turn=1)
    do(s, ("end_play",))  # c3 is an island
    do(s, ("play", "fritos"))
    assert s.decider() == 0 and s.legal_moves() == [("react", "not_so_fast"), ("decline",)]
    do(s, ("react", "not_so_fast"))
    assert s.status[1] == D.OUT and s.hands[1] == [] and s.discard[D.FRITOS] == 1
    assert s.decider() == 2
