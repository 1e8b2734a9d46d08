"""Per-game AI knowledge for Dűlőre jutunk: evaluation, playout policy, greedy bot.

Everything here reads only what the deciding seat's view shows (its own
press house, cellar, storeroom and markers, the public board, the face-up
orders and pile sizes); ``heuristic_move`` looks ahead only inside a world
sampled for the decider, so it never sees the real bag, decks or other
players' hidden markers.

The core is ``order_plan``: a greedy allocation of the seat's bottles,
barrels and grapes to the orders it can reach (reserved ones first, then the
face-up ones), costing each order in ability uses and turns. Its value is
the discounted stars (plus the connection the order would make at the better
end of the row) of the orders that can still be finished before the end.
"""

from __future__ import annotations

import random
from typing import Final

from boardbot.engine import chance
from boardbot.engine.core import TERMINAL

from . import data as D
from .data import (AGE_COLOURS_OF, K_ABIL, K_AGE, K_BLACK, K_BOTTLES, K_DISC_B, K_DISC_G, K_DRAW, K_FARMER,
                   K_HONOURS, K_KEEP, K_PRESS, K_TAKE, K_TURN, press_colour)
from .rules import DuloreState

TRACK_START: Final[tuple[int, ...]] = D.TRACK_START
TRACK_LEN: Final[tuple[int, ...]] = D.TRACK_LEN
ORDERS: Final[tuple[tuple[int, ...], ...]] = D.ORDER_CARDS
# the B-side ability that makes a barrel give 3 bottles, per wine colour
BOTTLE_X3: Final[tuple[int, ...]] = (D.AB_WHITE3, D.AB_RED3, D.AB_ROSE3)

# Tuning constants (measured on solo games, see docs/rules/dulore-jutunk.md).
USES_PER_TURN: Final = 1.6  # ability uses a harvest turn yields, bonuses included
USE_WORTH: Final = 0.55  # points one ability use is worth (what an order's remaining work costs)
FULFIL_USES: Final = 1.0  # the turn spent fulfilling, in ability uses
# the Winemaker discards from slot 1 (the rightmost)
DISPLAY_RISK_SOLO: Final[tuple[float, ...]] = (0.75, 0.85, 0.9, 0.95)
DISPLAY_RISK: Final = 0.7  # another player may take it first
LEFTOVER_BOTTLE: Final = 0.3
LEFTOVER_BARREL: Final = 0.25  # per ability use already put into the barrel
LEFTOVER_GRAPE: Final = 0.1
MARKER_ON_VINEYARD: Final = 0.4
GAMMA: Final = 0.97  # a slight preference for orders finished sooner
STALL_TURNS: Final = 60  # greedy: after this many turns per seat, fulfil whenever possible (games end by ~45)

# Playout-policy weights.
PW_GRAPE: Final = 0.35  # per harvested grape that fits
PW_WINTER: Final = -0.6  # choosing winter, plus PW_EMPTY per empty vineyard it refills
PW_EMPTY: Final = 0.15
PW_TAKE: Final = 1.0  # taking an order (while holding fewer than PW_TAKE_MAX)
PW_TAKE_MAX: Final = 3
PW_DRAW: Final = 1.2
PW_FARMER: Final = 0.8
NOISE_TURN: Final = 0.3
NOISE_STEP: Final = 0.2  # random tie-breaking (rollouts need some variety)
PA_BOTTLE: Final = 4.5
PA_BOTTLE_NEED: Final = 0.3
PA_FULL: Final = 1.5  # aging that bottles
PA_STEP: Final = 2.0
PA_SPACE: Final = 0.3
PA_BONUS: Final = 0.4
PA_STEP_NEED: Final = 0.05  # aging one space
PP_BASE: Final = 2.5
PP_NEED: Final = 0.1
PP_EXTRA: Final = 0.25
PP_ROSE: Final = 0.4  # pressing
BLACK_SCALE: Final = 1.0  # harvesting a vineyard with a black marker: the best free project space's worth
BLACK_NEG_ONLY: Final = True
HARVEST_FIRST: Final = True  # score a vineyard's abilities with its grapes already in the press house


