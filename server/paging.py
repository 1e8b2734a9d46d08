"""Pages of a listing (ListGames, ListOpenGames): the page size a request may ask for, and
page tokens, which name the store sequence number a page continues after."""

from __future__ import annotations

import base64

from . import errors

DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE = 50, 1000
MAX_SEQ = 2**63  # a page token's position is below this (SQLite's INTEGER, Redis's scores)


def page_size(request) -> int:
    """A request's ``page_size``: the default when unset, at most MAX_PAGE_SIZE."""
    if request.page_size < 0:
        raise errors.invalid("page_size", "page_size must not be negative")
    return min(request.page_size or DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)


def page_start(token: str, kind: str, method: str) -> int:
    """The store sequence number a page token of ``kind`` (``page_token``) continues after;
    0 for no token. INVALID_ARGUMENT for anything ``method`` did not make."""
    if not token:
        return 0
    try:
        which, _, value = base64.urlsafe_b64decode(token.encode()).decode().partition(":")
        after = int(value)
        if which != kind or not 0 <= after < MAX_SEQ:  # a store's sequence numbers are int64
            raise ValueError
    except ValueError:
        raise errors.invalid("page_token", f"not a page token from {method}") from None
    return after


def page_token(kind: str, after: int) -> str:
    return base64.urlsafe_b64encode(f"{kind}:{after}".encode()).decode()
