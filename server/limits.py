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

    @staticmethod
    def flags() -> dict[str, tuple[str, str]]:
        """field -> (flag, help) for ``boardbot serve``."""
        return {
            "max_watchers_per_game": ("--max-watchers-per-game", "open WatchGame streams on one game"),
            "max_watchers_per_client": ("--max-watchers-per-client",
                                        "open WatchGame streams from one client address"),
            "max_bot_seconds": ("--max-bot-seconds", "seconds a hosted ismcts bot seat may think per move"),
        }

    def allows(self, limit: int, count: int) -> bool:
        return limit == 0 or count < limit
