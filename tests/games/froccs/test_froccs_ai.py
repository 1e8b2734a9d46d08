"""ISMCTS bargains sensibly as attacker and as target (a short search, a fixed seed).

Seat 0 plays Zsíros kenyér on seat 1's finished háziúr (4 Zöld Veltelini + 1 soda, 170
forints): losing a wine costs the target far more than 20 forints and far less than 100.
"""

import pytest
from froccs_testlib import do, glass, make

from boardbot.ai.service_api import suggest

SEED = 1


def attacked():
    s = make(3, hands={0: {"zsiros_kenyer": 1, "soda": 2, "sargamuskotaly": 1}, 1: {"soda": 2, "szurkebarat": 1},
                       2: {"soda": 2, "szurkebarat": 1}},
             money=[0, 100, 0], glasses={0: [glass(2), glass(3)], 1: [glass(5, zv=4, soda=1), glass(2)]})
    do(s, ("play_cards",), ("mischief", "zsiros_kenyer", "zsiros_kenyer", 1, 0, "zold_veltelini"),
       ("no_defence",))
    return s


def search(s):
    return suggest("froccs", s.view(s.decider()), {"iterations": 300}, seed=SEED, params="ismcts:depth=20").move


@pytest.mark.parametrize("moves,expected", [
    ([("offer_money", 1, 60), ("propose",)], ("accept",)),  # the attacker takes a good payment
    ([("offer_money", 1, 10), ("propose",)], ("refuse",)),  # ... and refuses a poor one
    ([("no_offer",), ("offer_money", 1, 20), ("propose",)], ("accept",)),  # the target pays a modest demand
    ([("no_offer",), ("offer_money", 1, 100), ("propose",)], ("refuse",)),  # ... not one above the damage
], ids=["attacker-accepts-60", "attacker-refuses-10", "target-accepts-20", "target-refuses-100"])
def test_ismcts_answers_offers_sensibly(moves, expected):
    s = attacked()
    do(s, *moves)
    assert search(s) == expected


def test_ismcts_as_attacker_demands_money_from_the_target():
    s = attacked()
    do(s, ("no_offer",))
    move = search(s)
    assert move[0] == "offer_money" and move[1] == 1 and move[2] >= 30


def side_offer_asked():
    """As ``attacked``, but seat 2 leads with 200 forints and is asked for a side offer first."""
    s = make(3, hands={0: {"zsiros_kenyer": 1, "soda": 2, "sargamuskotaly": 1}, 1: {"soda": 2, "szurkebarat": 1},
                       2: {"soda": 2, "szurkebarat": 1}},
             money=[0, 100, 200], glasses={0: [glass(2), glass(3)], 1: [glass(5, zv=4, soda=1), glass(2)]})
    do(s, ("play_cards",), ("mischief", "zsiros_kenyer", "zsiros_kenyer", 1, 0, "zold_veltelini"),
       ("no_defence",))
    assert s.decider() == 2 and s.view(2)["phase"] == "side_offers"
    return s


def test_the_search_hint_guides_bargaining_only():
    """Fröccs biases its search towards the greedy bot in the bargaining phases, nowhere else."""
    import random

    game = side_offer_asked().game
    rng = random.Random(0)
    assert game.search_bias > 0
    s = side_offer_asked()
    assert game.search_hint(s, rng) == game.heuristic_move(s, rng) == ("no_side_offer",)
    do(s, ("no_side_offer",))  # the target's first bargaining turn
    assert game.search_hint(s, rng) in s.legal_moves()
    quiet = make(3, hands={0: {"soda": 2}}, money=[0, 0, 0])
    assert game.search_hint(quiet, rng) is None

