"""Fritanga AI knowledge: the greedy bot (``heuristic_move``).

The bot looks one step ahead with simple measures and reads only what the
deciding seat's view shows: where cards and pieces are, face-up cards, the
face-down cards it knows (its F-Rays peeks and public knowledge), its own hand
and the hand cards of others that are public. It never reads the identity of
a card hidden from it, so it is safe on a sampled world.

Main measure: *mobility*, the number of cards a piece could end its next move
on. Foods keep their own mobility high and cut the rivals'; the chef cuts the
foods' and pushes them into the oil.
"""

from __future__ import annotations

import random

from . import data as D
from . import state as S


# --- what the decider may see ------------------------------------------------
def known_kind(state: S.FritangaState, seat: int, c: int) -> int:
    """The card kind at c if ``seat`` may see it, -1 if hidden (or no card)."""
    g = state.grid[c]
    if g < 0:
        return -1
    if g >= S.FACE_UP or state.kmask[c] & (S.PUBLIC | (1 << seat)):
        return g & S.KIND
    return -1


def public_hand(state: S.FritangaState, seat: int, q: int) -> list:
    """The kinds in q's hand that ``seat`` knows."""
    vis = S.PUBLIC | (1 << seat)
    return [code & S.KIND for code in state.hands[q] if q == seat or (code >> S.MSHIFT) & vis]


# --- geometry ------------------------------------------------------------------
def mobility(state: S.FritangaState, mover: int, p: int, gone: int = -1) -> int:
    """How many cards a piece of ``mover`` standing on p could move to (card ``gone`` removed)."""
    grid, occ = state.grid, state.occ
    nbrs = state.lay.nbrs
    bridges = ()
    if state.mode != D.VERSUS:
        team = state.lay.team
        bridges = tuple(x for q, x in enumerate(state.fall_at) if x >= 0 and q != mover and team[q] == team[mover])

    def free(x):
        return x != p and x != gone and grid[x] >= 0 and (occ[x] < 0 or occ[x] == mover)

    seen = set()
    for x in nbrs[p]:
        if grid[x] >= 0 and x != gone:
            if free(x):
                seen.add(x)
        elif x not in bridges:
            continue
        for y in nbrs[x]:
            if free(y):
                seen.add(y)
    return len(seen)


def falls_when_pushed(state: S.FritangaState, q: int, d: int) -> bool:
    p = state.pos[q]
    if p < 0:
        return False
    x = state.lay.step[d][p]
    return x < 0 or state.grid[x] < 0


def is_rival(state: S.FritangaState, a: int, b: int) -> bool:
    return a != b and state.lay.team[a] != state.lay.team[b]


def card_value(state: S.FritangaState, seat: int, c: int) -> float:
    """How welcome landing on card c is, from what ``seat`` knows."""
    k = known_kind(state, seat, c)
    if k < 0:
        return 0.3  # an unknown card is more likely a useful card than a bare basket
    if k == D.SPLATTER:
        return -1.5
    if k == D.BASKET:
        return 0.0
    if k == D.OIL_GEYSER:
        return 0.4
    if D.IS_HAND[k]:
        return 1.0
    return 0.5


# --- the bot -------------------------------------------------------------------
def heuristic_move(state: S.FritangaState, rng: random.Random) -> tuple:
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    f = state.stack[-1]
    t = f[0]
    me = state.decider()
    scored = []
    for m in moves:
        scored.append((_score(state, me, f, t, m), rng.random(), m))
    scored.sort(reverse=True)
    return scored[0][2]


