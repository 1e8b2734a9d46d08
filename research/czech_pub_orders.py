"""What a Czech Pub player's own-turn orders say about the cards it kept, and a deal that uses it.

    python research/czech_pub_orders.py [--players 3] [--spec ismcts:medium] [--games 6] [--jobs 2] [--seed 7000]
                                        [--beliefs [--samples 30]]

A prototype of inference about whole hands, kept in research until it earns a
place in the engine (it did not: research/notes/czech-pub-orders.md). When a player
ends its ordering (``done``) while an order it could still place would have
gained it at least a point (``STOP_WEIGHTS``) by the greedy bot's own valuation
(``policy``: points now minus the expected cost of the drunkenness roll), it
probably does not hold that card; the cards it kept then stay in its hand until
they are played, so the evidence outlives the draw at the end of the turn, for
as many cards as were kept. A pass on a reaction window (``policy.cancel_gain``)
says the same about the cancel cards.

``OrderEvidence`` follows a game from public information only (which moves
were made, how many cards left each hand) and keeps, per player, layers of
(unlikely cards, how many of its cards the evidence still binds).
``deal_world`` deals a world for a seat from those layers: each layer's cards
take an unlikely card only with its chance (``STOP_WEIGHTS``).

Run as a script it calibrates those chances: it plays ``--spec`` in every seat
and, at every stop (and every order played), counts how often the cards the
player held then hold an order worth so much, against what a uniform deal of
the unseen cards would give. With ``--beliefs`` it scores the beliefs instead:
how well worlds dealt uniformly and by the evidence say whether each other
player holds a large beer, a shot, and so on (Brier score).
Figures only: nothing here asserts.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import sys
from collections import Counter

from boardbot.ai.bots import make_bot
from boardbot.ai.ismcts import Search
from boardbot.engine import registry
from boardbot.engine.core import TERMINAL
from boardbot.engine.games.czech_pub import data as D
from boardbot.engine.games.czech_pub import policy
from boardbot.engine.games.czech_pub.data import IS_SHOT, LO_IN_DECK, OWN, POSLEDNI
from boardbot.engine.games.czech_pub.rules import own_orders
from boardbot.engine.games.czech_pub.views import deal_weighted, keep_known_true

PLAY = D.PHASE_BY_NAME["play"]
WINDOW = D.PHASE_BY_NAME["reaction_window"]
# the orders a stop can speak of (Lichocení servírce is a shot of your choice)
ORDER_CARDS = tuple(c for c in range(D.NUM_CARDS) if D.IS_ORDER[c] and c != D.CAJ) + (D.LICHOCENI,)
# (least gain, chance a world deals the card): ismcts:medium at 3 players kept an order worth
# 4 or more in none of 96 (stop, card) pairs, one worth 1 to 4 at 0.3 of a uniform deal's rate
STOP_WEIGHTS = ((4.0, 0.05), (1.0, 0.3))
PASS_WEIGHT = policy.UNLIKELY_WEIGHT


def stop_gain(state, q: int, c: int) -> float:
    """What ordering ``c`` would have gained q over stopping here, as the greedy bot values a
    play (``policy._choose_play``); -inf where the rules forbid it."""
    table = state.table
    actions, beers, smalls, shots, self_pour = own_orders(table)
    left = D.ACTIONS_PER_TURN - actions
    shots -= self_pour
    if D.COST[c] > left:
        return -float("inf")
    beer = c in (D.PIVO, D.MALE_PIVO, D.DEJTE)
    if beer and beers >= D.MAX_BEERS or c == D.MALE_PIVO and smalls >= D.MAX_SMALL_BEERS:
        return -float("inf")
    if (IS_SHOT[c] or c == D.DEJTE) and shots >= D.MAX_SHOTS:
        return -float("inf")
    base = policy.table_value(state, q, table)
    kinds = range(D.SHOT_KINDS) if c in (D.DEJTE, D.LICHOCENI) else (-1,)
    best = max(policy.table_value(state, q, table + [(c, k, OWN, -1)]) for k in kinds)
    if IS_SHOT[c] or c in (D.DEJTE, D.LICHOCENI):
        best -= 0.3 * (left <= 1)
    return best - 0.2 * policy.keep_value(c) - base


def stop_unlikely(state, q: int) -> dict:
    """The orders q's stop here makes unlikely, with the chance a world still deals each."""
    if state.copy_turn or state.insults[q]:
        return {}
    out = {}
    for c in ORDER_CARDS:
        gain = stop_gain(state, q, c)
        for least, weight in STOP_WEIGHTS:
            if gain >= least:
                out[c] = weight
                break
    return out


def pass_unlikely(state, q: int) -> dict:
    """The cancel cards q's pass on this window makes unlikely (as ``policy.unlikely_cards``)."""
    record = state.pass_record(q)
    return {c: PASS_WEIGHT for c in policy.CANCELLERS if policy.cancel_gain(record, c) >= policy.REACT_THRESHOLD}


