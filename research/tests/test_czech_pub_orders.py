"""research/czech_pub_orders.py: the stops read as the greedy bot values orders, the evidence
follows the hands from public moves, and its worlds deal the same cards as ``sample_for``."""

from __future__ import annotations

import random
from collections import Counter

from boardbot.ai.bots import make_bot
from boardbot.engine import registry
from boardbot.engine.core import TERMINAL
from boardbot.engine.games.czech_pub import data as D

from research_modules import load

orders = load("czech_pub_orders")

GAME = registry.get("czech-pub")


def greedy_games(count: int, players: int = 3):
    """Each step of ``count`` greedy games: (state before, move, state after)."""
    bot = make_bot("greedy", GAME)
    for seed in range(count):
        state = GAME.new_state({"players": players}, seed)
        rng = random.Random(seed)
        while state.decider() != TERMINAL:
            move = bot.choose(state, rng)
            before = state.copy()
            state.apply_checked(move)
            yield before, move, state


def test_greedy_never_stops_while_holding_an_order_the_stop_says_it_would_have_placed():
    """``stop_gain`` is the greedy bot's own valuation of an order against stopping: the bot
    stops only when no order in its hand gains anything, so every card a stop makes
    unlikely is absent from its hand then, and some stops do speak."""
    spoke = 0
    for before, move, _after in greedy_games(12):
        if move[0] == "done" and before.phase == orders.PLAY and before.decider() == before.active:
            unlikely = orders.stop_unlikely(before, before.active)
            spoke += bool(unlikely)
            assert not set(unlikely) & set(before.hands[before.active]), (unlikely, before.hands[before.active])
    assert spoke > 50


def test_the_evidence_binds_only_the_cards_still_held_since():
    """A layer binds the hand's size when made and loses one card for each card that leaves;
    cards drawn later are not bound, and a layer that binds nothing is dropped."""
    n = 3
    evidence = orders.OrderEvidence(n)
    for before, move, after in greedy_games(6, players=n):
        bound = {q: [b for _u, b in evidence.layers[q]] for q in range(n)}
        evidence.observe(before, move, after)
        for q in range(n):
            lost = orders._lost(before.hands[q], after.hands[q])
            old = [b - lost for b in bound[q] if b - lost > 0]
            assert [b for _u, b in evidence.layers[q]][:len(old)] == old
            for _u, b in evidence.layers[q]:
                assert 0 < b <= len(after.hands[q])


def test_a_world_deals_the_seats_unseen_cards_and_keeps_what_it_knows():
    """``deal_world`` re-deals exactly the cards the seat cannot see, keeps every hand's size,
    the seat's own hand and the cards it knows in other hands; an order dealt with chance 0
    to a whole hand never lands there while the unseen cards hold enough others."""
    n = 3
    evidence = orders.OrderEvidence(n)
    checked = 0
    for i, (before, move, after) in enumerate(greedy_games(4, players=n)):
        evidence.observe(before, move, after)
        seat = after.decider()
        if seat == TERMINAL or i % 7:
            continue
        root = GAME.from_view(after.view(seat), random.Random(i))
        world = orders.deal_world(root, seat, random.Random(i), evidence)
        assert world.hands[seat] == after.hands[seat]
        unseen = Counter(c for c in after.deck if c != D.POSLEDNI)
        dealt = Counter(c for c in world.deck if c != D.POSLEDNI)
        for q in range(n):
            assert len(world.hands[q]) == len(after.hands[q])
            if q != seat:
                unseen.update(after.hands[q])
                dealt.update(world.hands[q])
                assert not Counter(after.known_cards(seat, q)) - Counter(world.hands[q])
        assert dealt == unseen
        checked += 1
    assert checked > 20

    state = GAME.new_state({"players": n}, 5)
    seat, other = state.decider(), (state.decider() + 1) % n
    evidence = orders.OrderEvidence(n)
    evidence.layers[other] = [[{D.PIVO: 0.0}, len(state.hands[other])]]
    root = GAME.from_view(state.view(seat), random.Random(1))
    rng = random.Random(2)
    assert all(D.PIVO not in orders.deal_world(root, seat, rng, evidence).hands[other] for _ in range(200))
    assert any(D.PIVO in root.sample_for(seat, rng).hands[other] for _ in range(200))
