"""The browser port's server streams as newline-delimited JSON, for the simplest clients.

Connect serves WatchGame and PlayGame as server streams already, but each message of a
Connect stream sits in a binary envelope (a flags byte and a 4-byte length), which
``curl | jq`` or a loop over a response's lines cannot read. So a POST of the request
as plain ``application/json`` (Connect's unary form) to a streaming method is answered
in the form grpc-gateway, the gRPC ecosystem's HTTP/JSON gateway, documents for server
streaming: ``application/x-ndjson``, one ``{"result": <message>}`` per line (proto3 JSON,
as Connect's JSON codec writes it), and an error as a last line ``{"error": <status>}``,
the ``google.rpc.Status`` in proto3 JSON (``code`` a number, ``details`` typed objects
with ``@type``). An error before the first message also sets the HTTP status, as
Connect maps the code. A ``Connect-Timeout-Ms`` header is the stream's deadline, as on
Connect's own streams: the fuzzer's JSON watch of a live game, sent with 300 ms, held its
connection open until the client gave up. No protocol of ours: the lines are a published form, the
messages the proto's canonical JSON.

The request comes through ``CallGuard`` like any other (its body read whole and bounded,
a client that leaves cancels the call, a line not taken in ``STREAM_WRITE_TIMEOUT``
ends the stream) and goes to the same game master with the same ``Call`` (the
``Authorization: Bearer`` header) and daily quota, and the same log line.
"""

from __future__ import annotations

import asyncio
import json

from connectrpc.errors import ConnectError
from google.protobuf import json_format

from . import errors
from .calls import Call
from .rpc import CallOutcome

CONTENT_TYPE = b"application/x-ndjson"
# Connect's HTTP status for each code (connectrpc.com/docs/protocol, "Error Codes")
HTTP_STATUS = {1: 499, 2: 500, 3: 400, 4: 504, 5: 404, 6: 409, 7: 403, 8: 429, 9: 400, 10: 409, 11: 400,
               12: 501, 13: 500, 14: 503, 15: 500, 16: 401}


# Connect's timeout header: at most 10 digits of milliseconds (connectrpc.com/docs/protocol)
TIMEOUT_HEADER = "connect-timeout-ms"


def deadline_of(headers: dict[str, str]) -> float | None:
    """The seconds ``Connect-Timeout-Ms`` gives the stream, if it gives any; the caller's deadline holds
    here as on Connect's own streams (a watch stream otherwise stays open for as long as its game)."""
    value = headers.get(TIMEOUT_HEADER, "")
    if not value:
        return None
    if not (value.isascii() and value.isdigit()) or len(value) > 10:
        raise errors.invalid("Connect-Timeout-Ms", "Connect-Timeout-Ms is a number of milliseconds, at most 10 digits",
                             "BAD_TIMEOUT")
    return int(value) / 1000


class _Answered(Exception):
    """The error line was written: the call is over."""


def _line(key: str, message) -> bytes:
    return json.dumps({key: json_format.MessageToDict(message)}, separators=(",", ":")).encode() + b"\n"


def wants_ndjson(scope) -> bool:
    """A POST whose Content-Type is plain JSON (``application/json``, any parameters)."""
    content_type = next((v for k, v in scope.get("headers", ()) if k == b"content-type"), b"")
    return scope.get("method") == "POST" and content_type.split(b";")[0].strip().lower() == b"application/json"


class NdjsonStreams:
    """ASGI: the service's server-streaming methods as NDJSON (``streams``: method name ->
    (request type, the master's handler)) when ``wants_ndjson``; anything else goes to
    ``app`` (the service's Connect application). ``quotas``: the master's (each call counts)."""

    def __init__(self, app, streams: dict, quotas, codec):
        self.app, self.streams, self.quotas, self.codec = app, streams, quotas, codec

    async def __call__(self, scope, receive, send):
        method = scope.get("path", "").rsplit("/", 1)[-1]
        if method not in self.streams or not wants_ndjson(scope):
            return await self.app(scope, receive, send)
        request_type, handler = self.streams[method]
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope.get("headers", ())}
        client = scope.get("client")
        call = Call(headers.get("authorization"), None, client[0] if client else None, headers.get("x-forwarded-for"))
        started = False

        async def start(status: int) -> None:
            nonlocal started
            started = True
            await send({"type": "http.response.start", "status": status,
                        "headers": [(b"content-type", CONTENT_TYPE), (b"cache-control", b"no-store"),
                                    (b"x-content-type-options", b"nosniff")]})

        async def fail(err: errors.ServiceError) -> None:
            if not started:
                await start(HTTP_STATUS.get(err.code, 500))
            await send({"type": "http.response.body", "body": _line("error", err.status()), "more_body": False})
            raise _Answered

        body = await receive()
        try:
            async with CallOutcome(method, call, fail, (_Answered,), headers, "ndjson") as outcome:
                try:
                    request = self.codec.decode(body.get("body", b""), request_type())
                except ConnectError as err:
                    raise errors.invalid("request", err.message, "UNDECODABLE_REQUEST") from None
                seconds = deadline_of(headers)
                await self.quotas.admit(method, call)
                items = handler(request, call)
                try:
                    async with asyncio.timeout(seconds):  # (None: no deadline)
                        async for item in items:
                            if not started:
                                await start(200)
                            try:
                                await send({"type": "http.response.body", "body": _line("result", item),
                                            "more_body": True})
                            except TimeoutError:  # CallGuard's bound on a send: the client stopped reading
                                outcome.code = "RESOURCE_EXHAUSTED"  # STREAM_NOT_READ; no line can reach it
                                raise _Answered from None
                except TimeoutError:  # the caller's deadline: the last line says so
                    raise errors.deadline_exceeded("the call's deadline passed", "DEADLINE_EXCEEDED") from None
                finally:
                    await items.aclose()
                if not started:
                    await start(200)
                await send({"type": "http.response.body", "body": b"", "more_body": False})
        except _Answered:
            pass
