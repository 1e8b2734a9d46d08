"""What the live scores (SeatView.live_scores, issue 48) cost the server per version of a game.

    python bench/live_scores.py [--repeats 5]

For each game that scores during play: consecutive versions of a few random games (moves 21-40),
each version's views built as the server builds them for its watchers (``Snapshot.seat_view``
of every seat and the spectator, a fresh per-version cache, serialized), three ways side by
side in one run, alternating: ``none`` (the game's live scores switched off: the server before
them), ``uncached`` (a Struct built for every score) and ``cached`` (the server's: the
serialized scores kept by their repr, ``boardbot.server.snapshots._live_score``). Prints the
median CPU microseconds per version.
"""

import argparse
import random
import statistics
import time

from boardbot.engine import registry
from boardbot.engine.core import TERMINAL, Game
from boardbot.server import snapshots
from boardbot.server.records import HUMAN, GameRecord, SeatRecord
from boardbot.server.snapshots import Snapshot
from boardbot.v1 import common_pb2

CACHED = snapshots._live_score


def uncached(score: dict) -> bytes:
    out = common_pb2.LiveScore(points=score["points"], partial=score["partial"])
    out.breakdown.update(score["breakdown"])
    return out.SerializeToString()


def versions(name: str, players: int) -> list:
    game, out = registry.get(name), []
    for seed in range(6):
        state, rng = game.new_state({"players": players}, seed), random.Random(seed)
        for k in range(40):
            if state.decider() == TERMINAL:
                break
            state.apply(rng.choice(state.legal_moves()))
            if k >= 20:
                seats = tuple(SeatRecord(HUMAN) for _ in range(players))
                out.append((GameRecord("bench", name, dict(state.config), seed, seats, "", {}, 0.0), state.copy()))
    return out


def per_version(name: str, players: int, snaps: list, mode: str) -> float:
    cls = type(registry.get(name))
    own = cls.__dict__["live_scores"]
    if mode == "none":
        cls.live_scores = Game.live_scores
    snapshots._live_score = uncached if mode == "uncached" else CACHED
    snapshots._LIVE_SCORES.clear()
    try:
        started = time.process_time()
        for record, state in snaps:
            snap = Snapshot(record, state, 1, [False] * players, cache={})
            for seat in [*range(players), None]:
                snap.seat_view(seat).SerializeToString()
        return (time.process_time() - started) / len(snaps) * 1e6
    finally:
        cls.live_scores = own
        snapshots._live_score = CACHED


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    for name, players in (("frogriders", 2), ("czech-pub", 3), ("froccs", 3), ("dulore-jutunk", 2)):
        snaps = versions(name, players)
        times: dict[str, list[float]] = {"none": [], "uncached": [], "cached": []}
        for _ in range(args.repeats):
            for mode, runs in times.items():
                runs.append(per_version(name, players, snaps, mode))
        print(f"{name}, {players} seats and a spectator: CPU µs per version, median of {args.repeats}: "
              + ", ".join(f"{mode} {statistics.median(runs):.0f}" for mode, runs in times.items()))


if __name__ == "__main__":
    main()
