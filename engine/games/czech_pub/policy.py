"""Czech Pub AI knowledge: the greedy bot, the rollout policy and a cut-off evaluation.

Everything here reads only what the deciding seat may see: its own hand and
the public state (points, tracks, tokens, hand sizes, the cards in front of
the active player, the discard pile). It never looks at other hands or the
deck, so it is safe on a sampled world.

The greedy bot values the cards in front of the active player as
"points now minus the expected cost of the drunkenness roll": every cell
moved costs ``CELL_COST`` points of future drinking, running off a row
costs a lost turn (``PAUSE_COST``) and running off the last row ends your
drinking (``OUT_COST``). In the last round nothing is at stake but points.
"""

from __future__ import annotations

import math
import random
from typing import Final

from boardbot.engine import chance

from . import data as D
from .data import (
    BRAWL, CAJ, DAM_SI, DEJTE, DISCARD, IS_ORDER, IS_SHOT, LICHOCENI, LO_DRAWN, LO_IN_DECK,
    MALE_PIVO, MUSIM, OWN, PANAK_DO_PIVA, PIVO, PLAY, POJD, POPCOUNT, RESPOND, ROUND, RUM, RUNDA, RVACKA,
    SLIPPED, SPLETENA, SUPPLIED, TO_JE_MOJE, TY_UZ, URAZKA, WINDOW,
)
from .drinks import Entry, score_table
from .rules import CzechPubState
from .valuation import (  # noqa: F401  (the greedy bot's values, and what passes say: valuation.py)
    CANCELLERS, CELL_COST, KEEP, OUT_COST, PAUSE_COST, REACT_THRESHOLD, SHOT_KEEP, UNLIKELY_WEIGHT, cancel_gain,
    drink_value_at, keep_value, lead_factor, remaining_actions, replace_factor, unlikely_in,
)

Move = tuple


def drink_value(state: CzechPubState, q: int, table: list[Entry], insulted: bool = False,
                ordered_alcohol: bool = False) -> float:
    """Value for seat q of drinking what ``table`` delivers now (points minus expected roll cost);
    with nothing alcoholic to drink, an abstinence unless q ordered alcohol this turn."""
    return drink_value_at(state.tokens[q], state.stage[q], state.cell[q], state.abst[q], state.last_round, table,
                          insulted, ordered_alcohol)


def table_value(state: CzechPubState, q: int, table: list[Entry]) -> float:
    ordered = q == state.active and state.ordered_alcohol
    return drink_value(state, q, table, state.insults[q] > 0, ordered)


def _leader_factor(state: CzechPubState, me: int, q: int) -> float:
    """Hurting a seat counts more the better it stands against me."""
    return lead_factor(state.points[q] - state.points[me])


def unlikely_cards(state: CzechPubState, q: int) -> frozenset[int]:
    """The cancel cards q's passes (``state.passes``) say it probably does not hold."""
    return unlikely_in(state.passes[q])


# --- the greedy bot ---------------------------------------------------------------
def heuristic_move(state: CzechPubState, rng: random.Random) -> Move:
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    phase = state.phase
    if phase == PLAY:
        return _choose_play(state, moves)
    if phase == DISCARD:
        return _choose_discard(state, moves)
    if phase == WINDOW:
        return _choose_reaction(state, moves)
    if phase == RESPOND or phase == ROUND:
        return _choose_response(state, moves)
    if phase == BRAWL:
        return _choose_brawl(state, moves)
    return moves[0]


