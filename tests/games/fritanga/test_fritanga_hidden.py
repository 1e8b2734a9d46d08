"""Fritanga hidden information around Unbattered's random steal.

Every hand card enters a hand face up (perfect memory, docs/rules/fritanga.md
"Hidden information"); only the steal hides cards. Onlookers must not learn
which card was stolen: not from the cards, not from the fresh flags, not from
the order of a hand, not from who is asked to react later.
"""

import json
import random

from boardbot.engine.core import TERMINAL
from boardbot.engine.games.fritanga import GAME
from boardbot.engine.games.fritanga import data as D
from boardbot.engine.games.fritanga.scenario import build


def steal(seed, victim_hand):
    """Seat 0 steals from seat 1, whose hand is ``victim_hand`` [(key, fresh)]."""
    cards = {"c4": "basket", "d4": "+basket", "e4": "basket", "d3": "basket", "d5": "basket",
             "i9": "+basket", "i8": "basket", "b9": "+basket", "b8": "basket"}
    s = build(cards=cards, pieces={0: "d4", 1: "i9", 2: "b9"}, hands={0: ["unbattered", "boom"]}, turn=0,
              seed=seed)
    s.hands[1] = [D.KIND_BY_KEY[k] | D.PUBLIC_CODE | (D.FRESH if fresh else 0) for k, fresh in victim_hand]
    s._settle()
    s.apply(("play", "unbattered"))
    s.apply(("choose_seat", 1))
    assert len(s.hands[1]) == len(victim_hand) - 1
    return s


def stolen_kind(s):
    return D.CARD_KEY[max(s.hands[0], key=lambda code: code & D.FRESH) & D.KIND]


def test_onlookers_cannot_tell_which_card_was_stolen():
    # the victim picked up the Trampoline this turn (fresh): before the fix the
    # fresh flag that stayed in its hand told seat 2 which card had gone
    hand = [("fritos", False), ("trampoline", True), ("a_little_break", False)]
    views = {}
    for seed in range(40):
        s = steal(seed, hand)
        kind = stolen_kind(s)
        for seat in (2, None):
            views.setdefault((seat, kind), json.dumps(s.view(seat), sort_keys=True))
            assert views[(seat, kind)] == json.dumps(s.view(seat), sort_keys=True)
        # reaction windows open on public knowledge only
        for k in range(D.NUM_KINDS):
            views.setdefault(("may_hold", k, kind), s._may_hold(1, k))
    kinds = {kind for _, kind in [(k[0], k[-1]) for k in views if k[0] != "may_hold"]}
    assert kinds == {"fritos", "trampoline", "a_little_break"}, "every card can be stolen"
    for seat in (2, None):
        seen = {views[(seat, kind)] for kind in kinds}
        assert len(seen) == 1, f"seat {seat}'s view tells which card was stolen"
    for k in range(D.NUM_KINDS):
        assert len({views[("may_hold", k, kind)] for kind in kinds}) == 1


def test_thief_and_victim_still_know_everything():
    hand = [("fritos", False), ("trampoline", True)]
    for seed in range(10):
        s = steal(seed, hand)
        kind = stolen_kind(s)
        left = "trampoline" if kind == "fritos" else "fritos"
        for seat in (0, 1):
            players = s.view(seat)["players"]
            assert [h["card"] for h in players[1]["hand"]] == [left]
            assert players[1]["hand"][0]["fresh"] == (left == "trampoline")
            assert kind in [h["card"] for h in players[0]["hand"]]
        # onlookers: the stolen card is fresh (everyone saw it taken this turn),
        # the card left behind shows no fresh flag
        players = s.view(2)["players"]
        assert players[1]["hand"] == [{"card": "", "fresh": False, "known_to_all": False}]
        assert {"card": "", "fresh": True, "known_to_all": False} in players[0]["hand"]


def test_hands_are_shown_sorted_known_cards_first():
    hand = [("trampoline", False), ("fritos", False), ("a_little_break", False)]
    s = steal(3, hand)
    for seat in (0, 1, 2):
        for p in s.view(seat)["players"]:
            shown = [(h["card"] == "", D.KIND_BY_KEY.get(h["card"], 0)) for h in p["hand"]]
            assert shown == sorted(shown)


def test_sampled_worlds_keep_the_onlookers_view_after_steals():
    """Random Versus games full of steals: re-dealing what seat q cannot see keeps q's view."""
    checked = 0
    for seed in range(12):
        state = GAME.new_state({"mode": "versus", "players": 4}, seed)
        rng = random.Random(seed)
        sampler = random.Random(seed + 1)
        while state.decider() != TERMINAL:
            moves = state.legal_moves()
            steals = [m for m in moves if m == ("play", "unbattered") or m[0] == "choose_seat"]
            state.apply(rng.choice(steals) if steals and rng.random() < 0.9 else rng.choice(moves))
            if any(not code & D.PUBLIC_CODE for h in state.hands for code in h):
                for seat in range(4):
                    own = json.dumps(state.view(seat), sort_keys=True)
                    world = state.sample_for(seat, sampler)
                    assert json.dumps(world.view(seat), sort_keys=True) == own
                    checked += 1
    assert checked > 50
