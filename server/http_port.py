"""The browser port: GameService and BotService over HTTP (Connect and gRPC-Web).

Browsers cannot speak native gRPC (no HTTP/2 trailers), so ``boardbot
serve`` also answers on a second address through ``connectrpc``, the
Connect project's Python implementation (an ASGI application that speaks
the Connect protocol, JSON or binary, and gRPC-Web), served by uvicorn on
the gRPC server's own event loop. Every call goes to the same game master
and bot advisor as the gRPC port, with the same ``Call``: the
``Authorization: Bearer`` header, the deadline from ``Connect-Timeout-Ms``
(or ``grpc-timeout``), the same ``google.rpc`` error details, and the same
log line (``boardbot.server.rpc.CallOutcome``).

Around the Connect application sits ``CallGuard``: a request body larger
than the limit is refused before it is buffered, and a unary call whose
client goes away is cancelled (connectrpc itself watches for that only on
streams). CORS is off unless origins are given (``--cors-origin``); then
Starlette's CORS middleware answers preflights for exactly those origins.

Every other GET is the web app's (``WebApp``): the page at ``/`` and its
files, from the same origin as the API, so the page needs no CORS.
"""

from __future__ import annotations

import asyncio
import json
import pathlib
import time
from collections.abc import AsyncIterator, Iterable

import structlog
import uvicorn
from connectrpc.code import Code as ConnectCode
from connectrpc.errors import ConnectError
from google.protobuf import json_format
from google.protobuf.message import DecodeError

from boardbot.v1 import game_service_pb2

from . import errors, http_body
from .advisor import BotAdvisor
from .connect_v1.bot_service_connect import BotServiceASGIApplication
from .connect_v1.game_service_connect import GameServiceASGIApplication
from .errors import ServiceError, clip
from .connections import ConnectionGuard, guarded_protocol
from .limits import Limits
from .calls import Call
from .master import GameMaster
from .ndjson import NdjsonStreams
from .rpc import STREAM_WRITE_TIMEOUT, CallOutcome

DEFAULT_HTTP_ADDRESS = "127.0.0.1:8080"
HTTP_ADDRESS_ENV = "BOARDBOT_HTTP_ADDRESS"
CORS_ENV = "BOARDBOT_CORS_ORIGINS"
MAX_REQUEST_BYTES = 4 * 1024 * 1024  # the same bound as gRPC's default receive limit
# The web app, as clients/web builds it (npm run build; committed, so a fresh clone serves it).
WEB_DIR = pathlib.Path(__file__).resolve().parent / "web"

# What a browser client of Connect or gRPC-Web sends and must be allowed to read
# (the Connect project's CORS guidance): the protocol headers and our bearer token.
CORS_ALLOW_HEADERS = ("Authorization", "Content-Type", "Connect-Protocol-Version", "Connect-Timeout-Ms",
                      "Connect-Accept-Encoding", "Connect-Content-Encoding", "Grpc-Timeout", "X-Grpc-Web",
                      "X-User-Agent", "Traceparent", "Tracestate")  # W3C trace context (server/tracing.py)
CORS_EXPOSE_HEADERS = ("Grpc-Status", "Grpc-Message", "Grpc-Status-Details-Bin", "Content-Encoding",
                       "Connect-Content-Encoding")

log = structlog.get_logger("boardbot.server")


class _StrictCodec:
    """A request that cannot be decoded is INVALID_ARGUMENT (and a log line), not UNKNOWN."""

    def decode(self, data, message):
        try:
            return self._decode(data, message)
        except UnknownField as unknown:
            reason = f"unknown field {clip(unknown.path, 100)!r} in {message.DESCRIPTOR.full_name}"
            log.warning("undecodable_request", message_type=message.DESCRIPTOR.full_name, codec=self.name(),
                        size=len(data), error=reason)
            details = errors.invalid(unknown.path, reason, "UNKNOWN_FIELD").status().details
            raise ConnectError(ConnectCode.INVALID_ARGUMENT, reason, details) from None
        except (DecodeError, json_format.ParseError, UnicodeDecodeError, ValueError, TypeError) as err:
            reason = clip(str(err))
            log.warning("undecodable_request", message_type=message.DESCRIPTOR.full_name, codec=self.name(),
                        size=len(data), error=reason)
            raise ConnectError(ConnectCode.INVALID_ARGUMENT,
                               f"cannot decode {message.DESCRIPTOR.full_name}: {reason}") from None


