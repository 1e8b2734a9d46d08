"""The terminal rendering: every view of random games renders, private parts only for their owner."""

import random

from boardbot.server import convert
from boardbot.v1 import common_pb2
from conftest import STEP_FRACTION
from froccs_testlib import GAME, D, do, glass, make
from boardbot.engine.games.froccs.render import render


def _hand_text(counts):
    return ", ".join(f"{k} {D.CARD_TITLES[c]}" for c, k in enumerate(counts) if k) or "empty"


def test_every_view_of_random_games_renders():
    for cfg in GAME.configurations():
        for seed in range(2):
            rng = random.Random(seed)
            sampler = random.Random(seed + 99)
            s = GAME.new_state(cfg, seed)
            rendered = 0
            while True:
                if s.decider() == -1 or rng.random() < STEP_FRACTION / 3:
                    spectator = render(s.view(None))
                    assert "your hand" not in spectator and "dealt to you" not in spectator
                    assert "you drew" not in spectator
                    for seat in [None, *range(s.num_seats)]:
                        view = s.view(seat)
                        text = render(view)
                        # the client passes the view converted back from protobuf
                        back = convert.to_dict(convert.to_proto(common_pb2.View, "froccs", view))
                        assert render(back) == text
                        if seat is None:
                            continue
                        assert f"your hand: {_hand_text(s.hands[seat])}" in text
                        assert ("<- to decide" in text) == (s.decider() != -1)
                        # nothing in it depends on what the seat cannot see
                        world = s.sample_for(seat, sampler)
                        assert render(world.view(seat)) == text
                        assert render(world.view(None)) == spectator
                    rendered += 1
                if s.decider() == -1:
                    assert "the game is over" in spectator
                    break
                moves = s.legal_moves()
                s.apply(moves[rng.randrange(len(moves))])
            assert rendered


def test_the_two_player_draw_shows_the_cards_to_the_drawer_only():
    s = make(2, deck_top=["zold_veltelini", "soda", "pohartores"])
    do(s, ("draw", False))
    assert "you drew: 1 Zöld Veltelini, 1 soda, 1 Pohártörés" in render(s.view(0))
    other = render(s.view(1))
    assert "Pohártörés" not in other and "seat 0 drew 3 cards (hidden)" in other
    assert "seat 0 drew 3 cards (hidden)" in render(s.view(None))


def test_bargaining_is_shown_to_attacker_target_and_third_parties():
    s = make(4, hands={0: {"kilottyintes": 1, "soda": 1}, 1: {"this_is_for_you": 1}}, money=[0, 50, 40, 30],
             glasses={1: [glass(2, sm=1, soda=1), glass(3)]})
    do(s, ("play_cards",), ("mischief", "kilottyintes", "kilottyintes", 1, 0, ""))
    target = render(s.view(1))
    assert "MISCHIEF: seat 0 played Kilöttyintés on you, glass 1 (-1 dl soda)" in target
    assert "you (the target, out of turn): defend now" in target
    do(s, ("no_defence",))
    assert "you (a third party, out of turn)" in render(s.view(2))
    do(s, ("side_offer", 0, True, 20), ("no_side_offer",))
    assert "side offer by seat 2: 20 forints to you if the card is carried out" in render(s.view(0))
    assert "side offer by seat 2 (content hidden from you)" in render(s.view(3))
    assert "(content hidden" in render(s.view(None))
    do(s, ("offer_money", 1, 20))
    text = render(s.view(1))
    assert "offer being built by you:" in text and "you pay 20 forints" in text
    assert "add more to the offer, or make it" in text
    do(s, ("offer_card", "soda", 0, -1, 1, -1), ("propose",))
    attacker = render(s.view(0))
    assert "offer on the table by seat 1:" in attacker and "seat 1 pays 20 forints" in attacker
    assert "soda from your hand to seat 1's hand" in attacker
    assert "you: accept the offer" in attacker
