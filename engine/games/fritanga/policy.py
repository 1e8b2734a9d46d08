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

import math
import random
from typing import Final

from boardbot.engine import chance

from . import data as D
from .rules import FritangaState


# --- what the decider may see ------------------------------------------------
def known_kind(state: FritangaState, seat: int, c: int) -> int:
    """The card kind at c if ``seat`` may see it, -1 if hidden (or no card)."""
    g = state.grid[c]
    if g < 0:
        return -1
    if g >= D.FACE_UP or state.kmask[c] & (D.PUBLIC | (1 << seat)):
        return g & D.KIND
    return -1


def public_hand(state: FritangaState, seat: int, q: int) -> list:
    """The kinds in q's hand that ``seat`` knows."""
    vis = D.PUBLIC | (1 << seat)
    return [code & D.KIND for code in state.hands[q] if q == seat or (code >> D.MSHIFT) & vis]


# --- geometry ------------------------------------------------------------------
def mobility(state: FritangaState, mover: int, p: int, gone: int = -1) -> int:
    """How many cards a piece of ``mover`` standing on p could move to (card ``gone`` removed)."""
    grid, occ = state.grid, state.occ
    lay = state.lay
    nbrs = lay.nbrs
    bridges: tuple[int, ...] = ()
    if state.mode != D.VERSUS:
        team = lay.team
        tm = team[mover]
        bridges = tuple(x for q, x in enumerate(state.fall_at) if x >= 0 and q != mover and team[q] == tm)
    # the cells counted, as bits of an int: a cell within two steps of p is p - 2 * width to
    # p + 2 * width, so its bit is below 4 * width + 1 (at most 57: a machine int when compiled)
    base = 2 * lay.width - p
    seen = 0
    count = 0
    for x in nbrs[p]:
        if x != gone and grid[x] >= 0:
            o = occ[x]
            if o < 0 or o == mover:
                seen |= 1 << (x + base)
                count += 1  # a neighbour of p is never two steps from p: counted once
        elif not bridges or x not in bridges:
            continue
        for y in nbrs[x]:
            if y != p and y != gone and grid[y] >= 0:
                o = occ[y]
                if o < 0 or o == mover:
                    bit = 1 << (y + base)
                    if not seen & bit:
                        seen |= bit
                        count += 1
    return count


def falls_when_pushed(state: FritangaState, q: int, d: int) -> bool:
    p = state.pos[q]
    if p < 0:
        return False
    x = state.lay.step[d][p]
    return x < 0 or state.grid[x] < 0


def is_rival(state: FritangaState, a: int, b: int) -> bool:
    return a != b and state.lay.team[a] != state.lay.team[b]


def card_value(state: FritangaState, seat: int, c: int) -> float:
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
def heuristic_move(state: FritangaState, rng: random.Random) -> tuple:
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    f = state.stack[-1]
    t: int = f[0]
    me = state.decider()
    return _best(state, me, f, t, moves, rng, _play_context(state, me) if t == D.F_PLAY else None)


def _best(state: FritangaState, me: int, f: tuple[int, ...], t: int, moves: list, rng: random.Random,
          ctx: tuple | None) -> tuple:
    """``max((score, rng.random(), move) for move in moves)[2]`` without a tuple per move: each
    move's score, then a draw, in order (the same draws); ties of both go to the greater move.
    ``ctx``: a Play Cards decision's (``_play_context``), scored by ``_play_score``."""
    best: tuple = ()
    best_score = best_draw = 0.0
    for m in moves:
        score = _play_score(state, me, m, ctx) if ctx is not None else _score(state, me, f, t, m)
        draw = rng.random()
        if (not best or score > best_score
                or (score == best_score and (draw > best_draw or (draw == best_draw and m > best)))):
            best, best_score, best_draw = m, score, draw
    return best