class BinaryCodec(_StrictCodec):
    def name(self) -> str:
        return "proto"

    def encode(self, message) -> bytes:
        return message.SerializeToString()

    def _decode(self, data, message):
        message.ParseFromString(bytes(data))
        return message


class UnknownField(ValueError):
    def __init__(self, path: str):
        super().__init__(path)
        self.path = path


class JsonCodec(_StrictCodec):
    """Compact proto3 JSON. A key the message has no field for is INVALID_ARGUMENT naming it
    (``UnknownField``): a misspelt ``expectedVersoin`` once dropped the version check in
    silence, and a field this server does not know yet tells a newer client so, rather than
    going unheard. (In binary, an unknown field number is skipped, as proto does everywhere:
    it cannot be a misspelling.)"""

    def name(self) -> str:
        return "json"

    def encode(self, message) -> bytes:
        return json.dumps(json_format.MessageToDict(message), separators=(",", ":")).encode()

    def _decode(self, data, message):
        try:
            json_format.Parse(bytes(data), message)
        except json_format.ParseError:
            try:  # the error path only
                path = unknown_key(json.loads(bytes(data)), message.DESCRIPTOR)
            except (ValueError, RecursionError):
                path = None
            if path is not None:
                raise UnknownField(path) from None
            raise
        return message


def unknown_key(value, descriptor, path: str = "") -> str | None:
    """The first key of the JSON ``value`` that ``descriptor`` (a message type) has no field
    for, as a field path (``seats[0].kindd``); None if every key is known. Well-known types
    (their own JSON forms) and map keys are not fields."""
    if not isinstance(value, dict) or descriptor.full_name.startswith("google.protobuf."):
        return None
    for key, item in value.items():
        field = next((f for f in descriptor.fields if key in (f.json_name, f.name)), None)
        where = f"{path}.{key}" if path else str(key)
        if field is None:
            return where
        kind = field.message_type
        if kind is None:
            continue
        if kind.GetOptions().map_entry:
            kind = kind.fields_by_name["value"].message_type
            items = list(item.items()) if isinstance(item, dict) and kind is not None else []
        elif field.is_repeated:
            items = list(enumerate(item)) if isinstance(item, list) else []
        else:
            items = [(None, item)]
        for index, element in items:
            found = unknown_key(element, kind, where if index is None else f"{where}[{index}]")
            if found is not None:
                return found
    return None


CODECS = (BinaryCodec(), JsonCodec())


def connect_call(ctx) -> Call:
    """The master's ``Call`` for a Connect or gRPC-Web request."""
    timeout_ms = ctx.timeout_ms()
    deadline = None if timeout_ms is None else time.monotonic() + timeout_ms / 1000.0
    address = ctx.client_address()
    headers = ctx.request_headers()
    return Call(headers.get("authorization"), deadline, address.rsplit(":", 1)[0] if address else None,
                headers.get("x-forwarded-for"))


async def _raise_connect(err: ServiceError) -> None:
    name = err.code_name
    code = ConnectCode.CANCELED if name == "CANCELLED" else ConnectCode[name]
    raise ConnectError(code, err.message, err.status().details)


def _outcome(method: str, call: Call, ctx) -> CallOutcome:
    return CallOutcome(method, call, _raise_connect, (ConnectError,), ctx.request_headers(), "connect_rpc")


def _deadline_passed() -> errors.ServiceError:
    return errors.deadline_exceeded("the call's deadline passed", "DEADLINE_EXCEEDED")


async def _unary(master: GameMaster, method: str, handler, request, ctx):
    call = connect_call(ctx)
    async with _outcome(method, call, ctx):
        await master.quotas.admit(method, call)  # the caller's daily quota of calls
        if call.deadline is None:
            return await handler(request, call)
        # connectrpc passes the deadline on but does not keep it; gRPC does, on the other port
        try:
            async with asyncio.timeout(call.time_remaining()):
                return await handler(request, call)
        except TimeoutError:
            raise _deadline_passed() from None