def _choose_play(state: CzechPubState, moves: list[Move]) -> Move:
    me = state.active
    table = state.table
    base = table_value(state, me, table)
    hand = state.hands[me]
    has_drink = any(IS_ORDER[c] and c != CAJ or c == LICHOCENI for c in hand)
    best: Move = ("done",)
    best_value = base
    for m in moves:
        kind: str = m[0]
        if kind == "done":
            continue
        if kind == "discard":
            # only when there is nothing to drink: throw away what is least worth keeping
            if has_drink and not state.insults[me]:
                continue
            c = D.CARD_BY_ID[m[1]]
            value = base + 0.3 * (1.0 - keep_value(c))
        else:
            c = D.CARD_BY_ID[m[1]]
            if IS_ORDER[c] or c == LICHOCENI or c == PANAK_DO_PIVA:
                k = D.SHOT_BY_ID[m[3]] if m[3] else -1
                after = table + [(c, k, OWN, -1)]
                value = table_value(state, me, after)
                if c == PANAK_DO_PIVA:  # worth it only if a second shot follows
                    extra = any(IS_SHOT[x] for x in hand if x != c) and remaining_actions(table) >= 2
                    value = base + (1.0 if extra else -1.0)
                elif IS_SHOT[c] or c == DEJTE or c == LICHOCENI:
                    value -= 0.3 * (remaining_actions(table) <= 1)  # keep room
                value -= 0.2 * keep_value(c)
            else:
                value = base + _pub_value(state, me, c, m[2], hand) - 0.3 * keep_value(c)
        if value > best_value + 1e-9:
            best, best_value = m, value
    return best


def _pub_value(state: CzechPubState, me: int, c: int, target: int, hand: list[int]) -> float:
    n = state.num_seats
    if c == TY_UZ:
        top = state.discard[-1]
        return keep_value(top) - 0.5
    if c == RUNDA:
        return sum(1.2 * _leader_factor(state, me, q) for q in state._targets(me))
    if c == RVACKA:
        mine = len(hand)
        others = [len(state.hands[q]) for q in state._targets(me)]
        return 0.4 * (sum(others) / max(1, len(others)) - mine)
    if c == TO_JE_MOJE:
        return 1.2 + 0.1 * len(state.hands[target]) + 0.3 * (_leader_factor(state, me, target) - 1)
    if c == POJD:
        return 1.8 * _leader_factor(state, me, target)
    if c == URAZKA:
        # best on the next player to move, and on a leader
        nxt = (me + 1) % n
        return (1.5 if target == nxt else 1.0) * _leader_factor(state, me, target)
    if c == DAM_SI:
        # copy someone only when my own hand has little to drink
        drinks = sum(1 for x in hand if IS_ORDER[x] and x != CAJ)
        if drinks >= 2 or state.insults[me]:
            return -5.0
        if state.abst[me] >= 2:
            return -5.0
        return 4.0 + 0.1 * len(state.hands[target]) - drinks * 2
    return 0.0


def _choose_discard(state: CzechPubState, moves: list[Move]) -> Move:
    me = state.active
    worst: Move = ("done",)
    worst_value = 0.9
    for m in moves:
        kind: str = m[0]
        if kind != "discard":
            continue
        value = keep_value(D.CARD_BY_ID[m[1]])
        if value < worst_value:
            worst, worst_value = m, value
    return worst if len(state.hands[me]) > 2 else ("done",)


def _choose_reaction(state: CzechPubState, moves: list[Move]) -> Move:
    me = state.dec
    a = state.active
    table = state.table
    before = table_value(state, a, table)
    factor = _leader_factor(state, me, a)
    replace = replace_factor(table, len(state.hands[a]))
    best: Move = ("decline",)
    best_gain = REACT_THRESHOLD
    for m in moves:
        kind: str = m[0]
        if kind != "react":
            continue
        c = D.CARD_BY_ID[m[1]]
        slot, give = m[2], m[3]
        after = list(table)
        gain_me = 0.0
        if c == SPLETENA:
            g = D.CARD_BY_ID[give]
            taken = after[slot][0]
            after[slot] = (g, -1, SLIPPED, -1)
            gain_me = keep_value(taken) - keep_value(g)
        elif c == PANAK_DO_PIVA:
            if slot >= 0:
                e = after[slot]
                after[slot] = (e[0], e[1], e[2], me)
            else:
                after.append((D.CARD_BY_ID[give], -1, SUPPLIED, me))
                gain_me = -SHOT_KEEP
        else:
            after.pop(slot)
        damage = (before - table_value(state, a, after)) * replace
        gain = damage * factor + gain_me - 0.5 * keep_value(c)
        if gain > best_gain:
            best, best_gain = m, gain
    return best


