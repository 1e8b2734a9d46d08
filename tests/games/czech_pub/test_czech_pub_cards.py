"""Czech Pub: every card, the X cards' timing and the Musím si odskočit redirect rules."""

import random

import pytest

from boardbot.engine.games.czech_pub import GAME
from boardbot.engine.games.czech_pub import data as D
from boardbot.engine.games.czech_pub.data import BRAWL, PLAY, RESPOND, ROUND, SLIPPED, WINDOW
from boardbot.engine.games.czech_pub.state import CzechPubState

PASS = ("decline",)
DONE = ("done",)


def setup(players=3, hands=None, active=0, seed=7):
    """A game where seat ``active`` is about to play, with the given hands (card ids)."""
    s = GAME.new_state({"players": players}, seed=seed)
    for q in range(players):
        s.deck.extend(s.hands[q])
        s.hands[q] = []
    for q, names in (hands or {}).items():
        for name in names:
            c = D.CARD_BY_ID[name]
            s.deck.remove(c)
            s.hands[q].append(c)
        s.hands[q].sort()
    random.Random(seed).shuffle(s.deck)
    s.active = s.dec = active
    s.phase = PLAY
    s.invalidate()
    return s


def play(s, *moves):
    for m in moves:
        assert m in s.legal_moves(), (m, s.legal_moves())
        s.apply(m)


def order(name):
    return ("play", name, -1, "")


def on(name, seat):
    return ("play", name, seat, "")


def pass_window(s):
    while s.phase == WINDOW:
        play(s, PASS)


def names(cards):
    return [D.CARD_ID[c] for c in cards]


@pytest.fixture
def dice(monkeypatch):
    rolls = []
    monkeypatch.setattr(CzechPubState, "_roll_die", lambda self: rolls.pop(0))
    return rolls


# --- orders ------------------------------------------------------------------------

def test_large_beer_costs_no_action_and_three_beers_at_most():
    s = setup(3, {0: ["pivo"] * 4 + ["rum", "caj", "caj"]})
    play(s, order("rum"), order("caj"), order("caj"))
    assert order("pivo") in s.legal_moves(), "three actions used: a large beer is free"
    play(s, order("pivo"), order("pivo"), order("pivo"))
    assert order("pivo") not in s.legal_moves()


def test_small_beer_costs_an_action_and_one_small_beer_at_most():
    s = setup(3, {0: ["male_pivo", "male_pivo", "rum", "caj", "caj"]})
    play(s, order("male_pivo"))
    assert order("male_pivo") not in s.legal_moves()
    s = setup(3, {0: ["male_pivo", "rum", "caj", "caj"]})
    play(s, order("rum"), order("caj"), order("caj"))
    assert order("male_pivo") not in s.legal_moves(), "no action left"


def test_one_shot_per_turn_but_flattery_is_no_order():
    s = setup(3, {0: ["rum", "fernet", "lichoceni_servirce"]})
    play(s, order("rum"))
    assert order("fernet") not in s.legal_moves()
    assert ("play", "lichoceni_servirce", -1, "vodka") in s.legal_moves()


def test_every_shot_kind_scores_five(dice):
    for kind in D.SHOT_ID:
        s = setup(3, {0: [kind]})
        play(s, order(kind), DONE)
        assert s.points[0] == 5 and s.tokens[0] == 1 << D.SHOT_BY_ID[kind]


def test_non_alcoholic_order_moves_back_in_an_abstinence():
    s = setup(3, {0: ["caj", "caj"]})
    s.cell[0] = 5
    play(s, order("caj"), order("caj"), DONE)
    assert s.abst[0] == 1 and s.cell[0] == 2 and s.points[0] == -1


def test_non_alcoholic_order_with_a_beer_lowers_the_total(dice):
    s = setup(3, {0: ["pivo", "pivo", "pivo", "caj"]})
    s.cell[0] = D.TRACK[0].index(0)
    play(s, order("pivo"), order("pivo"), order("pivo"), order("caj"))
    dice.append(2)  # 3 - 1 + 0 = 2: a 2 copes
    play(s, DONE)
    assert s.cell[0] == D.TRACK[0].index(0) + 1 and s.points[0] == 6


