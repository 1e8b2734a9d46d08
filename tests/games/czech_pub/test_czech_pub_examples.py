"""Czech Pub: the rulebook's worked examples, the die rule and the scoring tables."""

import random

import pytest

from boardbot.engine.games.czech_pub import GAME
from boardbot.engine.games.czech_pub import data as D
from boardbot.engine.games.czech_pub.data import PLAY, ROUND, WINDOW
from boardbot.engine.games.czech_pub.rules import delivered_items, score_items
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


def pass_window(s):
    while s.phase == WINDOW:
        play(s, PASS)


def tokens(*names):
    return sum(1 << D.SHOT_BY_ID[n] for n in names)


@pytest.fixture
def dice(monkeypatch):
    """Rolls the die will show, in order; a roll nobody set fails the test."""
    rolls = []
    monkeypatch.setattr(CzechPubState, "_roll_die", lambda self: rolls.pop(0))
    return rolls


def cell_of(value, stage=0):
    return D.TRACK[stage].index(value)


# --- 1. Mojmír's draw ------------------------------------------------------------

def test_mojmir_draws_up_to_six_in_the_second_stage_and_nobody_discards_down():
    s = setup(3, {0: [], 1: ["pivo"] * 4, 2: ["caj"] * 8})
    s.stage[1] = 1  # Mojmír is in the second stage: 6 cards
    play(s, DONE)  # seat 0 ends its turn
    assert s.active == 1 and s.decider() == 1
    assert len(s.hands[1]) == 6, "4 cards in hand, stage 2: draw 2"
    play(s, DONE)
    assert s.active == 2
    assert len(s.hands[2]) == 8, "more cards than the limit: keep them all"


# --- 2. Karel's evaluation on cell -1 -------------------------------------------

@pytest.mark.parametrize("roll,landing", [(5, 0), (6, 0), (3, 0), (2, 2), (1, 2)])
def test_karel_three_beers_and_his_first_shot_on_cell_minus_one(dice, roll, landing):
    s = setup(3, {0: ["pivo", "pivo", "pivo", "rum"]})
    s.cell[0] = cell_of(-1)
    play(s, order("pivo"), order("pivo"), order("pivo"), order("rum"))
    assert s.delivered() == [(D.PIVO, -1, True)] * 3 + [(D.RUM, 0, True)]
    assert score_items(0, s.delivered())[3] == 4, "3 for the beers, 1 for a first shot"
    dice.append(roll)
    play(s, DONE)  # nobody else holds cards: no reaction window
    assert D.TRACK[0][s.cell[0]] == landing
    assert s.points[0] == 6 + 5


# --- 3. Rudolf: three beers, Fernet, Rum and Panák do piva ------------------------

@pytest.mark.parametrize("roll,moved", [(5, 1), (4, 3)])
def test_rudolf_three_beers_fernet_rum_and_shot_into_a_beer(dice, roll, moved):
    s = setup(3, {0: ["pivo", "pivo", "pivo", "fernet", "rum", "panak_do_piva"]})
    s.cell[0] = cell_of(-2)
    play(s, order("pivo"), order("pivo"), order("pivo"), order("fernet"))
    assert order("rum") not in s.legal_moves(), "one shot per turn"
    play(s, order("panak_do_piva"))
    assert order("rum") in s.legal_moves(), "the poured shot is outside the limit"
    play(s, order("rum"))
    alcohol, _, points, drunk, _ = score_items(0, s.delivered())
    assert (points, drunk) == (16, 7)
    dice.append(roll)
    play(s, DONE)
    # total = 7 + (-2) = 5: a 5 copes (+1 cell), a 4 falls short by 1 (+3 cells)
    assert s.points[0] == 16
    assert s.cell[0] == cell_of(-2) + moved
    assert s.tokens[0] == tokens("rum", "fernet")


def test_panak_do_piva_on_yourself_needs_a_beer_and_a_shot_in_front():
    s = setup(3, {0: ["pivo", "rum", "panak_do_piva"]})
    assert order("panak_do_piva") not in s.legal_moves()
    play(s, order("pivo"))
    assert order("panak_do_piva") not in s.legal_moves()
    play(s, order("rum"))
    assert order("panak_do_piva") in s.legal_moves()