# --- time ------------------------------------------------------------------------
def turns_left(s: DuloreState, p: int) -> float:
    """Estimated turns seat p still gets after the current one."""
    n = s.num_seats
    if n == 1:
        extra = sum(1 for k, e in enumerate(s.PROJECT[s.config["project"]][1])
                    if e == D.EF_EXTRA_TURN and not s.spaces[k])
        return max(0.0, len(s.wm_deck) - 0.5 * extra - s.wm_extra)
    need = D.END_ORDERS[n]
    if s.end_triggered:
        return 0.0 if p <= s.current else 1.0
    lead = max(len(r) for r in s.row)
    return max(1.0, (need - lead) * 3.5)


# --- the order plan --------------------------------------------------------------
def best_connection(row: list, card: int) -> int:
    if not row:
        return 0
    return max(D.connections(card, row[0]), D.connections(row[-1], card))


def order_plan(s: DuloreState, p: int, horizon: float) -> tuple[float, list]:
    """(value, planned orders) for seat p with ``horizon`` turns left.

    Orders are planned greedily by net worth: their stars (and the connection
    they would make) times the risk of losing a face-up order, minus the
    ability uses still needed, while the uses fit in the turns left.
    """
    bottles = s.bottles[p][:]
    cellar = s.cellar[p]
    # remaining ability uses to bottle each barrel, per colour, fewest first; ``used``: how many
    # of them the planned orders have taken
    barrels: list[list[int]] = [[], [], []]
    for c in range(3):
        start = TRACK_START[c]
        length = TRACK_LEN[c]
        for sp in range(length - 1, -1, -1):
            if cellar[start + sp]:
                barrels[c].append(length - sp)
    used = [0, 0, 0]
    grapes = s.grapes[p][:]
    specials = D.BOARDS[s.boards[p]][3]
    per = [3 if x3 in specials else 2 for x3 in BOTTLE_X3]  # bottles a barrel gives, per colour
    row = s.row[p]
    # the candidates: reserved orders, then the face-up ones; each one's worth before the
    # discount for time (stars and connection, times the risk of losing it)
    cards: list[int] = []
    worths: list[float] = []
    for card in s.reserved[p]:
        cards.append(card)
        worths.append(ORDERS[card][3] + 0.8 * best_connection(row, card))
    solo = s.num_seats == 1
    for slot, card in enumerate(s.display):
        if card >= 0:
            cards.append(card)
            worths.append((ORDERS[card][3] + 0.8 * best_connection(row, card))
                          * (DISPLAY_RISK_SOLO[slot] if solo else DISPLAY_RISK))
    left = len(cards)
    value = 0.0
    planned: list[int] = []
    budget = horizon * USES_PER_TURN + USES_PER_TURN  # the current turn may still give uses
    while left and len(planned) < 4:
        best = -1
        best_net = 0.0
        best_total = 0.0
        for i in range(len(cards)):
            card = cards[i]
            if card < 0:
                continue  # planned already
            cost = _order_cost(card, bottles, barrels, used, grapes, per, False)
            total = cost + FULFIL_USES * USES_PER_TURN
            if total > budget:
                continue
            worth = worths[i] * GAMMA ** (cost / USES_PER_TURN)
            net = worth - USE_WORTH * (cost + FULFIL_USES)
            if net > 0 and (best < 0 or net > best_net):
                best, best_net, best_total = i, net, total
        if best < 0:
            break
        value += best_net
        planned.append(cards[best])
        _order_cost(cards[best], bottles, barrels, used, grapes, per, True)
        budget -= best_total
        cards[best] = -1
        left -= 1
    # what is left over still has some worth while there is time
    t = min(1.0, horizon / 4.0) if horizon > 0 else 0.0
    if t > 0:
        embodied = 0
        for c in range(3):
            stock = barrels[c]
            for k in range(used[c], len(stock)):
                embodied += TRACK_LEN[c] + 1 - stock[k]
        value += t * (LEFTOVER_BOTTLE * (bottles[0] + bottles[1] + bottles[2]) + LEFTOVER_BARREL * embodied
                      + LEFTOVER_GRAPE * (grapes[0] + grapes[1]))
    return value, planned