def test_dejte_mi_to_vsechno_is_a_large_beer_and_a_shot_of_your_choice(dice):
    s = setup(3, {0: ["dejte_mi_to_vsechno", "pivo", "pivo", "pivo", "rum"]})
    play(s, order("pivo"), order("pivo"))
    choices = [m for m in s.legal_moves() if m[0] == "play" and m[1] == "dejte_mi_to_vsechno"]
    assert len(choices) == 5
    play(s, ("play", "dejte_mi_to_vsechno", -1, "becherovka"))
    assert order("pivo") not in s.legal_moves(), "it counts as the third beer"
    assert order("rum") not in s.legal_moves(), "and as the shot"
    dice.append(6)
    play(s, DONE)
    assert s.points[0] == 6 + 5 and s.tokens[0] == 1 << D.SHOT_BY_ID["becherovka"]


def test_flattery_counts_as_a_shot_of_your_choice_even_when_insulted():
    s = setup(3, {0: ["lichoceni_servirce", "pivo"]})
    s.insults[0] = 1
    moves = s.legal_moves()
    assert order("pivo") not in moves, "Urážka vrchního: no orders"
    play(s, ("play", "lichoceni_servirce", -1, "zelena"), DONE)  # not an order: no reaction window
    assert s.points[0] == 5 and s.abst[0] == 0, "flattery is alcohol: no abstinence"
    assert s.tokens[0] == 1 << D.SHOT_BY_ID["zelena"]
    assert s.insults[0] == 0 and s.discard.count(D.URAZKA) == 1, "Urážka is discarded at the end of the turn"


# --- Panák do piva -------------------------------------------------------------------

def test_shot_into_your_own_beer_has_no_effect_when_the_beer_is_gone():
    s = setup(3, {0: ["pivo", "rum", "panak_do_piva", "fernet"], 1: ["zvrhnuta_sklenice"]})
    play(s, order("pivo"), order("rum"), order("panak_do_piva"), order("fernet"), DONE)
    assert s.decider() == 1
    play(s, ("react", "zvrhnuta_sklenice", 0, ""))  # spill the beer
    pass_window(s)
    assert s.delivered() == [(D.RUM, 0, True)], "without a beer the second shot is not drunk"
    play(s, DONE)
    assert s.points[0] == 5


def test_opponent_pours_your_shot_into_your_beer_and_you_may_order_another(dice):
    s = setup(3, {0: ["pivo", "rum", "fernet"], 1: ["panak_do_piva"]})
    play(s, order("pivo"), order("rum"), DONE)
    pour = ("react", "panak_do_piva", 1, "")
    assert [m for m in s.legal_moves() if m[0] == "react"] == [pour], "a shot is in front: pour that one"
    play(s, pour)
    pass_window(s)
    assert order("fernet") in s.legal_moves(), "the poured shot is outside the limit"
    dice.append(6)
    play(s, order("fernet"), DONE)  # seat 1's hand is empty now: no window
    assert s.points[0] == 1 + 5, "the poured Rum scores nothing"
    assert s.tokens[0] == (1 << 0) | (1 << 1)


def test_opponent_shot_into_a_beer_needs_a_beer():
    s = setup(3, {0: ["rum"], 1: ["panak_do_piva", "fernet"]})
    play(s, order("rum"), DONE)
    assert s.decider() == 1 and s.legal_moves() == [PASS]


def test_a_supplied_shot_does_not_count_when_the_beer_is_spilled():
    s = setup(3, {0: ["pivo"], 1: ["panak_do_piva", "rum"], 2: ["to_pivo_je_teply"]})
    play(s, order("pivo"), DONE)
    play(s, ("react", "panak_do_piva", -1, "rum"))
    assert s.decider() == 2, "seat 1 has no card left: not asked again"
    play(s, ("react", "to_pivo_je_teply", 0, ""))
    pass_window(s)
    assert s.delivered() == []
    play(s, DONE)
    # a beer was ordered: no abstinence (judged on the cards played); nothing drunk: no score
    assert s.abst[0] == 0 and s.tokens[0] == 0 and s.points[0] == 0 and s.cell[0] == 0


