"""The variants: Everyone's My Guest and One More Round, alone and together."""

from froccs_testlib import D, GAME, NO_HERO, S, check_views, config, do, glass, kinds, make, phase


# --- Everyone's My Guest --------------------------------------------------------------
def test_guests_pour_into_other_players_glasses():
    s = make(3, guest=True, hands={0: {"soda": 1, "sargamuskotaly": 1}},
             glasses={0: [glass(2)], 1: [glass(3, sz=1)], 2: [glass(2, sz=1, soda=1)]})
    do(s, ("play_cards",))
    legal = s.legal_moves()
    assert ("pour", "soda", 1, 0) in legal
    assert ("pour", "sargamuskotaly", 1, 0) not in legal  # the glass rules still hold
    assert not [m for m in legal if m[0] == "pour" and m[2] == 2]  # full glass
    do(s, ("pour", "soda", 1, 0))
    assert s.glasses[1][0] == glass(3, sz=1, soda=1) and phase(s) == "action"  # one glass: one card


def test_guests_follow_the_owner_kiw_evi_rule():
    s = make(3, guest=True, heroes=[NO_HERO, D.KIW, NO_HERO], hands={0: {"zold_veltelini": 1}},
             glasses={0: [glass(2)], 1: [glass(3, sm=1)], 2: [glass(3, sm=1)]})
    do(s, ("play_cards",))
    assert ("pour", "zold_veltelini", 1, 0) in s.legal_moves()
    assert ("pour", "zold_veltelini", 2, 0) not in s.legal_moves()


def test_without_the_variant_only_own_glasses():
    s = make(3, hands={0: {"soda": 1}}, glasses={1: [glass(3, sz=1)]})
    do(s, ("play_cards",))
    assert all(m[2] == 0 for m in kinds(s, "pour"))


def test_guests_still_need_a_glass_of_their_own():
    s = make(3, guest=True, hands={0: {"soda": 1}}, glasses={0: [], 1: [glass(3, sz=1)]})
    assert ("play_cards",) not in s.legal_moves()


def test_cards_in_glasses_can_be_bargained_with_the_guest_variant():
    s = make(2, guest=True, hands={0: {"kilottyintes": 1}},
             glasses={0: [glass(2), glass(3, sz=2)], 1: [glass(2, sm=1, soda=1), glass(5, zv=1)]})
    do(s, ("play_cards",), ("mischief", "kilottyintes", "kilottyintes", 1, 0, ""))
    comps = kinds(s, "offer_card")
    assert ("offer_card", "zold_veltelini", 1, 1, 0, -1) in comps  # out of a glass into a hand
    assert ("offer_card", "soda", 1, 0, 0, 0) in comps  # moved into another player's glass
    assert ("offer_card", "szurkebarat", 0, 1, 1, -1) in comps  # taken from the attacker's glass
    # the glass rules hold for the receiving glass
    assert ("offer_card", "sargamuskotaly", 1, 0, 0, 1) not in comps
    do(s, ("offer_card", "zold_veltelini", 1, 1, 0, -1), ("offer_card", "szurkebarat", 0, 1, 1, -1),
       ("propose",))
    check_views(s)
    do(s, ("accept",))
    assert s.glasses[1][1] == glass(5) and s.glasses[0][1] == glass(3, sz=1)
    assert s.hands[0][D.ZV] == 1 and s.hands[1][D.SZ] == 1
    assert s.glasses[1][0] == glass(2, sm=1, soda=1)  # the card had no effect


def test_glass_cards_count_towards_the_glass_limit():
    s = make(2, guest=True, hands={0: {"kilottyintes": 1, "soda": 1}},
             glasses={0: [glass(2), glass(3, sz=2)], 1: [glass(2, sm=1, soda=1), glass(5, zv=1)]})
    do(s, ("play_cards",), ("mischief", "kilottyintes", "kilottyintes", 1, 0, ""))
    do(s, ("offer_card", "soda", 1, 0, 0, 0))
    assert not [m for m in kinds(s, "offer_card") if m[4] == 0 and m[5] >= 0]


# --- One More Round! ---------------------------------------------------------------------------
def game_end(money, more=True, players=3, last=2):
    """A game whose last final turn (by seat ``last``) is about to end."""
    s = make(players, more=more, money=money, hands={q: {"soda": 1} for q in range(players)})
    s.player = last
    s._start_turn()
    s.triggered = True
    s.final_turns = 0
    do(s, ("draw", False), ("end_turn",))
    return s


def test_without_the_variant_the_game_just_ends():
    s = game_end([50, 50, 50], more=False)
    assert phase(s) == "game_over"


def test_pledges_start_left_of_the_last_player_and_reaching_40_gives_a_round():
    s = game_end([50, 50, 50])
    assert phase(s) == "one_more_round" and s.decider() == 0  # left of seat 2
    assert s.legal_moves() == [("chip_in", 10), ("chip_in", 20), ("chip_in", 30), ("chip_in", 40),
                               ("pass_round",)]
    do(s, ("chip_in", 30))
    assert s.decider() == 1 and s.legal_moves() == [("chip_in", 10), ("pass_round",)]  # only up to 40
    do(s, ("pass_round",))
    assert s.decider() == 2
    do(s, ("chip_in", 10))
    # 40 collected: the pledges go to the pool, every player one more turn from the bidding starter
    assert s.money == [20, 50, 40] and phase(s) == "action" and s.decider() == 0
    turns = [s.player]
    while s.decider() != -1:
        before = s.turn
        do(s, ("end_turn",) if ("end_turn",) in s.legal_moves() else ("draw", False))
        if s.decider() != -1 and s.turn != before:
            turns.append(s.player)
    assert turns == [0, 1, 2]
    assert phase(s) == "game_over"  # only once (ASSUMPTION)


def test_a_pass_is_final_and_the_pledges_go_around_again():
    s = game_end([50, 50, 50])
    do(s, ("chip_in", 10), ("pass_round",), ("chip_in", 10))
    assert s.decider() == 0  # seat 1 passed: it is skipped from now on
    do(s, ("chip_in", 10))
    assert s.decider() == 2
    do(s, ("pass_round",))
    assert s.decider() == 0
    do(s, ("pass_round",))
    # everyone passed with 30 pledged: refunds, the innkeeper throws everyone out
    assert phase(s) == "game_over" and s.money == [50, 50, 50]


def test_players_without_10_forints_are_skipped():
    s = game_end([0, 5, 50])
    assert s.decider() == 2
    do(s, ("chip_in", 40))
    assert s.money == [0, 5, 10] and phase(s) == "action" and s.decider() == 0


def test_nobody_can_pay_so_the_game_ends():
    s = game_end([0, 5, 0])
    assert phase(s) == "game_over"


def test_pledge_views_round_trip():
    s = game_end([50, 50, 50])
    do(s, ("chip_in", 20))
    check_views(s)
    assert s.view(2)["end"]["pledges"] == [20, 0, 0]


def test_both_variants_together():
    cfg = GAME.validate(config(4, "choose", True, True))
    assert cfg["everyones_my_guest"] and cfg["one_more_round"]
    s = GAME.new_state(cfg, 4)
    assert phase(s) == "choose_hero"