class ConnectGameService:
    """GameService for connectrpc: each method hands its request to the game master."""

    def __init__(self, master: GameMaster):
        self.master = master

    async def list_game_types(self, request, ctx):
        return await _unary(self.master, "ListGameTypes", self.master.list_game_types, request, ctx)

    async def create_game(self, request, ctx):
        return await _unary(self.master, "CreateGame", self.master.create_game, request, ctx)

    async def get_game(self, request, ctx):
        return await _unary(self.master, "GetGame", self.master.get_game, request, ctx)

    async def list_games(self, request, ctx):
        return await _unary(self.master, "ListGames", self.master.list_games, request, ctx)

    async def get_view(self, request, ctx):
        return await _unary(self.master, "GetView", self.master.get_view, request, ctx)

    async def submit_move(self, request, ctx):
        return await _unary(self.master, "SubmitMove", self.master.submit_move, request, ctx)

    async def resign(self, request, ctx):
        return await _unary(self.master, "Resign", self.master.resign, request, ctx)

    async def take_back(self, request, ctx):
        return await _unary(self.master, "TakeBack", self.master.take_back, request, ctx)

    async def delete_game(self, request, ctx):
        return await _unary(self.master, "DeleteGame", self.master.delete_game, request, ctx)

    async def get_game_record(self, request, ctx):
        return await _unary(self.master, "GetGameRecord", self.master.get_game_record, request, ctx)

    async def get_leaderboard(self, request, ctx):
        return await _unary(self.master, "GetLeaderboard", self.master.get_leaderboard, request, ctx)

    async def join_game(self, request, ctx):
        return await _unary(self.master, "JoinGame", self.master.join_game, request, ctx)

    async def leave_game(self, request, ctx):
        return await _unary(self.master, "LeaveGame", self.master.leave_game, request, ctx)

    async def rematch(self, request, ctx):
        return await _unary(self.master, "Rematch", self.master.rematch, request, ctx)

    async def list_open_games(self, request, ctx):
        return await _unary(self.master, "ListOpenGames", self.master.list_open_games, request, ctx)

    async def create_queue(self, request, ctx):
        return await _unary(self.master, "CreateQueue", self.master.create_queue, request, ctx)

    async def join_queue(self, request, ctx):
        return await _unary(self.master, "JoinQueue", self.master.join_queue, request, ctx)

    async def wait_for_match(self, request, ctx):
        return await _unary(self.master, "WaitForMatch", self.master.wait_for_match, request, ctx)

    async def leave_queue(self, request, ctx):
        return await _unary(self.master, "LeaveQueue", self.master.leave_queue, request, ctx)

    async def watch_game(self, request, ctx) -> AsyncIterator:
        async for item in _stream(self.master, "WatchGame", self.master.watch_game, request, ctx):
            yield item

    async def play_game(self, request, ctx) -> AsyncIterator:
        async for item in _stream(self.master, "PlayGame", self.master.play_game, request, ctx):
            yield item

    async def create_bot_account(self, request, ctx):
        return await _unary(self.master, "CreateBotAccount", self.master.create_bot_account, request, ctx)

    async def invite_bot(self, request, ctx):
        return await _unary(self.master, "InviteBot", self.master.invite_bot, request, ctx)

    async def connect_bot(self, request, ctx) -> AsyncIterator:
        async for item in _stream(self.master, "ConnectBot", self.master.connect_bot, request, ctx):
            yield item


async def _stream(master: GameMaster, method: str, handler, request, ctx) -> AsyncIterator:
    """A server-streaming call over Connect: ``handler``'s items, each wait for the next one
    bounded by the call's deadline (never a yield: the transport bounds those)."""
    call = connect_call(ctx)
    async with _outcome(method, call, ctx):
        await master.quotas.admit(method, call)
        items = handler(request, call)
        try:
            while True:
                try:
                    async with asyncio.timeout(call.time_remaining()):
                        item = await anext(items)
                except StopAsyncIteration:
                    return
                except TimeoutError:
                    raise _deadline_passed() from None
                yield item
        finally:
            await items.aclose()


class ConnectBotService:
    """BotService for connectrpc: each method hands its request to the bot advisor."""

    def __init__(self, advisor: BotAdvisor):
        self.advisor = advisor

    async def suggest_move(self, request, ctx):
        return await _unary(self.advisor.master, "SuggestMove", self.advisor.suggest_move, request, ctx)

    async def choose_move(self, request, ctx):
        return await _unary(self.advisor.master, "ChooseMove", self.advisor.choose_move, request, ctx)

    async def get_serving_stats(self, request, ctx):
        return await _unary(self.advisor.master, "GetServingStats", self.advisor.get_serving_stats, request, ctx)

    async def list_bots(self, request, ctx):
        return await _unary(self.advisor.master, "ListBots", self.advisor.list_bots, request, ctx)


