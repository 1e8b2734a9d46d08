"""Per-game AI knowledge for Fröccs: the greedy bot, a rollout policy and a
position evaluation.

Everything here reads only what the deciding seat may see: its own hand, the
public table (money, glasses, heroes, the discard pile, the counter, hand
sizes and publicly known hand cards) and the bargaining state. It never reads
the deck, another seat's hand or a side offer the seat cannot see, so it is
safe on a sampled world too. ``evaluate`` is different: the search calls it
on a whole sampled world at the end of a cut-off rollout, and it scores every
seat from that world (hands included).

Evaluation. ``evaluate`` turns each seat's projected value in forints (money,
finished spritzers at a share of their price while the owner can still sell,
glasses with cards, empty glasses and hand cards weighted by the turns left)
into chances of winning with a softmax whose temperature grows with the turns
left. The weights were fitted by maximum likelihood to the winners of noisy
greedy self-play games (``research/froccs_fit_evaluate.py``).

Bargaining logic. Each seat values a change as its own gain minus a weighted
gain of each rival: ``w = 1 / (players - 1)``, more against the leader (so a
2-player game is zero-sum and a bare money transfer never helps both sides).

* ``damage`` D is what the mischief card costs the target (lost spritzer
  value, 20 forints, or an empty glass worth about one purchase), and ``p``
  the chance the card really hits if the bargain fails (a known or likely
  "This is for you!", Böske).
* Carrying out is worth ``w·D·p`` to the attacker; a payment X is worth
  ``X·(1 + w)`` to it. So the attacker accepts X ≥ w·D·p / (1 + w).
* The target's alternative costs D (less with a defence card in hand); paying X
  costs it ``X·(1 + w)``. So it pays up to D / (1 + w).
* The target opens just above the attacker's minimum; the attacker demands
  just under the target's maximum; both accept inside that range. With two
  players the range is empty and the bot rarely bargains, as it should.
"""

from __future__ import annotations

import math
import random
from typing import Final

from boardbot.engine import chance

from . import data as D
from . import glasses as G
from .phases import (ACTION, BUY, DRAW_DISCARD, HERO, LAST_CHANCE, PLAY, PLEDGE, PROPOSE, REACT, RECYCLE,
                     RESPOND, SELL, SIDE)
from .rules import EVERY_SEAT, ONLY_SEAT, FroccsState, pour_move

# what a card in hand is worth to its owner, in forints (rough)
CARD_VALUE: Final[tuple[int, ...]] = (14, 10, 7, 5, 12, 6, 6, 6, 6)
RIVAL: Final = 0.35  # how much a rival's glass gain hurts me, for guest pours
HERO_PREFERENCE: Final[tuple[int, ...]] = (D.PITYU, D.KIW, D.SARKI, D.KARESZ, D.POHARNOK, D.FRED, D.BELA, D.BOSKE,
                                           D.LOTTY, D.ICUKA, D.BUZGO, D.HOLLOSI)


# moves by which a seat takes part in a bargain (offers, proposals, acceptance, side offers)
BARGAIN_KINDS: Final = frozenset(("offer_money", "offer_card", "propose", "accept", "side_offer"))


def is_bargain_move(move: tuple) -> bool:
    """An offer component, a proposal, an acceptance or a side offer (research/froccs_bargaining.py
    restricts a bot to never pick one when it has another move)."""
    return move[0] in BARGAIN_KINDS


# --- values --------------------------------------------------------------------
def glass_value(g: int, hero: int = -1) -> float:
    """A rough forint value of a glass (its code) for its owner (a table lookup)."""
    return _GLASS_VALUE[hero + 1][g]


