"""The four actions and their limits."""

from froccs_testlib import D, G, do, glass, kinds, make, phase


def test_a_turn_is_two_actions_of_any_type_then_the_next_player():
    s = make(3, deck_top=["soda", "szurkebarat", "zold_veltelini", "soda"])
    do(s, ("draw", False))
    assert s.hands[0][D.SODA] == 1 and s.hands[0][D.SZ] == 1 and s.decider() == 0
    do(s, ("draw", False))  # the same action type twice
    assert sum(s.hands[0]) == 4 and s.hands[0][D.ZV] == 1
    assert s.decider() == 1 and s.actions_used == 0 and s.turn == 1


def test_draw_two_takes_the_top_two_cards():
    s = make(3, deck_top=["borravalo", "this_is_for_you"])
    before = len(s.deck)
    do(s, ("draw", False))
    assert s.hands[0][D.BV] == 1 and s.hands[0][D.TIFY] == 1
    assert len(s.deck) == before - 2
    # the others only learn that two cards were drawn
    assert s.view(1)["players"][0]["hand_size"] == 2 and s.view(1)["players"][0]["known_cards"] == []


def test_the_turn_may_end_after_one_action_but_not_before():
    s = make(3, hands={0: {"soda": 1}})
    assert ("end_turn",) not in s.legal_moves()
    do(s, ("draw", False))
    assert ("end_turn",) in s.legal_moves()
    do(s, ("end_turn",))
    assert s.decider() == 1


def test_selling_only_as_the_first_action():
    s = make(3, glasses={0: [glass(2, sm=1, soda=1), glass(3)]})
    assert ("sell_spritzers",) in s.legal_moves()
    do(s, ("draw", False))
    assert ("sell_spritzers",) not in s.legal_moves()


def test_selling_several_spritzers_in_one_action():
    s = make(3, glasses={0: [glass(2, sm=1, soda=1), glass(3, zv=2, soda=1), glass(5, sm=1)]})
    do(s, ("sell_spritzers",))
    assert ("end_sale",) not in s.legal_moves()  # at least one spritzer
    assert s.legal_moves() == [("sell", 0, "none"), ("sell", 1, "none")]
    do(s, ("sell", 1, "none"))
    assert s.legal_moves() == [("end_sale",), ("sell", 0, "none")]
    do(s, ("sell", 0, "none"))
    # nothing left to sell: the action ends on its own
    assert phase(s) == "action" and s.actions_used == 1
    assert s.money[0] == 90 + 30 and s.glasses[0] == [glass(5, sm=1)]
    assert s.glass_discard[0] == [1, 1, 0]


def test_buying_one_glass_for_10_and_refilling_the_counter():
    s = make(3, money=[30, 0, 0])
    s.counter = [2, 5, 5]
    s.glass_deck = [3, 2]
    assert s.legal_moves()[:0] == [] and ("buy_glasses",) in s.legal_moves()
    do(s, ("buy_glasses",))
    assert ("buy", 5) in s.legal_moves() and ("buy", 3) not in s.legal_moves()
    do(s, ("buy", 5))
    assert s.money[0] == 20 and [G.SIZE[g] for g in s.glasses[0]] == [2, 3, 5]
    assert sorted(s.counter) == [2, 2, 5] and s.glass_deck == [3]


def test_buying_two_glasses_for_40_in_one_action():
    s = make(3, money=[45, 0, 0], glasses={0: [glass(2)]})
    s.counter = [3, 5, 5]
    s.glass_deck = [2, 2, 2]
    do(s, ("buy_glasses",))
    assert ("buy_two", 5, 5) in s.legal_moves() and ("buy_two", 3, 5) in s.legal_moves()
    assert ("buy_two", 3, 3) not in s.legal_moves()  # only one 3 dl glass at the counter
    do(s, ("buy_two", 3, 5))
    assert s.money[0] == 5 and len(s.glasses[0]) == 3 and s.actions_used == 1
    assert sorted(s.counter) == [2, 2, 5]


def test_glass_limits_money_and_three_glasses():
    s = make(3, money=[35, 0, 0])  # two glasses: room for one more only
    do(s, ("buy_glasses",))
    assert not kinds(s, "buy_two")
    s = make(3, money=[35, 0, 0], glasses={0: [glass(2)]})
    do(s, ("buy_glasses",))
    assert not kinds(s, "buy_two")  # 40 forints needed
    s = make(3, money=[100, 0, 0], glasses={0: [glass(2), glass(3), glass(5)]})
    assert ("buy_glasses",) not in s.legal_moves()  # at most 3 glasses
    s = make(3, money=[5, 0, 0])
    assert ("buy_glasses",) not in s.legal_moves()