def _lost(before: list, after: list) -> int:
    """Cards that left a hand (the count is public: every card leaves by a seen move)."""
    rest = Counter(before)
    rest.subtract(after)
    return sum(v for v in rest.values() if v > 0)


class OrderEvidence:
    """Per seat: layers ``[{unlikely card: chance}, cards of the hand still bound]``, oldest first.

    Only the stops and the passes: a play says little, as the cards played later in the
    same turn were held beside it (the calibration's "play" rows)."""

    def __init__(self, n: int, stops: bool = True, passes: bool = True):
        self.layers = [[] for _ in range(n)]
        self.stops, self.passes = stops, passes

    def observe(self, before, move: tuple, after) -> None:
        d = before.decider()
        unlikely = None
        if self.stops and move[0] == "done" and before.phase == PLAY and d == before.active:
            unlikely = stop_unlikely(before, d)
        elif self.passes and move[0] == "decline" and before.phase == WINDOW:
            unlikely = pass_unlikely(before, d)
        if unlikely and before.hands[d]:  # an empty hand binds nothing: no layer
            self.layers[d].append([unlikely, len(before.hands[d])])
        for q, layers in enumerate(self.layers):
            if layers:
                lost = _lost(before.hands[q], after.hands[q])
                if lost:
                    for layer in layers:
                        layer[1] -= lost
                    self.layers[q] = [x for x in layers if x[1] > 0]

    def groups(self, q: int, k: int) -> list:
        """q's ``k`` unknown cards as groups ``(size, {unlikely card: chance})``, the most bound
        first: the cards an older layer binds were in the hand at every later layer too."""
        layers = self.layers[q]
        out, dealt = [], 0
        for i, (_u, bound) in enumerate(layers):
            size = min(bound, k) - dealt
            if size <= 0:
                continue
            unlikely: dict = {}
            for later, _b in layers[i:]:
                for c, chance in later.items():
                    unlikely[c] = min(chance, unlikely.get(c, 1.0))
            out.append((size, unlikely))
            dealt += size
        if k > dealt:
            out.append((k - dealt, {}))
        return out


def deal_world(root, seat: int, rng: random.Random, evidence: OrderEvidence):
    """A world for ``seat`` from its root (rebuilt from its view), the other hands dealt by
    ``evidence``; otherwise as ``views.sample_for``."""
    world = root.copy()
    world.seed = rng.getrandbits(63)
    n = root.num_seats
    known = root.known
    pool = [c for c in root.deck if c != POSLEDNI]
    keep = [()] * n
    for q in range(n):
        if q == seat:
            continue
        mine = known[q][seat] if known[q] else ()
        rest = list(root.hands[q])
        for c in mine:
            rest.remove(c)
        pool.extend(rest)
        keep[q] = mine
    rng.shuffle(pool)
    for q in range(n):
        if q == seat:
            continue
        new = []
        for size, unlikely in evidence.groups(q, len(root.hands[q]) - len(keep[q])):
            if unlikely:
                got, pool = deal_weighted(pool, size, unlikely, rng)
            else:
                got, pool = pool[:size], pool[size:]
            new.extend(got)
        new.extend(keep[q])
        new.sort()
        world.hands[q] = new
    deck = pool
    rng.shuffle(deck)  # passed-over cards lie together: the draw order must not show it
    if root.lo_state == LO_IN_DECK:
        deck.insert(len(deck) + 1 - rng.randint(root.lo_lo, root.lo_hi), POSLEDNI)
    world.deck = deck
    if any(known):
        keep_known_true(world, known, seat)
    return world


class EvidenceSearch(Search):
    """``Search`` whose worlds are dealt by ``deal_world`` (the root's own passes are dropped:
    the evidence holds them)."""

    def __init__(self, root, seat, params, seed, evidence: OrderEvidence):
        super().__init__(root, seat, params.with_(beliefs="uniform"), seed)
        self.evidence = evidence

    def run(self, iterations=None, end=None, cancel=None) -> int:
        if len(self.root.legal_moves()) == 1:
            return 0
        step = self._iterate_mo if self.mode == "mo" else self._iterate_so
        done = 0
        while done < iterations:
            if step(deal_world(self.root, self.seat, self.rng, self.evidence), end):
                done += 1
        self.iterations += done
        return done


