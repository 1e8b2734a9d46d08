"""The gRPC side of a call: a ``Call`` for the master, statuses, one log line.

``rpc`` wraps a servicer method ``(self, request, call, context)`` written
against the transport-free master (the servicer's ``master``, which also counts the
call against its caller's daily quota): it makes the ``Call`` from the gRPC
context (the ``authorization`` metadata, the deadline), turns a
``ServiceError`` into the call's status with its ``google.rpc`` details
(``grpc-status-details-bin``), answers INTERNAL with a request id (and logs
the cause) for anything else, and writes the call's log line.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import time
import urllib.parse
import uuid

import grpc
import structlog
from grpc_status import rpc_status

from . import errors, logs, metrics, tracing
from .calls import Call
from .store import StoreUnavailable

log = structlog.get_logger("boardbot.server")

NO_DEADLINE = 10 * 365 * 86400.0  # what gRPC reports as the time left of a call without a deadline


STREAM_WRITE_TIMEOUT = 10.0  # a stream message the client has not taken in this long ends the stream


class Undecodable:
    """What a request that could not be decoded becomes: the method then answers
    INVALID_ARGUMENT (and logs it) instead of gRPC's bare UNKNOWN."""

    __slots__ = ("message_type", "size", "error")

    def __init__(self, message_type: str, size: int, error: str):
        self.message_type, self.size, self.error = message_type, size, error

    def service_error(self) -> errors.ServiceError:
        return errors.invalid("request", f"cannot decode {self.message_type}: {self.error}", "UNDECODABLE_REQUEST")


def tolerant_deserializer(message_class):
    """``message_class.FromString``, with an ``Undecodable`` for bytes that are not one."""
    name = message_class.DESCRIPTOR.full_name

    def deserialize(data: bytes):
        try:
            return message_class.FromString(data)
        except Exception as err:  # noqa: BLE001 - DecodeError, or anything the parser raises
            text = errors.clip(str(err))
            log.warning("undecodable_request", message_type=name, size=len(data), error=text)
            return Undecodable(name, len(data), text)
    return deserialize


def shared_serializer(limit: int = 256):
    """Serialize a message; the same message object sent on many streams (a watched
    game's new version, one per observer) is serialized once. The cache holds the
    objects it keyed by ``id``, so an id is never reused while cached."""
    import collections

    cache: collections.OrderedDict = collections.OrderedDict()

    def serialize(message) -> bytes:
        key = id(message)
        hit = cache.get(key)
        if hit is not None and hit[0] is message:
            return hit[1]
        data = message.SerializeToString()
        cache[key] = (message, data)
        if len(cache) > limit:
            cache.popitem(last=False)
        return data
    return serialize


def stream_not_read(seconds: float) -> errors.ServiceError:
    return errors.ServiceError(
        errors.Code.RESOURCE_EXHAUSTED, f"the client did not read this stream for {seconds:g} s; "
        "reconnect and resume (WatchGame: from_version, the last version read)", "STREAM_NOT_READ")


def bounded_writer(stream_method, timeout: float | None = None):
    """A server-streaming handler that writes each item of ``stream_method`` (an async
    generator method) with ``context.write``, giving
    each at most ``timeout`` seconds: a client that stops reading holds one message in
    the server plus what HTTP/2 flow control lets through, and then the stream ends
    RESOURCE_EXHAUSTED (thrown into the generator, so its outcome and log line say so)."""
    timeout = STREAM_WRITE_TIMEOUT if timeout is None else timeout

    @functools.wraps(stream_method)
    async def handler(request, context):
        items = stream_method(request, context)
        try:
            async for item in items:
                try:
                    async with asyncio.timeout(timeout):  # a timer, not a task per message
                        await context.write(item)
                except TimeoutError:
                    await items.athrow(stream_not_read(timeout))
                    return
        finally:
            await items.aclose()
    return handler


def _serialize(answer) -> bytes:
    """A unary answer's bytes: a message serialized, or bytes an answer was made as already
    (``boardbot.server.wire``)."""
    return answer if answer.__class__ is bytes else answer.SerializeToString()


def add_servicer(server, servicer, service) -> None:
    """Register ``servicer`` for ``service`` (a ServiceDescriptor), as the generated
    ``add_...Servicer_to_server`` does, but with ``tolerant_deserializer``."""
    from google.protobuf import message_factory

    handlers = {}
    for method in service.methods:
        request = message_factory.GetMessageClass(method.input_type)
        response = message_factory.GetMessageClass(method.output_type)
        if method.server_streaming:
            make, serializer = grpc.unary_stream_rpc_method_handler, shared_serializer()
        else:
            make, serializer = grpc.unary_unary_rpc_method_handler, _serialize
        behaviour = getattr(servicer, method.name)
        if method.server_streaming:
            behaviour = bounded_writer(behaviour)
        handlers[method.name] = make(behaviour,
                                     request_deserializer=tolerant_deserializer(request),
                                     response_serializer=serializer)
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(service.full_name, handlers),))


class GrpcCall(Call):
    """The master's ``Call`` for a gRPC call: the credentials read from the metadata at once,
    the peer's host and the deadline only when the master asks for them (the per-client
    limits, a search's deadline): most calls need neither, and each is a call into gRPC."""

    __slots__ = ("_context",)

    def __init__(self, context):
        authorization = forwarded_for = None
        for key, value in context.invocation_metadata() or ():
            if key == "authorization" and authorization is None:
                authorization = value
            elif key == "x-forwarded-for" and forwarded_for is None:
                forwarded_for = value
        self.authorization, self.forwarded_for, self.log, self._context = authorization, forwarded_for, {}, context

    @property
    def address(self) -> str | None:
        try:
            return _ADDRESS.__get__(self)
        except AttributeError:
            context = self._context
            address = peer_host(context.peer() if hasattr(context, "peer") else None)
            _ADDRESS.__set__(self, address)
            return address

    @property
    def deadline(self) -> float | None:
        try:
            return _DEADLINE.__get__(self)
        except AttributeError:
            remaining = self._context.time_remaining()
            deadline = None if remaining is None or remaining > NO_DEADLINE else time.monotonic() + remaining
            _DEADLINE.__set__(self, deadline)
            return deadline


