"""What would knowing the other players' hands be worth to the Czech Pub search?

    python research/czech_pub_oracle.py [--players 3] [--deals 20] [--jobs 2] [--seed 91]
                                        [--spec ismcts:medium] [--oracle-spec ismcts:hard]
                                        [--log research/logs/oracle/czech-pub_seed91.jsonl]

An upper bound for inference in the sampled worlds (reading the other
players' hands from their plays): the ``oracle`` seat runs the same search as
``--spec`` (or ``--oracle-spec``, say a larger budget), but every world it
samples holds the other players' true hands; only the deck's order (and so
the Last Order card's place in its known range) and the die are re-sampled. It meets the plain search and greedy at one
table, in every seating of each deal (duplicate play). If even the oracle
places little above the plain search, inference cannot make a stronger
``hard``: no sampled world can know more than the true hands.

``--worlds`` changes what the tested seat (still called the oracle in the
output) samples: ``true`` (the default) the true hands as above;
``passes`` worlds whose hidden cards are dealt weighing what the players'
passes on reaction windows say about their hands (``views.sample_for``, the
search's ``beliefs=inferred``); ``uniform`` worlds that ignore the passes
(every unseen card equally likely anywhere; ``beliefs=uniform``, every preset's),
to measure what weighing them is worth against the plain search; ``orders``
worlds dealt by what each player's own-turn stops and passes say of the cards
it kept (``research/czech_pub_orders.py``: public moves only).

Research, not a bot: the oracle reads the true state, which no bot may.
Figures only: nothing here asserts.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing as mp
import os
import random
import statistics
import sys
import time

from boardbot.ai.bots import make_bot, parse_ismcts
from boardbot.ai.ismcts import Search, best_of
from boardbot.engine import registry
from boardbot.engine.core import TERMINAL
from boardbot.engine.games.czech_pub.data import LO_IN_DECK, POSLEDNI

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from czech_pub_orders import EvidenceSearch, OrderEvidence  # noqa: E402

BOTS = ("oracle", "search", "greedy")


def oracle_world(true_state, rng: random.Random):
    """The true state with the deck re-shuffled and a fresh seed for the die."""
    world = true_state.copy()
    world.seed = rng.getrandbits(63)
    deck = [c for c in true_state.deck if c != POSLEDNI]
    rng.shuffle(deck)
    if true_state.lo_state == LO_IN_DECK:
        pos = rng.randint(true_state.lo_lo, true_state.lo_hi)
        deck.insert(len(deck) + 1 - pos, POSLEDNI)
    world.deck = deck
    return world


class OracleSearch(Search):
    """``Search`` whose worlds come from the true state (``oracle_world``)."""

    def __init__(self, true_state, seat, params, seed):
        super().__init__(true_state.copy(), seat, params, seed)
        self.true_state = true_state

    def run(self, iterations=None, end=None, cancel=None) -> int:
        if len(self.root.legal_moves()) == 1:
            return 0
        done = 0
        step = self._iterate_mo if self.mode == "mo" else self._iterate_so
        while done < iterations:
            if step(oracle_world(self.true_state, self.rng), end):
                done += 1
        self.iterations += done
        return done


def play(args):
    """One game of ``(players, spec, deal, seating[, oracle_spec[, worlds]])``, as a log line."""
    players, spec, seed, order, oracle_spec, worlds = (*args, None, "true")[:6]
    game = registry.get("czech-pub")
    parsed = parse_ismcts(oracle_spec or spec)
    search_bot = make_bot(spec, game)
    greedy = make_bot("greedy", game)
    state = game.new_state({"players": players}, seed)
    rng = random.Random(seed ^ 0x5EED)
    seats = [BOTS[i] for i in order]
    evidence = OrderEvidence(players) if worlds == "orders" else None
    started = time.perf_counter()
    while (seat := state.decider()) != TERMINAL:
        who = seats[seat]
        if who == "oracle":
            moves = state.legal_moves()
            if len(moves) == 1:
                move = moves[0]
            else:
                search_seed = rng.getrandbits(63)
                if worlds == "true":
                    search = OracleSearch(state, seat, parsed.params, search_seed)
                elif worlds == "orders":
                    root = game.from_view(state.view(seat), random.Random(search_seed))
                    search = EvidenceSearch(root, seat, parsed.params, search_seed, evidence)
                else:
                    root = game.from_view(state.view(seat), random.Random(search_seed))
                    beliefs = "inferred" if worlds == "passes" else "uniform"
                    search = Search(root, seat, parsed.params.with_(beliefs=beliefs), search_seed)
                search.run(iterations=parsed.budget.iterations)
                move = best_of(search.root_stats())
        else:
            world = state.sample_for(seat, rng)
            move = (search_bot if who == "search" else greedy).choose(world, rng)
        if evidence is not None:
            before = state.copy()
            state.apply_checked(move)
            evidence.observe(before, move, state)
        else:
            state.apply_checked(move)
    res = state.result()
    return {"players": players, "spec": spec, "oracle_spec": oracle_spec, "worlds": worlds, "deal": seed, "seats": seats,
            "ranks": list(res.ranks), "scores": list(res.scores), "seconds": round(time.perf_counter() - started, 1)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=91)
    ap.add_argument("--spec", default="ismcts:medium")
    ap.add_argument("--oracle-spec", help="the oracle's search (default: --spec)")
    ap.add_argument("--worlds", choices=("true", "passes", "uniform", "orders"), default="true",
                    help="what the oracle's worlds hold: the true hands, hands weighed by the passes "
                         "(the plain search's worlds), hands dealt ignoring the passes, or hands weighed by "
                         "what the players' own-turn orders and passes say of the cards they kept "
                         "(research/czech_pub_orders.py)")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--log", help="append every game as a JSON line")
    args = ap.parse_args(argv)
    n = args.players
    # three bots on n seats: the extra seats are greedy
    seatings = sorted({tuple(min(i, 2) for i in p) for p in itertools.permutations(range(n))})
    tasks = [(n, args.spec, args.seed * 1000 + d, order, args.oracle_spec, args.worlds)
             for d in range(args.deals) for order in seatings]
    results = []
    log = open(args.log, "a") if args.log else None
    with mp.Pool(args.jobs) as pool:
        for r in pool.imap_unordered(play, tasks):
            results.append(r)
            if log:
                log.write(json.dumps(r) + "\n")
                log.flush()
            summarise(results, final=False)
    summarise(results, final=True)
    return 0


def summarise(results, final: bool) -> None:
    pairs = {("oracle", "search"): [0, 0, 0], ("oracle", "greedy"): [0, 0, 0], ("search", "greedy"): [0, 0, 0]}
    for r in results:
        best = {}
        for who, rank in zip(r["seats"], r["ranks"]):
            best[who] = min(best.get(who, 99), rank)
        for (a, b), counts in pairs.items():
            counts[0 if best[a] < best[b] else 1 if best[a] > best[b] else 2] += 1
    text = "; ".join(f"{a} over {b}: {w} above, {l} below, {d} level" for (a, b), (w, l, d) in pairs.items())
    print(f"{len(results)} games: {text}", file=sys.stdout if final else sys.stderr, flush=True)
    if final and results:
        mean, se, deals = score_margin(results)
        print(f"oracle - search: {mean:+.1f} points a game (s.e. {se:.1f} over {deals} deals)")


def score_margin(results) -> tuple[float, float, int]:
    """The oracle's points minus the plain search's, averaged per deal (the seatings of a deal
    share its cards, so the deal is the independent unit), then over deals with its standard error."""
    per_deal: dict = {}
    for r in results:
        points = dict(zip(reversed(r["seats"]), reversed(r["scores"])))  # each bot sits once
        per_deal.setdefault(r["deal"], []).append(points["oracle"] - points["search"])
    means = [statistics.fmean(v) for v in per_deal.values()]
    se = statistics.stdev(means) / math.sqrt(len(means)) if len(means) > 1 else float("nan")
    return statistics.fmean(means), se, len(means)


if __name__ == "__main__":
    sys.exit(main())