# --- calibration --------------------------------------------------------------------
def calibrate(args) -> dict:
    """One self-play game of ``spec``: per gain bin, U-cards found in kept hands against the
    count a uniform deal of the unseen cards would put there."""
    players, spec, seed = args
    game = registry.get("czech-pub")
    bot = make_bot(spec, game)
    state = game.new_state({"players": players}, seed)
    rng = random.Random(seed)
    bins: dict = {}
    while (seat := state.decider()) != TERMINAL:
        move = bot.choose(state.sample_for(seat, rng), rng)
        own = state.phase == PLAY and seat == state.active and not state.copy_turn and not state.insults[seat]
        played = D.CARD_BY_ID[move[1]] if own and move[0] == "play" else -1
        if own and (move[0] == "done" or played in ORDER_CARDS):
            hand = Counter(state.hands[seat])
            unseen = Counter(state.deck)
            for q in range(players):
                if q != seat:
                    unseen.update(state.hands[q])
            unseen.update(hand)
            unseen.pop(POSLEDNI, None)
            total = sum(unseen.values())
            kept = sum(hand.values())
            base = 0.0
            if played >= 0:  # the cards held beside the one played, against what it gained
                base = stop_gain(state, seat, played)
                hand[played] -= 1
                kept -= 1
            for c in ORDER_CARDS:
                g = stop_gain(state, seat, c) - base
                if g == -float("inf") or c == played:
                    continue
                b = "<0" if g < 0 else "0-1" if g < 1 else "1-2" if g < 2 else "2-4" if g < 4 else "4+"
                row = bins.setdefault(("play " if played >= 0 else "stop ") + b, [0, 0.0, 0])
                row[0] += hand[c]
                row[1] += kept * unseen[c] / total
                row[2] += 1
        state.apply_checked(move)
    return bins


FEATURES = {"a large beer": (D.PIVO,), "a shot": tuple(c for c in range(D.NUM_CARDS) if IS_SHOT[c]),
            "Dejte or Lichoceni": (D.DEJTE, D.LICHOCENI), "a cancel card": policy.CANCELLERS}


def beliefs(args) -> dict:
    """One self-play game of ``spec``; at every ``every``-th decision, for each other player,
    the chance over ``samples`` worlds that it holds each feature's cards, dealt uniformly and
    by the evidence: squared errors against the truth, summed per feature."""
    players, spec, seed, samples, every = args
    game = registry.get("czech-pub")
    bot = make_bot(spec, game)
    state = game.new_state({"players": players}, seed)
    rng = random.Random(seed)
    evidence = OrderEvidence(players)
    out: dict = {}
    step = 0
    while (seat := state.decider()) != TERMINAL:
        step += 1
        if step % every == 0:
            root = game.from_view(state.view(seat), random.Random(seed + step))
            root.forget_inference()
            uniform = [root.sample_for(seat, rng) for _ in range(samples)]
            weighed = [deal_world(root, seat, rng, evidence) for _ in range(samples)]
            for q in range(players):
                if q == seat or not evidence.layers[q]:
                    continue
                for name, cards in FEATURES.items():
                    truth = any(c in state.hands[q] for c in cards)
                    row = out.setdefault(name, [0.0, 0.0, 0])
                    for i, worlds in enumerate((uniform, weighed)):
                        p = sum(any(c in w.hands[q] for c in cards) for w in worlds) / samples
                        row[i] += (p - truth) ** 2
                    row[2] += 1
        move = bot.choose(state.sample_for(seat, rng), rng)
        before = state.copy()
        state.apply_checked(move)
        evidence.observe(before, move, state)
    return out


def _pooled(task, jobs_args: list, jobs: int) -> dict:
    """The games' tables (name -> three numbers) played in parallel and summed."""
    total: dict = {}
    with mp.Pool(jobs) as pool:
        for out in pool.imap_unordered(task, jobs_args):
            for name, row in out.items():
                t = total.setdefault(name, [0, 0, 0])
                for i in range(3):
                    t[i] += row[i]
    return total


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--spec", default="ismcts:medium")
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=7000)
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--beliefs", action="store_true", help="score the beliefs instead (Brier, per feature)")
    ap.add_argument("--samples", type=int, default=30)
    args = ap.parse_args(argv)
    if args.beliefs:
        every = 3 if args.spec == "greedy" else 9
        total = _pooled(beliefs, [(args.players, args.spec, args.seed + g, args.samples, every)
                                  for g in range(args.games)], args.jobs)
        print(f"{args.spec}, {args.players} players, {args.games} games: Brier score of 'holds ...' "
              "for players with evidence (lower is better)")
        print("| holds | cases | uniform deal | evidence deal |")
        print("| --- | ---: | ---: | ---: |")
        for name, (u, w, k) in total.items():
            print(f"| {name} | {k} | {u / k:.3f} | {w / k:.3f} |")
        return 0
    total = _pooled(calibrate, [(args.players, args.spec, args.seed + g) for g in range(args.games)], args.jobs)
    print(f"{args.spec}, {args.players} players, {args.games} games: at a stop, by what ordering the card "
          "would have gained (greedy's valuation)")
    print("| at | gain (over the order played) | (decision, card) pairs | copies held | a uniform deal would hold | ratio |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for b in (f"{at} {g}" for at in ("stop", "play") for g in ("<0", "0-1", "1-2", "2-4", "4+")):
        if b in total:
            held, expect, pairs = total[b]
            print(f"| {b.replace(' ', ' | ')} | {pairs} | {held} | {expect:.1f} | {held / expect if expect else float('nan'):.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