# --- the X cards -----------------------------------------------------------------------

def test_x_cards_are_never_played_in_your_own_turn():
    s = setup(3, {0: ["spletena_objednavka", "zvrhnuta_sklenice", "blazkova", "to_pivo_je_teply",
                      "musim_si_odskocit", "panak_do_piva"]})
    assert [m for m in s.legal_moves() if m[0] != "discard"] == [DONE]


@pytest.mark.parametrize("card", ["zvrhnuta_sklenice", "blazkova"])
def test_spilled_glass_cancels_an_order_and_frees_its_action(card):
    s = setup(3, {0: ["rum", "caj", "caj", "fernet", "pivo"], 1: [card]})
    play(s, order("pivo"), order("rum"), order("caj"), order("caj"))
    assert order("fernet") not in s.legal_moves()
    play(s, DONE)
    reacts = [m for m in s.legal_moves() if m[0] == "react"]
    assert reacts == [("react", card, 0, ""), ("react", card, 1, ""), ("react", card, 2, "")], \
        "one move per distinct order (the two Čaj act alike)"
    play(s, ("react", card, 1, ""))
    assert s.discard[-2:] == [D.RUM, D.CARD_BY_ID[card]]
    pass_window(s)
    assert s.decider() == 0 and order("fernet") in s.legal_moves()


def test_pub_cards_cannot_be_cancelled():
    s = setup(3, {0: ["pivo", "lichoceni_servirce"], 1: ["zvrhnuta_sklenice", "blazkova"]})
    play(s, order("pivo"), ("play", "lichoceni_servirce", -1, "rum"), DONE)
    assert {m[2] for m in s.legal_moves() if m[0] == "react"} == {0}


def test_warm_beer_cancels_only_a_beer():
    s = setup(3, {0: ["pivo", "rum"], 1: ["to_pivo_je_teply"]})
    play(s, order("rum"), order("pivo"), DONE)
    assert [m for m in s.legal_moves() if m[0] == "react"] == [("react", "to_pivo_je_teply", 1, "")]


def test_mixed_up_order_swaps_an_order_which_then_ignores_the_limits():
    s = setup(3, {0: ["pivo"] * 4 + ["rum"], 1: ["spletena_objednavka", "rum", "pivo"], 2: ["caj"]})
    play(s, order("pivo"), order("pivo"), order("pivo"), DONE)
    swap = ("react", "spletena_objednavka", 0, "rum")
    assert [m for m in s.legal_moves() if m[0] == "react"] == [swap], "never the same card back"
    play(s, swap)
    assert s.table[0] == (D.RUM, -1, SLIPPED, -1)
    assert s.hands[1].count(D.PIVO) == 2
    assert s.view(2)["players"][1]["known_cards"] == ["pivo"], "everybody saw the beer taken"
    pass_window(s)
    assert order("pivo") in s.legal_moves(), "the slipped-in card does not count towards the limits"
    assert order("rum") in s.legal_moves()


def test_mixed_up_order_can_bring_a_fourth_beer(dice):
    s = setup(3, {0: ["pivo", "pivo", "pivo", "rum"], 1: ["spletena_objednavka", "pivo"]})
    play(s, order("pivo"), order("pivo"), order("pivo"), order("rum"), DONE)
    play(s, ("react", "spletena_objednavka", 3, "pivo"))
    pass_window(s)
    dice.append(1)
    play(s, DONE)
    pass_window(s)
    assert s.points[0] == 6 + 1, "each beer beyond three: +1 point"