def _order_cost(card: int, bottles: list[int], barrels: list[list[int]], used: list[int], grapes: list[int],
                per: list[int], take: bool) -> float:
    """Ability uses to make the order's bottles from what is left (``bottles``, the barrels past
    ``used``, ``grapes``); with ``take``, what it uses is taken from them."""
    need = ORDERS[card]
    g0 = grapes[0]
    g1 = grapes[1]
    cost = 0.0
    for c in range(3):
        missing = need[c] - bottles[c]
        if missing <= 0:
            if take:
                bottles[c] -= need[c]
            continue
        spare = 0  # bottles left over from the last barrel
        stock = barrels[c]
        k = used[c]
        n = per[c]
        while missing > 0:
            if k < len(stock):
                cost += stock[k]  # the barrel closest to bottling
                k += 1
            else:
                # a new barrel: the grapes, one press and the agings
                cost += 1 + TRACK_LEN[c]
                if c == D.WHITE:
                    have = min(g1, 2)
                    g1 -= have
                    cost += 0.45 * (2 - have)
                elif c == D.RED:
                    have = min(g0, 2)
                    g0 -= have
                    cost += 0.45 * (2 - have)
                else:
                    hr = min(g0, 1)
                    hy = min(g1, 1)
                    g0 -= hr
                    g1 -= hy
                    cost += 0.45 * (2 - hr - hy) - 0.6  # pressing rosé ages a red barrel for free
            if missing < n:
                spare = n - missing  # the spare bottles stay in the storeroom
            missing -= n
        if take:
            bottles[c] = spare
            used[c] = k
    if take:
        grapes[0] = g0
        grapes[1] = g1
    return cost


def value(s: DuloreState, p: int) -> float:
    """Score plus the planned and leftover potential of seat p."""
    score = s.score(p)
    if s.over:
        return float(score)
    horizon = turns_left(s, p)
    plan, _ = order_plan(s, p, horizon)
    markers = sum(1 for v in range(D.NUM_VINEYARDS) if s.vmark[v] == p)
    time = min(1.0, horizon / 3.0)
    return score + plan + time * MARKER_ON_VINEYARD * markers + _honour_potential(s, p)


def _honour_potential(s: DuloreState, p: int) -> float:
    # claimed honours are already in the score; nothing speculative here
    return 0.0


def evaluate(s: DuloreState) -> list[float] | None:
    """Per-seat values in [0, 1] for a cut-off rollout."""
    n = s.num_seats
    if s.decider() == TERMINAL:
        res = s.result()
        assert res is not None
        if n == 1:
            return [min(1.0, res.scores[0] / 30.0)]
        return [1.0 if r == 0 else 0.0 for r in res.ranks]
    vals = [value(s, q) for q in range(n)]
    if n == 1:
        return [max(0.0, min(1.0, vals[0] / 30.0))]
    out = []
    for q in range(n):
        best_other = max(vals[r] for r in range(n) if r != q)
        out.append(max(0.0, min(1.0, 0.5 + (vals[q] - best_other) / 16.0)))
    return out


# --- the fast playout policy ----------------------------------------------------------
def _needs(s: DuloreState, p: int) -> list[float]:
    """Bottles per colour that the seat's reachable orders still lack (reserved count double)."""
    # counted in ints, per colour in a local (exact, as the float sums of these small whole
    # numbers were; compiled code adds them unboxed)
    white = red = rose = 0
    for card in s.reserved[p]:
        o = ORDERS[card]
        white += 2 * o[D.WHITE]
        red += 2 * o[D.RED]
        rose += 2 * o[D.ROSE]
    for card in s.display:
        if card >= 0:
            o = ORDERS[card]
            white += o[D.WHITE]
            red += o[D.RED]
            rose += o[D.ROSE]
    # bottles and barrels already cover part of it
    have = s.bottles[p]
    cel = s.cellar[p]
    return [float(white - (2 * have[D.WHITE] + 3 * _barrels(cel, D.WHITE))),
            float(red - (2 * have[D.RED] + 3 * _barrels(cel, D.RED))),
            float(rose - (2 * have[D.ROSE] + 3 * _barrels(cel, D.ROSE)))]


def _barrels(cellar: list[int], c: int) -> int:
    """The seat's barrels of wine colour c."""
    start = TRACK_START[c]
    n = 0
    for k in range(start, start + TRACK_LEN[c]):
        n += cellar[k]
    return n


def _age_score(s: DuloreState, p: int, move: tuple, need: list[float]) -> float:
    c = D.WINE_BY_NAME[move[1]]
    sp: int = move[2]
    if sp == TRACK_LEN[c] - 1:
        room = D.BOARDS[s.boards[p]][2] - sum(s.bottles[p])
        return PA_BOTTLE + PA_BOTTLE_NEED * need[c] - (PA_FULL if room < 2 else 0.0)
    bonus = D.CELLAR_BONUS[TRACK_START[c] + sp + 1]
    return PA_STEP + PA_SPACE * sp + (PA_BONUS if bonus != D.B_NONE else 0.0) + PA_STEP_NEED * need[c]