def _glass_value(g: G.Contents, hero: int = -1) -> float:
    size, zv, sz, sm, soda = g
    wine = zv + sz + sm
    filled = wine + soda
    if filled == 0:
        return 6.0
    best = G.best_wine(g)
    if G.is_finished(g):
        price = D.PRICES[(size, wine)][best]
        if hero == D.SARKI and soda >= 2:
            price = D.PRICES[(size, wine + 1)][best]
        return float(price)
    if hero == D.KARESZ and G.can_top_up(g):
        return float(D.PRICES[(size, wine)][best] - 5)
    left = size - filled
    final_wine = wine + left if soda else wine + left - 1
    final_wine = max(1, min(size - 1, final_wine))
    price = D.PRICES[(size, final_wine)][best if best >= 0 else D.SZ]
    return D.END_PARTIAL + (price - D.END_PARTIAL) * 0.6 * filled / size


# glass values precomputed for every reachable glass, by hero + 1 (no hero: 0) and glass code: only
# Sarki Jézus and Vízköpő Karesz differ
_GLASS_VALUE_PLAIN: Final[list[float]] = [_glass_value(g) for g in G.CONTENTS]
_GLASS_VALUE_OWN: Final[dict[int, list[float]]] = {h: [_glass_value(g, h) for g in G.CONTENTS]
                                                   for h in (D.SARKI, D.KARESZ)}
_GLASS_VALUE: Final[tuple[list[float], ...]] = tuple(_GLASS_VALUE_OWN.get(h, _GLASS_VALUE_PLAIN)
                                                     for h in range(-1, len(D.HEROES)))


_GLASSES: Final = range(len(G.CONTENTS))  # every glass code
CANNOT_POUR: Final = -math.inf  # a pour's score where the drink may not go: never the best


def _pour_scores(c: int, hero: int, own: bool) -> list[float]:
    """What ``_best_pour`` scores pouring drink ``c`` into each glass (by code) of an owner with
    ``hero``: into one's own glass, the glass's gain; into a rival's (Everyone's My Guest), a cost
    unless it hurts the rival; less half the card's value."""
    values = _GLASS_VALUE[hero + 1]
    out = []
    for g in _GLASSES:
        new = G.POUR[hero == D.KIW][g][c]
        if new == G.NO_GLASS:
            out.append(CANNOT_POUR)
            continue
        gain = values[new] - values[g]
        if not own:
            gain = -RIVAL * gain - 2  # only worth it when it hurts (it rarely does)
        gain -= CARD_VALUE[c] * 0.5
        out.append(gain)
    return out


def _pour_score_table(own: bool) -> tuple[tuple[list[float], ...], ...]:
    """[hero + 1][drink][glass]: ``_pour_scores``, one table for the heroes the scores do not depend on."""
    plain = tuple(_pour_scores(c, D.NO_HERO, own) for c in D.DRINKS)
    special = {h: tuple(_pour_scores(c, h, own) for c in D.DRINKS) for h in (D.KIW, D.SARKI, D.KARESZ)}
    return tuple(special.get(h, plain) for h in range(-1, len(D.HEROES)))


# _POUR_SCORE[into a rival's glass][hero + 1][drink][glass]: made once, so a pour's score is one list read
_POUR_SCORE: Final[tuple[tuple[tuple[list[float], ...], ...], ...]] = (_pour_score_table(True),
                                                                          _pour_score_table(False))
# _RIVAL_POUR_TOP[drink]: the highest score of a pour of the drink into any rival's glass
_RIVAL_POUR_TOP: Final[tuple[float, ...]] = tuple(max(max(by_drink[c]) for by_drink in _POUR_SCORE[True])
                                                  for c in range(len(D.DRINKS)))


def _remove_losses(g: int, hero: int) -> tuple[float | None, ...]:
    """What taking each drink out of glass ``g`` costs its value for an owner with ``hero`` (None: the
    glass holds none of it)."""
    values = _GLASS_VALUE[hero + 1]
    return tuple(None if new == G.NO_GLASS else values[g] - values[new] for new in G.REMOVE[g])


