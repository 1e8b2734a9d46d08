"""All twelve tavern heroes' abilities."""

from froccs_testlib import D, NO_HERO, check_views, do, glass, kinds, make, phase, total_cards


def heroes(h, n=3):
    return [h] + [NO_HERO] * (n - 1)


# --- Mélyivő Fred -------------------------------------------------------------------
def test_fred_gets_the_smallest_counter_glass_after_selling_5_dl():
    s = make(3, heroes=heroes(D.FRED), glasses={0: [glass(2, sm=1, soda=1), glass(3, sm=2, soda=1)]})
    s.counter = [5, 3, 2]
    s.glass_deck = [5, 3]
    do(s, ("sell_spritzers",), ("sell", 0, "none"), ("sell", 0, "none"))
    assert s.glasses[0] == [glass(2)] and s.money[0] == 30 + 50
    assert sorted(s.counter) == [3, 3, 5] and s.glass_deck == [5]


def test_fred_gets_nothing_under_5_dl():
    s = make(3, heroes=heroes(D.FRED), glasses={0: [glass(2, sm=1, soda=1), glass(2, sm=1, soda=1)]})
    do(s, ("sell_spritzers",), ("sell", 0, "none"), ("sell", 0, "none"))
    assert s.glasses[0] == []


# --- Löttyintős ---------------------------------------------------------------------
def test_lottyintos_moves_two_cards_between_glasses_once_per_turn():
    s = make(3, heroes=heroes(D.LOTTY), glasses={0: [glass(3, sz=2), glass(2, soda=2), glass(5, sm=1)]})
    splashes = kinds(s, "splash")
    assert ("splash", 1, "soda", 0) in splashes
    assert ("splash", 0, "szurkebarat", 2) not in splashes  # one wine type per glass
    assert ("splash", 0, "szurkebarat", 1) not in splashes  # no room
    do(s, ("splash", 1, "soda", 0))
    # before the selling action: the 3 dl glass is now finished and can be sold as the first action
    assert ("sell_spritzers",) in s.legal_moves()
    do(s, ("splash", 1, "soda", 2))
    assert not kinds(s, "splash") and s.glasses[0] == [glass(3, sz=2, soda=1), glass(2), glass(5, sm=1, soda=1)]
    do(s, ("sell_spritzers",), ("sell", 0, "none"))
    assert s.money[0] == 70 and s.actions_used == 1
    # a new turn, a new splash
    do(s, ("end_turn",))
    for _ in range(2):
        do(s, ("draw", False), ("draw", False))
    assert s.decider() == 0 and s.splash_left == 2


def test_lottyintos_may_splash_after_the_last_action():
    s = make(3, heroes=heroes(D.LOTTY), glasses={0: [glass(3, sz=2), glass(2, soda=1)]})
    do(s, ("draw", False), ("draw", False))
    assert s.decider() == 0 and s.legal_moves()[-1] == ("end_turn",) and kinds(s, "splash")
    do(s, ("splash", 1, "soda", 0), ("end_turn",))
    assert s.decider() == 1


# --- Kiw Évi --------------------------------------------------------------------------
def test_kiw_evi_mixes_two_wines_and_sells_at_the_better_price():
    s = make(3, heroes=heroes(D.KIW), hands={0: {"zold_veltelini": 1, "sargamuskotaly": 1, "szurkebarat": 1}},
             glasses={0: [glass(3, sm=1, soda=1), glass(5)]})
    do(s, ("play_cards",))
    assert ("pour", "zold_veltelini", 0, 0) in s.legal_moves()
    do(s, ("pour", "zold_veltelini", 0, 0))
    assert s.glasses[0][0] == glass(3, zv=1, sm=1, soda=1)
    do(s, ("end_play",), ("end_turn",))
    for _ in range(2):
        do(s, ("draw", False), ("draw", False))
    do(s, ("sell_spritzers",), ("sell", 0, "none"))
    assert s.money[0] == 90  # the Sárgamuskotály counts as Zöld Veltelini: 3 dl 2:1 ZV


