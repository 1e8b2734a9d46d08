"""Mischief cards, their conditions, and "This is for you!" at each allowed moment."""

from froccs_testlib import D, check_views, do, glass, kinds, make, phase, total_cards


def start(hand, glasses=None, money=None, players=2, **kw):
    s = make(players, hands={0: hand, **kw.pop("hands", {})}, glasses=glasses, money=money, **kw)
    do(s, ("play_cards",))
    return s


def test_zsiros_kenyer_takes_a_wine_card_out_of_a_glass():
    s = start({"zsiros_kenyer": 1}, glasses={1: [glass(3, sz=2, soda=1), glass(2, soda=1), glass(5)]})
    moves = kinds(s, "mischief")
    assert moves == [("mischief", "zsiros_kenyer", "zsiros_kenyer", 1, 0, "szurkebarat")]  # only glasses with wine
    do(s, moves[0], ("no_offer",), ("carry_out",))
    assert s.glasses[1][0] == glass(3, sz=1, soda=1)
    assert s.discard[D.SZ] == 1 and s.discard[D.ZK] == 1 and total_cards(s) == 106


def test_zsiros_kenyer_on_a_two_wine_glass_names_the_wine():
    s = start({"zsiros_kenyer": 1}, glasses={1: [glass(5, zv=1, sm=2)]}, heroes=[-1, D.KIW])
    assert {m[5] for m in kinds(s, "mischief")} == {"zold_veltelini", "sargamuskotaly"}
    do(s, ("mischief", "zsiros_kenyer", "zsiros_kenyer", 1, 0, "zold_veltelini"), ("no_offer",), ("carry_out",))
    assert s.glasses[1][0] == glass(5, sm=2)


def test_kilottyintes_takes_a_soda_card():
    s = start({"kilottyintes": 1}, glasses={1: [glass(3, sz=2), glass(2, sm=1, soda=1)]})
    assert kinds(s, "mischief") == [("mischief", "kilottyintes", "kilottyintes", 1, 1, "")]
    do(s, kinds(s, "mischief")[0], ("no_offer",), ("carry_out",))
    assert s.glasses[1][1] == glass(2, sm=1) and s.discard[D.SODA] == 1


def test_mischief_never_targets_oneself():
    s = start({"kilottyintes": 1, "zsiros_kenyer": 1, "borravalo": 1, "pohartores": 1},
              glasses={0: [glass(3, sz=1, soda=1), glass(2)], 1: [glass(2)]}, money=[50, 0])
    assert all(m[3] != 0 for m in kinds(s, "mischief"))


def test_borravalo_needs_30_forints_or_a_glass():
    s = make(2, hands={0: {"borravalo": 1}}, glasses={1: []}, money=[0, 20])
    assert ("play_cards",) not in s.legal_moves()
    s = start({"borravalo": 1}, glasses={1: []}, money=[0, 30])
    assert kinds(s, "mischief") == [("mischief", "borravalo", "borravalo", 1, -1, "")]
    do(s, kinds(s, "mischief")[0], ("no_offer",), ("carry_out",))
    assert s.money[1] == 10  # 20 forints into the cash pool
    # a glass is enough; a poorer target pays what it has (ASSUMPTION)
    s = start({"borravalo": 1}, glasses={1: [glass(2)]}, money=[0, 10])
    do(s, ("mischief", "borravalo", "borravalo", 1, -1, ""), ("no_offer",), ("carry_out",))
    assert s.money[1] == 0


def test_pohartores_breaks_an_empty_glass_of_a_player_with_10_forints():
    gl = [glass(3, sm=1), glass(2), glass(5)]
    s = make(2, hands={0: {"pohartores": 1}}, glasses={1: gl}, money=[0, 5])
    assert ("play_cards",) not in s.legal_moves()  # under 10 forints: glasses cannot be broken
    s = start({"pohartores": 1}, glasses={1: gl}, money=[0, 10])
    assert [m[4] for m in kinds(s, "mischief")] == [1, 2]  # only empty glasses
    do(s, ("mischief", "pohartores", "pohartores", 1, 2, ""), ("no_offer",), ("carry_out",))
    assert s.glasses[1] == [glass(3, sm=1), glass(2)] and s.money[1] == 10
    assert s.glass_discard[1] == [0, 0, 1]


def test_a_mischief_card_counts_as_a_played_card():
    s = start({"kilottyintes": 2, "soda": 1}, glasses={0: [glass(2), glass(3)], 1: [glass(2, soda=1)]})
    do(s, ("mischief", "kilottyintes", "kilottyintes", 1, 0, ""), ("no_offer",), ("carry_out",))
    do(s, ("pour", "soda", 0, 0))
    assert phase(s) == "action" and s.actions_used == 1  # two glasses, two cards


