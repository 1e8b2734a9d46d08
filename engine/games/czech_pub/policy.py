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

from . import data as D
from .data import (
    BLAZKOVA, CAJ, DAM_SI, DEJTE, IS_ORDER, IS_SHOT, LICHOCENI, MALE_PIVO, MUSIM,
    PANAK_DO_PIVA, PIVO, POJD, RUM, RUNDA, RVACKA, SPLETENA, TEPLY, TO_JE_MOJE, TY_UZ, URAZKA,
    ZVRHNUTA,
)
from .state import (
    BRAWL, DISCARD, OWN, PLAY, POPCOUNT, RESPOND, ROUND, SLIPPED, SUPPLIED, WINDOW, delivered_items,
    score_items,
)

CELL_COST = 1.2
PAUSE_COST = 6.0
OUT_COST = 30.0
REACT_THRESHOLD = 3.0
# How much a card in hand is worth keeping (for discards and payments).
KEEP = {PIVO: 2.0, MALE_PIVO: 1.0, CAJ: 0.2, DEJTE: 3.0, LICHOCENI: 4.0, PANAK_DO_PIVA: 2.0,
        DAM_SI: 1.0, URAZKA: 1.5, TO_JE_MOJE: 1.5, POJD: 2.0, RUNDA: 2.5, RVACKA: 0.5, TY_UZ: 0.8,
        SPLETENA: 2.0, ZVRHNUTA: 2.0, BLAZKOVA: 2.0, TEPLY: 1.2, MUSIM: 1.5}
SHOT_KEEP = 3.0


def keep_value(card: int) -> float:
    return SHOT_KEEP if IS_SHOT[card] else KEEP.get(card, 0.5)


def _risk(state, q: int, total: int) -> float:
    """Expected cost of the drunkenness roll for seat q against ``total``."""
    if state.last_round:
        return 0.0
    stage, cell = state.stage[q], state.cell[q]
    room = D.ROW_LEN[stage] - cell  # cells until running off the row
    cost = 0.0
    for roll in range(1, 7):
        moved = D.cells_moved(total, roll)
        if moved >= room:
            cost += room * CELL_COST + (OUT_COST if stage == D.STAGES - 1 else PAUSE_COST)
        else:
            cost += moved * CELL_COST
    return cost / 6.0


def _abstain_value(state, q: int, nealko: int, insulted: bool) -> float:
    level = state.abst[q]
    if level >= 2 and not insulted:
        return -OUT_COST - 10.0
    points = D.ABSTINENCE_POINTS[min(level, 1)]
    back = min(1 + nealko, state.cell[q])
    return points + back * CELL_COST * 0.8 - 2.0 * level


def drink_value(state, q: int, items: list, insulted: bool = False) -> float:
    """Value for seat q of drinking ``items`` now (points minus expected roll cost)."""
    alcohol, nealko, points, drunk, tokens = score_items(state.tokens[q], items)
    if not alcohol:
        return _abstain_value(state, q, nealko, insulted)
    total = drunk + D.TRACK[state.stage[q]][state.cell[q]]
    bonus = D.KIND_BONUS[POPCOUNT[tokens]] - D.KIND_BONUS[POPCOUNT[state.tokens[q]]]
    return points + 0.8 * bonus - _risk(state, q, total)


def table_value(state, q: int, table: list) -> float:
    return drink_value(state, q, delivered_items(table), state.insults[q] > 0)


def _leader_factor(state, me: int, q: int) -> float:
    """Hurting a seat counts more the better it stands against me."""
    diff = state.points[q] - state.points[me]
    return max(0.5, min(2.0, 1.0 + diff / 30.0))


def _remaining_actions(table: list) -> int:
    return D.ACTIONS_PER_TURN - sum(D.COST[e[0]] for e in table if e[2] == OWN)


# --- the greedy bot ---------------------------------------------------------------
def heuristic_move(state, rng):
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