def test_a_reactor_may_play_several_x_cards_and_the_window_goes_clockwise():
    s = setup(4, {2: ["pivo", "rum"], 3: ["caj"], 0: ["zvrhnuta_sklenice", "blazkova"], 1: ["caj"]}, active=2)
    play(s, order("pivo"), order("rum"), DONE)
    assert s.decider() == 3 and s.legal_moves() == [PASS], "asked even without an X card"
    play(s, PASS)
    assert s.decider() == 0
    play(s, ("react", "zvrhnuta_sklenice", 0, ""))
    assert s.decider() == 0, "asked again after reacting"
    play(s, ("react", "blazkova", 0, ""))
    assert s.table == [], "both orders cancelled"
    assert s.phase == PLAY and s.decider() == 2, "no order left: the window closes, the active player plays on"


def test_the_window_skips_paused_players_and_empty_hands():
    s = setup(4, {0: ["pivo"], 1: ["caj"], 2: [], 3: ["caj"]})
    s.paused[1] = True
    play(s, order("pivo"), DONE)
    assert s.queue == (3,)


def test_no_window_without_an_order_in_front():
    s = setup(3, {0: ["lichoceni_servirce"], 1: ["zvrhnuta_sklenice"], 2: ["caj"]})
    play(s, ("play", "lichoceni_servirce", -1, "rum"), DONE)
    assert s.active == 1 and s.phase == PLAY


# --- Musím si odskočit ---------------------------------------------------------------------

def test_excuse_me_against_a_round_leaves_you_out_of_it():
    s = setup(3, {0: ["runda_dokola"], 1: ["musim_si_odskocit", "rum"], 2: ["pivo"]})
    play(s, order("runda_dokola"))
    assert s.phase == ROUND and s.decider() == 1
    assert s.legal_moves() == [("dodge", -1), ("pay", "rum"), ("pay", "")]
    play(s, ("dodge", -1))
    assert s.points[1] == 0 and s.hands[1] == [D.RUM] and s.discard[-1] == D.MUSIM
    assert s.decider() == 2
    play(s, ("pay", "pivo"))
    assert s.points[2] == -2 and s.phase == PLAY and s.decider() == 0


def test_excuse_me_against_a_brawl():
    s = setup(4, {0: ["rvacka", "caj", "caj", "caj"], 1: ["pivo", "pivo"], 2: ["rum", "rum"],
                  3: ["musim_si_odskocit", "fernet", "fernet", "fernet", "fernet"]})
    play(s, order("rvacka"))
    play(s, PASS, PASS)
    assert s.phase == BRAWL and s.decider() == 3
    play(s, ("dodge", -1))
    assert s.hands[3] == [D.FERNET] * 4, "the dodger neither takes nor loses cards"
    assert sorted(s.hands[0] + s.hands[1] + s.hands[2]) == sorted([D.CAJ] * 3 + [D.PIVO] * 2 + [D.RUM] * 2)


def test_excuse_me_redirects_a_single_target_card_to_a_neighbour_never_back():
    s = setup(4, {0: ["urazka_vrchniho"], 1: ["caj"], 2: ["musim_si_odskocit"], 3: ["musim_si_odskocit"]})
    play(s, on("urazka_vrchniho", 2))
    assert s.phase == RESPOND and s.decider() == 2
    assert s.legal_moves() == [("dodge", 3), ("dodge", 1), PASS]
    play(s, ("dodge", 3))
    # seat 3's neighbours: seat 0 played the card, seat 2 already dodged it: no passing on,
    # but "Přesměruj nebo zruš" lets it cancel the card instead
    assert s.decider() == 3 and s.legal_moves() == [("dodge", -1), PASS]
    play(s, PASS)
    assert s.decider() == 0 and s.phase == PLAY
    assert s.insults == [0, 0, 0, 1] and D.MUSIM in s.hands[3]