def _press_score(s: DuloreState, p: int, move: tuple, need: list[float]) -> float:
    r: int = move[1]
    y: int = move[2]
    c = press_colour(r, y)
    score = PP_BASE + PP_NEED * need[c] - PP_EXTRA * (r + y - 2)
    if c == D.ROSE:
        cel = s.cellar[p]
        if cel[2] or cel[3] or cel[4]:
            score += PP_ROSE  # the rosé space ages a red barrel
    return score


def _order_score(s: DuloreState, p: int, card: int) -> float:
    o = ORDERS[card]
    b = s.bottles[p]
    short = sum(max(0, o[c] - b[c]) for c in range(3))
    return o[3] + best_connection(s.row[p], card) - 0.3 * short


def _ability_move_score(s: DuloreState, p: int, move: tuple, need: list[float]) -> float:
    kind: str = move[0]  # typed: compiled code compares it as a str
    if kind == "age":
        return _age_score(s, p, move, need)
    if kind == "press":
        return _press_score(s, p, move, need)
    if kind == "take_order":
        if len(s.reserved[p]) >= PW_TAKE_MAX:
            return 0.2
        return PW_TAKE + 0.1 * _order_score(s, p, s.display[move[1]])
    if kind == "draw":
        n: int = move[1]
        return PW_DRAW + 0.2 * n
    if kind == "farmer":
        v: int = move[1]
        return PW_FARMER + 0.2 * (s.vred[v] + s.vyel[v]) + (0.1 if move[2] in ("age", "press") else 0.0)
    return 0.0  # skip


def _best_ability_score(s: DuloreState, p: int, ab: int, need: list[float]) -> float:
    """max(_ability_move_score) over the moves of ability ``ab`` (0 if none), without listing them."""
    if ab == D.PRESS:
        g = s.grapes[p]
        cel = s.cellar[p]
        best = 0.0
        if g[1] >= 2 and not cel[0]:
            best = PP_BASE + PP_NEED * need[D.WHITE]
        if g[0] >= 2 and not cel[2]:
            best = max(best, PP_BASE + PP_NEED * need[D.RED])
        if g[0] and g[1] and not cel[5]:
            best = max(best, PP_BASE + PP_NEED * need[D.ROSE] + (PP_ROSE if cel[2] or cel[3] or cel[4] else 0.0))
        return best
    colours = AGE_COLOURS_OF[ab]
    if colours:
        cel = s.cellar[p]
        best = 0.0
        bottle_room = None
        for c in colours:
            start = TRACK_START[c]
            last = TRACK_LEN[c] - 1
            for sp in range(last, -1, -1):
                if cel[start + sp] and (sp == last or not cel[start + sp + 1]):
                    if sp == last:
                        if bottle_room is None:
                            bottle_room = D.BOARDS[s.boards[p]][2] - sum(s.bottles[p])
                        sc = PA_BOTTLE + PA_BOTTLE_NEED * need[c] - (PA_FULL if bottle_room < 2 else 0.0)
                    else:
                        sc = (PA_STEP + PA_SPACE * sp
                              + (PA_BONUS if D.CELLAR_BONUS[start + sp + 1] != D.B_NONE else 0.0)
                              + PA_STEP_NEED * need[c])
                    if sc > best:
                        best = sc
        return best
    if ab == D.TAKE1 or ab == D.TAKE12:
        best_take: float | None = None
        for card in s.display:
            if card >= 0:
                if len(s.reserved[p]) >= PW_TAKE_MAX:
                    return 0.2
                sc = PW_TAKE + 0.1 * _order_score(s, p, card)
                if best_take is None or sc > best_take:
                    best_take = sc
        return 0.0 if best_take is None else best_take
    if ab == D.DRAW1 or ab == D.DRAW12:
        room = s._room(p)
        if room <= 0:
            return 0.0
        one = min(s._one(p), room)
        n = max(one, min(2, room)) if ab == D.DRAW12 else one
        return PW_DRAW + 0.2 * n
    if ab == D.FARMER:
        supply = s.supply[p]
        if not supply:
            return 0.0
        vmark, vred, vyel = s.vmark, s.vred, s.vyel
        most = -1
        for u in range(8):
            if vmark[u] < 0 and (vred[u] or vyel[u]):
                if vred[u] + vyel[u] > most:
                    most = vred[u] + vyel[u]
        if vmark[D.WINTER] < 0 and most < 0:
            most = 0
        if most < 0:
            return 0.0
        return PW_FARMER + 0.2 * most + (0.1 if (D.MB_AGE in supply or D.MB_PRESS in supply) else 0.0)
    raise ValueError(ab)


