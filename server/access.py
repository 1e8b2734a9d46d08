"""Who may act on a hosted game: the holders of its seat tokens and of its owner token.

CreateGame makes a random secret per human seat and one owner secret
(``new_token``); the store keeps only their SHA-256 (``token_digest``). A call
acting as a seat carries ``Bearer <token>`` (gRPC metadata ``authorization``, or
an HTTP ``Authorization`` header). No token: UNAUTHENTICATED; a token this game
does not know: UNAUTHENTICATED; a token of this game that is not the seat's
(another seat's, the owner's): PERMISSION_DENIED.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from . import errors
from .calls import Call
from .records import BOT, GameRecord


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def authorize_seat(record: GameRecord, seat: int, call: Call) -> None:
    """The call acts as ``seat`` of this game: it must hold the seat's token."""
    call.log["seat"] = seat
    seats = record.seats
    if not 0 <= seat < len(seats):
        raise errors.invalid("seat", f"seat {seat} does not exist (seats 0-{len(seats) - 1})")
    token = call.token()
    if token is None:
        raise errors.unauthenticated(f"acting as seat {seat} needs its token in the metadata "
                                     "('authorization: Bearer <token>')")
    digest = token_digest(token)
    if seats[seat].token and hmac.compare_digest(digest, seats[seat].token):
        return
    known = [s.token for s in seats if s.token] + [record.owner]
    if any(hmac.compare_digest(digest, k) for k in known):
        if seats[seat].kind == BOT:
            raise errors.permission_denied(f"seat {seat} is played by a bot")
        raise errors.permission_denied(f"this token is not seat {seat}'s")
    raise errors.unauthenticated("unknown token for this game")


def authorize_observer(record: GameRecord, request, call: Call) -> int | None:
    """The seat a request views the game as (its optional ``seat``: the call must hold that
    seat's token), or None for a spectator (GetView, WatchGame, GetGameRecord)."""
    if not request.HasField("seat"):
        return None
    authorize_seat(record, request.seat, call)
    return request.seat


def authorize_owner(record: GameRecord, call: Call) -> None:
    """The call acts as the game's owner (DeleteGame, the one call only the owner may make):
    it must hold the owner token."""
    token = call.token()
    if token is None:
        raise errors.unauthenticated("deleting a game needs its owner token in the metadata")
    digest = token_digest(token)
    if not hmac.compare_digest(digest, record.owner):
        if any(s.token and hmac.compare_digest(digest, s.token) for s in record.seats):
            raise errors.permission_denied("only the owner token can delete a game")
        raise errors.unauthenticated("unknown token for this game")
