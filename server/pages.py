"""Page tokens of the calls that answer a page at a time (ListGames, GetLeaderboard): the
page size a request asks for, and where a page token goes on."""

from __future__ import annotations

import base64

from . import errors

DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE = 50, 1000
MAX_SEQ = 2**63  # a page token's position is below this (SQLite's INTEGER, Redis's scores)


def page_size(request) -> int:
    """A request's ``page_size``: the default when unset, at most MAX_PAGE_SIZE; INVALID_ARGUMENT
    when negative."""
    if request.page_size < 0:
        raise errors.invalid("page_size", "page_size must not be negative")
    return min(request.page_size or DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)


def page_position(token: str, kind: str, method: str) -> int:
    """Where a page token of ``method`` (``<kind>:<position>``, base64) goes on; 0 without one.
    Positions are below MAX_SEQ (a store's sequence numbers are int64)."""
    if not token:
        return 0
    try:
        found, _, value = base64.urlsafe_b64decode(token.encode()).decode().partition(":")
        position = int(value)
        if found != kind or not 0 <= position < MAX_SEQ:
            raise ValueError
    except ValueError:
        raise errors.invalid("page_token", f"not a page token from {method}") from None
    return position


def page_token(kind: str, position: int) -> str:
    """The token of the page that starts after ``position``."""
    return base64.urlsafe_b64encode(f"{kind}:{position}".encode()).decode()