class CallGuard:
    """ASGI middleware between the HTTP server and the Connect application.

    Reads the request body whole before the application starts (every method takes
    one message), refusing it once the bytes received pass ``max_bytes``
    (RESOURCE_EXHAUSTED: nothing larger is buffered); has it checked and inflated
    (``boardbot.server.http_body``: framing, gzip off the event loop and never past
    ``max_bytes``, a head connectrpc cannot read); and cancels a call whose client
    disconnects before its response is complete, so a search nobody waits for stops
    (on the gRPC port, gRPC does the same)."""

    def __init__(self, app, max_bytes: int = MAX_REQUEST_BYTES):
        self.app, self.max_bytes = app, max_bytes

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = scope.get("headers", ())
        content_type = next((v for k, v in headers if k == b"content-type"), b"")
        protocol = http_body.protocol_of(content_type)
        try:
            http_body.check_head(headers, protocol)
            for name, value in headers:
                if name == b"content-length" and value.isdigit() and int(value) > self.max_bytes:
                    raise http_body.Refusal("resource_exhausted", f"request body larger than {self.max_bytes} bytes")
            body = await self._read_body(receive)
            if body is None:
                return  # the client left before its request was whole: nobody to answer
            headers, body = await http_body.prepare(list(headers), body, protocol, self.max_bytes)
        except http_body.Refusal as refusal:
            log.warning("refused_request", path=clip(scope.get("path", ""), 100), reason=refusal.message)
            return await http_body.send_refusal(send, protocol, content_type, refusal)
        scope = dict(scope, headers=headers)
        state = {"body_sent": False, "response_done": False}
        gone = asyncio.Event()
        task = asyncio.current_task()

        async def watch_disconnect():
            message = await receive()
            while message["type"] != "http.disconnect":
                message = await receive()
            gone.set()
            if not state["response_done"]:
                task.cancel()

        async def app_receive():
            if not state["body_sent"]:
                state["body_sent"] = True
                return {"type": "http.request", "body": body, "more_body": False}
            await gone.wait()  # the app (connectrpc's stream handler) waits for a disconnect
            return {"type": "http.disconnect"}

        async def tracked_send(message):
            if message["type"] == "http.response.body" and not message.get("more_body", False):
                state["response_done"] = True
            # a client that stops reading a stream holds the server's send: the stream ends
            # (the connection closes) after STREAM_WRITE_TIMEOUT, as on the gRPC port
            async with asyncio.timeout(STREAM_WRITE_TIMEOUT):  # a timer, not a task per send
                await send(message)

        watcher = asyncio.ensure_future(watch_disconnect())
        try:
            await self.app(scope, app_receive, tracked_send)
        except asyncio.CancelledError:
            if not gone.is_set():
                raise  # the server is shutting down, not the client
        except Exception:
            # the client went away (connectrpc ends the stream with CANCELED): nothing to answer,
            # nobody to tell, not a server error
            if not gone.is_set():
                raise
        finally:
            state["response_done"] = True
            watcher.cancel()

    async def _read_body(self, receive) -> bytes | None:
        """The whole request body (None if the client disconnected first); a ``Refusal``
        once it passes ``max_bytes`` (a body with no length, or a longer one than it said)."""
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                raise http_body.Refusal("resource_exhausted", f"request body larger than {self.max_bytes} bytes")
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)


class WebApp:
    """The web app's built files (clients/web, bundled into ``WEB_DIR``), for GET and HEAD.

    Starlette's StaticFiles does the careful part: paths resolved inside the
    folder only (no traversal, no symlinks out), content types from the file
    names, ETag and Last-Modified with 304 answers, index.html at ``/``.
    Around it: ``Cache-Control: no-cache`` (the file names carry no hash, so a
    browser revalidates each load and gets a 304 while nothing changed), and
    a Content-Security-Policy that lets the page load nothing but its own
    origin's files and talk to nothing but its own origin's API."""

    HEADERS = (
        (b"cache-control", b"no-cache"),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
        (b"content-security-policy",
         b"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
         b"connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
    )

    def __init__(self, directory: pathlib.Path):
        from starlette.staticfiles import StaticFiles

        self.files = StaticFiles(directory=directory, html=True)

    async def __call__(self, scope, receive, send):
        async def with_headers(message):
            if message["type"] == "http.response.start":
                names = {name for name, _ in self.HEADERS}
                kept = [(k, v) for k, v in message.get("headers", ()) if k.lower() not in names]
                message = {**message, "headers": kept + list(self.HEADERS)}
            await send(message)

        from starlette.exceptions import HTTPException

        try:
            await self.files(scope, receive, with_headers)
        except HTTPException as err:  # StaticFiles raises for a missing file; no Starlette app here to answer
            body = f"{err.status_code} {err.detail}\n".encode()
            await send({"type": "http.response.start", "status": err.status_code,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                    (b"content-length", str(len(body)).encode()), *self.HEADERS]})
            await send({"type": "http.response.body", "body": body if scope.get("method") != "HEAD" else b""})


