"""Frogriders knowledge for the AI: a greedy heuristic, a playout policy and
an evaluation, wired into ``FrogridersGame`` through the ``Game`` hooks.

* ``heuristic_move`` (the ``greedy`` bot): tries every legal move on a copy
  and keeps the one with the best score margin (own total minus the best
  other total, by the real end-game scoring of the position). It looks
  through the rest of its own turn where a move only makes sense with its
  follow-up (returning a unit is scored together with what it buys), and
  picks its set card by points per unit needed.
* ``playout_move`` (ISMCTS rollouts): cheap. Leaps collect the unit colour
  worth most to the mover by its set card and the public cards (a table per
  card combination, cached), with some randomness; phase B is random.
* ``evaluate``: the score margin squashed into [0, 1], for rollouts cut
  off early (``ismcts:depth=N``).

All three see only what they are given: a world sampled for the deciding
seat, in which other seats' set cards are guesses.
"""

from __future__ import annotations

import math
import random
from typing import Final

from mypy_extensions import i64

from . import data as D
from .data import LEAP, SECOND_LEAP, SETUP, TAKE_PRIVILEGE, TAKE_UNIT
from .rules import FrogridersState, score_totals

_weights_cache: Final[dict[int, tuple[float, ...]]] = {}


def _weights_key(kept: int, public: tuple[int, ...], backs: tuple[bool, ...]) -> int:
    """The cache's key for a seat's card combination: one digit in base 12 for the kept card
    (never 0) and one for each public card and its side; an int, so a lookup allocates nothing."""
    key = kept + 2
    for card, back in zip(public, backs):
        key = key * 12 + 2 * card + (1 if back else 0)
    return key


def _colour_weights(kept: int, public: tuple[int, ...], backs: tuple[bool, ...]) -> tuple[float, ...]:
    """Points per collected unit of each colour (index = colour) for one seat."""
    key = _weights_key(kept, public, backs)
    w = _weights_cache.get(key)
    if w is not None:
        return w
    weights = [0.0] * 5
    cards = [D.PUBLIC_CARDS[c][0] for c, back in zip(public, backs) if not back]
    if kept >= 0:
        cards.append(D.PRIVATE_SET_CARDS[kept])
    for card in cards:
        *need, any_, points = card
        total = sum(need) + any_
        if not total:
            continue
        per_unit = points / total
        for colour, k in zip(D.COLOURS, need):
            weights[colour] += per_unit * k
        if any_:
            for colour in D.COLOURS:
                weights[colour] += per_unit * any_ / 4
    weights[D.BROWN] += 1.0  # a brown unit scores 1 on its own
    # red, yellow and blue can also be spent on an action later
    weights[D.RED] += 0.3
    weights[D.YELLOW] += 0.3
    weights[D.BLUE] += 0.6
    w = _weights_cache[key] = tuple(weights)
    return w


def margin(state: FrogridersState, p: int) -> float:
    """Own total minus the best other total (by the end-game scoring)."""
    totals = score_totals(state)
    mine = totals[p]
    others = [t for q, t in enumerate(totals) if q != p]
    return mine - max(others) if others else mine


def _follow_up_value(state: FrogridersState, p: int) -> float:
    """The value of a position for p, looking through p's forced continuations."""
    if state.decider() == p and state.phase in (TAKE_UNIT, TAKE_PRIVILEGE, SECOND_LEAP):
        best = -math.inf
        for m in state.legal_moves():
            w = state.copy()
            w.apply(m)
            best = max(best, margin(w, p))
        return best
    return margin(state, p)


def _set_card_value(card: int) -> float:
    *need, any_, points = D.PRIVATE_SET_CARDS[card]
    return points / (sum(need) + any_)


def heuristic_move(state: FrogridersState, rng: random.Random) -> tuple:
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    p = state.decider()
    if state.phase == SETUP:
        return max(moves, key=lambda m: (_set_card_value(m[1]), -m[1]))
    best = -math.inf
    choices = []
    for m in moves:
        w = state.copy()
        w.apply(m)
        value = _follow_up_value(w, p)
        if value > best + 1e-9:
            best, choices = value, [m]
        elif value > best - 1e-9:
            choices.append(m)
    return choices[rng.randrange(len(choices))]


EPSILON: Final = 0.25  # share of uniformly random playout moves


def playout_move(state: FrogridersState, rng: random.Random) -> tuple | None:
    phase = state.phase
    if phase != LEAP and phase != SECOND_LEAP:
        return None  # phase B and setup: random
    if rng.random() < EPSILON:
        return None
    p = state.player
    kept = state.kept[p]
    weights = _weights_cache.get(_weights_key(kept, state.public, state.backs))
    if weights is None:
        weights = _colour_weights(kept, state.public, state.backs)
    board = state.board
    best: tuple | None = None
    best_w = -1.0
    moves: list[tuple] = state.legal_moves()  # leaps: ("leap", origin, over, to, collect_leaper)
    for m in moves:
        # the unit collected; typed: the compiled build reads ints, not an object's truth
        collect_leaper: i64 = m[4]
        cell: i64 = m[1] if collect_leaper else m[2]  # (i64: the board is read as in _leaps)
        w = weights[board[cell]]
        if w > best_w:
            best, best_w = m, w
    return best


def evaluate(state: FrogridersState) -> list[float]:
    totals = score_totals(state)
    n = len(totals)
    out = []
    for p in range(n):
        others = max(t for q, t in enumerate(totals) if q != p)
        x = (totals[p] - others) / 8.0
        out.append(1.0 / (1.0 + math.exp(-x)))
    return out
