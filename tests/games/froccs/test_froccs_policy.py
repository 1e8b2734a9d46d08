"""The greedy bot: legal, view-only, better than random, and it bargains."""

import random

from froccs_testlib import D, GAME, NO_HERO, do, glass, make, phase


def play(cfg, seed, bots):
    s = GAME.new_state(cfg, seed)
    rng = random.Random(seed)
    while s.decider() != -1:
        d = s.decider()
        moves = s.legal_moves()
        m = GAME.heuristic_move(s, rng) if bots[d] else moves[rng.randrange(len(moves))]
        assert m in moves
        s.apply(m)
    return s.result()


def test_greedy_beats_random():
    wins = 0
    games = 24
    for seed in range(games):
        n = 3
        seat = seed % n
        bots = [q == seat for q in range(n)]
        res = play({"players": n, "heroes": "choose"}, seed, bots)
        wins += seat in res.winners
    assert wins >= games * 0.7


def test_greedy_uses_only_its_view():
    """The same choice in every world sampled for the decider."""
    for cfg in GAME.configurations()[:5]:
        s = GAME.new_state(cfg, 3)
        rng = random.Random(3)
        steps = 0
        while s.decider() != -1 and steps < 600:
            d = s.decider()
            mine = GAME.heuristic_move(s, random.Random(steps))
            for _ in range(2):
                world = s.sample_for(d, rng)
                assert GAME.heuristic_move(world, random.Random(steps)) == mine
            s.apply(mine if rng.random() < 0.7 else rng.choice(s.legal_moves()))
            steps += 1


def test_playout_and_evaluate():
    s = GAME.new_state({"players": 4}, 1)
    rng = random.Random(1)
    while s.decider() != -1:
        values = GAME.evaluate(s)
        assert len(values) == 4 and all(0.0 <= v <= 1.0 for v in values)
        s.apply(GAME.playout_move(s, rng))
    assert s.result() is not None


def attacked(money, hand1=None, g1=None, players=3):
    """Seat 0 takes a Zöld Veltelini out of seat 1's finished 5 dl háziúr (seat 2 has no money)."""
    money = list(money) + [0] * (players - len(money))
    s = make(players, hands={0: {"zsiros_kenyer": 1}, 1: hand1 or {}}, money=money,
             glasses={0: [glass(2), glass(3)], 1: g1 or [glass(5, zv=4, soda=1), glass(2)]})
    do(s, ("play_cards",), ("mischief", "zsiros_kenyer", "zsiros_kenyer", 1, 0, "zold_veltelini"))
    return s


def test_the_target_buys_off_a_costly_attack():
    s = attacked([0, 100])
    m = GAME.heuristic_move(s, random.Random(0))
    assert m[0] == "offer_money" and m[1] == 1 and m[2] >= 10
    do(s, m)
    do(s, GAME.heuristic_move(s, random.Random(0)))
    assert phase(s) == "respond"


def test_the_attacker_takes_a_good_offer_and_refuses_a_poor_one():
    s = attacked([0, 100])
    do(s, ("offer_money", 1, 60), ("propose",))
    assert GAME.heuristic_move(s, random.Random(0)) == ("accept",)
    s = attacked([0, 100])
    do(s, ("offer_money", 1, 10), ("propose",))
    assert GAME.heuristic_move(s, random.Random(0)) == ("refuse",)


def test_the_attacker_demands_money_from_a_rich_target():
    s = attacked([0, 100])
    do(s, ("no_offer",))
    m = GAME.heuristic_move(s, random.Random(0))
    assert m[0] == "offer_money" and m[1] == 1
    s = attacked([0, 0])
    do(s, ("no_offer",))
    assert GAME.heuristic_move(s, random.Random(0)) == ("carry_out",)


def test_the_target_refuses_a_demand_worth_more_than_the_damage():
    s = make(3, hands={0: {"zsiros_kenyer": 1}}, money=[0, 100, 0], glasses={1: [glass(3, sm=1), glass(2)]})
    do(s, ("play_cards",), ("mischief", "zsiros_kenyer", "zsiros_kenyer", 1, 0, "sargamuskotaly"))
    do(s, ("no_offer",), ("offer_money", 1, 100), ("propose",))
    assert GAME.heuristic_move(s, random.Random(0)) == ("refuse",)


def test_the_target_plays_this_is_for_you_against_a_big_hit():
    s = attacked([0, 0], hand1={"this_is_for_you": 1})
    assert phase(s) == "react"
    assert GAME.heuristic_move(s, random.Random(0)) == ("this_is_for_you",)


def test_the_target_keeps_this_is_for_you_for_after_the_bargain():
    s = attacked([0, 50], hand1={"this_is_for_you": 1}, g1=[glass(5, zv=3, soda=1), glass(2)])
    rng = random.Random(0)
    do(s, GAME.heuristic_move(s, rng))
    assert phase(s) == "propose"
    while phase(s) in ("propose", "respond"):
        do(s, GAME.heuristic_move(s, rng))
    assert phase(s) == "last_chance"
    assert GAME.heuristic_move(s, rng) == ("this_is_for_you",)


def test_greedy_sells_first():
    s = make(3, heroes=[NO_HERO] * 3, glasses={0: [glass(2, sm=1, soda=1), glass(3)]})
    assert GAME.heuristic_move(s, random.Random(0)) == ("sell_spritzers",)


def test_no_money_bargains_in_a_two_player_game():
    """Zero-sum: a payment that suits the attacker never suits the target."""
    s = attacked([0, 100], players=2)
    assert GAME.heuristic_move(s, random.Random(0)) == ("no_offer",)
    do(s, ("no_offer",))
    assert GAME.heuristic_move(s, random.Random(0)) == ("carry_out",)


def test_side_offers_count_for_the_bargainers():
    s = attacked([150, 20, 100], players=3)
    do(s, ("no_side_offer",), ("offer_money", 1, 20), ("propose",))
    assert GAME.heuristic_move(s, random.Random(0)) == ("refuse",)
    s = attacked([150, 20, 100], players=3)
    do(s, ("side_offer", 0, False, 30))  # seat 2 pays the attacker 30 if the card is not carried out
    do(s, ("offer_money", 1, 20), ("propose",))
    assert GAME.heuristic_move(s, random.Random(0)) == ("accept",)