class Router:
    """The two services by path prefix; any other path is the web app's (404 without one)."""

    def __init__(self, apps: dict[str, object], web=None):
        self.apps, self.web = apps, web

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":  # served with lifespan off; websockets are not part of the API
            return
        path = scope.get("path", "")
        service = path[1:path.find("/", 1)] if path.count("/") >= 2 else ""
        app = self.apps.get(service)
        if app is None and self.web is not None and scope.get("method") in ("GET", "HEAD"):
            app = self.web
        if app is None:
            await http_body.send_connect_error(send, 404, "unimplemented", "no such service or method")
            return
        await app(scope, receive, send)


def build_app(master: GameMaster, advisor: BotAdvisor, cors_origins: Iterable[str] = (),
              max_request_bytes: int = MAX_REQUEST_BYTES):
    """The ASGI application of the browser port."""
    # the server streams also as newline-delimited JSON, for the simplest clients (boardbot.server.ndjson)
    streams = {"WatchGame": (game_service_pb2.WatchGameRequest, master.watch_game),
               "PlayGame": (game_service_pb2.PlayGameRequest, master.play_game),
               "ConnectBot": (game_service_pb2.ConnectBotRequest, master.connect_bot)}
    games = NdjsonStreams(GameServiceASGIApplication(ConnectGameService(master), codecs=CODECS), streams,
                          master.quotas, JsonCodec())
    services = {
        "boardbot.v1.GameService": CallGuard(games, max_request_bytes),
        "boardbot.v1.BotService": CallGuard(BotServiceASGIApplication(ConnectBotService(advisor), codecs=CODECS),
                                            max_request_bytes),
    }
    web = None
    if (WEB_DIR / "index.html").is_file():
        from starlette.middleware.gzip import GZipMiddleware

        web = GZipMiddleware(WebApp(WEB_DIR), minimum_size=1024)  # the bundle: 250 kB, 70 kB gzipped
    app = Router(services, web)
    origins = [o for o in cors_origins if o]
    if origins:
        from starlette.middleware.cors import CORSMiddleware

        app = CORSMiddleware(app, allow_origins=origins, allow_methods=["GET", "POST", "OPTIONS"],
                             allow_headers=list(CORS_ALLOW_HEADERS), expose_headers=list(CORS_EXPOSE_HEADERS),
                             max_age=7200)
    return app


def split_address(address: str) -> tuple[str, int]:
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"an HTTP address is host:port, not {address!r}")
    return host.strip("[]"), int(port)


class HttpPort:
    """uvicorn serving ``build_app`` on the running event loop (no signal handlers of its own:
    ``boardbot serve`` owns SIGTERM and stops this port with the gRPC server)."""

    def __init__(self, app, address: str, grace: float = 5.0, tls=None, limits: Limits | None = None):
        host, port = split_address(address)
        self.guard = ConnectionGuard(limits or Limits())  # connections in all and per client
        config = uvicorn.Config(app, host=host, port=port, lifespan="off", log_config=None, access_log=False,
                                http=guarded_protocol(self.guard), loop="none", server_header=False,
                                # the client's address is the socket's: uvicorn's own default would take
                                # X-Forwarded-For from any loopback caller; the game master reads the
                                # header itself, from --trusted-proxy peers only (limits.real_client)
                                proxy_headers=False,
                                timeout_graceful_shutdown=grace, timeout_keep_alive=30,
                                **(tls.uvicorn_options() if tls is not None else {}))
        config.load()
        self.server = uvicorn.Server(config)
        self.server.lifespan = config.lifespan_class(config)
        self._ticker: asyncio.Task | None = None
        self.port = 0
        self.host = host

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"

    async def start(self) -> None:
        try:
            await self.server.startup()
        except SystemExit:  # uvicorn exits when it cannot bind; a failed start is ours to report
            self.server.started = False
        if not self.server.started:
            raise OSError(f"cannot listen on {self.host}:{self.server.config.port} (HTTP)")
        self.port = self.server.servers[0].sockets[0].getsockname()[1]
        self._ticker = asyncio.ensure_future(self.server.main_loop())

    async def stop(self) -> None:
        self.server.should_exit = True
        if self._ticker is not None:
            await self._ticker
        await self.server.shutdown()