# _REMOVE_LOSS[hero + 1][glass]: _remove_losses of every reachable glass (one lookup, not three, for a
# mischief card's damage)
_REMOVE_LOSS_PLAIN: Final[list[tuple[float | None, ...]]] = [_remove_losses(g, D.NO_HERO) for g in _GLASSES]
_REMOVE_LOSS_OWN: Final[dict[int, list[tuple[float | None, ...]]]] = {
    h: [_remove_losses(g, h) for g in _GLASSES] for h in (D.SARKI, D.KARESZ)}
_REMOVE_LOSS: Final[tuple[list[tuple[float | None, ...]], ...]] = tuple(
    _REMOVE_LOSS_OWN.get(h, _REMOVE_LOSS_PLAIN) for h in range(-1, len(D.HEROES)))


# HAND_SIZE_WRITTEN_OUT: a hand's size as the sum of its NUM_CARDS (9) counts written out: the compiled build
# calls the builtin ``sum`` as a Python object found by name (about 1,100 instructions for a hand, against
# some 60 for the nine reads); the interpreted build runs the two at about the same speed.
assert D.NUM_CARDS == 9


def public_score(state: FroccsState, q: int) -> float:
    """What everyone can estimate of q's standing (no hand contents)."""
    hero = state.heroes[q]
    glasses = 0.0  # (sum's own order: 0 and each value in turn; mypyc's sum of a generator is an int's)
    for g in state.glasses[q]:
        glasses += glass_value(g, hero)
    h = state.hands[q]
    cards = h[0] + h[1] + h[2] + h[3] + h[4] + h[5] + h[6] + h[7] + h[8]  # (HAND_SIZE_WRITTEN_OUT)
    return state.money[q] + glasses + 3.0 * (cards if cards < 8 else 8)  # (min's, without a builtin's call)


def leader_gap(state: FroccsState, me: int, q: int) -> float:
    """How far q is ahead of me (positive) in public estimate."""
    return public_score(state, q) - public_score(state, me)


def damage(state: FroccsState) -> float:
    """What the pending mischief card would cost its target."""
    c, e, t, i, w = state._mischief()
    hero = state.heroes[t]
    gl = state.glasses[t]
    if e == D.BV:
        return float(min(D.BORRAVALO_AMOUNT, state.money[t]))
    if e == D.PT:
        return 12.0
    if not 0 <= i < len(gl):
        return 0.0
    g = gl[i]
    drink = w if e == D.ZK else D.SODA
    after = G.REMOVE[g][drink]
    if after == G.NO_GLASS:
        return 0.0
    return max(0.0, glass_value(g, hero) - glass_value(after, hero)) + 4.0


def rival_weight(state: FroccsState, me: int, t: int) -> float:
    """How much t's gain counts against me (1 in a 2-player game)."""
    n = state.num_seats
    if n == 2:
        return 1.0
    gap = leader_gap(state, me, t)
    return min(1.0, max(0.1, 1.0 / (n - 1) + gap / 200.0))


def hit_chance(state: FroccsState) -> float:
    """The public estimate that the pending card hits if the bargain fails."""
    t = state._target()
    h = state.hands[t]
    hand = h[0] + h[1] + h[2] + h[3] + h[4] + h[5] + h[6] + h[7] + h[8]  # (HAND_SIZE_WRITTEN_OUT)
    if state.known[t][D.TIFY] or (state.heroes[t] == D.BOSKE and hand):
        return 0.3
    unseen_tify = D.DECK_COUNTS[D.TIFY] - state.discard[D.TIFY]
    for k in state.known:  # (ints: the same as sum's; a loop, not the builtin called on a generator)
        unseen_tify -= k[D.TIFY]
    unseen = len(state.deck)  # the deck and every hand less its known cards (ints: any order)
    for h in state.hands:
        unseen += h[0] + h[1] + h[2] + h[3] + h[4] + h[5] + h[6] + h[7] + h[8]
    for k in state.known:
        unseen -= k[0] + k[1] + k[2] + k[3] + k[4] + k[5] + k[6] + k[7] + k[8]
    if unseen <= 0 or unseen_tify <= 0:
        return 1.0
    return max(0.5, 1.0 - hand * unseen_tify / unseen)