def _choose_play(state, moves):
    me = state.active
    table = state.table
    base = table_value(state, me, table)
    hand = state.hands[me]
    has_drink = any(IS_ORDER[c] and c != CAJ or c == LICHOCENI for c in hand)
    best, best_value = ("done",), base
    for m in moves:
        kind = m[0]
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
                    extra = any(IS_SHOT[x] for x in hand if x != c) and _remaining_actions(table) >= 2
                    value = base + (1.0 if extra else -1.0)
                elif IS_SHOT[c] or c == DEJTE or c == LICHOCENI:
                    value -= 0.3 * (_remaining_actions(table) <= 1)  # keep room
                value -= 0.2 * keep_value(c)
            else:
                value = base + _pub_value(state, me, c, m[2], hand) - 0.3 * keep_value(c)
        if value > best_value + 1e-9:
            best, best_value = m, value
    return best


def _pub_value(state, me: int, c: int, target: int, hand: list) -> float:
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


def _choose_discard(state, moves):
    me = state.active
    worst, worst_value = ("done",), 0.9
    for m in moves:
        if m[0] != "discard":
            continue
        value = keep_value(D.CARD_BY_ID[m[1]])
        if value < worst_value:
            worst, worst_value = m, value
    return worst if len(state.hands[me]) > 2 else ("done",)


def _choose_reaction(state, moves):
    me = state.dec
    a = state.active
    table = state.table
    before = table_value(state, a, table)
    factor = _leader_factor(state, me, a)
    # after a reaction the active player may play on: replaceable losses count less
    replace = 0.5 if _remaining_actions(table) > 0 and len(state.hands[a]) > 2 else 1.0
    best, best_gain = ("decline",), REACT_THRESHOLD
    for m in moves:
        if m[0] != "react":
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


def _choose_response(state, moves):
    me = state.dec
    card = state.pend_card
    options = []
    for m in moves:
        if m[0] == "dodge":
            cost = keep_value(MUSIM)
            if m[1] >= 0:
                cost -= 0.5 * _leader_factor(state, me, m[1])
            if card == DAM_SI:
                cost += 2.0  # being copied costs me nothing
            options.append((cost, m))
        elif m[0] == "decline":
            cost = {URAZKA: 3.0, TO_JE_MOJE: 1.5, DAM_SI: 0.0}.get(card, 0.0)
            options.append((cost, m))
        elif m[0] == "pay":
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
            options.append((cost, m))
    options.sort(key=lambda x: x[0])
    return options[0][1]


def _choose_brawl(state, moves):
    me = state.dec
    mine = len(state.hands[me])
    others = [len(state.hands[q]) for q in state._targets(state.active) if q != me] + [len(state.hands[state.active])]
    if ("dodge", -1) in moves and mine > sum(others) / max(1, len(others)) + 2:
        return ("dodge", -1)
    return ("decline",)


# --- rollouts and cut-off -------------------------------------------------------------
def playout_move(state, rng):
    """A cheap rollout move from the legal list alone: drink beers, often a shot,
    seldom discard or react; otherwise uniformly random."""
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    phase = state.phase
    if phase == PLAY:
        beer = shot = None
        plays = []
        for m in moves:
            if m[0] == "play":
                if m[1] == "pivo":
                    beer = m
                elif beer is None and m[1] == "male_pivo":
                    beer = m
                elif IS_SHOT[D.CARD_BY_ID[m[1]]]:
                    shot = m
                plays.append(m)
        if beer is not None:
            return beer
        if shot is not None and rng.random() < 0.7:
            return shot
        if plays and rng.random() < 0.35:
            return plays[rng.randrange(len(plays))]
        return moves[-1]  # done
    if phase == WINDOW:
        if rng.random() < 0.8:
            return moves[0]  # decline (no reaction)
    return moves[rng.randrange(len(moves))]


def evaluate(state):
    """Per-seat value in [0, 1]: each seat's share of the best total (points + kinds bonus)."""
    n = state.num_seats
    totals = []
    for q in range(n):
        total = state.points[q] + D.KIND_BONUS[POPCOUNT[state.tokens[q]]]
        if not state.out[q] and not state.last_round:
            # cells left to drink on are worth something
            left = D.ROW_LEN[state.stage[q]] - state.cell[q] + sum(D.ROW_LEN[s] for s in range(state.stage[q] + 1, D.STAGES))
            total += 0.8 * left
        totals.append(total)
    lo, hi = min(totals), max(totals)
    if hi - lo < 1e-9:
        return [0.5] * n
    return [(t - lo) / (hi - lo) for t in totals]