def _choose_response(state: CzechPubState, moves: list[Move]) -> Move:
    me = state.dec
    card = state.pend_card
    best: Move = moves[0]
    best_cost = math.inf
    for m in moves:  # the cheapest, the first of equals
        kind: str = m[0]
        if kind == "dodge":
            cost = keep_value(MUSIM)
            if m[1] >= 0:
                cost -= 0.5 * _leader_factor(state, me, m[1])
            if card == DAM_SI:
                cost += 2.0  # being copied costs me nothing
        elif kind == "decline":
            cost = 3.0 if card == URAZKA else 1.5 if card == TO_JE_MOJE else 0.0
        elif kind == "pay":
            if not m[1]:
                cost = 5.0
            else:
                c = D.CARD_BY_ID[m[1]]
                if c == PIVO:
                    cost = 2.0 + keep_value(c)
                elif c == MALE_PIVO:
                    cost = 3.0 + keep_value(c)
                else:
                    new_kind = not state.tokens[me] >> (c - RUM) & 1
                    gain = 0.0
                    if new_kind:
                        count = POPCOUNT[state.tokens[me]]
                        gain = D.KIND_BONUS[count + 1] - D.KIND_BONUS[count] - 1.0
                    cost = keep_value(c) - gain
        else:
            continue
        if cost < best_cost:
            best, best_cost = m, cost
    return best


def _choose_brawl(state: CzechPubState, moves: list[Move]) -> Move:
    me = state.dec
    mine = len(state.hands[me])
    others = [len(state.hands[q]) for q in state._targets(state.active) if q != me] + [len(state.hands[state.active])]
    if ("dodge", -1) in moves and mine > sum(others) / max(1, len(others)) + 2:
        return ("dodge", -1)
    return ("decline",)


# --- rollouts and cut-off -------------------------------------------------------------
PLAYOUT_EPSILON = 0.1


def playout_move(state: CzechPubState, rng: random.Random) -> Move:
    """The greedy bot with a little noise: a random legal move one time in ten.

    The greedy move is about twice as slow as a plain "drink what you hold"
    rule, but rollouts then manage the drunkenness roll, react to shots and
    pay with the right card, as a real opponent does; with the cut-off
    evaluation below the search wins clearly more (docs/rules/czech-pub.md, AI).
    """
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    if rng.random() < PLAYOUT_EPSILON:
        return moves[chance.randrange(rng, len(moves))]
    return heuristic_move(state, rng)


# The cut-off evaluation: each seat's projected final total (points + kinds
# bonus + the expected future gain), turned into a win chance by a normal
# model of the remaining noise. The future gain is linear in the features of
# ``seat_features``; the weights were fitted by least squares, per player
# count, on greedy self-play (1500 games each, 10 % random moves; held-out
# R^2 0.77-0.80; research/czech_pub_fit_evaluate.py):
#   R turns left for the seat, R*C/20 (C: cells left before running off the
#   last row, at most 20), C, min(R, C), kinds drunk, R*(5-kinds)/5, paused,
#   abstinence level, beers in hand (at most 3), a small beer in hand, shot
#   cards in hand (at most 2), new kinds among them, Lichocení servírce and
#   Dejte mi to všechno! in hand, X cards in hand, Čaj in hand, hand size.
# The 3 and 4 player weights were refitted on 2026-12-02: the first fit
# (2026-11-29) predates the rule readings of 2026-12-01, and on the engine as
# it is now it predicts the winner less well at 3 and 4 players; at 5 and 6
# it still predicts as well as a refit (docs/rules/czech-pub.md, AI).
GAIN_WEIGHTS: Final[dict[int, tuple[float, ...]]] = {  # (tuple[float, ...]: see data.py's tables)
    3: (-0.58, 0.16, 0.54, 2.06, -2.57, 0.38, 1.02, 0.31, 1.33, 0.27, 1.57, 0.51, 2.01, -0.39, 0.65, 1.74),
    4: (2.05, 0.06, 0.61, 0.0, -3.10, 0.07, 1.12, 1.15, 0.86, 0.67, 0.90, 0.66, 1.76, -0.16, 0.48, 1.71),
    5: (0.75, 1.42, 0.42, 0.75, -5.07, -1.14, -0.93, 0.9, 0.8, 0.27, 0.9, 0.43, 1.77, -0.1, 0.25, -0.57),
    6: (0.24, 2.77, 0.45, 0.24, -4.26, -1.2, -0.95, 0.94, 0.68, 0.18, 0.8, 0.55, 1.84, -0.04, 0.14, -0.53),
}
# Turns played (all seats) per card drawn, measured on the same games.
TURNS_PER_DRAW: Final[dict[int, float]] = {3: 0.595, 4: 0.453, 5: 0.368, 6: 0.318}
# The spread of a seat's final total around the projection: 4 + 2.2 sqrt(R)
# points (fitted on the residuals), widened per player count for the best
# log-loss of the predicted winner (3 and 4: on the refit's training games).
SIGMA_SCALE: Final[dict[int, float]] = {3: 1.4, 4: 2.0, 5: 1.7, 6: 1.7}
_CELLS_FROM: Final = tuple(sum(D.ROW_LEN[s:]) for s in range(D.STAGES)) + (0,)
_DECK: Final = len(D.full_deck())
_X: Final = frozenset(D.X_CARDS)
_SQRT2: Final = 2.0 ** 0.5
# an unknown card, on average (for cards the hand will draw back up to its limit)
_MEAN_BEERS: Final = D.COPIES[PIVO] / _DECK
_MEAN_SMALL: Final = D.COPIES[MALE_PIVO] / _DECK
_MEAN_SHOTS: Final = sum(D.COPIES[RUM + k] for k in range(D.SHOT_KINDS)) / _DECK
_MEAN_LICH: Final = (D.COPIES[LICHOCENI] + D.COPIES[DEJTE]) / _DECK
_MEAN_X: Final = sum(D.COPIES[c] for c in D.X_CARDS) / _DECK
_MEAN_CAJ: Final = D.COPIES[CAJ] / _DECK