_ADDRESS, _DEADLINE = Call.__dict__["address"], Call.__dict__["deadline"]  # Call's slots, which GrpcCall fills late


def call_of(context) -> Call:
    """The master's ``Call`` for a gRPC call."""
    return GrpcCall(context)


def peer_host(peer: str | None) -> str | None:
    """The client's host from gRPC's peer string (``ipv4:1.2.3.4:5678``, ``ipv6:%5B::1%5D:5678``:
    a URI, its brackets percent-encoded), or None (a Unix socket: no address to limit by)."""
    if not peer or not peer.startswith(("ipv4:", "ipv6:")):
        return None
    host = urllib.parse.unquote(peer.split(":", 1)[1]).rsplit(":", 1)[0]
    return host.strip("[]")


async def _abort(context, err: errors.ServiceError) -> None:
    await context.abort_with_status(rpc_status.to_status(err.status()))


class CallOutcome:
    """Around one call's body, whatever the transport: a ``ServiceError`` becomes the
    call's status (``fail``, the transport's way to end the call with it, raises),
    anything else unexpected INTERNAL with a request id (the cause logged); then the
    call's log line. ``passthrough``: exception types the transport raised itself
    to end the call (already answered), left alone. With tracing on, the call's span
    (``boardbot.server.tracing``), a child of the trace context the caller sent in
    ``carrier`` (gRPC metadata or HTTP headers), ``system`` naming the protocol.

    ``async with`` it, or (the gRPC port's unary calls, one coroutine less per call)
    ``start``, then ``settle`` in the body's ``except`` and ``finish`` in its ``finally``."""

    __slots__ = ("method", "call", "fail", "passthrough", "started", "code", "carrier", "system", "span")

    def __init__(self, method: str, call: Call, fail, passthrough: tuple[type, ...] = (), carrier=None,
                 system: str = "grpc"):
        self.method, self.call, self.fail, self.passthrough = method, call, fail, passthrough
        self.carrier, self.system = carrier, system
        self.started = time.perf_counter()
        self.code = "OK"
        self.span = None

    def start(self) -> "CallOutcome":
        if tracing.enabled():
            self.span = tracing.start_rpc(self.method, self.carrier, self.system)
        return self

    async def __aenter__(self) -> "CallOutcome":
        return self.start()

    async def settle(self, exc: BaseException) -> None:
        """The body raised ``exc``: the call's status (``fail`` raises to end the call with it)."""
        if isinstance(exc, StoreUnavailable):  # retryable: the store may answer the next call
            exc = errors.unavailable(f"the game store does not answer: {exc}", "STORE_UNAVAILABLE")
        if isinstance(exc, errors.ServiceError):
            self.code = exc.code_name
            await self.fail(exc)
        elif isinstance(exc, asyncio.CancelledError):
            self.code = "CANCELLED"
        elif isinstance(exc, Exception) and not isinstance(exc, self.passthrough):  # never a crash
            request_id = uuid.uuid4().hex[:16]
            self.code = "INTERNAL"
            log.error("rpc_failed", method=self.method, request_id=request_id,
                      error=errors.clip(repr(exc), 1000), exc_info=(type(exc), exc, exc.__traceback__))
            await self.fail(errors.internal(request_id))

    def finish(self) -> None:
        """The call's log line, metrics and span."""
        fields = self.call.log
        seconds = time.perf_counter() - self.started
        logs.rpc(self.method, fields.get("game"), fields.get("game_id"), fields.get("seat"), self.code,
                 round(seconds * 1000, 3))
        metrics.rpc(self.method, self.code, seconds)
        if self.span is not None:
            tracing.end_rpc(self.span, self.code, fields)

    async def __aexit__(self, kind, exc, tb) -> bool:
        try:
            if exc is not None:
                await self.settle(exc)
            return False
        finally:
            self.finish()


_PASSTHROUGH = (grpc.aio.AbortError,)  # how context.abort ends a gRPC call: already answered


def _Outcome(method: str, context, call: Call) -> CallOutcome:
    """The gRPC call's outcome: errors end the call through ``context.abort``."""
    return CallOutcome(method, call, functools.partial(_abort, context), _PASSTHROUGH,
                       context.invocation_metadata() if tracing.enabled() else None)


def rpc(handler):
    """Wrap a servicer method ``(self, request, call, context)``: see the module docstring."""
    method = handler.__name__

    if inspect.isasyncgenfunction(handler):
        @functools.wraps(handler)
        async def stream(self, request, context):
            call = GrpcCall(context)
            async with _Outcome(method, context, call):
                if isinstance(request, Undecodable):
                    raise request.service_error()
                await self.master.quotas.admit(method, call)  # the caller's daily quota of calls
                async for item in handler(self, request, call, context):
                    yield item
        return stream

    @functools.wraps(handler)
    async def unary(self, request, context):
        call = GrpcCall(context)
        outcome = _Outcome(method, context, call).start()  # (what ``async with`` would do, inline)
        try:
            if request.__class__ is Undecodable:
                raise request.service_error()
            quotas = self.master.quotas
            if quotas.on:
                await quotas.admit(method, call)  # the caller's daily quota of calls
            return await handler(self, request, call, context)
        except BaseException as exc:
            await outcome.settle(exc)
            raise
        finally:
            outcome.finish()
    return unary