def test_excuse_me_cancels_a_single_target_card_no_neighbour_can_take():
    """"Přesměruj nebo zruš účinek karty": where no neighbour can take it, cancel it."""
    s = setup(3, {0: ["urazka_vrchniho", "pivo"], 1: ["musim_si_odskocit", "caj"]})
    play(s, on("urazka_vrchniho", 1))
    assert s.legal_moves() == [("dodge", 2), PASS]  # a neighbour can take it: only passing on
    s = setup(3, {0: ["urazka_vrchniho", "pivo"], 1: ["musim_si_odskocit", "caj"]})
    s.paused[2] = True  # now seat 1's neighbours are the card's player and a paused seat
    play(s, on("urazka_vrchniho", 1))
    move = ("dodge", -1)
    assert s.legal_moves() == [move, PASS]
    assert s.move_text(move) == "Musím si odskočit: cancel Urážka vrchního (Insulted bartender) (no neighbour can take it)"
    play(s, move)
    assert s.insults == [0, 0, 0] and s.hands[1] == [D.CAJ] and s.discard[-1] == D.MUSIM
    assert s.decider() == 0 and s.phase == PLAY and s.pend_card == -1
    play(s, order("pivo"))  # the card had no effect: seat 0 plays on


def test_excuse_me_cancelling_dam_si_to_co_ty_leaves_nobody_to_copy():
    s = setup(3, {0: ["dam_si_to_co_ty"], 1: ["musim_si_odskocit", "caj"]})
    s.paused[2] = True
    play(s, on("dam_si_to_co_ty", 1), ("dodge", -1))
    assert s.copying == [-1, -1, -1] and s.active != 0  # the Dám si turn ends as always


def test_a_target_is_asked_whether_or_not_it_holds_musim_si_odskocit():
    """Being asked shows nothing: a target with cards is always asked (Pass is its only
    move without the card)."""
    views = []
    for hand in (["musim_si_odskocit"], ["caj"]):
        s = setup(3, {0: ["urazka_vrchniho"], 1: hand})
        s.paused[2] = True
        play(s, on("urazka_vrchniho", 1))
        assert s.phase == RESPOND and s.decider() == 1
        views.append([s.view(q) for q in (None, 0, 2)])
    assert views[0] == views[1]


def test_excuse_me_never_to_the_cards_player():
    s = setup(4, {0: ["urazka_vrchniho"], 1: ["musim_si_odskocit"], 2: ["caj"]})
    play(s, on("urazka_vrchniho", 1))
    assert s.legal_moves() == [("dodge", 2), PASS]


def test_excuse_me_chain_and_to_je_moje_redirected():
    s = setup(5, {0: ["to_je_moje_objednavka"], 1: ["caj"], 2: ["musim_si_odskocit"],
                  3: ["musim_si_odskocit"], 4: ["rum"]})
    play(s, on("to_je_moje_objednavka", 2), ("dodge", 3))
    assert s.decider() == 3 and s.legal_moves() == [("dodge", 4), PASS]
    play(s, ("dodge", 4))
    assert s.decider() == 4 and s.legal_moves() == [PASS]  # asked, though without the card
    play(s, PASS)
    assert s.hands[0] == [D.RUM] and s.hands[4] == [], "seat 0 takes from seat 4"
    assert s.dodgers == ()


def test_excuse_me_three_players_the_second_target_cannot_pass_it_on_but_may_cancel():
    s = setup(3, {0: ["pojd_na_panaka"], 1: ["musim_si_odskocit"], 2: ["musim_si_odskocit", "pivo"]})
    play(s, on("pojd_na_panaka", 1))
    assert s.legal_moves() == [("dodge", 2), ("pay", "")]
    play(s, ("dodge", 2))
    assert s.decider() == 2 and s.legal_moves() == [("dodge", -1), ("pay", "pivo"), ("pay", "")]
    play(s, ("dodge", -1))
    assert s.points == [0, 0, 0] and s.hands[2] == [D.PIVO] and s.decider() == 0


def test_excuse_me_not_to_a_paused_neighbour():
    s = setup(4, {0: ["urazka_vrchniho"], 2: ["musim_si_odskocit"]})
    s.paused[3] = True
    play(s, on("urazka_vrchniho", 2))
    assert s.legal_moves() == [("dodge", 1), PASS]