def remaining_draws(state: CzechPubState) -> float:
    """Expected cards still to be drawn before the Last Order card turns up."""
    if state.lo_state == LO_IN_DECK:
        return (state.lo_lo + state.lo_hi) / 2.0
    n = state.num_seats
    at, first_half = D.LAST_ORDER_AT[n]
    size = _DECK - 6 * n  # about the size of a reshuffled deck
    more = at - state.reshuffles - 1
    return len(state.deck) + (more * size if more > 0 else 0) + (size / 4.0 if first_half else 0.75 * size)


# A seat's features (``GAIN_WEIGHTS``' order), all as floats: a fixed-length tuple, which the
# compiled build keeps unboxed (a C struct) between ``_seat_features`` and ``_gain``.
Features = tuple[float, float, float, float, float, float, float, float, float, float, float, float, float, float,
                 float, float]


def seat_features(state: CzechPubState) -> tuple[list[int], list[Features | None], float]:
    """Per seat: the total it holds now (points + kinds bonus, the cards in front of the active
    player counted as if evaluated now), the features its future gain is linear in
    (``GAIN_WEIGHTS``; None for a seat out of the drinking), and the turns left per seat."""
    owed, left = _turns_left(state)
    bases: list[int] = []
    feats: list[Features | None] = []
    for q in range(state.num_seats):
        if state.out[q]:
            bases.append(state.points[q] + D.KIND_BONUS[POPCOUNT[state.tokens[q]]])
            feats.append(None)
            continue
        base, f = _seat_features(state, q, owed, left)
        bases.append(base)
        feats.append(f)
    return bases, feats, left


def _turns_left(state: CzechPubState) -> tuple[tuple[int, ...] | None, float]:
    """The seats owed a last turn (None before the last round), and the turns left per seat."""
    n = state.num_seats
    if state.lo_state == LO_DRAWN:
        return state.owed, len(state.owed) / n
    return None, remaining_draws(state) * TURNS_PER_DRAW[n] / n