def side_money(state: FroccsState, seat: int) -> tuple[int, int]:
    """Side offers promised to ``seat``: (if carried out, if not). Only the
    bargainers call this, and they see every side offer."""
    carried = spared = 0  # (ints: a loop adds the same; compiled, no generators and no builtin sum)
    for _, r, cond, x in state.side:
        if r == seat:
            if cond:
                carried += x
            else:
                spared += x
    return carried, spared


def attacker_minimum(state: FroccsState) -> float:
    """The least payment worth more to the attacker than carrying out."""
    a, t = state.player, state._target()
    w = rival_weight(state, a, t)
    p = hit_chance(state)
    carried, spared = side_money(state, a)
    return (w * damage(state) * p + carried * p - spared) / (1.0 + w)


def target_maximum(state: FroccsState, own_defence: bool) -> float:
    """The most the target should pay (own_defence: it knows its own hand)."""
    a, t = state.player, state._target()
    dmg = damage(state)
    if own_defence:
        if state.hands[t][D.TIFY]:
            dmg = min(dmg, CARD_VALUE[D.TIFY])
        elif state.heroes[t] == D.BOSKE and any(state.hands[t]):
            dmg = min(dmg, 8.0)
    else:
        dmg *= hit_chance(state)
    carried, spared = side_money(state, t)
    return (dmg - carried + spared) / (1.0 + rival_weight(state, t, a))


# --- the greedy bot -------------------------------------------------------------
def heuristic_move(state: FroccsState, rng: random.Random) -> tuple:
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    ph = state.phase
    me = state.decider()
    if ph == ACTION:
        return _action(state, me, moves, rng)
    if ph == PLAY:
        return _play(state, me, moves)
    if ph == SELL:
        return _sell(state, me, moves)
    if ph == BUY:
        return _buy(state, me, moves)
    if ph == DRAW_DISCARD:
        return min(moves, key=lambda m: CARD_VALUE[D.CARD_ID[m[1]]])
    if ph == RECYCLE:
        return min(moves, key=lambda m: D.CARD_ID[m[1]])  # the best wine
    if ph == REACT or ph == LAST_CHANCE:
        return _defend(state, me, moves)
    if ph == SIDE:
        return _side(state, me, moves)
    if ph == PROPOSE:
        return _propose(state, me, moves)
    if ph == RESPOND:
        return _respond(state, me, moves)
    if ph == PLEDGE:
        return _pledge(state, me, moves)
    if ph == HERO:
        return min(moves, key=lambda m: HERO_PREFERENCE.index(D.HERO_ID[m[1]]))
    return rng.choice(moves)


def _best_pour(state: FroccsState, me: int) -> tuple[float, tuple | None]:
    """The pour worth most (``_pour_scores``), the first of equals in (drink, owner, glass) order.

    A pour into a rival's glass (Everyone's My Guest) is weighed only when its drink could score as
    much as the best pour into one's own glasses: the others are below the answer, whatever it is."""
    hand = state.hands[me]
    heroes = state.heroes
    glasses = state.glasses
    guest: bool = state.config["everyones_my_guest"]
    own_best = -1e9
    if guest:
        own_scores = _POUR_SCORE[False][heroes[me] + 1]
        for c in D.DRINKS:
            if hand[c]:
                scores = own_scores[c]
                for g in glasses[me]:
                    if scores[g] > own_best:
                        own_best = scores[g]
    best = -1e9
    best_drink = best_owner = best_glass = -1  # (the move made once, for the best)
    # the owners from a table of int tuples (rules.EVERY_SEAT: compiled, a range object in a variable
    # is iterated by generic calls)
    owners = EVERY_SEAT[state.num_seats] if guest else ONLY_SEAT[me]
    for c in D.DRINKS:
        if not hand[c]:
            continue
        rivals_below = _RIVAL_POUR_TOP[c] < own_best
        for owner in owners:
            if owner != me and rivals_below:
                continue
            scores = _POUR_SCORE[owner != me][heroes[owner] + 1][c]
            for i, g in enumerate(glasses[owner]):
                score = scores[g]
                if score > best:
                    best, best_drink, best_owner, best_glass = score, c, owner, i
    return best, (pour_move(best_drink, best_owner, best_glass) if best_drink >= 0 else None)


