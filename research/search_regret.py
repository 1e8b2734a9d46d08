"""How far each search budget's choice is from a long search's, position by position.

    python research/search_regret.py --game czech-pub --players 3 --positions 30 --reference 20000 \\
        --specs "ismcts:medium;ismcts:hard"

Positions come from games of the greedy bot (every seventh decision with a
choice, from seed 100 on). At each, a reference search with ``--reference``
iterations rates every legal move; each spec then searches the same position
(``--repeats`` times, on different seeds) and its "regret" is the reference's
value of its best well-visited move minus the reference's value of the move
the spec chose (0 when it chose that move; agreeing with the reference's
most-visited move, which need not have the best value, is counted apart). The reference must be many times the
largest spec's budget: one no larger is only another noisy search, and on a
few positions a small spec can then look as good. A budget whose regret falls is finding
what the search's own evaluation prefers; whether that also wins games is
the ladder's question (bench/ladder.py): where it does not, the evaluation,
not the budget, is what to improve. Figures only: nothing here asserts.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from boardbot.ai.bots import parse_ismcts
from boardbot.ai.service_api import run_search
from boardbot.engine import registry
from boardbot.engine.core import TERMINAL

WELL_VISITED = 0.02  # share of the reference's iterations a move needs for its value to count as the best


def greedy_positions(game, cfg: dict, count: int, every: int = 7, first_seed: int = 100) -> list[dict]:
    """Views of the deciding seat at every ``every``-th decision with a choice, in greedy games."""
    views = []
    seed = first_seed
    while len(views) < count:
        rng = random.Random(seed)
        state = game.new_state(cfg, seed)
        decisions = 0
        while state.decider() != TERMINAL and len(views) < count:
            seat = state.decider()
            if len(state.legal_moves()) > 1:
                decisions += 1
                if decisions % every == every // 2:
                    views.append(state.view(seat))
            state.apply_checked(game.heuristic_move(state.sample_for(seat, rng), rng))
        seed += 1
    return views


def regrets(game, views: list[dict], reference: int, specs: list[str], repeats: int) -> list[dict]:
    ref = parse_ismcts(f"ismcts:iterations={reference}")
    parsed = {spec: parse_ismcts(spec) for spec in specs}
    rows = []
    for i, view in enumerate(views):
        long = run_search(game, view, ref.budget, 7 + i, ref.params)
        value = {tuple(c["move"]): (c["value"] or 0.0) for c in long.candidates}
        best = max(value[tuple(c["move"])] for c in long.candidates
                   if c["visits"] >= WELL_VISITED * long.iterations)
        row = {"position": i, "moves": len(value), "reference": list(long.move), "specs": {}}
        for spec, p in parsed.items():
            tries = []
            for rep in range(repeats):
                started = time.perf_counter()
                result = run_search(game, view, p.budget, 1000 * rep + i, p.params)
                tries.append({"regret": best - value[tuple(result.move)], "agrees": result.move == long.move,
                              "seconds": time.perf_counter() - started})
            row["specs"][spec] = tries
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
    return rows


def summary(rows: list[dict]) -> dict:
    out = {}
    for spec in rows[0]["specs"]:
        tries = [t for r in rows for t in r["specs"][spec]]
        out[spec] = {"mean_regret": round(sum(t["regret"] for t in tries) / len(tries), 5),
                     "max_regret": round(max(t["regret"] for t in tries), 5),
                     "agrees_with_reference": round(sum(t["agrees"] for t in tries) / len(tries), 3),
                     "ms_per_search": round(1000 * sum(t["seconds"] for t in tries) / len(tries), 1),
                     "searches": len(tries)}
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", required=True)
    ap.add_argument("--players", type=int, default=None, help="the game's player count (default: its own)")
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--reference", type=int, default=20000, help="iterations of the reference search")
    ap.add_argument("--specs", default="ismcts:medium;ismcts:hard", help="bot specs, separated by ';'")
    ap.add_argument("--repeats", type=int, default=2, help="searches per spec and position, on other seeds")
    args = ap.parse_args(argv)
    game = registry.get(args.game)
    cfg = game.validate({"players": args.players} if args.players else {})
    rows = regrets(game, greedy_positions(game, cfg, args.positions), args.reference,
                   args.specs.split(";"), args.repeats)
    report = {"game": args.game, "config": cfg, "positions": len(rows), "reference": args.reference,
              "specs": summary(rows)}
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
