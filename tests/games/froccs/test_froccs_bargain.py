"""Bargaining: the offer steps, its limits, acceptance, refusal, side offers."""

import json
import random

from froccs_testlib import D, GAME, check_views, do, glass, kinds, make, phase, total_cards

KL_ON_1 = ("mischief", "kilottyintes", "kilottyintes", 1, 0, "")


def attack(players=2, hand0=None, hand1=None, money=None, g0=None, g1=None, **kw):
    """Seat 0 plays Kilöttyintés on seat 1's first glass; bargaining is about to start
    (a target holding cards is first asked to react, and declines)."""
    hands = {0: {"kilottyintes": 1, **(hand0 or {})}, 1: hand1 or {}}
    hands.update(kw.pop("hands", {}))
    glasses = {0: g0 or [glass(2), glass(3)], 1: g1 or [glass(2, sm=1, soda=1), glass(3)]}
    glasses.update(kw.pop("glasses", {}))
    s = make(players, hands=hands, glasses=glasses, money=money, **kw)
    do(s, ("play_cards",), KL_ON_1)
    if hands[1]:
        do(s, ("no_defence",))
    return s


def test_the_target_opens_then_the_attacker():
    s = attack(money=[20, 20])
    assert phase(s) == "propose" and s.decider() == 1
    assert s.legal_moves()[0] == ("no_offer",)
    do(s, ("no_offer",))
    assert s.decider() == 0 and s.legal_moves()[0] == ("carry_out",)


def test_money_offers_in_steps_of_10_up_to_what_the_payer_has():
    s = attack(money=[35, 120])
    money = kinds(s, "offer_money")
    assert [m[2] for m in money if m[1] == 0] == [10, 20, 30]
    assert [m[2] for m in money if m[1] == 1] == list(range(10, 101, 10))  # ASSUMED cap of 100
    do(s, ("offer_money", 1, 30))
    assert not kinds(s, "offer_money")  # one money component per offer
    assert s.legal_moves()[0] == ("propose",)


def test_at_most_two_cards_into_a_hand_and_one_into_the_glasses():
    s = attack(hand0={"soda": 3, "sargamuskotaly": 2}, hand1={"soda": 2}, money=[0, 0])
    do(s, ("no_offer",))  # the attacker proposes
    to_hand_1 = [m for m in kinds(s, "offer_card") if m[4] == 1 and m[5] == -1]
    # the attacker's own cards (it holds soda and Sárgamuskotály; the played card is gone)
    assert {m[1] for m in to_hand_1} == {"soda", "sargamuskotaly"}
    do(s, ("offer_card", "soda", 0, -1, 1, -1), ("offer_card", "soda", 0, -1, 1, -1))
    assert not [m for m in kinds(s, "offer_card") if m[4] == 1 and m[5] == -1]  # two into a hand
    do(s, ("offer_card", "sargamuskotaly", 0, -1, 1, 1))  # one into seat 1's 3 dl glass
    assert not [m for m in kinds(s, "offer_card") if m[4] == 1]
    assert ("propose",) in s.legal_moves()


def test_asking_for_cards_from_the_other_hand_is_bounded_by_its_size():
    s = attack(hand1={"zold_veltelini": 1}, money=[0, 0])
    do(s, ("no_offer",))
    asks = [m for m in kinds(s, "offer_card") if m[2] == 1 and m[5] == -1]
    # the attacker cannot see seat 1's hand: any card may be asked, up to its hand size (1)
    assert {m[1] for m in asks} == set(D.CARD_NAMES)
    do(s, ("offer_card", "zold_veltelini", 1, -1, 0, -1))
    assert not [m for m in kinds(s, "offer_card") if m[2] == 1 and m[3] == -1]


def test_cards_already_in_glasses_stay_put_without_the_guest_variant():
    s = attack(hand0={"soda": 1}, g0=[glass(3, sz=2), glass(2)], money=[0, 0])
    assert all(m[3] == -1 for m in kinds(s, "offer_card"))


def test_each_offer_has_one_building_order():
    s = attack(hand0={"soda": 2, "szurkebarat": 1}, money=[30, 0])
    do(s, ("no_offer",), ("offer_card", "szurkebarat", 0, -1, 1, -1))
    # components come in a fixed order, so the same offer is never built twice
    assert ("offer_money", 0, 10) not in s.legal_moves()
    assert ("offer_card", "soda", 0, -1, 1, -1) in s.legal_moves()  # card order only within the key


