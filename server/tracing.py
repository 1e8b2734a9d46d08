"""OpenTelemetry traces of the server: on when the tracing extra is installed (``pip install
'boardbot[tracing]'``: opentelemetry-sdk and its OTLP exporter) and configured the standard
way, off otherwise, and then every hook here is a no-op that costs one test of a global.

**Configured**, as any OpenTelemetry program: run under ``opentelemetry-instrument`` (or
set a tracer provider before the server starts, as a test does), or set the standard
variables and ``boardbot serve`` makes the provider itself: ``OTEL_EXPORTER_OTLP_ENDPOINT``
(or ``OTEL_EXPORTER_OTLP_TRACES_ENDPOINT``, or ``OTEL_TRACES_EXPORTER``: ``otlp``, or
``console`` to print spans), with the SDK's own ``OTEL_SERVICE_NAME`` (default
``boardbot``), ``OTEL_RESOURCE_ATTRIBUTES``, ``OTEL_TRACES_SAMPLER`` and its argument,
``OTEL_EXPORTER_OTLP_PROTOCOL`` (``grpc``, the default, or ``http/protobuf`` with
opentelemetry-exporter-otlp-proto-http), ``OTEL_EXPORTER_OTLP_HEADERS``, ``OTEL_BSP_*``
and ``OTEL_SDK_DISABLED``. Spans leave in batches, off the event loop.

**Spans** (docs/operations.md shows them for one slow SuggestMove):

* one per call on either port (``boardbot.rpc.CallOutcome``): kind SERVER, named
  ``boardbot.v1.BotService/SuggestMove``, ``rpc.system`` ``grpc`` or ``connect_rpc``,
  ``rpc.service``, ``rpc.method``, ``rpc.grpc.status_code``, ``boardbot.status`` (the
  code's name), ``boardbot.game``, ``boardbot.game_id``, ``boardbot.seat``; its parent is the
  caller's trace context, from the gRPC metadata or the browser port's HTTP headers (W3C
  ``traceparent``/``tracestate``, or whatever ``OTEL_PROPAGATORS`` names);
* under it, for a search (``search_queue.SearchQueue``): ``boardbot.search_queue``, the wait
  for a running slot (``boardbot.search.queued_ahead``, ``.running_on_arrival``), then ``boardbot.search`` (``boardbot.search.kind``, ``.bot``,
  ``.iterations``, ``.workers``, ``.stop``, ``.mode``); written when the search answers,
  with the times it measured;
* ``boardbot.store.commit`` and ``boardbot.store.create`` (``traced_store``: the game, the
  version, whether the compare-and-set won);
* ``boardbot.bot_move`` for each bot seat's move the call drives (``traced_bots``: the game,
  the seat, the bot; a search bot's ``boardbot.search_queue``/``boardbot.search`` under it).
  Bot seats that a call sets moving are played by a task started in the call, which carries
  the call's trace context, so their moves join the call's trace; bot moves resumed after a
  restart start traces of their own.

**Why our own spans, not opentelemetry-instrumentation-grpc**: its grpc.aio server
interceptor (0.66b2) breaks WatchGame (it iterates the handler with ``async for``; ours
writes its messages with ``context.write``, so the stream fails UNKNOWN) and records every
error as OK (our errors go out with ``context.abort_with_status``, which its context
wrapper does not see). The browser port is not gRPC at all. ``CallOutcome`` already wraps
every call of both ports and knows its final status: the span is a few lines there.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from typing import Any

import structlog

try:
    from opentelemetry import context as otel_context
    from opentelemetry import propagate, trace
    from opentelemetry.trace import SpanKind, Status, StatusCode
except ImportError:  # no opentelemetry at all: tracing stays off
    trace = None

from boardbot.v1 import bot_service_pb2, game_service_pb2

log = structlog.get_logger("boardbot.server")

TRACER_NAME = "boardbot.server"
DEFAULT_SERVICE_NAME = "boardbot"
# the standard variables that ask for an exporter (any of them turns tracing on)
EXPORTER_ENV = ("OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_TRACES_EXPORTER")
# gRPC status codes the semantic conventions count as the server's error (the others are the caller's)
SERVER_ERRORS = frozenset({"UNKNOWN", "DEADLINE_EXCEEDED", "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE",
                           "DATA_LOSS"})
GRPC_CODES = {name: number for number, name in enumerate((
    "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS",
    "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED",
    "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED"))}
SERVICE_OF = {method.name: service.full_name
              for module in (game_service_pb2, bot_service_pb2) for service in module.DESCRIPTOR.services_by_name.values()
              for method in service.methods}

_tracer = None      # the server's tracer while tracing is on; None: every hook is a no-op
_own_provider = None  # the provider made here from the environment (once per process)


def enabled() -> bool:
    return _tracer is not None


def configure(environ: Mapping[str, str] | None = None) -> bool:
    """Turn tracing on or off for this process, at server start: on with the tracer provider
    the program set, or with one made from the standard ``OTEL_*`` variables; off without
    opentelemetry-sdk or without either. Whether it is on."""
    global _tracer, _own_provider
    environ = os.environ if environ is None else environ
    _tracer = None
    if trace is None or environ.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
        return False
    provider = trace.get_tracer_provider()
    if isinstance(provider, (trace.ProxyTracerProvider, trace.NoOpTracerProvider)):
        if _own_provider is None:
            if not any(environ.get(name) for name in EXPORTER_ENV) or \
                    environ.get("OTEL_TRACES_EXPORTER", "").strip().lower() == "none":
                return False
            _own_provider = _provider_from(environ)
            if _own_provider is None:
                return False
            trace.set_tracer_provider(_own_provider)  # the process's clients (and libraries) use it too
        provider = _own_provider
    _tracer = provider.get_tracer(TRACER_NAME)
    return True


def _provider_from(environ: Mapping[str, str]):
    """A tracer provider exporting as the standard variables say; None (and a log line) when
    the SDK or the exporter they name is not installed."""
    try:
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor, ConsoleSpanExporter
    except ImportError:
        log.warning("tracing_off", reason="OTEL_* variables are set but opentelemetry-sdk is not installed "
                                          "(pip install 'boardbot[tracing]')")
        return None
    kind = environ.get("OTEL_TRACES_EXPORTER", "otlp").split(",")[0].strip().lower() or "otlp"
    protocol = (environ.get("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL") or environ.get("OTEL_EXPORTER_OTLP_PROTOCOL")
                or "grpc").strip().lower()
    try:
        if kind == "console":
            exporter = ConsoleSpanExporter()
        elif kind == "otlp" and protocol == "grpc":
            from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter
            exporter = OTLPSpanExporter()
        elif kind == "otlp" and protocol == "http/protobuf":
            from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
            exporter = OTLPSpanExporter()
        else:
            log.warning("tracing_off", reason=f"unknown exporter {kind!r} (protocol {protocol!r}): "
                                              "OTEL_TRACES_EXPORTER is otlp or console")
            return None
    except ImportError as err:
        log.warning("tracing_off", reason=f"the {kind} exporter is not installed: {err}")
        return None
    attributes = {} if environ.get("OTEL_SERVICE_NAME") else {"service.name": DEFAULT_SERVICE_NAME}
    provider = TracerProvider(resource=Resource.create(attributes))  # reads OTEL_RESOURCE_ATTRIBUTES, _SERVICE_NAME
    provider.add_span_processor(BatchSpanProcessor(exporter))
    log.info("tracing_on", exporter=kind, protocol=protocol if kind == "otlp" else None,
             endpoint=environ.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") or environ.get("OTEL_EXPORTER_OTLP_ENDPOINT"),
             service=provider.resource.attributes.get("service.name"))
    return provider


def _clock() -> tuple[float, "Callable[[float], int]"]:
    """Now on ``time.monotonic()``, and how a monotonic instant reads as the wall-clock
    nanoseconds spans are stamped with (one offset for all the instants of one span family)."""
    now, wall = time.monotonic(), time.time_ns()
    return now, lambda monotonic: wall - int((now - monotonic) * 1e9)


# --- one span per call ------------------------------------------------------------------------
class RpcSpan:
    __slots__ = ("span", "token")

    def __init__(self, span, token):
        self.span, self.token = span, token


def _remote_context(carrier):
    """The caller's trace context from gRPC metadata (pairs) or HTTP headers (a mapping)."""
    if not carrier:
        return None
    fields = propagate.get_global_textmap().fields
    if isinstance(carrier, Mapping):
        found = {name: carrier.get(name) for name in fields}
    else:
        found = {}
        for key, value in carrier:
            if key in fields and key not in found and isinstance(value, str):
                found[key] = value
    found = {k: v for k, v in found.items() if v}
    return propagate.extract(found) if found else None