def _score(state: FritangaState, me: int, f: tuple[int, ...], t: int, m: tuple) -> float:
    kind = m[0]
    if t == D.F_MOVE:
        p = state.pos[me]
        d = m[1]
        mob = mobility(state, me, d, gone=p)
        return min(mob, 6) + card_value(state, me, d) - (4 if mob == 0 else 0)
    if t == D.F_PLAY:
        return _play_score(state, me, m)
    if t == D.F_START:
        # far from the other start cards, next to many cards
        others = [state.pos[q] for q in range(state.num_seats) if state.pos[q] >= 0]
        spread = min((_dist(state, m[1], o) for o in others), default=10)
        return min(spread, 6) + 0.1 * mobility(state, me, m[1])
    if t in (D.F_NFW,):
        if kind == "decline":
            return 0.0
        e, a, b = f[3], f[4], f[5]
        if e == D.E_PUSH:
            return 2.0 if falls_when_pushed(state, a, b) else -0.5
        if e in (D.E_STEAL, D.E_CSTEAL):
            return 0.5 if len(state.hands[me]) > 1 else -0.5
        if e == D.E_REMOVE:
            p = state.pos[me]
            return 1.0 if p >= 0 and mobility(state, me, p, gone=a) <= 1 else -0.5
        return 0.5 if e == D.E_SWITCH else -0.5
    if t == D.F_FALLEN:
        return 1.0 if kind == "play" else 0.0
    if t == D.F_LAST:
        if kind == "play":
            return 5.0
        k = known_kind(state, me, m[1])
        if k == D.BASKET:
            return 4.0
        if k >= 0:
            return -4.0
        return 0.1 * mobility(state, me, m[1])
    if t == D.F_FRITOS or t == D.F_TRAMP:
        c = m[1]
        return min(mobility(state, me, c, gone=state.pos[me]), 6) + card_value(state, me, c) - _rival_pressure(state, me, c)
    if t == D.F_COLD:
        if kind == "decline":
            return min(mobility(state, me, state.pos[me]), 6) + 0.2
        c = m[1]
        return min(mobility(state, me, c, gone=state.pos[me]), 6) + card_value(state, me, c)
    if t == D.F_BREAD or t == D.F_MAINT_DST:
        # put cards where my piece can use them
        p = state.pos[me]
        if p < 0:
            return 0.0
        return -_dist(state, m[1], p)
    if t == D.F_MAINT_SRC:
        # take cards away from the rival with the fewest ways out, not from my neighbourhood
        return _cut_value(state, me, m[1]) - 0.5 * (_dist(state, m[1], state.pos[me]) <= 2)
    if t == D.F_PEEK:
        p = state.pos[me]
        return -_dist(state, m[1], p) if p >= 0 else 0.0
    if t in (D.F_ELIM, D.F_FISSURE, D.F_SK_REMOVE, D.F_SK_ADJ):
        value = _cut_value(state, me, m[1])
        p = state.pos[me]
        if p >= 0 and m[1] in state.destinations(me):
            value -= 1.0
        return value
    if t == D.F_UNBAT:
        return len(state.hands[m[1]])
    if t == D.F_SWITCH:
        q = m[1]
        if not is_rival(state, me, q):
            return -5.0
        return mobility(state, me, state.pos[q]) - mobility(state, me, state.pos[me])
    # --- the chef ---
    if t == D.F_CHEF:
        return _skill_score(state, D.SKILL_BY_KEY[m[1]])
    if t == D.F_CREACT or t == D.F_CREACT_NFW:
        if kind == "decline":
            return 0.0
        if t == D.F_CREACT_NFW:
            return 1.0
        return 1.0 if f[2] in (D.FRITOS, D.TRAMPOLINE, D.NO_FRYING, D.BREADCRUMBS) else -1.0
    if t in (D.F_SPLAT, D.F_SK_PUSH_DIR):
        q = f[1]
        d = D.DIR_BY_NAME[m[1]]
        return _push_value(state, q, d)
    if t == D.F_SK_PUSH_SEAT:
        q = m[1]
        return max(_push_value(state, q, d) for d in range(4))
    if t == D.F_SK_SHAKE:
        d = D.DIR_BY_NAME[m[1]]
        return sum(_push_value(state, q, d) for q in state.lay.foods if state.pos[q] >= 0)
    if t == D.F_SK_EDGE:
        cells = state._edge_cells(D.DIR_BY_NAME[m[1]])
        return sum(_cut_value(state, me, c) for c in cells)
    if t == D.F_SK_REVEAL:
        return 0.0
    if t == D.F_SK_SWAP:
        return _cut_value(state, me, m[1]) if f[1] < 0 else -_cut_value(state, me, m[1])
    if t == D.F_SK_STEAL:
        return sum(1 for k in public_hand(state, me, m[1]) if k in (D.FRITOS, D.NO_FRYING)) + 0.1 * len(
            state.hands[m[1]])
    return 0.0


