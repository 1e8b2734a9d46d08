"""Traces for both clients, when OpenTelemetry's API is installed (``pip install
boardbot-client[tracing]``): a client span per call (``boardbot.v1.BotService/SuggestMove``,
kind CLIENT, the ``rpc.*`` attributes and the gRPC status code), whose context travels
in the call's metadata (W3C ``traceparent``, the propagators OpenTelemetry is configured
with), so that the server's spans join the caller's trace. The spans go wherever the
program's tracer provider sends them; with none set up they are not recorded, and the
caller's own current span, if any, is what travels. Without the package nothing is
done."""

from __future__ import annotations

import contextlib
from typing import Any, Iterator

import grpc

try:
    from opentelemetry import propagate, trace
    from opentelemetry.trace import SpanKind, Status, StatusCode
except ImportError:  # the client installs without it
    trace = None  # type: ignore[assignment]

TRACER_NAME = "boardbot.client"
Metadata = tuple[tuple[str, str], ...]

_tracer = trace.get_tracer(TRACER_NAME) if trace is not None else None


def _attributes(name: str) -> dict[str, Any]:
    service, _, method = name.partition("/")
    return {"rpc.system": "grpc", "rpc.service": service, "rpc.method": method}


def _end(span: Any, err: BaseException | None) -> None:
    """Mark ``span`` with the call's gRPC status (0 for OK)."""
    code = err.code() if isinstance(err, grpc.RpcError) and hasattr(err, "code") else None
    if err is None:
        span.set_attribute("rpc.grpc.status_code", 0)
    elif code is not None:
        span.set_attribute("rpc.grpc.status_code", code.value[0])
        span.set_status(Status(StatusCode.ERROR, f"{code.name}: {err.details()}"))  # type: ignore[attr-defined]
    else:
        span.set_status(Status(StatusCode.ERROR, type(err).__name__))


@contextlib.contextmanager
def unary_span(name: str, metadata: Metadata) -> Iterator[Metadata]:
    """Around one unary call: its client span (the current span meanwhile), and the metadata
    to send, with the trace context added."""
    if _tracer is None:
        yield metadata
        return
    with _tracer.start_as_current_span(name, kind=SpanKind.CLIENT, attributes=_attributes(name),
                                       record_exception=False, set_status_on_exception=False) as span:
        carrier: dict[str, str] = {}
        propagate.inject(carrier)
        try:
            yield metadata + tuple(carrier.items())
        except BaseException as err:
            _end(span, err)
            raise
        _end(span, None)


class StreamSpan:
    """The client span of one opening of a stream (WatchGame): started, never the current span
    (the caller's code runs between the stream's messages), ended by ``end``."""

    def __init__(self, name: str, metadata: Metadata):
        self.span: Any = None
        self.metadata = metadata
        if _tracer is not None:
            self.span = _tracer.start_span(name, kind=SpanKind.CLIENT, attributes=_attributes(name))
            carrier: dict[str, str] = {}
            propagate.inject(carrier, context=trace.set_span_in_context(self.span))
            self.metadata = metadata + tuple(carrier.items())

    def end(self, err: BaseException | None = None) -> None:
        if self.span is not None:
            _end(self.span, err)
            self.span.end()
            self.span = None
