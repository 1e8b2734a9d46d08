"""What one caller may take of the server: the limits ``boardbot serve`` enforces,
with their defaults and flags (docs/security.md lists them and why).

Every limit is per server process. 0 turns a limit off (for load tests from one
machine, say); a call past one gets RESOURCE_EXHAUSTED with a QuotaFailure
naming the limit and, where waiting helps, a RetryInfo.
"""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Limits:
    # open WatchGame streams: every new version of a game costs each of its streams a
    # write (about 50 µs of the event loop in grpcio), so thousands on one game would
    # starve every other call (bench/idle_watchers.py)
    max_watchers_per_game: int = 256
    max_watchers_per_client: int = 64
    # a hosted bot seat's think time per move: a spec asking for more is refused at
    # CreateGame, and an iteration-only spec stops at this time too
    max_bot_seconds: int = 10
    # CreateGame from one client address: a bucket of this many, refilled at this many a second
    create_burst_per_client: int = 200
    creates_per_second_per_client: int = 50

    @staticmethod
    def flags() -> dict[str, tuple[str, str]]:
        """field -> (flag, help) for ``boardbot serve``."""
        return {
            "max_watchers_per_game": ("--max-watchers-per-game", "open WatchGame streams on one game"),
            "max_watchers_per_client": ("--max-watchers-per-client",
                                        "open WatchGame streams from one client address"),
            "max_bot_seconds": ("--max-bot-seconds", "seconds a hosted ismcts bot seat may think per move"),
            "create_burst_per_client": ("--create-burst-per-client",
                                        "games one client address may create at once, before the rate applies"),
            "creates_per_second_per_client": ("--creates-per-second-per-client",
                                              "games one client address may create a second, sustained"),
        }

    def allows(self, limit: int, count: int) -> bool:
        return limit == 0 or count < limit


class RateLimiter:
    """Token buckets by key (a client address): ``take`` spends one token or says how
    long until one is back. Buckets full again are forgotten, so the table stays as
    small as the set of clients that were busy lately."""

    def __init__(self, burst: int, per_second: float, clock=None):
        import time

        self.burst, self.rate = burst, per_second
        self.clock = clock or time.monotonic
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when)

    def take(self, key: str) -> float:
        """0.0 if a token was taken, else the seconds until one is available."""
        if self.burst <= 0 or self.rate <= 0:
            return 0.0
        now = self.clock()
        tokens, when = self._buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - when) * self.rate)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            return (1.0 - tokens) / self.rate
        self._buckets[key] = (tokens - 1.0, now)
        if len(self._buckets) > 10_000:
            self._forget_full(now)
        return 0.0

    def _forget_full(self, now: float) -> None:
        for key, (tokens, when) in list(self._buckets.items()):
            if tokens + (now - when) * self.rate >= self.burst:
                del self._buckets[key]
