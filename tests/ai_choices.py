"""A game's AI chooses as it did when its recording was made (issue 53: the speed work on a game's
rules and policy must not change what its bots choose, so the ladder's strengths stay valid).

A recording (``ai_choices.json.gz`` beside the game's test) holds, for a few thousand positions of
seeded games (random moves mixed with the greedy bot's, every configuration): the greedy bot's
move (``heuristic_move``), the rollout policy's move and how much of its random stream it used
(``playout_move``), the search hint (``Game.search_hint``, on a copy as the search asks it), the
cut-off evaluation's values (``evaluate``, exact), the world ``sample_for`` deals the decider, and
what the game adds (``Recording.extra``); then the move, the visits and the values of seeded
searches at a fixed iteration budget, with the presets and variants the ladder measured. Both
builds (pure and compiled) must reproduce it exactly.

A game's test makes a ``Recording`` and calls ``check()``; run as a script with ``--record`` it
records again, only for an intended change of the AI (never for a speed step).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field

from boardbot.ai.service_api import suggest
from boardbot.engine.core import TERMINAL


def digest(value) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:16]


def state_digest(state) -> str:
    return digest(json.dumps(state.to_dict(), sort_keys=True))


def legal_and_view(state, key: int) -> dict:
    """A ``Recording.extra`` for the games whose speed work touches move generation and views:
    the position's legal moves and the decider's view, as digests."""
    return {"legal": digest(state.legal_moves()), "view": digest(state.view(state.decider()))}


def _move(move) -> list | None:
    return None if move is None else list(move)


@dataclass
class Recording:
    game: object  # the Game
    path: str  # the recording's file
    seed: int  # the first seeded game's seed
    extra: Callable[[object, int], dict] = lambda state, key: {}  # more of a position's choices
    games: int = 50  # seeded games, configurations in turn
    record_share: float = 0.15  # of their positions recorded (the others are played through)
    greedy_share: float = 0.7  # moves the greedy bot makes in those games (the rest: random)
    searches: tuple = (("ismcts:hard", 24), ("ismcts:easy", 12))  # (bot spec, searches)
    search_iterations: int = 150
    _policy: object = field(init=False)

    def __post_init__(self):
        self._policy = self.game.policy

    def position_choices(self, state, key: int) -> dict:
        """Everything the AI decides at ``state`` (seeded by ``key``), as JSON-safe values."""
        policy = self._policy
        rng = random.Random(key)
        heuristic = policy.heuristic_move(state, rng)
        rng = random.Random(key + 1)
        playout = policy.playout_move(state, rng)
        playout_rng = rng.random()  # how much of the stream it used
        hint = self.game.search_hint(state.copy(), random.Random(key + 2))
        values = policy.evaluate(state)
        out = {"state": state_digest(state), "heuristic": _move(heuristic), "playout": _move(playout),
               "playout_rng": digest(playout_rng), "hint": _move(hint), "evaluate": digest(values)}
        out.update(self.extra(state, key))
        out["world"] = state_digest(state.sample_for(state.decider(), random.Random(key + 3)))
        return out

    def record_positions(self) -> tuple[list, list]:
        """The choices at the recorded positions, and some positions for the searches."""
        configs = self.game.configurations()
        out, searchable = [], []
        for g in range(self.games):
            state = self.game.new_state(configs[g % len(configs)], self.seed + g)
            rng = random.Random(g)
            step = 0
            while state.decider() != TERMINAL:
                moves = state.legal_moves()
                if rng.random() < self.record_share:
                    choices = self.position_choices(state, g * 100_000 + step)
                    out.append({"game": g, "step": step, **choices})
                    if len(moves) > 1 and rng.random() < 0.2:
                        searchable.append(state.copy())
                if rng.random() < self.greedy_share:
                    move = self._policy.heuristic_move(state, rng)
                else:
                    move = moves[rng.randrange(len(moves))]
                state.apply(move)
                step += 1
        return out, searchable

    def record_searches(self, positions: list) -> list:
        out = []
        i = 0
        for spec, count in self.searches:
            for _ in range(count):
                state = positions[(i * 7) % len(positions)]
                r = suggest(self.game, state.view(state.decider()), {"iterations": self.search_iterations},
                            seed=i, params=spec)
                out.append({"spec": spec, "position": (i * 7) % len(positions), "move": list(r.move),
                            "iterations": r.iterations,
                            "candidates": [[list(c["move"]), c["visits"], repr(c["value"])] for c in r.candidates]})
                i += 1
        return out

    def check(self) -> None:
        with gzip.open(self.path, "rt", encoding="utf-8") as f:
            expected = json.load(f)
        positions, searchable = self.record_positions()
        for want, got in zip(expected["positions"], positions):
            where = f"game {want['game']} step {want['step']}"
            assert (got["game"], got["step"]) == (want["game"], want["step"]), f"{where}: the games went another way"
            assert got["state"] == want["state"], f"{where}: the position differs (a move before it changed)"
            for key in want:
                assert got[key] == want[key], f"{where}: {key} differs: {got[key]!r}, recorded {want[key]!r}"
        assert len(positions) == len(expected["positions"])
        searches = self.record_searches(searchable)
        for i, (want, got) in enumerate(zip(expected["searches"], searches)):
            assert got == want, f"search {i} ({want['spec']}) differs: {got!r}, recorded {want!r}"
        assert len(searches) == len(expected["searches"])

    def main(self, doc: str) -> None:
        """The test module's ``__main__``: ``--record`` records again."""
        if sys.argv[1:] != ["--record"]:
            raise SystemExit(doc)
        positions, searchable = self.record_positions()
        data = {"positions": positions, "searches": self.record_searches(searchable)}
        with gzip.GzipFile(self.path, "wb", mtime=0) as f:
            f.write(json.dumps(data, separators=(",", ":")).encode())
        print(f"recorded {len(data['positions'])} positions and {len(data['searches'])} searches in {self.path}")