def _seat_features(state: CzechPubState, q: int, owed: tuple[int, ...] | None,
                   left: float) -> tuple[int, Features]:
    """``seat_features`` of seat q, in the drinking: its total now and its features."""
    a = state.active
    tokens = state.tokens[q]
    points = state.points[q]
    stage, cell = state.stage[q], state.cell[q]
    cells = float(D.ROW_LEN[stage] - cell + _CELLS_FROM[stage + 1])
    if q == a and state.table:  # the cards in front, as if evaluated now
        alcohol, _nealko, gained, drunk, tokens = score_table(tokens, state.table)
        if alcohol:
            points += gained
            total = drunk + D.TRACK[stage][cell]
            cells -= sum(D.cells_moved(total, r) for r in range(1, 7)) / 6.0 if total > 1 else 1.0
    kinds = POPCOUNT[tokens]
    r = (1.0 if q in owed or q == a else 0.0) if owed is not None else left
    hand = state.hands[q]
    beers = small = shots = lich = x = caj = 0
    new = 0
    for c in hand:
        if c == PIVO:
            beers += 1
        elif c == MALE_PIVO:
            small = 1
        elif IS_SHOT[c]:
            shots += 1
            if not tokens >> (c - RUM) & 1:
                new |= 1 << (c - RUM)
        elif c == LICHOCENI or c == DEJTE:
            lich += 1
        elif c == CAJ:
            caj += 1
        elif c in _X:
            x += 1
    limit = D.HAND_SIZE[stage]
    size = len(hand)
    missing = limit - size if size < limit else 0  # drawn back at the end of the turn
    c20 = cells if cells < 20 else 20.0
    return points + D.KIND_BONUS[kinds], (
        r, r * c20 / 20.0, c20, r if r < cells else cells, float(kinds), r * (5 - kinds) / 5.0,
        float(state.paused[q]), float(state.abst[q]),
        min(3.0, beers + missing * _MEAN_BEERS),
        min(1.0, small + missing * _MEAN_SMALL),
        min(2.0, shots + missing * _MEAN_SHOTS), float(POPCOUNT[new]),
        lich + missing * _MEAN_LICH, x + missing * _MEAN_X,
        caj + missing * _MEAN_CAJ, float(size + missing))


def _gain(w: tuple[float, ...], f: Features) -> float:
    """The future gain, ``sum(map(mul, w, f))``: the same products, added in the same order (each
    term by a constant index, which reads the unboxed features in place)."""
    gain = 0.0
    gain += w[0] * f[0]
    gain += w[1] * f[1]
    gain += w[2] * f[2]
    gain += w[3] * f[3]
    gain += w[4] * f[4]
    gain += w[5] * f[5]
    gain += w[6] * f[6]
    gain += w[7] * f[7]
    gain += w[8] * f[8]
    gain += w[9] * f[9]
    gain += w[10] * f[10]
    gain += w[11] * f[11]
    gain += w[12] * f[12]
    gain += w[13] * f[13]
    gain += w[14] * f[14]
    gain += w[15] * f[15]
    return gain


def projected_totals(state: CzechPubState) -> tuple[list[float], float]:
    """Each seat's expected final total, and the turns left per seat."""
    owed, left = _turns_left(state)
    weights = GAIN_WEIGHTS[state.num_seats]
    out: list[float] = []
    for q in range(state.num_seats):
        if state.out[q]:
            out.append(state.points[q] + D.KIND_BONUS[POPCOUNT[state.tokens[q]]])
            continue
        base, f = _seat_features(state, q, owed, left)
        out.append(base + _gain(weights, f))
    return out, left


def evaluate(state: CzechPubState) -> list[float]:
    """Per-seat estimate in [0, 1] of the search's utility (0.8 win + 0.1 place + 0.1 margin).

    Cheap (no rollout): projected final totals (``projected_totals``), a win
    chance from the product of pairwise normal comparisons (normalised), the
    expected place from the same comparisons, and the margin term of
    ``boardbot.ai.utility`` on the projected totals.
    """
    n = state.num_seats
    totals, left = projected_totals(state)
    spread = SIGMA_SCALE[n] * (4.0 + 2.2 * (left if left > 0 else 0.0) ** 0.5) * 2.0  # sqrt(2) twice
    erf = math.erf
    win = [1.0] * n
    place = [0.0] * n
    for i in range(n):
        ti = totals[i]
        for j in range(i + 1, n):
            p = 0.5 + 0.5 * erf((ti - totals[j]) / spread)
            win[i] *= p
            win[j] *= 1.0 - p
            place[i] += p
            place[j] += 1.0 - p
    norm = sum(win) or 1.0
    mean = sum(totals) / n
    scale = 1.0 + sum(abs(t) for t in totals) / n
    values = []
    for i in range(n):
        x = (totals[i] - mean) / scale
        margin = 0.5 + 0.5 * x / (1.0 + abs(x))
        values.append(0.8 * win[i] / norm + 0.1 * place[i] / (n - 1) + 0.1 * margin)
    return values