def test_kiw_evi_at_most_two_wines_and_others_only_one():
    s = make(3, heroes=heroes(D.KIW), hands={0: {"szurkebarat": 1}}, glasses={0: [glass(5, zv=1, sm=1)]})
    do(s, ("play_cards",)) if ("play_cards",) in s.legal_moves() else None
    assert ("pour", "szurkebarat", 0, 0) not in s.legal_moves()
    s = make(3, hands={0: {"zold_veltelini": 1}}, glasses={0: [glass(3, sm=1)]})
    assert ("play_cards",) not in s.legal_moves()


# --- Pohárnok ------------------------------------------------------------------------------
def test_poharnok_buys_two_glasses_for_20():
    s = make(3, heroes=heroes(D.POHARNOK), money=[25, 0, 0], glasses={0: [glass(2)]})
    s.counter = [3, 5, 2]
    do(s, ("buy_glasses",), ("buy_two", 3, 5))
    assert s.money[0] == 5 and len(s.glasses[0]) == 3


# --- Recycle Béla --------------------------------------------------------------------------
def test_bela_draws_one_and_takes_a_wine_from_the_discard_pile():
    s = make(3, heroes=heroes(D.BELA), deck_top=["soda"])
    s.discard[D.SZ] = 2
    s.discard[D.SODA] = 3
    s.deck.remove(D.SZ)
    s.deck.remove(D.SZ)
    s.deck.remove(D.SODA)
    s.deck.remove(D.SODA)
    s.deck.remove(D.SODA)
    assert total_cards(s) == 106
    do(s, ("draw", True))
    assert phase(s) == "recycle" and s.legal_moves() == [("recycle", "szurkebarat")]
    do(s, ("recycle", "szurkebarat"))
    assert s.hands[0][D.SODA] == 1 and s.hands[0][D.SZ] == 1 and sum(s.hands[0]) == 2
    assert s.discard[D.SZ] == 1 and s.known[0][D.SZ] == 1  # the table saw which wine
    # once per turn
    assert ("draw", True) not in s.legal_moves() and ("draw", False) in s.legal_moves()


def test_bela_needs_a_wine_in_the_discard_pile():
    s = make(3, heroes=heroes(D.BELA))
    assert ("draw", True) not in s.legal_moves()


def test_bela_two_players_draws_two_keeps_one_then_may_take_the_discarded_wine():
    s = make(2, heroes=[D.BELA, NO_HERO], deck_top=["zold_veltelini", "soda"])
    do(s, ("draw", True))
    assert phase(s) == "discard_drawn" and sorted(s.drawn) == [D.ZV, D.SODA]
    do(s, ("discard_drawn", "zold_veltelini"))
    assert s.legal_moves() == [("recycle", "zold_veltelini")]  # even the one just discarded
    do(s, ("recycle", "zold_veltelini"))
    assert s.hands[0][D.ZV] == 1 and s.hands[0][D.SODA] == 1 and s.discard[D.ZV] == 0


# --- Sarki Jézus ------------------------------------------------------------------------------
def test_sarki_jezus_converts_one_card_per_glass_when_selling():
    s = make(3, heroes=heroes(D.SARKI), glasses={0: [glass(5, sz=2, soda=3), glass(2, zv=1, soda=1),
                                                    glass(3, sm=2, soda=1)]})
    do(s, ("sell_spritzers",))
    legal = s.legal_moves()
    assert ("sell", 0, "soda_to_wine") in legal and ("sell", 0, "wine_to_soda") in legal
    # the glass must still hold both wine and soda after converting
    assert ("sell", 1, "soda_to_wine") not in legal and ("sell", 1, "wine_to_soda") not in legal
    assert ("sell", 2, "wine_to_soda") in legal and ("sell", 2, "soda_to_wine") not in legal
    do(s, ("sell", 0, "soda_to_wine"))
    assert s.money[0] == 110  # 5 dl 3:2 Szürkebarát
    do(s, ("sell", 0, "none"), ("sell", 0, "wine_to_soda"))
    assert s.money[0] == 110 + 50 + 40  # then 3 dl 1:2 Sárgamuskotály
    assert s.discard[D.SZ] == 2 and s.discard[D.SODA] == 5  # the real cards