def test_excuse_me_redirects_dam_si_to_co_ty():
    s = setup(4, {0: ["dam_si_to_co_ty"], 1: ["musim_si_odskocit"], 2: ["caj"]})
    play(s, on("dam_si_to_co_ty", 1), ("dodge", 2))
    assert s.decider() == 2 and s.legal_moves() == [PASS]
    play(s, PASS)
    assert s.copying[0] == 2 and s.active == 1


def test_excuse_me_is_never_offered_in_your_own_turn():
    s = setup(3, {0: ["musim_si_odskocit", "pivo"], 1: ["zvrhnuta_sklenice"]})
    play(s, order("pivo"), DONE, ("react", "zvrhnuta_sklenice", 0, ""))
    assert all(m[0] != "dodge" for m in s.legal_moves())


# --- own-turn pub cards ------------------------------------------------------------------------

@pytest.mark.parametrize("pay,points,token", [("pivo", -2, 0), ("male_pivo", -3, 0), ("rum", 0, 1), ("", -5, 0)])
def test_lets_do_a_shot_options(pay, points, token):
    s = setup(3, {0: ["pojd_na_panaka"], 1: ["pivo", "male_pivo", "rum", "caj"], 2: ["caj"]})
    s.abst[1] = 1
    play(s, on("pojd_na_panaka", 1))
    assert s.legal_moves() == [("pay", "pivo"), ("pay", "male_pivo"), ("pay", "rum"), ("pay", "")]
    play(s, ("pay", pay))
    assert s.points[1] == points and s.tokens[1] == token
    assert s.abst[1] == (1 if pay == "" else 0), "discarding anything clears the abstinence token"
    assert s.phase == PLAY and s.decider() == 0


def test_lets_do_a_shot_on_an_empty_hand_costs_five_without_a_decision():
    s = setup(3, {0: ["pojd_na_panaka"], 1: [], 2: ["caj"]})
    play(s, on("pojd_na_panaka", 1))
    assert s.points[1] == -5 and s.decider() == 0


def test_round_asks_every_other_player_clockwise_but_not_paused_ones():
    s = setup(4, {1: ["pivo"], 2: ["pivo"], 3: ["pivo"], 0: ["runda_dokola"]}, active=0)
    s.paused[2] = True
    play(s, order("runda_dokola"))
    assert s.queue == (1, 3) and s.decider() == 1
    play(s, ("pay", ""), ("pay", ""))
    assert s.points == [0, -5, 0, -5]


def test_brawl_fewest_cards_first_ties_clockwise_from_the_active_player():
    s = setup(4, {0: ["rvacka", "caj", "caj", "caj"], 1: ["pivo", "pivo"], 2: ["rum", "rum"],
                  3: ["fernet"] * 5})
    play(s, order("rvacka"), PASS, PASS)
    assert s.decider() == 3
    assert s.brawl_order() == [1, 2, 3, 0]
    before = sorted(c for h in s.hands for c in h)
    sizes = [len(h) for h in s.hands]
    play(s, PASS)
    assert sorted(c for h in s.hands for c in h) == before
    assert [len(h) for h in s.hands] == sizes, "everyone takes one card from every other"
    s = setup(4, {0: ["rvacka", "caj", "caj"], 1: ["pivo", "pivo", "pivo"], 2: ["rum", "rum"], 3: ["fernet"] * 5})
    play(s, order("rvacka"), PASS, PASS, PASS)
    s = setup(4, {0: ["rvacka", "caj", "caj"], 1: ["pivo", "pivo", "pivo"], 2: ["rum", "rum"], 3: ["fernet"] * 5})
    play(s, order("rvacka"))
    assert s.brawl_order() == [0, 1, 2, 3], "the active player ties with seat 2 and sits nearest"


def test_brawl_leaves_out_paused_players():
    s = setup(4, {0: ["rvacka", "caj"], 1: ["pivo"], 2: ["rum"], 3: ["fernet"]})
    s.paused[2] = True
    play(s, order("rvacka"))
    assert s.queue == (1, 3)
    play(s, PASS, PASS)
    assert s.hands[2] == [D.RUM]