def _fulfil_move(s: DuloreState, p: int, moves: list) -> tuple[int, tuple] | None:
    best = None
    for m in moves:
        kind: str = m[0]
        if kind != "fulfil":
            continue
        card: int = m[1]
        row = s.row[p]
        link = 0
        if row:
            link = D.connections(card, row[0]) if m[2] == "left" else D.connections(row[-1], card)
        v = ORDERS[card][3] + link
        if best is None or v > best[0]:
            best = (v, m)
    return best


# abilities whose best use does not depend on the vineyard's grapes: scored once a turn
_GRAPE_FREE: Final[tuple[bool, ...]] = tuple(a not in (D.PRESS, D.DRAW1, D.DRAW12) for a in range(D.FARMER + 1))
_UNSCORED: Final = -1.0  # a memo entry not scored yet (every score is >= 0)


def _slots_score(s: DuloreState, p: int, code: int, need: list[float], memo: list[float]) -> float:
    gain = 0.0
    for slot in D.TILE_SLOTS[code]:
        best = 0.0
        for ab in slot:
            if _GRAPE_FREE[ab]:  # the same for every vineyard this turn
                sc = memo[ab]
                if sc == _UNSCORED:
                    sc = memo[ab] = _best_ability_score(s, p, ab, need)
            else:
                sc = _best_ability_score(s, p, ab, need)
            if sc > best:
                best = sc
        gain += best
    return gain


def _vineyard_score(s: DuloreState, p: int, v: int, need: list[float], memo: list[float] | None = None) -> float:
    """Rough worth of harvesting vineyard v (winter: v = WINTER); ``memo``: the scores of the
    abilities that do not depend on the vineyard, this turn (``_new_memo``)."""
    if memo is None:
        memo = _new_memo()
    if v == D.WINTER:
        empty = sum(1 for u in range(8) if not (s.vred[u] or s.vyel[u]))
        gain = PW_EMPTY * empty + PW_WINTER + _slots_score(s, p, D.WINTER_CODE, need, memo)
    else:
        code = 2 * v + s.side[v]
        g = s.grapes[p]
        room = D.BOARDS[s.boards[p]][1] - g[0] - g[1]
        r, y = s.vred[v], s.vyel[v]
        gain = PW_GRAPE * min(room, r + y)
        if HARVEST_FIRST and room > 0:
            # the abilities come after the grapes: score them with the grapes that fit
            kr = min(r, room)
            ky = min(y, room - kr)
            g0, g1 = g
            g[0] = g0 + kr
            g[1] = g1 + ky
            try:
                gain += _slots_score(s, p, code, need, memo)
            finally:
                g[0], g[1] = g0, g1
        else:
            gain += _slots_score(s, p, code, need, memo)
    owner = s.vmark[v]
    if owner == p:
        gain += 0.8
    elif owner == D.BLACK:
        w = _best_black_worth(s)
        gain += BLACK_SCALE * (min(0.0, w) if BLACK_NEG_ONLY else w)
    return gain


def _new_memo() -> list[float]:
    return [_UNSCORED] * (D.FARMER + 1)


def _best_black_worth(s: DuloreState) -> float:
    """What moving a black marker to the best free project space is worth to the player."""
    best = None
    for k in range(D.PROJECT_SPACES):
        if not s.spaces[k]:
            w = _effect_worth(s, k)
            if best is None or w > best:
                best = w
    return 0.0 if best is None else best


