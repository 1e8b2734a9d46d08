"""Helpers for building exact Fröccs situations in scenario tests.

A situation starts from a real new game (so every field exists), then hands,
glasses, money and heroes are set by hand; ``settle`` puts every card that is
not placed anywhere back into the deck, so card counts stay consistent and
views, sampling and ``from_view`` keep working.
"""

from __future__ import annotations

import json
import random

from boardbot.engine import registry
from boardbot.engine.core import TERMINAL  # noqa: F401  (re-exported for tests)
from boardbot.engine.games.froccs import data as D
from boardbot.engine.games.froccs import glasses as G
from boardbot.engine.games.froccs import rules as R
from boardbot.engine.games.froccs import state as S

GAME = registry.get("froccs")
NO_HERO = D.NO_HERO


def config(players=3, heroes="first_game", guest=False, more=False) -> dict:
    return {"players": players, "heroes": heroes, "everyones_my_guest": guest, "one_more_round": more}


def glass(size, zv=0, sz=0, sm=0, soda=0) -> int:
    """The glass of that size holding those cards, as a state holds it: its code (glasses.py)."""
    return G.CODE[(size, zv, sz, sm, soda)]


def cards(**named) -> list:
    counts = [0] * D.NUM_CARDS
    for name, n in named.items():
        counts[D.CARD_ID[name]] = n
    return counts


def make(players=3, guest=False, more=False, heroes=None, seed=0, hands=None, glasses=None, money=None,
         deck_top=None) -> S.FroccsState:
    """A state at the start of seat 0's turn, with no heroes unless given.

    ``hands``: {seat: {card name: count}}; seats not given get empty hands.
    ``glasses``: {seat: [glass(...), ...]}; seats not given keep a 2 dl and a 3 dl glass.
    ``deck_top``: card names to put on top of the deck (the first is drawn first).
    """
    s = GAME.new_state(config(players, "first_game", guest, more), seed)
    n = players
    s.heroes = list(heroes) if heroes is not None else [NO_HERO] * n
    s.hands = [[0] * D.NUM_CARDS for _ in range(n)]
    s.known = [[0] * D.NUM_CARDS for _ in range(n)]
    for q, named in (hands or {}).items():
        s.hands[q] = cards(**named)
    for q, gl in (glasses or {}).items():
        s.glasses[q] = list(gl)
    if money is not None:
        s.money = list(money)
    settle(s, deck_top)
    s.player = 0
    s._start_turn()
    return s


def settle(s: S.FroccsState, deck_top=None, seed=1) -> None:
    """Rebuild the deck from every card not placed elsewhere (shuffled, seeded)."""
    left = list(D.DECK_COUNTS)
    for q in range(s.num_seats):
        for c in range(D.NUM_CARDS):
            left[c] -= s.hands[q][c]
        for g in s.glasses[q]:
            for c in D.DRINKS:
                left[c] -= G.CONTENTS[g][1 + c]
    for c in range(D.NUM_CARDS):
        left[c] -= s.discard[c]
    for c in s.drawn:
        left[c] -= 1
    if s.mis is not None:
        left[s.mis[0]] -= 1
    top = [D.CARD_ID[name] for name in (deck_top or [])]
    for c in top:
        left[c] -= 1
    assert all(x >= 0 for x in left), left
    deck = [c for c in range(D.NUM_CARDS) for _ in range(left[c])]
    random.Random(seed).shuffle(deck)
    deck.extend(reversed(top))  # the deck is drawn from the end
    s.deck = deck
    # glass cards: the counter keeps what it can, the glass deck holds the rest
    sizes = list(D.GLASS_COUNTS)
    for q in range(s.num_seats):
        for g in s.glasses[q]:
            sizes[D.SIZE_INDEX[G.SIZE[g]]] -= 1
        for k in range(3):
            sizes[k] -= s.glass_discard[q][k]
    assert all(x >= 0 for x in sizes), sizes
    counter = []
    for size in s.counter:
        k = D.SIZE_INDEX[size]
        if sizes[k]:
            sizes[k] -= 1
            counter.append(size)
    rest = [size for k, size in enumerate(D.GLASS_SIZES) for _ in range(sizes[k])]
    random.Random(seed).shuffle(rest)
    while len(counter) < 3 and rest:
        counter.append(rest.pop())
    s.counter = counter
    s.glass_deck = rest
    s.invalidate()


def do(s: S.FroccsState, *moves) -> None:
    """Apply legal moves, failing loudly on an illegal one."""
    for m in moves:
        legal = s.legal_moves()
        assert m in legal, f"{m} not legal in phase {R.PHASE_NAME[s.phase]}: {legal}"
        s.apply(m)


def kinds(s: S.FroccsState, kind: str) -> list:
    return [m for m in s.legal_moves() if m[0] == kind]


def phase(s: S.FroccsState) -> str:
    return R.PHASE_NAME[s.phase]


def total_cards(s: S.FroccsState) -> int:
    n = sum(map(sum, s.hands)) + len(s.deck) + sum(s.discard) + len(s.drawn)
    n += sum(G.TOTAL[g] for gl in s.glasses for g in gl)
    return n + (1 if s.mis is not None else 0)


def check_views(s: S.FroccsState, rng=None) -> None:
    """Every seat's view survives sampling and from_view (as the generic test does)."""
    rng = rng or random.Random(5)
    for seat in range(s.num_seats):
        frozen = json.dumps(s.view(seat), sort_keys=True)
        world = s.sample_for(seat, rng)
        assert json.dumps(world.view(seat), sort_keys=True) == frozen
        rebuilt = GAME.from_view(json.loads(frozen), rng)
        assert json.dumps(rebuilt.view(seat), sort_keys=True) == frozen
        if s.decider() == seat:
            assert world.legal_moves() == s.legal_moves()
            assert rebuilt.legal_moves() == s.legal_moves()


def mischief(s, card, target, glass=-1, wine="", effect=None) -> tuple:
    return ("mischief", card, effect or card, target, glass, wine)