def _dist(state: FritangaState, a: int, b: int) -> int:
    lay = state.lay
    return abs(lay.row_of[a] - lay.row_of[b]) + abs(lay.col_of[a] - lay.col_of[b])


def _rival_pressure(state: FritangaState, me: int, c: int) -> float:
    """Being next to a rival invites a push."""
    occ = state.occ
    return 0.3 * sum(1 for x in state.lay.nbrs[c] if occ[x] >= 0 and is_rival(state, me, occ[x]))


def _cut_value(state: FritangaState, me: int, c: int) -> float:
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


def _push_value(state: FritangaState, q: int, d: int) -> float:
    if state.pos[q] < 0:
        return 0.0
    if falls_when_pushed(state, q, d):
        return 5.0
    x = state.lay.step[d][state.pos[q]]
    if state.occ[x] >= 0:
        return 0.0
    return 1.0 / (1 + mobility(state, q, x, gone=state.pos[q]))


def _skill_score(state: FritangaState, k: int) -> float:
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


def _play_context(state: FritangaState, me: int) -> tuple:
    """What every card of one Play Cards decision is scored against: (destinations, best mobility)."""
    p = state.pos[me]
    dests = state.destinations(me)
    best = -1  # max(..., default=-1) without the builtin's generic call
    for d in dests:
        mob = mobility(state, me, d, gone=p)
        if mob > best:
            best = mob
    return dests, best


def _play_score(state: FritangaState, me: int, m: tuple, ctx: tuple | None = None) -> float:
    if m[0] == "end_play":
        return 0.0
    k = D.KIND_BY_KEY[m[1]]
    p = state.pos[me]
    dests, best = ctx if ctx is not None else _play_context(state, me)
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


# --- rollouts (ISMCTS playouts) ------------------------------------------------
# A playout runs in a world sampled for the searching seat (every hidden card
# there is a guess already), so it may read the whole world. The opponents of
# the search play like the greedy bot, which is what makes the rollouts worth
# something: with random rollouts the search plays no better than greedy.
# Kept cheap: a long target list (Fritos, Trampoline, F-Rays, the last
# chance...) is scored on a random sample of it, and a share of the moves is
# uniformly random.
PLAYOUT_EPSILON: Final = 0.1  # share of uniformly random playout moves
PLAYOUT_SAMPLE: Final = 8  # long target lists: score this many random candidates


def playout_move(state: FritangaState, rng: random.Random):
    moves: list = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    if rng.random() < PLAYOUT_EPSILON:
        return None
    f = state.stack[-1]
    t: int = f[0]
    me = state._decider
    if t == D.F_PLAY:
        return _best(state, me, f, t, moves, rng, _play_context(state, me))
    if len(moves) > PLAYOUT_SAMPLE + 2:
        fixed = [m for m in moves if len(m) < 2 or m[0] in ("play", "react")]
        moves = fixed + sample(rng, moves, PLAYOUT_SAMPLE)
    return _best(state, me, f, t, moves, rng, None)


def sample(rng: random.Random, population: list, k: int) -> list:
    """``rng.sample(population, k)``: the same draws and the same result (Python's random.py),
    with engine/chance's ``randbelow`` (random.Random's own), so it runs compiled with the policy
    (random.sample is Python code: about 29,000 instructions a call in a compiled search)."""
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError("Sample larger than population or is negative")
    result: list = []
    setsize = 21  # random.py's choice between a pool list and a set of the indices taken
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3, 4))
    if n <= setsize:
        pool = population[:]
        for i in range(k):
            j = chance.randbelow(rng, n - i)
            result.append(pool[j])
            pool[j] = pool[n - i - 1]
    else:
        selected: set[int] = set()
        for i in range(k):
            j = chance.randbelow(rng, n)
            while j in selected:
                j = chance.randbelow(rng, n)
            selected.add(j)
            result.append(population[j])
    return result