def test_only_sarki_jezus_converts():
    s = make(3, glasses={0: [glass(5, sz=2, soda=3)]})
    do(s, ("sell_spritzers",))
    assert s.legal_moves() == [("sell", 0, "none")]


# --- Sommelier Pityu ------------------------------------------------------------------------
def test_pityu_earns_10_per_3_and_5_dl_spritzer_when_selling_5_dl():
    s = make(3, heroes=heroes(D.PITYU), glasses={0: [glass(2, sm=1, soda=1), glass(3, sm=1, soda=2),
                                                    glass(5, sm=1, soda=4)]})
    do(s, ("sell_spritzers",), ("sell", 0, "none"), ("sell", 0, "none"), ("sell", 0, "none"))
    assert s.money[0] == 30 + 40 + 60 + 20


def test_pityu_gets_nothing_under_5_dl():
    s = make(3, heroes=heroes(D.PITYU), glasses={0: [glass(3, sm=1, soda=2), glass(2, sm=1, soda=1)]})
    do(s, ("sell_spritzers",), ("sell", 0, "none"), ("end_sale",))
    assert s.money[0] == 40


# --- Vízköpő Karesz --------------------------------------------------------------------------
def test_karesz_tops_up_every_spritzer_missing_1_dl_for_10_once():
    s = make(3, heroes=heroes(D.KARESZ), money=[0, 0, 0],
             glasses={0: [glass(3, zv=2), glass(5, sm=2, soda=2), glass(2, soda=1)]})
    assert ("sell_spritzers",) in s.legal_moves()  # a glass that can be topped up counts
    do(s, ("sell_spritzers",))
    assert s.legal_moves() == [("sell", 0, "top_up"), ("sell", 1, "top_up")]  # not the soda-only glass
    # the move text tells the net proceeds: the fee is paid with the first top-up only
    assert s.move_text(("sell", 0, "top_up")).endswith("for 80 forints (90 less the 10-forint top-up fee)")
    do(s, ("sell", 0, "top_up"))
    assert s.move_text(("sell", 0, "top_up")).endswith("for 70 forints")
    do(s, ("sell", 0, "top_up"))
    assert s.money[0] == 90 - 10 + 70  # one fee for both, paid out of the proceeds
    assert s.discard[D.SODA] == 2 and s.discard[D.ZV] == 2  # no soda card was played


def test_only_karesz_tops_up():
    s = make(3, glasses={0: [glass(3, zv=2)]})
    assert ("sell_spritzers",) not in s.legal_moves()


# --- Böske ---------------------------------------------------------------------------------
def boske_attacked(**kw):
    s = make(2, heroes=[NO_HERO, D.BOSKE], hands={0: {"kilottyintes": 1}, 1: {"soda": 1, "pohartores": 1}},
             glasses={1: [glass(2, sm=1, soda=1)]}, money=[30, 30], **kw)
    do(s, ("play_cards",), ("mischief", "kilottyintes", "kilottyintes", 1, 0, ""))
    return s


def test_boske_fends_off_instead_of_bargaining():
    s = boske_attacked()
    assert phase(s) == "react" and s.legal_moves() == [("fend_off",), ("no_defence",)]
    do(s, ("fend_off",))
    assert sum(s.hands[1]) == 1 and s.discard[D.KL] == 1 and sum(s.discard) == 2
    assert s.glasses[1][0] == glass(2, sm=1, soda=1)
    assert total_cards(s) == 106