def test_you_dont_want_it_anymore_takes_the_top_of_the_discard_pile():
    s = setup(3, {0: ["pivo", "ty_uz_to_nebudes"], 1: ["caj"]})
    assert order("ty_uz_to_nebudes") not in s.legal_moves(), "empty discard pile"
    s.deck.remove(D.RUM)
    s.discard = [D.RUM]
    s.invalidate()
    play(s, order("pivo"), order("ty_uz_to_nebudes"))
    assert s.hands[0] == [D.RUM], "the beer in front of you cannot be taken back"
    assert s.view(1)["players"][0]["known_cards"] == ["rum"]


def test_thats_mine_takes_a_card_only_the_two_players_know_which():
    s = setup(3, {0: ["to_je_moje_objednavka"], 1: ["becherovka"], 2: ["caj"]})
    play(s, on("to_je_moje_objednavka", 1), PASS)
    assert s.hands == [[D.BECHEROVKA], [], [D.CAJ]]
    assert s.view(1)["players"][0]["known_cards"] == ["becherovka"]
    assert s.view(2)["players"][0]["known_cards"] == []
    assert s.view(None)["players"][0]["known_cards"] == []
    world = s.sample_for(1, random.Random(3))
    assert D.BECHEROVKA in world.hands[0]


def test_insulted_bartender_forbids_orders_and_saves_you_from_a_third_abstinence():
    s = setup(3, {0: ["urazka_vrchniho"], 1: ["pivo", "rvacka"], 2: ["caj"]})
    play(s, on("urazka_vrchniho", 1), PASS)
    assert s.insults[1] == 1 and s.table == []
    play(s, DONE)
    s.abst[1] = 2
    assert s.active == 1
    assert order("pivo") not in s.legal_moves() and order("rvacka") in s.legal_moves()
    play(s, DONE)
    assert not s.out[1], "the waiter ignores you: not thrown out"
    assert s.abst[1] == 2 and s.points[1] == -3
    assert s.insults[1] == 0 and D.URAZKA in s.discard


def test_discarding_instead_of_playing_is_an_abstinence():
    s = setup(3, {0: ["caj", "rvacka", "pivo"]})
    play(s, ("discard", "caj"))
    assert s.legal_moves() == [("discard", "pivo"), ("discard", "rvacka"), DONE]
    play(s, ("discard", "rvacka"), DONE)
    assert s.abst[0] == 1 and s.points[0] == -1
    assert len(s.hands[0]) == 7 and D.PIVO in s.hands[0]


def test_playing_an_alcoholic_card_clears_the_abstinence_token_at_once():
    s = setup(3, {0: ["pivo"], 1: ["zvrhnuta_sklenice"]})
    s.abst[0] = 2
    play(s, order("pivo"))
    assert s.abst[0] == 0
    play(s, DONE, ("react", "zvrhnuta_sklenice", 0, ""))
    pass_window(s)
    play(s, DONE)
    # "Pokud během svého kola nezahrajete žádnou kartu, která by vám přidávala opilost":
    # a beer was played, so the spilled beer is no abstinence; there is nothing to score
    assert not s.out[0] and s.abst[0] == 0 and s.points[0] == 0


def test_abstinence_is_judged_on_the_cards_played():
    """Only tea and a pub card played: an abstinence, even with a seat to react."""
    s = setup(3, {0: ["caj", "runda_dokola"], 1: ["zvrhnuta_sklenice"]})
    play(s, order("caj"), DONE)
    pass_window(s)
    assert s.abst[0] == 1 and s.points[0] == -1
    # a shot that is spilled: played, so no abstinence (and the token is gone at once)
    s = setup(3, {0: ["rum"], 1: ["zvrhnuta_sklenice"]})
    s.abst[0] = 1
    play(s, order("rum"))
    assert s.view(None)["alcohol_played"] and s.view(2)["alcohol_played"]
    play(s, DONE, ("react", "zvrhnuta_sklenice", 0, ""))
    pass_window(s)
    play(s, DONE)
    assert s.abst[0] == 0 and s.points[0] == 0 and s.tokens[0] == 0