def _rival_weights(state: FroccsState, me: int) -> list[float]:
    """``rival_weight(state, me, t)`` for every seat t (public scores computed once)."""
    n = state.num_seats
    if n == 2:
        return [1.0, 1.0]
    scores = [public_score(state, q) for q in range(n)]
    base = 1.0 / (n - 1)
    return [min(1.0, max(0.1, base + (scores[t] - scores[me]) / 200.0)) for t in range(n)]


def _mischief_value(state: FroccsState, me: int, m: tuple, weights: list[float]) -> float:
    # (the move's items typed one by one: the compiled build reads them without generic calls)
    card: str = m[1]
    t: int = m[3]
    e = D.CARD_ID[m[2]]
    gl = state.glasses[t]
    hero = state.heroes[t]
    dmg: float  # (an int's products and sums with floats are those of the same float)
    if e == D.BV:
        dmg = float(min(D.BORRAVALO_AMOUNT, state.money[t]))
    elif e == D.PT:
        dmg = 12.0
    else:
        i: int = m[4]
        drink = D.CARD_ID[m[5]] if e == D.ZK else D.SODA
        loss = _REMOVE_LOSS[hero + 1][gl[i]][drink]
        assert loss is not None  # (a mischief card on a glass is offered only for a drink it holds)
        dmg = loss
    # a bargain or a defence may follow; known "This is for you!" cards blunt it
    if state.known[t][D.TIFY] or hero == D.BOSKE:
        dmg *= 0.4
    w = weights[t]
    # worth carrying out, or a payment of about the same value from a target that can pay
    return dmg * w - CARD_VALUE[D.CARD_ID[card]] * 0.5 + (3.0 if state.money[t] >= 10 else 0.0)


def _play(state: FroccsState, me: int, moves: list[tuple]) -> tuple:
    can_stop = moves[0][0] == "end_play"  # (END_PLAY is the only move of its kind)
    best, choice = (1.0, moves[0]) if can_stop else (-1e9, None)
    pour_gain, pour = _best_pour(state, me)
    if pour is not None and pour_gain > best:
        best, choice = pour_gain, pour
    weights = None
    for m in moves:
        kind: str = m[0]  # (typed: compared as strings, not as objects)
        if kind == "mischief":
            if weights is None:
                weights = _rival_weights(state, me)
            v = _mischief_value(state, me, m, weights) - 3
            if v > best:
                best, choice = v, m
    return choice if choice is not None else moves[0]


# a sale's adjustment -> wine cards counted more (Sarki Jézus) or fewer
SALE_DELTA: Final[dict[str, int]] = {"none": 0, "wine_to_soda": -1, "soda_to_wine": 1, "top_up": 0}


def _sell_value(state: FroccsState, me: int, m: tuple) -> float:
    if m[0] != "sell":
        return -1.0
    g = G.CONTENTS[state.glasses[me][m[1]]]
    return G.sale_price(g, SALE_DELTA[m[2]])


def _sell(state: FroccsState, me: int, moves: list) -> tuple:
    """The sale worth most (the first of equals, as max)."""
    best, choice = 0.0, moves[0]
    for k, m in enumerate(moves):
        v = _sell_value(state, me, m)
        if k == 0 or v > best:
            best, choice = v, m
    return choice