# --- evaluation at a rollout cut-off ---------------------------------------------
# Linear scores over a food's features, fitted (logistic regression) on
# positions of games played by ``playout_move`` in every seat
# (see docs/rules/fritanga.md, "AI"):
# * Versus / Teams: the chance that a food is the last one left is a softmax
#   of its score over the unfried foods; a team wins with its members' share.
# * Chef: each food survives to the end with a logistic chance that also
#   depends on the chef's turns left; the foods win unless all of them fry.
# Features: on a card or in the oil, stuck (no destination), the size of the
# island of cards its piece stands on, and its hand (Fritos, No frying way!,
# escapes, other cards).
# Weights (alive, stuck, island, fritos, nfw, escape, other), a tuple unpacked once per food
# (no dict lookups by name); the chef's bias and chef's turns left apart.
_W_VERSUS: Final = (0.46, -0.19, 0.018, 0.49, 0.29, 0.08, 0.04)
_W_CHEF: Final = (1.0, -0.66, 0.018, 1.1, 0.68, 0.08, 0.37)
_W_CHEF_LEFT: Final = -0.37
_W_CHEF_BIAS: Final = 0.49
ISLAND_CAP: Final = 40


def _island(state: FritangaState, p: int) -> int:
    """Cards connected to card p by orthogonal steps (capped at ISLAND_CAP)."""
    grid, nbrs = state.grid, state.lay.nbrs
    seen = [False] * len(grid)  # a mark per cell (no set of boxed ints)
    seen[p] = True
    count = 1
    todo = [p]
    while todo and count < ISLAND_CAP:
        c = todo.pop()
        for x in nbrs[c]:
            if not seen[x] and grid[x] >= 0:
                seen[x] = True
                count += 1
                todo.append(x)
    return count


def food_score(state: FritangaState, q: int,
               w: tuple[float, float, float, float, float, float, float]) -> float:
    """The linear score of an unfried food (weights ``w``: _W_VERSUS or _W_CHEF)."""
    alive, stuck, island, fritos, nfw, escape, other = w
    score = 0.0
    for code in state.hands[q]:
        k = code & D.KIND
        if k == D.FRITOS:
            score += fritos
        elif k == D.NO_FRYING:
            score += nfw
        elif k == D.BREAK or k == D.TRAMPOLINE:  # an escape
            score += escape
        else:
            score += other
    p = state.pos[q]
    if p < 0:  # in the oil: its last chance comes next
        return score
    score += alive + island * _island(state, p)
    if mobility(state, q, p) == 0:  # no destination (the same cells as state.destinations(q))
        score += stuck
    return score


# --- Chef mode's form as rows of features, for refitting its weights (research/train_value.py form) ------
# The same per-food logistic form as ``evaluate``'s chef branch, each unfried food a row of
# features, the chef's turns left and the bias among them, so a fit weighs them all alike;
# ``CHEF_WEIGHTS`` on the first nine are the served ones (_W_CHEF_BIAS, _W_CHEF_LEFT, _W_CHEF:
# a test keeps them equal) and 0 on the rest. Every feature reads the world the search sampled for its seat (the table,
# the foods' hands as that seat knows or guesses them, the chef's public hand): what
# ``evaluate`` reads at a cut-off.
CHEF_FEATURES: Final = ("bias", "chef turns left", "on a card", "stuck", "island", "fritos", "no frying way",
                        "escape", "other cards", "mobility", "push exposure", "exposure x pushes held",
                        "knife held, on a card", "other foods on cards", "not so fast held")
