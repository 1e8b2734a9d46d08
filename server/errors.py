"""Service errors as ``google.rpc.Status``: a code, a message and typed details.

Transport-free: the game master raises ``ServiceError`` and every way in
(the gRPC adapters, an in-process caller)
turns it into its own form; ``status()`` is the ``google.rpc.Status`` they
all carry. Codes are ``google.rpc.Code`` numbers, the same as gRPC's.

Every error carries an ErrorInfo (a stable ``reason``, domain
``boardbot.v1``, string ``metadata``); INVALID_ARGUMENT adds BadRequest
field violations, FAILED_PRECONDITION a PreconditionFailure, and a caller
may add more (RetryInfo, QuotaFailure) through ``details``.
"""

from __future__ import annotations

from google.protobuf import any_pb2, duration_pb2
from google.protobuf.message import Message
from google.rpc import code_pb2, error_details_pb2, status_pb2

DOMAIN = "boardbot.v1"
Code = code_pb2.Code
MAX_ECHO = 200  # characters of anything in an error (a caller's id, spec or text echoed back)


def clip(text: str, limit: int = MAX_ECHO) -> str:
    """``text`` cut to ``limit`` characters, with a marker saying how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}...[{len(text) - limit} more characters]"


class ServiceError(Exception):
    def __init__(self, code: int, message: str, reason: str, *,
                 field: str | None = None, precondition: str | None = None, subject: str = "",
                 metadata: dict[str, str] | None = None, details: list[Message] | None = None):
        # nothing a caller sent is echoed unbounded (the status must fit gRPC's metadata limit)
        message = clip(message, 2 * MAX_ECHO)
        super().__init__(message)
        self.code = code
        self.message = message
        self.reason = reason
        self.field = None if field is None else clip(field)
        self.precondition = precondition
        self.subject = clip(subject)
        self.metadata = {k: clip(v) for k, v in (metadata or {}).items()}
        self.extra = list(details or ())

    @property
    def code_name(self) -> str:
        """``INVALID_ARGUMENT`` for 3, as gRPC and the logs spell it."""
        return Code.Name(self.code)

    def details(self) -> list[Message]:
        out: list[Message] = [error_details_pb2.ErrorInfo(reason=self.reason, domain=DOMAIN, metadata=self.metadata)]
        if self.field is not None:
            out.append(error_details_pb2.BadRequest(field_violations=[
                error_details_pb2.BadRequest.FieldViolation(field=self.field, description=self.message)]))
        if self.precondition is not None:
            out.append(error_details_pb2.PreconditionFailure(violations=[
                error_details_pb2.PreconditionFailure.Violation(
                    type=self.precondition, subject=self.subject, description=self.message)]))
        return out + self.extra

    def status(self) -> status_pb2.Status:
        packed = []
        for detail in self.details():
            box = any_pb2.Any()
            box.Pack(detail)
            packed.append(box)
        return status_pb2.Status(code=self.code, message=self.message, details=packed)


def invalid(field: str, message: str, reason: str = "INVALID_ARGUMENT") -> ServiceError:
    return ServiceError(Code.INVALID_ARGUMENT, message, reason, field=field)


def not_found(game_id: str) -> ServiceError:
    return ServiceError(Code.NOT_FOUND, f"no game {game_id!r}", "GAME_NOT_FOUND", metadata={"game_id": game_id})


def precondition(kind: str, subject: str, message: str) -> ServiceError:
    return ServiceError(Code.FAILED_PRECONDITION, message, kind, precondition=kind, subject=subject)


def rules_changed(game_id: str, game: str, played: int, runs: int, refused: str) -> ServiceError:
    """FAILED_PRECONDITION for a call that would replay a game's events or play it on under
    other rules than it was played under (``refused``: what the server does not do)."""
    return ServiceError(
        Code.FAILED_PRECONDITION,
        f"game {game_id} was played under {game} rules version {played}, and this server runs {game} rules "
        f"version {runs}: it does not {refused} under other rules (GetGame and GetView answer from the "
        "stored game)", "RULES_VERSION_CHANGED", precondition="RULES_VERSION_CHANGED", subject=f"games/{game_id}",
        metadata={"game_id": game_id, "game": game, "rules_version": str(played), "server_rules_version": str(runs)})


def aborted(message: str, current_version: int) -> ServiceError:
    return ServiceError(Code.ABORTED, message, "STALE_VERSION", metadata={"current_version": str(current_version)})


def unauthenticated(message: str) -> ServiceError:
    return ServiceError(Code.UNAUTHENTICATED, message, "UNAUTHENTICATED")


def permission_denied(message: str) -> ServiceError:
    return ServiceError(Code.PERMISSION_DENIED, message, "PERMISSION_DENIED")


def unavailable(message: str, reason: str, metadata: dict[str, str] | None = None) -> ServiceError:
    return ServiceError(Code.UNAVAILABLE, message, reason, metadata=metadata)


def deadline_exceeded(message: str, reason: str) -> ServiceError:
    return ServiceError(Code.DEADLINE_EXCEEDED, message, reason)


def internal(request_id: str) -> ServiceError:
    return ServiceError(Code.INTERNAL, "internal error", "INTERNAL", metadata={"request_id": request_id})


def overloaded(message: str, metadata: dict[str, str], retry_after: float, subject: str) -> ServiceError:
    """RESOURCE_EXHAUSTED for a full search queue, with ErrorInfo, RetryInfo and QuotaFailure details."""
    return exhausted(message, "SEARCH_QUEUE_FULL", metadata, subject, retry_after)


def store_full(limit: int) -> ServiceError:
    """RESOURCE_EXHAUSTED for a CreateGame past the store's cap on games (``--max-games``)."""
    return exhausted(f"the server holds its maximum of {limit} games: delete finished games, or try again "
                     "once some have expired", "GAME_LIMIT_REACHED", {"max_games": str(limit)}, "games")


def client_full(limit: int, client: str) -> ServiceError:
    """RESOURCE_EXHAUSTED for a CreateGame from a client that holds its maximum of stored
    games (``--max-games-per-client``)."""
    return exhausted(f"client {client} holds its maximum of {limit} stored games: delete games it no longer needs "
                     "(DeleteGame with the owner token), or finish them and try again once they have expired",
                     "CLIENT_GAME_LIMIT_REACHED", {"max_games_per_client": str(limit), "client": client},
                     "games/peer")


def quota_exceeded(message: str, reason: str, subject: str, retry_after: float | None = None,
                   metadata: dict[str, str] | None = None) -> ServiceError:
    """RESOURCE_EXHAUSTED for a per-game or per-client limit (boardbot.server.limits)."""
    return exhausted(message, reason, metadata or {}, subject, retry_after)


def exhausted(message: str, reason: str, metadata: dict[str, str], subject: str,
              retry_after: float | None = None) -> ServiceError:
    """RESOURCE_EXHAUSTED with ErrorInfo, QuotaFailure and (given ``retry_after``) RetryInfo details."""
    details: list[Message] = []
    if retry_after is not None:
        delay = duration_pb2.Duration()
        delay.FromNanoseconds(int(retry_after * 1e9))
        details.append(error_details_pb2.RetryInfo(retry_delay=delay))
    details.append(error_details_pb2.QuotaFailure(violations=[error_details_pb2.QuotaFailure.Violation(
        subject=subject, description=message)]))
    return ServiceError(Code.RESOURCE_EXHAUSTED, message, reason, metadata=metadata, details=details)