def start_rpc(method: str, carrier, system: str) -> RpcSpan | None:
    """The call's span, current until ``end_rpc`` (child spans of the call join it); None
    when tracing is off."""
    if _tracer is None:
        return None
    service = SERVICE_OF.get(method, "")
    span = _tracer.start_span(f"{service}/{method}", context=_remote_context(carrier), kind=SpanKind.SERVER,
                              attributes={"rpc.system": system, "rpc.service": service, "rpc.method": method})
    return RpcSpan(span, otel_context.attach(trace.set_span_in_context(span)))


def end_rpc(rpc: RpcSpan | None, code: str, fields: Mapping[str, Any]) -> None:
    """End the call's span with its status (``code``: the gRPC code's name) and what the call
    logged of its game (``Call.log``)."""
    if rpc is None:
        return
    span = rpc.span
    try:
        span.set_attribute("rpc.grpc.status_code", GRPC_CODES.get(code, 2))
        span.set_attribute("boardbot.status", code)
        for name in ("game", "game_id", "seat"):
            value = fields.get(name)
            if value is not None and value != "":
                span.set_attribute(f"boardbot.{name}", value)
        if code in SERVER_ERRORS:
            span.set_status(Status(StatusCode.ERROR, code))
        span.end()
    finally:
        otel_context.detach(rpc.token)