def _buy(state: FroccsState, me: int, moves: list) -> tuple:
    hand = state.hands[me]
    drinks = hand[0] + hand[1] + hand[2] + hand[3]
    want = 5 if drinks >= 6 and state.money[me] >= 10 else 3
    two = -5 if state.money[me] < 80 else 1
    best, choice = 0, moves[0]
    for k, m in enumerate(moves):  # the first of equals, as max
        v = two if m[0] == "buy_two" else -abs(m[1] - want)
        if k == 0 or v > best:
            best, choice = v, m
    return choice


def _action(state: FroccsState, me: int, moves: list, rng: random.Random) -> tuple:
    # the kinds of move on offer (sell_spritzers, play_cards, buy_glasses and end_turn come once)
    sell = play = buy = end = None
    icuka = splash = extra = draw = False
    for m in moves:
        kind: str = m[0]
        if kind == "sell_spritzers":
            sell = m
        elif kind == "icuka_sell":
            icuka = True
        elif kind == "splash":
            splash = True
        elif kind == "play_cards":
            play = m
        elif kind == "buy_glasses":
            buy = m
        elif kind == "extra_action":
            extra = True
        elif kind == "draw":
            draw = True
        elif kind == "end_turn":
            end = m
    if sell is not None:
        return sell
    if icuka:
        return min((k for k in moves if k[0] == "icuka_sell"), key=lambda k: CARD_VALUE[D.CARD_ID[k[1]]])
    if splash:
        for m in moves:
            if m[0] == "splash":
                gl = state.glasses[me]
                new_to = G.POUR[False][gl[m[3]]][D.CARD_ID[m[2]]]
                if new_to != G.NO_GLASS and G.FINISHED[new_to]:
                    return m
    if play is not None:
        gain, _ = _best_pour(state, me)
        if gain > 1.0:
            return play
        hand = state.hands[me]
        if hand[D.ZK] or hand[D.KL] or hand[D.BV] or hand[D.PT]:
            # a mischief card worth more than 4 (a loop, not max() over a generator: the same answer)
            weights = _rival_weights(state, me)
            for m in state._play_moves(me, False, pours=False):
                if _mischief_value(state, me, m, weights) > 4.0:
                    return play
    hand = state.hands[me]
    if buy is not None and len(state.glasses[me]) < 3 and not state.triggered:
        drinks = hand[0] + hand[1] + hand[2] + hand[3]
        if drinks >= 2 * len(state.glasses[me]) or state.money[me] >= 50:
            return buy
    if extra and state.actions_used <= 1:
        wines = [m for m in moves if m[0] == "extra_action"]
        if sum(hand[:3]) >= 3:
            return max(wines, key=lambda m: D.CARD_ID[m[1]])  # the cheapest wine
    if draw:
        rec = [m for m in moves if m[0] == "draw" and m[1]]
        if rec and (state.discard[D.ZV] or state.discard[D.SZ]):
            return rec[0]
        if not (state.triggered and state.final_turns <= 1 and sum(hand) > 6):
            return ("draw", False)
    if end is not None:
        return end
    return moves[0]


def _defend(state: FroccsState, me: int, moves: list) -> tuple:
    dmg = damage(state)
    last = state.phase == LAST_CHANCE
    if ("this_is_for_you",) in moves and dmg >= (10 if last else 25):
        return ("this_is_for_you",)
    if ("fend_off",) in moves and dmg >= (12 if last else 30):
        return ("fend_off",)
    return ("no_defence",)


def _side(state: FroccsState, me: int, moves: list) -> tuple:
    """Pay the attacker to go through with it only against a runaway leader."""
    t = state._target()
    a = state.player
    if (state.money[me] >= 40 and leader_gap(state, me, t) > 80 and leader_gap(state, me, a) < 0
            and damage(state) >= 30):
        m = ("side_offer", a, True, 10)
        if m in moves:
            return m
    return ("no_side_offer",)