def test_boske_fends_off_during_a_bargain():
    s = boske_attacked()
    do(s, ("no_defence",))
    assert ("fend_off",) in s.legal_moves()  # at her proposal turn
    do(s, ("no_offer",), ("offer_money", 1, 30), ("propose",))
    assert s.legal_moves() == [("accept",), ("refuse",), ("fend_off",)]  # while answering an offer
    do(s, ("fend_off",))
    assert s.money == [30, 30] and s.glasses[1][0] == glass(2, sm=1, soda=1) and sum(s.hands[1]) == 1


def test_boske_fends_off_after_a_failed_bargain():
    s = boske_attacked()
    do(s, ("no_defence",), ("no_offer",), ("carry_out",))
    assert phase(s) == "last_chance" and s.legal_moves() == [("fend_off",), ("no_defence",)]
    do(s, ("fend_off",))
    assert s.glasses[1][0] == glass(2, sm=1, soda=1)


def test_boske_needs_a_card_to_lose():
    s = make(2, heroes=[NO_HERO, D.BOSKE], hands={0: {"kilottyintes": 1}}, glasses={1: [glass(2, sm=1, soda=1)]})
    do(s, ("play_cards",), ("mischief", "kilottyintes", "kilottyintes", 1, 0, ""))
    assert phase(s) == "propose" and ("fend_off",) not in s.legal_moves()


# --- Hollósi elvtárs ----------------------------------------------------------------------------
def test_hollosi_uses_any_mischief_card_as_three_of_them():
    s = make(3, heroes=heroes(D.HOLLOSI), hands={0: {"borravalo": 1}}, money=[0, 20, 0],
             glasses={1: [glass(3, sz=1, soda=1), glass(2)], 2: [glass(2)]})
    do(s, ("play_cards",))
    effects = {(m[2], m[3]) for m in kinds(s, "mischief")}
    assert ("zsiros_kenyer", 1) in effects and ("kilottyintes", 1) in effects and ("pohartores", 1) in effects
    assert ("borravalo", 1) in effects and ("borravalo", 2) in effects  # and as itself
    assert ("pohartores", 2) not in effects  # seat 2 has under 10 forints
    move = ("mischief", "borravalo", "zsiros_kenyer", 1, 0, "szurkebarat")
    assert "as Zsíros kenyér" in s.move_text(move)
    do(s, move, ("no_offer",), ("carry_out",))
    assert s.glasses[1][0] == glass(3, soda=1) and s.discard[D.BV] == 1 and s.money[1] == 20


def test_hollosi_cannot_turn_a_card_into_borravalo():
    s = make(3, heroes=heroes(D.HOLLOSI), hands={0: {"zsiros_kenyer": 1}}, money=[0, 50, 50],
             glasses={1: [glass(3, sz=1)], 2: [glass(3, sz=1)]})
    do(s, ("play_cards",))
    assert all(m[2] != "borravalo" for m in kinds(s, "mischief"))


def test_only_hollosi_converts_mischief():
    s = make(3, hands={0: {"borravalo": 1}}, money=[0, 30, 30], glasses={1: [glass(3, sz=1)]})
    do(s, ("play_cards",))
    assert all(m[2] == "borravalo" for m in kinds(s, "mischief"))


# --- Buzgómócsing ---------------------------------------------------------------------------------
def test_buzgomocsing_discards_a_wine_for_three_different_actions():
    # the rulebook's example: draw first, then discard a wine, then buy and play
    s = make(3, heroes=heroes(D.BUZGO), hands={0: {"szurkebarat": 1, "soda": 2}}, money=[10, 0, 0],
             glasses={0: [glass(2, sm=1, soda=1), glass(3)]})
    do(s, ("draw", False))
    assert ("extra_action", "szurkebarat") in s.legal_moves()
    do(s, ("extra_action", "szurkebarat"))
    assert s.discard[D.SZ] == 1 and s.action_limit == 3
    legal = s.legal_moves()
    assert ("draw", False) not in legal  # every action of a different type
    assert ("sell_spritzers",) not in legal  # selling is only a first action
    assert ("buy_glasses",) in legal and ("play_cards",) in legal
    do(s, ("buy_glasses",), ("buy", s.counter[0]))
    assert ("buy_glasses",) not in s.legal_moves()
    do(s, ("play_cards",), ("pour", "soda", 0, 1), ("end_play",))
    assert s.decider() == 1