# --- the search --------------------------------------------------------------------------------
def search_spans(fields: Mapping[str, Any], outcome, arrived: float, ahead: int, running_then: int) -> None:
    """An answered search's spans, under the current one (the call's, or the bot move's): the
    wait in the queue and the search, as ``SearchQueue`` measured them."""
    if _tracer is None:
        return
    now, epoch_ns = _clock()
    common = _search_attributes(fields)
    started = arrived + outcome.queue_seconds
    if outcome.stop != "single_move":  # (one legal move: no queue, no worker)
        queue = _tracer.start_span("boardbot.search_queue", start_time=epoch_ns(arrived), attributes=dict(
            common, **{"boardbot.search.queued_ahead": ahead, "boardbot.search.running_on_arrival": running_then}))
        queue.end(end_time=epoch_ns(started))
    result = outcome.result
    search = _tracer.start_span("boardbot.search", start_time=epoch_ns(started), attributes=dict(
        common, **{"boardbot.search.iterations": result.iterations, "boardbot.search.workers": result.workers,
                   "boardbot.search.stop": outcome.stop, "boardbot.search.mode": result.mode or ""}))
    search.end(end_time=epoch_ns(now))


def search_cancelled(fields: Mapping[str, Any], arrived: float, waited: float) -> None:
    """A search whose call was cancelled (its workers are told to stop)."""
    if _tracer is None:
        return
    now, epoch_ns = _clock()
    search = _tracer.start_span("boardbot.search", start_time=epoch_ns(arrived + waited), attributes=dict(
        _search_attributes(fields), **{"boardbot.search.stop": "cancelled"}))
    search.end(end_time=epoch_ns(now))


def _search_attributes(fields: Mapping[str, Any]) -> dict[str, Any]:
    out = {"boardbot.search.kind": fields.get("kind", ""), "boardbot.game": fields.get("game", "")}
    for name in ("game_id", "seat", "bot"):
        value = fields.get(name)
        if value is not None and value != "":
            out[f"boardbot.{name}" if name != "bot" else "boardbot.search.bot"] = value
    return out


# --- the store and the bot seats ---------------------------------------------------------------
class TracedStore:
    """A store whose writes are spans: ``commit_live`` (``boardbot.store.commit``) and
    ``create_live`` (``boardbot.store.create``); everything else passes through."""

    def __init__(self, store):
        self._store = store
        self._system = type(store).__name__

    def __getattr__(self, name: str):
        return getattr(self._store, name)

    async def commit_live(self, game_id: str, expected_version: int, live, events) -> bool:
        with _tracer.start_as_current_span("boardbot.store.commit", attributes={
                "boardbot.store": self._system, "boardbot.game_id": game_id,
                "boardbot.version": expected_version + len(events)}) as span:
            committed = await self._store.commit_live(game_id, expected_version, live, events)
            span.set_attribute("boardbot.store.committed", bool(committed))
            return committed

    async def create_live(self, live, max_per_creator: int = 0):
        with _tracer.start_as_current_span("boardbot.store.create", attributes={
                "boardbot.store": self._system, "boardbot.game_id": live.game_id}):
            return await self._store.create_live(live, max_per_creator)


def traced_store(store):
    """``store``, its writes traced while tracing is on."""
    return TracedStore(store) if _tracer is not None else store


class TracedBots:
    """A bot runner whose moves are spans (``boardbot.bot_move``); everything else passes through."""

    def __init__(self, bots):
        self._bots = bots

    def __getattr__(self, name: str):
        return getattr(self._bots, name)

    def answers_at_once(self, spec) -> bool:
        return self._bots.answers_at_once(spec)

    async def choose(self, game_name: str, spec, world, seed: int, notes: dict | None = None):
        attributes = {"boardbot.game": game_name, "boardbot.search.bot": spec.text}
        decider = getattr(world, "decider", None)
        if decider is not None:
            attributes["boardbot.seat"] = decider()
        with _tracer.start_as_current_span("boardbot.bot_move", attributes=attributes):
            return await self._bots.choose(game_name, spec, world, seed, notes)


def traced_bots(bots):
    """``bots``, its moves traced while tracing is on."""
    return TracedBots(bots) if _tracer is not None else bots
