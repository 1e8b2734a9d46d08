"""The gRPC side of a call: a ``Call`` for the master, statuses, one log line.

``rpc`` wraps a servicer method ``(self, request, call, context)`` written
against the transport-free master: it makes the ``Call`` from the gRPC
context (the ``authorization`` metadata, the deadline), turns a
``ServiceError`` into the call's status with its ``google.rpc`` details
(``grpc-status-details-bin``), answers INTERNAL with a request id (and logs
the cause) for anything else, and writes the call's log line.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import sys
import time
import uuid

import grpc
import structlog
from grpc_status import rpc_status

from . import errors, logs, metrics
from .master import Call
from .store import StoreUnavailable

log = structlog.get_logger("boardbot.server")

NO_DEADLINE = 10 * 365 * 86400.0  # what gRPC reports as the time left of a call without a deadline


def call_of(context) -> Call:
    """The master's ``Call`` for a gRPC call."""
    authorization = None
    for key, value in context.invocation_metadata() or ():
        if key == "authorization":
            authorization = value
            break
    remaining = context.time_remaining()
    deadline = None if remaining is None or remaining > NO_DEADLINE else time.monotonic() + remaining
    return Call(authorization, deadline)


async def _abort(context, err: errors.ServiceError) -> None:
    await context.abort_with_status(rpc_status.to_status(err.status()))


async def _internal(context, method: str, exc: Exception) -> str:
    if isinstance(exc, grpc.aio.AbortError):
        raise exc  # context.abort already set the status
    request_id = uuid.uuid4().hex[:16]
    log.error("rpc_failed", method=method, request_id=request_id, error=repr(exc), exc_info=sys.exc_info())
    await _abort(context, errors.internal(request_id))
    return "INTERNAL"  # not reached: abort raises


class _Outcome:
    """Around one call's body: a ``ServiceError`` becomes the call's status, anything
    else unexpected INTERNAL (with a request id, the cause logged); then the log line."""

    __slots__ = ("method", "context", "call", "started", "code")

    def __init__(self, method: str, context, call: Call):
        self.method, self.context, self.call = method, context, call
        self.started = time.perf_counter()
        self.code = "OK"

    async def __aenter__(self) -> "_Outcome":
        return self

    async def __aexit__(self, kind, exc, tb) -> bool:
        try:
            if isinstance(exc, StoreUnavailable):  # retryable: the store may answer the next call
                exc = errors.unavailable(f"the game store does not answer: {exc}", "STORE_UNAVAILABLE")
            if isinstance(exc, errors.ServiceError):
                self.code = exc.code_name
                await _abort(self.context, exc)
            elif isinstance(exc, asyncio.CancelledError):
                self.code = "CANCELLED"
            elif isinstance(exc, Exception):  # never a crash
                self.code = await _internal(self.context, self.method, exc)
            return False
        finally:
            fields = self.call.log
            seconds = time.perf_counter() - self.started
            logs.rpc(self.method, fields.get("game"), fields.get("game_id"), fields.get("seat"), self.code,
                     round(seconds * 1000, 3))
            metrics.rpc(self.method, self.code, seconds)


def rpc(handler):
    """Wrap a servicer method ``(self, request, call, context)``: see the module docstring."""
    method = handler.__name__

    if inspect.isasyncgenfunction(handler):
        @functools.wraps(handler)
        async def stream(self, request, context):
            call = call_of(context)
            async with _Outcome(method, context, call):
                async for item in handler(self, request, call, context):
                    yield item
        return stream

    @functools.wraps(handler)
    async def unary(self, request, context):
        call = call_of(context)
        async with _Outcome(method, context, call):
            return await handler(self, request, call, context)
    return unary