def test_an_accepted_bargain_discards_the_card_without_effect_and_moves_everything():
    s = attack(hand0={"soda": 1}, hand1={"zold_veltelini": 1, "soda": 1}, money=[10, 30])
    before = total_cards(s)
    do(s, ("offer_money", 1, 20), ("offer_card", "zold_veltelini", 1, -1, 0, -1),
       ("offer_card", "soda", 1, -1, 0, 0), ("propose",))
    assert s.decider() == 0 and s.legal_moves() == [("accept",), ("refuse",)]
    do(s, ("accept",))
    assert s.money == [30, 10]
    assert s.hands[0][D.ZV] == 1 and s.glasses[0][0] == glass(2, soda=1)
    assert s.glasses[1][0] == glass(2, sm=1, soda=1)  # the soda stays: no effect
    assert s.discard[D.KL] == 1 and s.mis is None
    # no new target: the attacker's action goes on with one card fewer left (2 glasses, 1 played)
    assert phase(s) == "play" and s.play_left == 1 and not kinds(s, "mischief")
    assert total_cards(s) == before
    # the cards handed over are public knowledge
    assert s.view(1)["players"][0]["known_cards"] == ["zold_veltelini"]


def test_the_attacked_player_may_gain_too():
    s = attack(money=[50, 0])
    do(s, ("no_offer",), ("offer_money", 0, 20), ("propose",))
    do(s, ("accept",))
    assert s.money == [30, 20] and s.glasses[1][0] == glass(2, sm=1, soda=1)


def test_a_bargain_cannot_be_accepted_without_the_cards():
    s = attack(hand1={"soda": 1}, money=[0, 0])
    do(s, ("no_offer",), ("offer_card", "zold_veltelini", 1, -1, 0, -1), ("propose",))
    assert s.decider() == 1 and s.legal_moves() == [("refuse",)]
    # the responder's hand decides, and the responder sees its own hand in any sampled world
    check_views(s)


def test_refusals_alternate_and_the_bargain_ends_after_three_offers():
    s = attack(money=[100, 100])
    proposers = []
    while phase(s) in ("propose", "respond"):
        if phase(s) == "propose":
            proposers.append(s.decider())
            do(s, ("offer_money", s.decider(), 10), ("propose",))
        else:
            do(s, ("refuse",))
    assert proposers == [1, 0, 1]  # D.ASSUMED offer_turns: the attacker has the last word
    # the bargain failed: the card is carried out
    assert s.glasses[1][0] == glass(2, sm=1) and s.money == [100, 100]


def test_the_target_may_end_the_bargaining_after_its_first_turn():
    s = attack(money=[100, 100])
    do(s, ("no_offer",), ("offer_money", 1, 50), ("propose",), ("refuse",))
    assert s.decider() == 1 and ("no_offer",) in s.legal_moves()
    do(s, ("no_offer",))
    assert s.glasses[1][0] == glass(2, sm=1) and phase(s) == "action"  # nothing else to play


def test_offering_ones_own_card_reveals_it_and_sampling_keeps_it():
    s = attack(hand0={"zold_veltelini": 1, "soda": 3}, money=[0, 0])
    do(s, ("no_offer",), ("offer_card", "zold_veltelini", 0, -1, 1, -1), ("propose",))
    assert s.known[0][D.ZV] == 1
    rng = random.Random(3)
    for _ in range(20):
        world = s.sample_for(1, rng)
        assert world.hands[0][D.ZV] >= 1
        assert world.legal_moves() == s.legal_moves()
    check_views(s)