def _score(state: S.FritangaState, me: int, f: tuple, t: int, m: tuple) -> float:
    kind = m[0]
    if t == S.F_MOVE:
        p = state.pos[me]
        d = m[1]
        mob = mobility(state, me, d, gone=p)
        return min(mob, 6) + card_value(state, me, d) - (4 if mob == 0 else 0)
    if t == S.F_PLAY:
        return _play_score(state, me, m)
    if t == S.F_START:
        # far from the other start cards, next to many cards
        others = [state.pos[q] for q in range(state.num_seats) if state.pos[q] >= 0]
        spread = min((_dist(state, m[1], o) for o in others), default=10)
        return min(spread, 6) + 0.1 * mobility(state, me, m[1])
    if t in (S.F_NFW,):
        if kind == "decline":
            return 0.0
        e, a, b = f[3], f[4], f[5]
        if e == S.E_PUSH:
            return 2.0 if falls_when_pushed(state, a, b) else -0.5
        if e in (S.E_STEAL, S.E_CSTEAL):
            return 0.5 if len(state.hands[me]) > 1 else -0.5
        if e == S.E_REMOVE:
            p = state.pos[me]
            return 1.0 if p >= 0 and mobility(state, me, p, gone=a) <= 1 else -0.5
        return 0.5 if e == S.E_SWITCH else -0.5
    if t == S.F_FALLEN:
        return 1.0 if kind == "play" else 0.0
    if t == S.F_LAST:
        if kind == "play":
            return 5.0
        k = known_kind(state, me, m[1])
        if k == D.BASKET:
            return 4.0
        if k >= 0:
            return -4.0
        return 0.1 * mobility(state, me, m[1])
    if t == S.F_FRITOS or t == S.F_TRAMP:
        c = m[1]
        return min(mobility(state, me, c, gone=state.pos[me]), 6) + card_value(state, me, c) - _rival_pressure(state, me, c)
    if t == S.F_COLD:
        if kind == "decline":
            return min(mobility(state, me, state.pos[me]), 6) + 0.2
        c = m[1]
        return min(mobility(state, me, c, gone=state.pos[me]), 6) + card_value(state, me, c)
    if t == S.F_BREAD or t == S.F_MAINT_DST:
        # put cards where my piece can use them
        p = state.pos[me]
        if p < 0:
            return 0.0
        return -_dist(state, m[1], p)
    if t == S.F_MAINT_SRC:
        # take cards away from the rival with the fewest ways out, not from my neighbourhood
        return _cut_value(state, me, m[1]) - 0.5 * (_dist(state, m[1], state.pos[me]) <= 2)
    if t == S.F_PEEK:
        p = state.pos[me]
        return -_dist(state, m[1], p) if p >= 0 else 0.0
    if t in (S.F_ELIM, S.F_FISSURE, S.F_SK_REMOVE, S.F_SK_ADJ):
        value = _cut_value(state, me, m[1])
        p = state.pos[me]
        if p >= 0 and m[1] in state.destinations(me):
            value -= 1.0
        return value
    if t == S.F_UNBAT:
        return len(state.hands[m[1]])
    if t == S.F_SWITCH:
        q = m[1]
        if not is_rival(state, me, q):
            return -5.0
        return mobility(state, me, state.pos[q]) - mobility(state, me, state.pos[me])
    # --- the chef ---
    if t == S.F_CHEF:
        return _skill_score(state, D.SKILL_BY_KEY[m[1]])
    if t == S.F_CREACT or t == S.F_CREACT_NFW:
        if kind == "decline":
            return 0.0
        if t == S.F_CREACT_NFW:
            return 1.0
        return 1.0 if f[2] in (D.FRITOS, D.TRAMPOLINE, D.NO_FRYING, D.BREADCRUMBS) else -1.0
    if t in (S.F_SPLAT, S.F_SK_PUSH_DIR):
        q = f[1]
        d = D.DIR_BY_NAME[m[1]]
        return _push_value(state, q, d)
    if t == S.F_SK_PUSH_SEAT:
        q = m[1]
        return max(_push_value(state, q, d) for d in range(4))
    if t == S.F_SK_SHAKE:
        d = D.DIR_BY_NAME[m[1]]
        return sum(_push_value(state, q, d) for q in state.lay.foods if state.pos[q] >= 0)
    if t == S.F_SK_EDGE:
        cells = state._edge_cells(D.DIR_BY_NAME[m[1]])
        return sum(_cut_value(state, me, c) for c in cells)
    if t == S.F_SK_REVEAL:
        return 0.0
    if t == S.F_SK_SWAP:
        return _cut_value(state, me, m[1]) if f[1] < 0 else -_cut_value(state, me, m[1])
    if t == S.F_SK_STEAL:
        return sum(1 for k in public_hand(state, me, m[1]) if k in (D.FRITOS, D.NO_FRYING)) + 0.1 * len(
            state.hands[m[1]])
    return 0.0