def test_this_is_for_you_right_after_the_attack():
    s = start({"kilottyintes": 1}, glasses={1: [glass(2, sm=1, soda=1)]},
              hands={1: {"this_is_for_you": 1}})
    do(s, ("mischief", "kilottyintes", "kilottyintes", 1, 0, ""))
    assert phase(s) == "react" and s.decider() == 1
    assert s.legal_moves() == [("this_is_for_you",), ("no_defence",)]
    check_views(s)
    do(s, ("this_is_for_you",))
    assert s.glasses[1][0] == glass(2, sm=1, soda=1)
    assert s.discard[D.TIFY] == 1 and s.discard[D.KL] == 1
    # it cannot be nullified: the attacker simply continues its action (here: it is over)
    assert s.decider() == 0 and phase(s) == "action" and s.actions_used == 1


def test_this_is_for_you_after_a_failed_bargain():
    s = start({"kilottyintes": 1}, glasses={1: [glass(2, sm=1, soda=1)]},
              hands={1: {"this_is_for_you": 1}}, money=[0, 30])
    do(s, ("mischief", "kilottyintes", "kilottyintes", 1, 0, ""), ("no_defence",))
    assert phase(s) == "propose" and s.decider() == 1
    # not during the bargaining itself
    assert ("this_is_for_you",) not in s.legal_moves()
    do(s, ("offer_money", 1, 10), ("propose",))
    assert ("this_is_for_you",) not in s.legal_moves()
    do(s, ("refuse",), ("carry_out",))
    assert phase(s) == "last_chance" and s.decider() == 1
    assert s.legal_moves() == [("this_is_for_you",), ("no_defence",)]
    do(s, ("this_is_for_you",))
    assert s.glasses[1][0] == glass(2, sm=1, soda=1) and s.money == [0, 30]


def test_a_target_without_the_card_is_asked_all_the_same_and_can_only_decline():
    """Being asked must not tell the table whether the target holds "This is for you!"."""
    s = start({"kilottyintes": 1}, glasses={1: [glass(2, sm=1, soda=1)]}, hands={1: {"soda": 2}})
    do(s, ("mischief", "kilottyintes", "kilottyintes", 1, 0, ""))
    assert phase(s) == "react" and s.decider() == 1
    assert s.legal_moves() == [("no_defence",)]
    do(s, ("no_defence",), ("no_offer",), ("carry_out",))
    assert phase(s) == "last_chance" and s.legal_moves() == [("no_defence",)]
    do(s, ("no_defence",))
    assert phase(s) == "action" and s.glasses[1][0] == glass(2, sm=1)


def test_the_table_sees_the_same_react_step_with_or_without_the_card():
    views = []
    for hand in ({"soda": 1}, {"this_is_for_you": 1}):
        s = start({"kilottyintes": 1}, glasses={1: [glass(2, sm=1, soda=1)]}, hands={1: hand}, players=3)
        do(s, ("mischief", "kilottyintes", "kilottyintes", 1, 0, ""))
        views.append([s.view(seat) for seat in (None, 0, 2)])
    assert views[0] == views[1]


def test_a_target_with_an_empty_hand_is_not_asked():
    """An empty hand is public: it can hold no defence, so there is nothing to ask."""
    s = start({"kilottyintes": 1}, glasses={1: [glass(2, sm=1, soda=1)]})
    do(s, ("mischief", "kilottyintes", "kilottyintes", 1, 0, ""))
    assert phase(s) == "propose"
    do(s, ("no_offer",), ("carry_out",))
    assert phase(s) == "action" and s.glasses[1][0] == glass(2, sm=1)


def test_this_is_for_you_is_never_played_in_ones_own_turn():
    s = make(2, hands={0: {"this_is_for_you": 2, "soda": 1}}, glasses={1: [glass(2, soda=1)]})
    do(s, ("play_cards",))
    assert all("this_is_for_you" not in m for m in s.legal_moves())


def test_the_target_sees_the_attack_and_the_deck_counts_hold():
    s = start({"zsiros_kenyer": 1}, glasses={1: [glass(3, zv=1)]}, hands={1: {"this_is_for_you": 1}}, players=3)
    do(s, ("mischief", "zsiros_kenyer", "zsiros_kenyer", 1, 0, "zold_veltelini"))
    v = s.view(2)["mischief"]
    assert v["active"] and v["target"] == 1 and v["card"] == "zsiros_kenyer" and v["wine"] == "zold_veltelini"
    assert total_cards(s) == 106
    check_views(s)