def test_rudolf_later_shots_count_by_the_kinds_drunk_so_far():
    held = tokens("rum", "fernet", "becherovka", "vodka")  # every kind but Zelená
    _, _, points, drunk, after = score_items(held, [(D.RUM, 0, True)])
    assert (points, drunk) == (5, 3), "a Rum: still four kinds, +3"
    _, _, points, drunk, after = score_items(after, [(D.ZELENA, 3, True)])
    assert (points, drunk) == (5, 4), "Zelená is the fifth kind, +4"
    for kind in range(D.SHOT_KINDS):
        assert score_items(after, [(D.RUM + kind, kind, True)])[3] == 4, "any shot: +4 for the rest of the game"


def test_rudolf_later_rum_in_play(dice):
    s = setup(3, {0: ["rum"]})
    s.tokens[0] = tokens("rum", "fernet", "becherovka", "vodka")
    s.cell[0] = cell_of(0)
    play(s, order("rum"))
    dice.append(3)  # total 3 + 0 = 3: a 3 copes
    play(s, DONE)
    assert s.cell[0] == cell_of(0) + 1 and s.points[0] == 5


# --- 4. Eva's beers with George's Panák do piva and Rum --------------------------

@pytest.mark.parametrize("roll,moved", [(3, 1), (2, 3)])
def test_eva_two_beers_with_georges_shot_into_a_beer(dice, roll, moved):
    s = setup(3, {0: ["pivo", "pivo"], 1: ["panak_do_piva", "rum"], 2: ["caj"]})
    s.tokens[0] = tokens("fernet", "vodka")  # the Rum will be her third kind
    s.cell[0] = cell_of(0)
    play(s, order("pivo"), order("pivo"), DONE)
    assert s.phase == WINDOW and s.decider() == 1
    supply = ("react", "panak_do_piva", -1, "rum")
    assert supply in s.legal_moves(), "she has no shot: George supplies one from his hand"
    play(s, supply)
    pass_window(s)
    assert s.phase == PLAY and s.decider() == 0, "after a reaction Eva may play on"
    assert s.delivered()[-1] == (D.RUM, 0, False), "the poured Rum scores no points"
    alcohol, _, points, drunk, _ = score_items(s.tokens[0], s.delivered())
    assert (points, drunk) == (3, 3)
    dice.append(roll)
    play(s, DONE)
    pass_window(s)
    assert s.points[0] == 3
    assert s.tokens[0] == tokens("fernet", "vodka", "rum"), "she takes the Rum token"
    assert s.cell[0] == cell_of(0) + moved


# --- 5. Anička's two abstinences ------------------------------------------------

def test_anicka_abstains_twice_and_would_be_thrown_out_the_third_time():
    s = setup(3, {0: ["runda_dokola", "caj"], 1: ["pivo"], 2: ["pivo"]})
    s.cell[0] = 4
    play(s, order("runda_dokola"))
    assert s.phase == ROUND and s.decider() == 1
    play(s, ("pay", ""))
    play(s, ("pay", "pivo"))
    assert s.points[1:] == [-5, -2]
    play(s, DONE)  # only a pub card: no order in front, no reaction window
    assert s.abst[0] == 1 and s.points[0] == -1 and s.cell[0] == 3
    play(s, DONE)
    play(s, DONE)  # seats 1 and 2 abstain too
    assert s.active == 0
    play(s, order("caj"), DONE)
    pass_window(s)
    assert s.abst[0] == 2, "the token is flipped"
    assert s.points[0] == -1 - 3
    assert s.cell[0] == 1, "one cell for the abstinence, one for the Čaj"
    play(s, DONE)
    play(s, DONE)
    assert s.active == 0 and not s.out[0]
    play(s, DONE)  # a third abstinence in a row
    assert s.out[0] == 2 and s.hands[0] == []


# --- 6. George's Dám si to co ty on Kůrka -----------------------------------------