def _dist(state: S.FritangaState, a: int, b: int) -> int:
    lay = state.lay
    return abs(lay.row_of[a] - lay.row_of[b]) + abs(lay.col_of[a] - lay.col_of[b])


def _rival_pressure(state: S.FritangaState, me: int, c: int) -> float:
    """Being next to a rival invites a push."""
    occ = state.occ
    return 0.3 * sum(1 for x in state.lay.nbrs[c] if occ[x] >= 0 and is_rival(state, me, occ[x]))


def _cut_value(state: S.FritangaState, me: int, c: int) -> float:
    """How much removing card c hurts the rivals (of ``me``; for the chef: the foods)."""
    occ = state.occ
    value = 0.0
    for q, p in enumerate(state.pos):
        if p < 0 or not is_rival(state, me, q):
            continue
        if _dist(state, p, c) > 2:
            continue
        before = mobility(state, q, p)
        after = mobility(state, q, p, gone=c)
        if after < before:
            value += (before - after) * (3.0 if after == 0 else 1.0 / (1 + after))
    if occ[c] >= 0:
        value -= 10
    return value


def _push_value(state: S.FritangaState, q: int, d: int) -> float:
    if state.pos[q] < 0:
        return 0.0
    if falls_when_pushed(state, q, d):
        return 5.0
    x = state.lay.step[d][state.pos[q]]
    if state.occ[x] >= 0:
        return 0.0
    return 1.0 / (1 + mobility(state, q, x, gone=state.pos[q]))


def _skill_score(state: S.FritangaState, k: int) -> float:
    foods = [q for q in state.lay.foods if state.pos[q] >= 0]
    if k == D.SK_SPATULA:
        return max((_push_value(state, q, d) for q in foods for d in range(4)), default=0.0)
    if k == D.SK_SHAKE:
        return max((sum(_push_value(state, q, d) for q in foods) for d in range(4)), default=0.0)
    if k == D.SK_KNIFE:
        return 0.6 * len(foods)
    if k == D.SK_SKIM:
        return 1.0
    if k == D.SK_TRIM:
        return 0.5
    if k == D.SK_TASTE:
        return 0.8 if any(state.hands[q] for q in state.lay.foods) else 0.0
    if k == D.SK_STIR:
        return 0.3
    return 0.2  # Lift the lid


def _play_score(state: S.FritangaState, me: int, m: tuple) -> float:
    if m[0] == "end_play":
        return 0.0
    k = D.KIND_BY_KEY[m[1]]
    p = state.pos[me]
    dests = state.destinations(me)
    best = max((mobility(state, me, d, gone=p) for d in dests), default=-1)
    stuck = best <= 0
    if k == D.BREAK:
        return 3.0 if not dests else -1.0
    if k == D.TRAMPOLINE:
        return 2.5 if stuck else -1.0
    if k == D.BREADCRUMBS:
        return 2.0 if best <= 1 else -1.0
    if k == D.MAINTENANCE:
        return 1.5 if best <= 1 else -1.0
    if k == D.UNBATTERED:
        return 1.0
    if k == D.BOOM:
        occ = state.occ
        value = 0.0
        for x, d in state.lay.nbr_dirs[p]:
            q = occ[x]
            if q >= 0 and falls_when_pushed(state, q, d):
                value += 2.0 if is_rival(state, me, q) else -3.0
        return value - 0.5
    if k == D.FISSURE:
        cards = state._rival_cards(me)
        return max((_cut_value(state, me, c) for c in cards), default=0.0) - 0.5
    if k == D.SWITCH:
        gain = max((mobility(state, me, state.pos[q]) - best for q in range(state.num_seats)
                    if is_rival(state, me, q) and state.pos[q] >= 0), default=0)
        return 2.0 if stuck and gain > 0 else (0.5 if gain >= 4 else -1.0)
    if k == D.F_RAYS:
        return 0.6
    return -1.0