def _offer_value(state: FroccsState, me: int) -> float:
    """The offer on the table, in forints, for ``me`` (positive: I gain)."""
    v = 0.0
    for comp in state.offer:
        if comp[0] == "offer_money":
            v += -comp[2] if comp[1] == me else comp[2]
            continue
        card: str = comp[1]  # (typed one by one: compiled, lists indexed by untyped items are generic calls)
        fs: int = comp[2]
        fg: int = comp[3]
        ts: int = comp[4]
        tg: int = comp[5]
        c = D.CARD_ID[card]
        worth = float(CARD_VALUE[c])  # (v is a float: the same sums as with the int)
        if tg >= 0:
            g = state.glasses[ts][tg]
            new = G.POUR[state.heroes[ts] == D.KIW][g][c]
            worth = (glass_value(new, state.heroes[ts]) - glass_value(g, state.heroes[ts]) if new != G.NO_GLASS
                     else 0.0)
        if ts == me:
            v += worth
        if fs == me:
            v -= CARD_VALUE[c] if fg < 0 else glass_value(state.glasses[fs][fg])
    return v


def _round10(x: float) -> int:
    return int(max(0, x) // 10) * 10


def _roundup10(x: float) -> int:
    return int(math.ceil(max(0, x) / 10.0)) * 10


def _propose(state: FroccsState, me: int, moves: list) -> tuple:
    a = state.player
    t = state._target()
    if state.offer:
        return ("propose",)
    low = attacker_minimum(state)
    if me == t:
        high = target_maximum(state, True)
        # (the search of the moves last: a bargain's moves are many, and these tests have no side effects)
        if damage(state) >= 30 and sum(state.hands[me]) >= 3 and ("fend_off",) in moves:
            return ("fend_off",)
        amount = _roundup10(low + 1)
        if state.turns_left < D.OFFER_TURNS:  # a later offer: meet halfway
            amount = max(amount, _round10((low + high) / 2))
        if 10 <= amount <= min(high, state.money[me]):
            return ("offer_money", t, amount)
        if high >= 10 and state.money[me] < 10:
            for c in (D.SODA, D.SM, D.KL, D.ZK, D.BV, D.PT):
                m = ("offer_card", D.CARD_NAMES[c], t, -1, a, -1)
                if state.hands[me][c] and CARD_VALUE[c] <= high and m in moves:
                    return m
        return ("no_offer",)
    # the attacker demands just under what the target should still pay
    high = target_maximum(state, False)
    ask = min(_round10(high), _round10(state.money[t]))
    if ask >= 10 and ask >= low:
        return ("offer_money", t, ask)
    return ("carry_out",)


def _respond(state: FroccsState, me: int, moves: list) -> tuple:
    a = state.player
    t = state._target()
    if ("accept",) not in moves:
        return ("refuse",)
    v = _offer_value(state, me)
    if me == a:
        return ("accept",) if v >= attacker_minimum(state) else ("refuse",)
    if -v > 15 and damage(state) >= 30 and ("fend_off",) in moves:
        return ("fend_off",)
    return ("accept",) if -v <= target_maximum(state, True) else ("refuse",)


def _pledge(state: FroccsState, me: int, moves: list) -> tuple:
    scores = [public_score(state, q) for q in range(state.num_seats)]
    best_other = max(s for q, s in enumerate(scores) if q != me)
    if scores[me] < best_other and ("chip_in", 10) in moves and state.money[me] >= 30:
        return ("chip_in", 10)
    return ("pass_round",)


# --- rollouts and evaluation -----------------------------------------------------
def playout_move(state: FroccsState, rng: random.Random) -> tuple:
    """Mostly greedy, sometimes random: keeps rollouts short and sensible."""
    if rng.random() < 0.15:
        moves = state.legal_moves()
        return moves[chance.randrange(rng, len(moves))]  # rng.randrange's draws, compiled
    return heuristic_move(state, rng)


# The projected value of a seat is a weighted sum of these features (forints). The weights
# were fitted by maximum likelihood to the winners of 1800 noisy greedy games (27 000
# positions, 2-6 players): research/froccs_fit_evaluate.py reproduces them.
#   money                                   weight 1 (fixed: the scale)
#   finished_price  price of each finished spritzer its owner can still sell
#   finished_end    finished spritzers it cannot sell any more (20 each at the end)
#   partial         glasses with cards
#   partial_growth  their expected gain in value (glass_value - 10), over the next 3 turns
#   empty           empty glasses, over the next 6 turns
#   wine, soda, this_is_for_you, mischief   hand cards, over the next 6 turns
#   hand            hand cards (the tie-break; cards that will never be used)
EVAL_FEATURES: Final[tuple[str, ...]] = ("money", "finished_price", "finished_end", "partial", "partial_growth", "empty",
                                         "wine", "soda", "this_is_for_you", "mischief", "hand")
EVAL_WEIGHTS: Final[tuple[float, ...]] = (1.0, 0.832, 18.6, 15.3, 0.902, 20.5, 4.74, 1.75, 14.8, 9.64, -0.95)
# softmax temperature: wider while turns remain
EVAL_TEMP: Final = 15.7
EVAL_TEMP_PER_TURN: Final = 5.85
DRAW_RATE: Final[tuple[float, ...]] = (2.5, 1.4)  # deck cards used per turn, about: 2 players, 3 or more


def turns_left(state: FroccsState, q: int) -> tuple[float, bool]:
    """(Own turns ``q`` can still start, estimated; whether q may still sell in this turn)."""
    n = state.num_seats
    p = state.player
    now = q == p and state.actions_used == 0 and state.phase <= SELL  # ACTION or SELL
    if state.triggered:
        ahead = (q - p) % n
        return (1.0 if 1 <= ahead <= state.final_turns else 0.0), now
    return len(state.deck) / (DRAW_RATE[n > 2] * n) + 1.0, now


def value_features(state: FroccsState, q: int) -> tuple[list[float], float]:
    """(q's features in EVAL_FEATURES order, q's turns left capped at 10)."""
    t, now = turns_left(state, q)
    can_sell = now or t >= 1.0
    u = min(t, 6.0) / 6.0
    u3 = min(t, 3.0) / 3.0
    hero = state.heroes[q]
    fin_price = fin_end = partial = growth = empty = 0.0
    for g in state.glasses[q]:
        if G.FINISHED[g]:
            if can_sell:
                fin_price += G.PRICE[g]
            else:
                fin_end += 1.0
        elif G.TOTAL[g]:
            partial += 1.0
            growth += glass_value(g, hero) - D.END_PARTIAL
        else:
            empty += 1.0
    h = state.hands[q]
    wines = h[0] + h[1] + h[2]
    mischief = h[5] + h[6] + h[7] + h[8]
    return ([float(state.money[q]), fin_price, fin_end, partial, growth * u3, empty * u, wines * u,
             h[3] * u, h[4] * u, mischief * u, float(wines + h[3] + h[4] + mischief)], min(t, 10.0))


def projected_value(state: FroccsState, q: int) -> tuple[float, float]:
    """(What q's position is worth in forints, q's turns left capped at 10)."""
    f, t = value_features(state, q)
    v = 0.0  # the products added in order, as sum() did
    for k in range(len(f)):
        v += EVAL_WEIGHTS[k] * f[k]
    return v, t


def evaluate(state: FroccsState) -> list[float]:
    """Per-seat chance of winning in [0, 1]: a softmax of the projected values."""
    n = state.num_seats
    values = []
    horizon = 0.0
    for q in range(n):
        v, t = projected_value(state, q)
        values.append(v)
        horizon += t
    temp = EVAL_TEMP + EVAL_TEMP_PER_TURN * horizon / n
    top = max(values)
    ex = [math.exp((v - top) / temp) for v in values]
    total = 0.0
    for e in ex:
        total += e
    return [e / total for e in ex]
