"""What a pass on a Czech Pub reaction window says about the hand, and whether the
sampled worlds use it well.

    python research/czech_pub_passes.py [--players 4] [--spec ismcts:medium] [--asked 150]
                                        [--games 100] [--samples 40] [--seed 5000]

1. **How often a bot passes with the card in hand.** Greedy games; wherever the
   seat asked in a reaction window holds a cancel card worth at least the greedy
   threshold there (``policy.cancel_gain``), ``--spec`` is asked what it would
   play. The share of passes is what ``policy.UNLIKELY_WEIGHT`` stands for.
2. **Beliefs.** Over ``--games`` greedy games, at every decision of a seat, for
   every other player whose passes make some cancel cards unlikely
   (``policy.unlikely_cards``): the probability, over ``--samples`` worlds
   sampled for the deciding seat, that the player holds at least one of them,
   once with the passes weighed (``sample_for``) and once ignoring them; against
   the truth, scored by the Brier score and the log loss (lower is better).

Figures only: nothing here asserts.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import Counter

from boardbot.ai.bots import make_bot
from boardbot.engine import registry
from boardbot.engine.core import TERMINAL
from boardbot.engine.games.czech_pub import data as D
from boardbot.engine.games.czech_pub import policy

WINDOW = D.PHASE_BY_NAME["reaction_window"]


def pass_rate(players: int, spec: str, asked: int, seed: int) -> Counter:
    """What ``spec`` plays where it holds a cancel card worth the threshold, ``asked`` times."""
    game = registry.get("czech-pub")
    bot, greedy = make_bot(spec, game), make_bot("greedy", game)
    counts: Counter = Counter()
    g = 0
    while sum(counts.values()) < asked:
        state = game.new_state({"players": players}, seed + g)
        rng = random.Random(seed + g)
        g += 1
        while (seat := state.decider()) != TERMINAL and sum(counts.values()) < asked:
            if state.phase == WINDOW:
                record = state.pass_record(seat)
                held = [c for c in policy.CANCELLERS if c in state.hands[seat]
                        and policy.cancel_gain(record, c) >= policy.REACT_THRESHOLD]
                if held:
                    move = bot.choose(state.sample_for(seat, rng), rng)
                    if move[0] != "react":
                        counts["pass"] += 1
                    elif D.CARD_BY_ID[move[1]] in held:
                        counts["cancel"] += 1
                    else:
                        counts["another reaction"] += 1
            state.apply_checked(greedy.choose(state.sample_for(seat, rng), rng))
    return counts


def holds_share(state, seat: int, q: int, cards: frozenset, samples: int, rng: random.Random) -> float:
    hits = sum(any(c in cards for c in state.sample_for(seat, rng).hands[q]) for _ in range(samples))
    return hits / samples


def beliefs(players: int, games: int, samples: int, seed: int) -> dict:
    """Brier score and log loss of 'q holds one of its unlikely cards', weighed and not."""
    game = registry.get("czech-pub")
    greedy = make_bot("greedy", game)
    score = {"weighed": [0.0, 0.0], "ignored": [0.0, 0.0]}
    cases = held = 0
    for g in range(games):
        state = game.new_state({"players": players}, seed + g)
        rng = random.Random(seed + g)
        while (seat := state.decider()) != TERMINAL:
            for q in range(players):
                cards = policy.unlikely_cards(state, q) if q != seat else frozenset()
                if not cards:
                    continue
                truth = any(c in cards for c in state.hands[q])
                cases += 1
                held += truth
                blank = state.copy()
                blank.passes = [None] * players  # no seat has passed (a seat's passes: its newest record, or None)
                for name, source in (("weighed", state), ("ignored", blank)):
                    p = min(max(holds_share(source, seat, q, cards, samples, rng), 0.5 / samples), 1 - 0.5 / samples)
                    score[name][0] += (p - truth) ** 2
                    score[name][1] -= math.log(p if truth else 1 - p)
            state.apply_checked(greedy.choose(state.sample_for(seat, rng), rng))
    return {"cases": cases, "held": held,
            **{name: (brier / max(cases, 1), loss / max(cases, 1)) for name, (brier, loss) in score.items()}}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--spec", default="ismcts:medium")
    ap.add_argument("--asked", type=int, default=150, help="windows to ask --spec about (0: skip part 1)")
    ap.add_argument("--games", type=int, default=100, help="greedy games for part 2 (0: skip it)")
    ap.add_argument("--samples", type=int, default=40)
    ap.add_argument("--seed", type=int, default=5000)
    args = ap.parse_args(argv)
    if args.asked:
        counts = pass_rate(args.players, args.spec, args.asked, args.seed)
        total = sum(counts.values())
        print(f"{args.spec}, {args.players} players, {total} windows where it held a cancel card worth "
              f"{policy.REACT_THRESHOLD} or more: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
              + f"; passed {counts['pass'] / total:.3f} (UNLIKELY_WEIGHT = {policy.UNLIKELY_WEIGHT})")
    if args.games:
        r = beliefs(args.players, args.games, args.samples, args.seed)
        print(f"{args.games} greedy games, {args.players} players: {r['cases']} cases of a player whose passes make "
              f"cancel cards unlikely; it held one in {r['held']} ({r['held'] / max(r['cases'], 1):.3f})")
        for name in ("weighed", "ignored"):
            brier, loss = r[name]
            print(f"  passes {name:8s} Brier {brier:.3f}  log loss {loss:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