def playout_move(s: DuloreState, rng: random.Random) -> tuple:
    """A cheap rule-based move for rollouts (and the greedy bot's continuation)."""
    moves = s.legal_moves()
    if len(moves) == 1:
        return moves[0]
    task = s.stack[-1]
    kind = task[0]
    p = task[1]
    if kind == K_TURN:
        f = _fulfil_move(s, p, moves)
        if f is not None:
            return f[1]
        need = _needs(s, p)
        memo = _new_memo()
        rand = rng.random  # the method looked up once
        best = None
        for m in moves:
            v = _vineyard_score(s, p, m[1], need, memo) + rand() * NOISE_TURN
            if best is None or v > best[0]:
                best = (v, m)
        assert best is not None
        return best[1]
    if kind in (K_ABIL, K_AGE, K_PRESS, K_DRAW, K_TAKE, K_FARMER):
        need = _needs(s, p)
        rand = rng.random
        best = None
        for m in moves:
            v = _ability_move_score(s, p, m, need) + rand() * NOISE_STEP
            if best is None or v > best[0]:
                best = (v, m)
        assert best is not None
        return best[1]
    if kind == K_HONOURS:
        return moves[0]
    if kind == K_KEEP:
        need = _needs(s, p)
        g = s.grapes[p]
        # keep the colour you have fewer of, leaning towards needed wines
        prefer_red = (g[0] - 0.3 * (need[D.RED] + need[D.ROSE])) <= (g[1] - 0.3 * (need[D.WHITE] + need[D.ROSE]))
        return moves[-1] if prefer_red else moves[0]
    if kind == K_DISC_G:
        g = s.grapes[p]
        return max(moves, key=lambda m: -abs((g[0] - m[1]) - (g[1] - m[2])))
    if kind in (K_DISC_B, K_BOTTLES):
        need = _needs(s, p)
        return min(moves, key=lambda m: need[D.WINE_BY_NAME[m[1]]] if m[0] != "skip" else 99)
    if kind == K_BLACK:
        return _black_space(s, moves)
    return moves[chance.randrange(rng, len(moves))]


_EFFECT_WORTH: Final = {
    D.EF_PRESS3: 2.0, D.EF_AGE: 2.2, D.EF_TAKE_ORDER: 1.2, D.EF_REFRESH_ORDERS: -0.2,
    D.EF_EXTRA_TURN: -1.5, D.EF_DISCARD_GRAPE: -0.4, D.EF_DISCARD_TWO_GRAPES: -0.8,
    D.EF_DISCARD_BOTTLE: -1.0,
}


def _effect_worth(s: DuloreState, k: int) -> float:
    """Rough worth for the player of project space k's effect now."""
    e = s.PROJECT[s.config["project"]][1][k]
    w = _EFFECT_WORTH[e]
    if e in (D.EF_DISCARD_GRAPE, D.EF_DISCARD_TWO_GRAPES) and not (s.grapes[0][0] or s.grapes[0][1]):
        w = 0.1
    elif e == D.EF_DISCARD_BOTTLE and not any(s.bottles[0]):
        w = 0.1
    elif e == D.EF_AGE and not any(s.cellar[0]):
        w = 0.0
    elif e == D.EF_PRESS3 and sum(s.grapes[0]) < 3:
        w = 0.0
    return w


def _black_space(s: DuloreState, moves: list) -> tuple:
    return max(moves, key=lambda m: _effect_worth(s, m[1] - 1))


# --- the greedy bot ---------------------------------------------------------------
def heuristic_move(state: DuloreState, rng: random.Random) -> tuple:
    """One turn of lookahead: each move, then the playout policy to the end of the
    seat's turn, scored by ``value`` in a world sampled for the decider."""
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    seat = state.decider()
    world = state.sample_for(seat, rng)
    turn = world.turn
    n = world.num_seats
    # ``value`` drops the plan of a seat whose game is ending, so on its own it would never
    # end a multiplayer game while orders are still planned, and greedy tables stalled
    # forever: a move that triggers the end is taken when it wins (own score above every
    # other seat's value with its last turn), and after STALL_TURNS turns per seat any fulfil is.
    stalled = n > 1 and world.turn >= STALL_TURNS * n
    best = None
    for m in moves:
        child = world.copy()
        child.apply(m)
        steps = 0
        while (not child.over and child.decider() == seat and child.turn == turn and steps < 40):
            child.apply(playout_move(child, rng))
            steps += 1
        v = value(child, seat)
        if n > 1 and m[0] == "fulfil" and not world.end_triggered and (child.end_triggered or child.over):
            others = max(value(child, q) for q in range(n) if q != seat)
            if child.score(seat) > others:
                v += 1000.0
        if stalled and m[0] == "fulfil":
            v += 1000.0
        if best is None or v > best[0]:
            best = (v, m)
    assert best is not None
    return best[1]