def test_george_drinks_what_kurka_orders(dice):
    s = setup(3, {0: ["dam_si_to_co_ty", "pivo"], 1: ["pivo", "pivo", "fernet", "lichoceni_servirce"],
                  2: ["caj"]})
    george, kurka = 0, 1
    target = ("play", "dam_si_to_co_ty", kurka, "")
    assert target in s.legal_moves()
    play(s, target)
    assert s.decider() == kurka and s.legal_moves() == [PASS], "Kůrka holds no Musím si odskočit"
    play(s, PASS)
    assert s.active == kurka, "no other card after Dám si to co ty: George's turn is over"
    assert s.points[george] == 0 and s.cell[george] == 0 and s.abst[george] == 0, "no evaluation"
    assert s.copying[george] == kurka
    play(s, order("pivo"), order("pivo"), order("fernet"),
         ("play", "lichoceni_servirce", -1, "fernet"), DONE)
    pass_window(s)
    assert s.points[kurka] == 3 + 5 + 5
    assert s.points[george] == 3 + 5, "two beers and the Fernet, not the flattery"
    assert s.tokens[george] == tokens("fernet")
    assert s.cell[kurka] == 1 and s.cell[george] == 1, "each is evaluated separately"
    assert s.copying[george] == -1


def test_dam_si_to_co_ty_only_as_the_first_and_only_card():
    s = setup(3, {0: ["dam_si_to_co_ty", "pivo"], 1: ["caj"], 2: ["caj"]})
    play(s, order("pivo"))
    assert not [m for m in s.legal_moves() if m[0] == "play" and m[1] == "dam_si_to_co_ty"]


def test_a_copier_abstains_when_the_target_orders_nothing():
    s = setup(3, {0: ["dam_si_to_co_ty"], 1: ["rvacka"], 2: []})
    play(s, ("play", "dam_si_to_co_ty", 1, ""))
    play(s, PASS)
    play(s, DONE)  # seat 1 orders nothing
    assert s.abst[0] == 1 and s.points[0] == -1


# --- the die ----------------------------------------------------------------------

@pytest.mark.parametrize("total,roll,moved", [
    (3, 3, 1), (3, 6, 1), (4, 3, 3), (4, 1, 3), (6, 3, 3), (7, 3, 4), (9, 3, 4), (10, 3, 5),
    (12, 3, 5), (13, 3, 6), (1, 1, 1),
])
def test_cells_moved_by_the_shortfall(total, roll, moved):
    assert D.cells_moved(total, roll) == moved


def test_a_total_of_one_or_less_needs_no_roll(dice):
    s = setup(3, {0: ["pivo"]})
    play(s, order("pivo"), DONE)  # 0 drunkenness on cell -2: no roll (none was set)
    assert s.cell[0] == 1 and s.points[0] == 1


# --- scoring tables ----------------------------------------------------------------

@pytest.mark.parametrize("beers,smalls,expected", [
    (1, 0, (1, 0)), (2, 0, (3, 1)), (3, 0, (6, 3)),
    (1, 1, (0, 0)), (2, 1, (2, 0)), (3, 1, (5, 1)),
    (4, 0, (7, 4)), (5, 0, (8, 5)), (4, 1, (6, 2)),
])
def test_beer_table(beers, smalls, expected):
    items = [(D.MALE_PIVO, -1, True)] * smalls + [(D.PIVO, -1, True)] * (beers - smalls)
    alcohol, _, points, drunk, _ = score_items(0, items)
    assert alcohol and (points, drunk) == expected


@pytest.mark.parametrize("kinds,drunk", [(1, 1), (2, 2), (3, 2), (4, 3), (5, 4)])
def test_shot_drunkenness_by_kinds_drunk(kinds, drunk):
    held = sum(1 << k for k in range(kinds - 1))
    _, _, points, got, _ = score_items(held, [(D.RUM + kinds - 1, kinds - 1, True)])
    assert (points, got) == (5, drunk)


def test_non_alcoholic_order_lowers_drunkenness_and_alone_is_abstinence():
    assert score_items(0, [(D.PIVO, -1, True), (D.CAJ, -1, True)])[2:4] == (1, -1)
    alcohol, nealko, *_ = score_items(0, [(D.CAJ, -1, True), (D.CAJ, -1, True)])
    assert not alcohol and nealko == 2


def test_delivered_items_ignore_pub_cards():
    table = [(D.PIVO, -1, 0, -1), (D.POJD, -1, 0, -1), (D.LICHOCENI, 2, 0, -1)]
    assert delivered_items(table) == [(D.PIVO, -1, True), (D.LICHOCENI, 2, True)]