def test_buzgomocsing_not_after_two_actions_of_one_type():
    s = make(3, heroes=heroes(D.BUZGO), hands={0: {"szurkebarat": 1}})
    do(s, ("draw", False), ("draw", False))
    assert s.decider() == 1  # the same type twice: no third action possible


def test_buzgomocsing_needs_a_wine():
    s = make(3, heroes=heroes(D.BUZGO), hands={0: {"soda": 1}})
    assert not kinds(s, "extra_action")


def test_buzgomocsing_is_offered_the_third_action_step_with_or_without_a_wine():
    """After two actions of different types the turn does not end by itself while
    Buzgómócsing holds cards: ending it would show that none is a wine."""
    for hand, offered in (({"soda": 2}, []), ({"soda": 1, "szurkebarat": 1}, [("extra_action", "szurkebarat")])):
        s = make(3, heroes=heroes(D.BUZGO), hands={0: hand}, money=[10, 0, 0], deck_top=["soda", "soda"])
        do(s, ("draw", False), ("buy_glasses",), ("buy", s.counter[0]))
        assert s.decider() == 0 and s.legal_moves() == offered + [("end_turn",)]
        views = [s.view(seat) for seat in (None, 1, 2)]
        if not offered:
            without = views
    assert without == views
    # an empty hand is public: then the turn ends by itself
    s = make(3, heroes=heroes(D.BUZGO), money=[10, 0, 0], glasses={0: [glass(2, sm=1, soda=1), glass(3)]})
    do(s, ("sell_spritzers",), ("sell", 0, "none"), ("buy_glasses",), ("buy", s.counter[0]))
    assert s.decider() == 1


# --- Icuka ------------------------------------------------------------------------------------
def test_icuka_discards_a_card_to_sell_as_her_second_action():
    s = make(3, heroes=heroes(D.ICUKA), hands={0: {"soda": 1, "borravalo": 1}},
             glasses={0: [glass(2, sm=1), glass(3)]})
    do(s, ("play_cards",), ("pour", "soda", 0, 0), ("end_play",))
    assert ("sell_spritzers",) not in s.legal_moves()
    assert kinds(s, "icuka_sell") == [("icuka_sell", "borravalo")]
    do(s, ("icuka_sell", "borravalo"), ("sell", 0, "none"))
    assert s.money[0] == 30 and s.discard[D.BV] == 1 and s.decider() == 1


def test_icuka_needs_a_spritzer_and_a_card():
    s = make(3, heroes=heroes(D.ICUKA), hands={0: {"soda": 1}}, glasses={0: [glass(2, sm=1), glass(3)]})
    do(s, ("draw", False))
    assert not kinds(s, "icuka_sell")


def test_hero_views_round_trip():
    for h in range(12):
        s = make(3, heroes=heroes(h), hands={0: {"soda": 2, "zold_veltelini": 1}},
                 glasses={0: [glass(3, zv=1), glass(2, soda=1)]})
        check_views(s)


def test_lottyintos_is_never_forced_to_splash():
    s = make(3, heroes=heroes(D.LOTTY), glasses={0: [glass(3, sz=1), glass(2, soda=1)]})
    s.deck = []
    s.discard = [0] * D.NUM_CARDS  # nothing to draw, nothing else to do
    s.invalidate()
    assert kinds(s, "splash") and ("end_turn",) in s.legal_moves()
