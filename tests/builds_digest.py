"""Everything the rules and the search decide, as digests, for the differential test
(tests/test_compiled_build.py runs this in a pure and in a compiled child and compares).

    python tests/builds_digest.py GAME GAMES SEARCHES ITERATIONS FRACTION

Plays ``GAMES`` seeded random games of every configuration of ``GAME`` and records, at every
step, the decider, the legal moves and the text of the move played; at a seeded ``FRACTION`` of
the steps, and at every game's end, also the whole state (``to_dict``), every seat's and the
spectator's view and every legal move's text, public texts included (these cost ten times the rest:
the short run samples them, the long run takes every step); at the end, the result. Then
``SEARCHES`` seeded searches (``ITERATIONS`` iterations, the ``ismcts:hard`` parameters) from
decision points of those games, and the move each chooses with every candidate's visits and value.
Prints one JSON object: the build, the counts and a SHA-256 per game (so a difference names the
first game that differs).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

from boardbot.ai.service_api import suggest
from boardbot.engine import build, registry
from boardbot.engine.core import TERMINAL


def digest_everything(h, state) -> None:
    """The whole position: state, every view, every legal move's text (its decider's and public)."""
    h.update(json.dumps(state.to_dict(), sort_keys=True).encode())
    seats = [None, *range(state.num_seats)]
    h.update(json.dumps([state.view(s) for s in seats], sort_keys=True, default=str).encode())
    if state.decider() != TERMINAL:
        moves = state.legal_moves()
        h.update(repr([state.move_text(m) for m in moves]).encode())
        h.update(repr([state.public_move_text(m, s) for m in moves[:3] for s in seats]).encode())


def digest_games(name: str, games: int, searches: int, iterations: int, fraction: float) -> dict:
    game = registry.get(name)
    configs = game.configurations()
    per_game = []
    steps = checked = 0
    positions = []
    for g in range(games):
        cfg = configs[g % len(configs)]
        h = hashlib.sha256()
        state = game.new_state(cfg, g)
        rng = random.Random(g)
        while True:
            steps += 1
            decider = state.decider()
            if decider == TERMINAL:
                digest_everything(h, state)
                h.update(json.dumps(state.result().to_dict(), sort_keys=True).encode())
                break
            if rng.random() < fraction:
                checked += 1
                digest_everything(h, state)
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
            h.update(repr((decider, moves, state.move_text(move))).encode())
            if len(moves) > 1 and len(positions) < searches and rng.random() < 0.1:
                positions.append(state.copy())
            state.apply(move)
        per_game.append(h.hexdigest()[:16])
    decisions = []
    for i, state in enumerate(positions):
        seat = state.decider()
        r = suggest(game, state.sample_for(seat, random.Random(i)), {"iterations": iterations}, seed=i,
                    params="ismcts:hard")
        decisions.append(hashlib.sha256(repr((r.move, r.iterations, [(c["move"], c["visits"], c["value"])
                                                                      for c in r.candidates])).encode()).hexdigest()[:16])
    return {"build": build.describe(), "games": games, "steps": steps, "checked": checked, "searches": len(decisions),
            "per_game": per_game, "decisions": decisions}


if __name__ == "__main__":
    name, games, searches, iterations = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    print(json.dumps(digest_games(name, games, searches, iterations, float(sys.argv[5]))))
