"""Czech Pub's AI chooses as it did when the recording was made (issue 53: the speed work on the
rules and the policy must not change what the bots choose, so the ladder's strengths stay valid).

The recording (``ai_choices.json.gz`` beside this file) holds, for a few thousand positions of
seeded games (random moves mixed with the greedy bot's, every configuration): the greedy bot's
move (``heuristic_move``), the rollout policy's move and how much of its random stream it used
(``playout_move``), the search hint (``Game.search_hint``, on a copy as the search asks it), the
cut-off evaluation's values (``evaluate``, exact), what the passes say of each hand
(``unlikely_cards``) and the world ``sample_for`` deals the decider; then the move, the visits
and the values of seeded searches at a fixed iteration budget, with the presets and variants the
ladder measured. Both builds (pure and compiled) must reproduce it exactly.

Record again only for an intended change of the AI (never for a speed step):

    python tests/games/czech_pub/test_czech_pub_ai_choices.py --record
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import random
import sys

from boardbot.ai.service_api import suggest
from boardbot.engine.core import TERMINAL
from boardbot.engine.games.czech_pub import GAME, policy

RECORDING = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ai_choices.json.gz")
GAMES = 50  # seeded games, configurations in turn
RECORD_SHARE = 0.15  # of their positions recorded (the others are played through)
GREEDY_SHARE = 0.7  # moves the greedy bot makes in those games (the rest: random)
SEARCHES = (  # (bot spec, searches); fixed budget
    ("ismcts:hard", 24), ("ismcts:easy", 12), ("ismcts:hard,beliefs=inferred", 12),
    ("ismcts:hard,opponents=policy", 8),
)
SEARCH_ITERATIONS = 150


def _digest(value) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:16]


def _move(move) -> list | None:
    return None if move is None else list(move)


def position_choices(state, key: int) -> dict:
    """Everything the AI decides at ``state`` (seeded by ``key``), as JSON-safe values."""
    rng = random.Random(key)
    heuristic = policy.heuristic_move(state, rng)
    rng = random.Random(key + 1)
    playout = policy.playout_move(state, rng)
    playout_rng = rng.random()  # how much of the stream it used
    hint = GAME.search_hint(state.copy(), random.Random(key + 2))
    values = policy.evaluate(state)
    unlikely = [sorted(policy.unlikely_cards(state, q)) for q in range(state.num_seats)]
    world = state.sample_for(state.decider(), random.Random(key + 3))
    return {
        "state": _digest(json.dumps(state.to_dict(), sort_keys=True)),
        "heuristic": _move(heuristic), "playout": _move(playout), "playout_rng": _digest(playout_rng),
        "hint": _move(hint), "evaluate": _digest(values), "unlikely": unlikely,
        "world": _digest(json.dumps(world.to_dict(), sort_keys=True)),
    }


def record_positions() -> tuple[list, list]:
    """The choices at the recorded positions, and some positions for the searches."""
    configs = GAME.configurations()
    out, searchable = [], []
    for g in range(GAMES):
        state = GAME.new_state(configs[g % len(configs)], 5300 + g)
        rng = random.Random(g)
        step = 0
        while state.decider() != TERMINAL:
            moves = state.legal_moves()
            if rng.random() < RECORD_SHARE:
                choices = position_choices(state, g * 100_000 + step)
                out.append({"game": g, "step": step, **choices})
                if len(moves) > 1 and rng.random() < 0.2:
                    searchable.append(state.copy())
            if rng.random() < GREEDY_SHARE:
                move = policy.heuristic_move(state, rng)
            else:
                move = moves[rng.randrange(len(moves))]
            state.apply(move)
            step += 1
    return out, searchable


def record_searches(positions: list) -> list:
    out = []
    i = 0
    for spec, count in SEARCHES:
        for _ in range(count):
            state = positions[(i * 7) % len(positions)]
            r = suggest(GAME, state.view(state.decider()), {"iterations": SEARCH_ITERATIONS}, seed=i, params=spec)
            out.append({"spec": spec, "position": (i * 7) % len(positions), "move": list(r.move),
                        "iterations": r.iterations,
                        "candidates": [[list(c["move"]), c["visits"], repr(c["value"])] for c in r.candidates]})
            i += 1
    return out


def record() -> dict:
    positions, searchable = record_positions()
    return {"positions": positions, "searches": record_searches(searchable)}


def test_the_ai_chooses_as_recorded():
    with gzip.open(RECORDING, "rt", encoding="utf-8") as f:
        expected = json.load(f)
    positions, searchable = record_positions()
    for want, got in zip(expected["positions"], positions):
        where = f"game {want['game']} step {want['step']}"
        assert (got["game"], got["step"]) == (want["game"], want["step"]), f"{where}: the games went another way"
        assert got["state"] == want["state"], f"{where}: the position differs (a move before it changed)"
        for key in want:
            assert got[key] == want[key], f"{where}: {key} differs: {got[key]!r}, recorded {want[key]!r}"
    assert len(positions) == len(expected["positions"])
    searches = record_searches(searchable)
    for i, (want, got) in enumerate(zip(expected["searches"], searches)):
        assert got == want, f"search {i} ({want['spec']}) differs: {got!r}, recorded {want!r}"
    assert len(searches) == len(expected["searches"])


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        raise SystemExit(__doc__)
    data = record()
    with gzip.GzipFile(RECORDING, "wb", mtime=0) as f:
        f.write(json.dumps(data, separators=(",", ":")).encode())
    print(f"recorded {len(data['positions'])} positions and {len(data['searches'])} searches in {RECORDING}")