CHEF_WEIGHTS: Final = (0.49, -0.37, 1.0, -0.66, 0.018, 1.1, 0.68, 0.08, 0.37, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
MOBILITY_CAP: Final = 6


def push_exposure(state: FritangaState, p: int) -> int:
    """Directions in which a push would drop a piece standing on card p into the oil (off the
    table or into an empty space)."""
    step, grid = state.lay.step, state.grid
    count = 0
    for d in range(4):
        x = step[d][p]
        if x < 0 or grid[x] < 0:
            count += 1
    return count


def chef_food_features(state: FritangaState, q: int) -> list[float]:
    """The row of an unfried food ``q`` (``CHEF_FEATURES``' order)."""
    fritos = nfw = escape = other = 0.0
    for code in state.hands[q]:
        k = code & D.KIND
        if k == D.FRITOS:
            fritos += 1.0
        elif k == D.NO_FRYING:
            nfw += 1.0
        elif k == D.BREAK or k == D.TRAMPOLINE:
            escape += 1.0
        else:
            other += 1.0
    hand = state.chef_hand
    pushes = (1.0 if D.SK_SHAKE in hand else 0.0) + (1.0 if D.SK_SPATULA in hand else 0.0)
    left = float(D.GOLDEN_TURNS - state.chef_played)
    reaction = 1.0 if D.SK_REACTION in hand else 0.0
    p = state.pos[q]
    others = 0.0
    for r in state.lay.foods:
        if r != q and state.pos[r] >= 0 and state.status[r] != D.FRIED:
            others += 1.0
    if p < 0:  # in the oil: its last chance comes next
        return [1.0, left, 0.0, 0.0, 0.0, fritos, nfw, escape, other, 0.0, 0.0, 0.0, 0.0, others, reaction]
    mob = mobility(state, q, p)
    exposure = float(push_exposure(state, p))
    return [1.0, left, 1.0, 1.0 if mob == 0 else 0.0, float(_island(state, p)), fritos, nfw, escape, other,
            float(min(mob, MOBILITY_CAP)), exposure, exposure * pushes, 1.0 if D.SK_KNIFE in hand else 0.0,
            others, reaction]


def chef_rows(state: FritangaState) -> list[list[float]]:
    """The rows of the unfried foods (none outside Chef mode)."""
    if state.mode != D.CHEF:
        return []
    status = state.status
    return [chef_food_features(state, q) for q in state.lay.foods if status[q] != D.FRIED]


def chef_fry(state: FritangaState, weights: tuple[float, ...]) -> float:
    """The chance that every food fries: the product over unfried foods of 1 - sigmoid(weights . row)."""
    fry = 1.0
    for row in chef_rows(state):
        z = 0.0
        for w, f in zip(weights, row):
            z += w * f
        fry *= 1.0 - 1.0 / (1.0 + math.exp(-z))
    return fry


def chef_values(state: FritangaState, fry: float) -> list:
    """Each seat's value in Chef mode from the chance that every food fries."""
    foods = len(state.lay.foods)
    return [0.9 * fry + 0.05 if q == D.CHEF_SEAT else 0.8 * (1 - fry) / foods + 0.1 * (1 - fry) + 0.05
            for q in range(state.num_seats)]


def evaluate_with(state: FritangaState, chef_weights: tuple[float, ...]) -> list:
    """``evaluate`` with Chef mode's weights ``chef_weights`` (``CHEF_FEATURES``' order); other modes as
    ``evaluate``. Research only (research/train_value.py form, run --form): served is ``evaluate``."""
    if state.mode == D.CHEF:
        return chef_values(state, chef_fry(state, chef_weights))
    return evaluate(state)


def evaluate(state: FritangaState) -> list:
    n = state.num_seats
    status = state.status
    if state.mode == D.CHEF:
        left = D.GOLDEN_TURNS - state.chef_played
        fry = 1.0
        for q in state.lay.foods:
            if status[q] != D.FRIED:
                z = _W_CHEF_BIAS + _W_CHEF_LEFT * left + food_score(state, q, _W_CHEF)
                fry *= 1.0 - 1.0 / (1.0 + math.exp(-z))
        return chef_values(state, fry)
    e = [math.exp(food_score(state, q, _W_VERSUS)) if status[q] != D.FRIED else 0.0 for q in range(n)]
    total = sum(e) or 1.0
    if state.mode == D.TEAMS:
        team = state.lay.team
        share = [0.0, 0.0]
        size = [0, 0]
        for q in range(n):
            share[team[q]] += e[q] / total
            size[team[q]] += 1
        return [0.8 * share[team[q]] / size[team[q]] + 0.2 * share[team[q]] for q in range(n)]
    alive = sum(1 for x in e if x > 0)
    out = []
    for q in range(n):
        p = e[q] / total
        above = sum(1 for x in e if x > e[q])  # a rough place: unfried foods with a better score
        place = (n - 1 - above) / (n - 1) if e[q] > 0 else (n - alive - 1) / (n - 1) * 0.5
        out.append(0.8 * p + 0.1 * place + 0.1 * p)
    return out