def test_discarded_glasses_are_reshuffled_when_the_glass_deck_runs_out():
    s = make(3, money=[40, 0, 0], glasses={0: []})
    s.counter = [2, 3, 5]
    s.glass_deck = []
    s.glass_discard = [[1, 0, 0], [0, 2, 0], [0, 0, 0]]
    do(s, ("buy_glasses",), ("buy_two", 2, 3))
    assert len(s.counter) == 3 and sorted(s.counter) in ([2, 3, 5], [3, 3, 5])
    assert s.glass_discard == [[0, 0, 0]] * 3 and len(s.glass_deck) == 1


def test_no_glass_no_playing_cards():
    s = make(3, hands={0: {"soda": 2, "zsiros_kenyer": 1}}, glasses={0: []})
    s.glasses[1] = [glass(3, sm=1)]
    assert ("play_cards",) not in s.legal_moves()


def test_play_at_least_one_at_most_as_many_cards_as_glasses():
    s = make(3, hands={0: {"soda": 3, "sargamuskotaly": 3}})
    do(s, ("play_cards",))
    assert ("end_play",) not in s.legal_moves()  # at least 1 card
    do(s, ("pour", "soda", 0, 0))
    assert ("end_play",) in s.legal_moves()
    do(s, ("pour", "sargamuskotaly", 0, 1))
    # two glasses: two cards, and the action is over
    assert phase(s) == "action" and s.actions_used == 1
    assert s.glasses[0] == [glass(2, soda=1), glass(3, sm=1)]
    # with three glasses: three cards, e.g. filling the 3 dl glass in one action
    s = make(3, hands={0: {"soda": 3, "szurkebarat": 3}}, glasses={0: [glass(2), glass(3), glass(5)]})
    do(s, ("play_cards",), ("pour", "szurkebarat", 0, 1), ("pour", "szurkebarat", 0, 1), ("pour", "soda", 0, 1))
    assert s.glasses[0][1] == glass(3, sz=2, soda=1) and s.actions_used == 1


def test_playing_goes_on_while_the_hand_holds_cards_even_if_none_fits():
    """Ending the action by itself when nothing in the hand fits would show the table
    that nothing does: the player stops it, as with a hand that still fits."""
    s = make(3, hands={0: {"soda": 1, "zold_veltelini": 1}}, glasses={0: [glass(2, sz=1), glass(3, sz=2)]})
    do(s, ("play_cards",), ("pour", "soda", 0, 0))
    # the 2 dl glass is full and the 3 dl glass holds another wine: the wine fits nowhere
    assert phase(s) == "play" and s.legal_moves() == [("end_play",)]
    do(s, ("end_play",))
    assert phase(s) == "action" and s.actions_used == 1
    # an empty hand is public: then the action ends by itself
    s = make(3, hands={0: {"soda": 1}}, glasses={0: [glass(2), glass(3)]})
    do(s, ("play_cards",), ("pour", "soda", 0, 0))
    assert phase(s) == "action" and s.actions_used == 1


def test_pouring_respects_capacity_one_wine_and_the_full_glass_rule():
    s = make(3, hands={0: {"soda": 2, "zold_veltelini": 1, "szurkebarat": 1}},
             glasses={0: [glass(2, sz=1), glass(3, soda=2), glass(5, sm=2, soda=3)]})
    do(s, ("play_cards",))
    legal = s.legal_moves()
    assert ("pour", "szurkebarat", 0, 0) not in legal  # a full glass of only wine
    assert ("pour", "soda", 0, 0) in legal
    assert ("pour", "zold_veltelini", 0, 0) not in legal  # one wine type per glass
    assert ("pour", "soda", 0, 1) not in legal  # a full glass of only soda
    assert ("pour", "zold_veltelini", 0, 1) in legal
    assert not [m for m in legal if m[0] == "pour" and m[3] == 2]  # the 5 dl glass is full


def test_three_glasses_soda_plus_two_mischief_cards():
    # the rulebook's example: a soda into a glass plus two mischief cards, at two opponents
    s = make(3, hands={0: {"soda": 1, "zsiros_kenyer": 1, "borravalo": 1}},
             glasses={0: [glass(2), glass(3), glass(5)], 1: [glass(3, sm=1)]}, money=[0, 0, 40])
    do(s, ("play_cards",), ("pour", "soda", 0, 0))
    do(s, ("mischief", "zsiros_kenyer", "zsiros_kenyer", 1, 0, "sargamuskotaly"))
    do(s, ("no_side_offer",), ("no_offer",), ("carry_out",))
    assert s.glasses[1][0] == glass(3) and s.decider() == 0 and phase(s) == "play"
    do(s, ("mischief", "borravalo", "borravalo", 2, -1, ""))
    do(s, ("no_offer",), ("carry_out",))
    assert s.money[2] == 20 and s.actions_used == 1 and phase(s) == "action"