# --- side offers from the other players ------------------------------------------------
def test_side_offers_are_seen_only_by_the_bargainers():
    s = attack(players=4, money=[0, 0, 40, 30])
    assert phase(s) == "side_offers" and s.decider() == 2
    offer = ("side_offer", 0, True, 20)  # pay the attacker 20 if the card is carried out
    assert offer in s.legal_moves() and ("side_offer", 0, True, 30) in s.legal_moves()
    assert ("side_offer", 0, True, 50) not in s.legal_moves()  # ASSUMED amounts 10/20/30
    assert s.public_move_text(offer, 3) == "make a side offer to the bargainers"
    assert s.public_move_text(offer, 0) == s.move_text(offer)
    do(s, offer)
    assert s.decider() == 3
    do(s, ("no_side_offer",))
    for seat in (0, 1, 2):
        assert s.view(seat)["mischief"]["side_offers"][0] == {
            "seat": 2, "hidden": False, "recipient": 0, "if_carried_out": True, "amount": 20}
    hidden = s.view(3)["mischief"]["side_offers"][0]
    assert hidden["hidden"] and hidden["amount"] == 0 and hidden["recipient"] == -1
    assert s.view(None)["mischief"]["side_offers"][0]["hidden"]
    # seat 3's sampled worlds re-deal the secret offer, the others' keep it
    rng = random.Random(1)
    contents = {tuple(s.sample_for(3, rng).side[0]) for _ in range(40)}
    assert len(contents) > 1 and all(c[0] == 2 and c[3] <= 40 for c in contents)
    assert {tuple(s.sample_for(1, rng).side[0]) for _ in range(10)} == {(2, 0, True, 20)}
    check_views(s)
    rebuilt = GAME.from_view(json.loads(json.dumps(s.view(3))), rng)
    assert rebuilt.view(3) == s.view(3)


def test_side_offers_are_paid_when_their_condition_holds():
    s = attack(players=4, money=[0, 0, 40, 30])
    do(s, ("side_offer", 0, True, 20), ("side_offer", 1, False, 10))
    do(s, ("no_offer",), ("carry_out",))
    assert s.money == [20, 0, 20, 30]  # carried out: seat 2 pays, seat 3's offer lapses
    s = attack(players=4, money=[0, 40, 40, 30])
    do(s, ("side_offer", 0, True, 20), ("side_offer", 1, False, 10))
    do(s, ("offer_money", 1, 10), ("propose",), ("accept",))
    assert s.money == [10, 40, 40, 20]  # not carried out: seat 3 pays seat 1


def test_third_parties_without_money_are_not_asked():
    s = attack(players=4, money=[0, 0, 5, 0])
    assert phase(s) == "propose"


def test_bargaining_views_round_trip_at_every_step():
    s = attack(players=3, hand0={"soda": 2}, hand1={"sargamuskotaly": 1}, money=[20, 20, 20])
    check_views(s)
    do(s, ("side_offer", 1, False, 10))
    check_views(s)
    do(s, ("offer_card", "sargamuskotaly", 1, -1, 0, -1))
    check_views(s)
    do(s, ("propose",))
    check_views(s)


def test_a_new_mischief_card_starts_without_the_last_cards_bargaining_state():
    """The react and side-offer steps of a second card show no bargaining yet."""
    s = make(4, hands={0: {"kilottyintes": 2}, 1: {"this_is_for_you": 1}}, money=[0, 0, 40, 0],
             glasses={0: [glass(2), glass(3)], 1: [glass(2, sm=1, soda=1), glass(3, sm=1, soda=1)]})
    do(s, ("play_cards",), KL_ON_1, ("no_defence",), ("no_side_offer",), ("no_offer",))
    assert s.proposer == 0 and s.turns_left == 2
    do(s, ("carry_out",))
    assert phase(s) == "last_chance"
    do(s, ("no_defence",))
    assert s.mis is None
    do(s, ("mischief", "kilottyintes", "kilottyintes", 1, 1, ""))
    assert phase(s) == "react"
    for seat in (None, 0, 1, 2, 3):
        mv = s.view(seat)["mischief"]
        assert mv["active"] and (mv["proposer"], mv["turns_left"], mv["first_turn"]) == (-1, 0, False)
    do(s, ("no_defence",))
    assert phase(s) == "side_offers"
    assert (s.view(2)["mischief"]["proposer"], s.view(2)["mischief"]["turns_left"]) == (-1, 0)
    do(s, ("no_side_offer",))
    mv = s.view(1)["mischief"]
    assert (mv["proposer"], mv["turns_left"], mv["first_turn"]) == (1, D.OFFER_TURNS, True)
    check_views(s)


def test_the_spectator_sees_no_hand():
    s = make(3, hands={0: {"soda": 2, "zold_veltelini": 1}})
    assert s.view(None)["hand"] == []
    assert s.view(0)["hand"] == ["zold_veltelini", "soda", "soda"]
    assert s.view(1)["hand"] == []  # an empty hand
