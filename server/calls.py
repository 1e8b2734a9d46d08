"""What a call brings to the game master besides its request, whatever transport brought it."""

from __future__ import annotations

import time
from typing import Any

from . import errors


class Call:
    """One call as the master sees it, whatever transport brought it.

    ``authorization``: the raw credentials value (``Bearer <token>``) or None;
    ``deadline``: the call's deadline on ``time.monotonic()``'s clock, or None;
    ``log``: the fields the master learns for the call's log line (game,
    game_id, seat); ``address``: the peer's host as the transport reports it (None for an
    in-process caller or a Unix socket) and ``forwarded_for``: its X-Forwarded-For header,
    from which the master tells the client for per-client limits (``GameMaster.client``)."""

    __slots__ = ("authorization", "deadline", "log", "address", "forwarded_for")

    def __init__(self, authorization: str | None = None, deadline: float | None = None, address: str | None = None,
                 forwarded_for: str | None = None):
        self.authorization = authorization
        self.deadline = deadline
        self.log: dict[str, Any] = {}
        self.address = address
        self.forwarded_for = forwarded_for

    @classmethod
    def with_token(cls, token: str | None, deadline: float | None = None) -> "Call":
        """A call from an in-process caller that holds the token itself."""
        return cls(None if token is None else f"Bearer {token}", deadline)

    def token(self) -> str | None:
        """The bearer token, or None without credentials (a malformed value is UNAUTHENTICATED)."""
        value = self.authorization
        if value is None:
            return None
        scheme, _, token = value.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise errors.unauthenticated("authorization must be 'Bearer <token>'")
        return token.strip()

    def time_remaining(self) -> float | None:
        if self.deadline is None:
            return None
        return max(0.0, self.deadline - time.monotonic())
