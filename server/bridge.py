"""The Python end of ``boardbot-front`` (``boardbot serve --front native``).

Python's grpcio spends about 400 µs of CPU per unary call on this kind of
machine before any game work (docs/performance.md). The front, a small C++
gRPC server (``front/``), does the HTTP/2 and gRPC work and hands each call
to this process over a Unix socket; here it costs a frame parse, the
handler and a frame write. The front is generic (it knows no service or
message), and so is this end: every method of the servicers it is given is
served by calling the same handler the gRPC server calls, with a small
stand-in for the call context.

Frames, both ways on one stream socket, big-endian: ``u32 length`` (of the
rest), ``u8 kind``, ``u32 call_id``, then by kind:

* 1 CALL (front → here): ``u16`` method length + method; ``i64`` deadline in
  µs from now (-1: none); ``u16`` metadata count, each ``u16`` key length +
  key, ``u32`` value length + value; the rest is the request message.
* 2 CANCEL (front → here): the client cancelled or its deadline passed.
* 3 MESSAGE (here → front): the rest is one response message.
* 4 FINISH (here → front): ``u32`` status code; ``u32`` length + message;
  ``u16`` trailing metadata count, pairs as in CALL.

Methods whose client streams (reflection) are answered UNIMPLEMENTED: the
front passes one request message per call.
"""

from __future__ import annotations

import asyncio
import struct
import time

import grpc
import structlog
from google.protobuf import message_factory

log = structlog.get_logger("boardbot.server")

CALL, CANCEL, MESSAGE, FINISH = 1, 2, 3, 4
_HEAD = struct.Struct(">IBI")  # length, kind, call id
_U16 = struct.Struct(">H")
_U32 = struct.Struct(">I")
_I64 = struct.Struct(">q")
_FINISH_OK = struct.Struct(">IBIIIH")  # length, kind, call id, code 0, message length 0, no trailing


class _Abort(grpc.aio.AbortError):
    """Raised by the stand-in context's abort: the call ends with that status."""


class BridgeContext:
    """What the handlers use of ``grpc.aio.ServicerContext``."""

    __slots__ = ("_metadata", "_deadline", "code", "details", "trailing")

    def __init__(self, metadata: tuple, deadline: float | None):
        self._metadata = metadata
        self._deadline = deadline
        self.code = grpc.StatusCode.OK
        self.details = ""
        self.trailing: tuple = ()

    def invocation_metadata(self) -> tuple:
        return self._metadata

    def time_remaining(self) -> float | None:
        if self._deadline is None:
            return None
        return max(0.0, self._deadline - time.monotonic())

    def set_trailing_metadata(self, metadata) -> None:
        self.trailing = tuple(metadata)

    async def abort(self, code: grpc.StatusCode, details: str = "", trailing_metadata=()) -> None:
        self.code, self.details = code, details
        if trailing_metadata:
            self.trailing = tuple(trailing_metadata)
        raise _Abort()

    async def abort_with_status(self, status: grpc.Status) -> None:
        await self.abort(status.code, status.details, status.trailing_metadata)


class _Method:
    __slots__ = ("handler", "parse", "streaming")

    def __init__(self, handler, parse, streaming: bool):
        self.handler, self.parse, self.streaming = handler, parse, streaming


def method_table(servicers) -> dict[str, _Method | None]:
    """``/package.Service/Method`` → its handler, for ``(servicer, service
    descriptor)`` pairs; None for methods with a streaming request."""
    table: dict[str, _Method | None] = {}
    for servicer, service in servicers:
        for method in service.methods:
            path = f"/{service.full_name}/{method.name}"
            if method.client_streaming:
                table[path] = None
                continue
            parse = message_factory.GetMessageClass(method.input_type).FromString
            table[path] = _Method(getattr(servicer, method.name), parse, method.server_streaming)
    return table


def _pairs(pairs) -> bytes:
    out = [_U16.pack(len(pairs))]
    for key, value in pairs:
        k = key.encode()
        v = value if isinstance(value, bytes) else str(value).encode()
        out += (_U16.pack(len(k)), k, _U32.pack(len(v)), v)
    return b"".join(out)


def _finish_frame(call_id: int, code: grpc.StatusCode, details: str, trailing) -> bytes:
    if code is grpc.StatusCode.OK and not details and not trailing:
        return _FINISH_OK.pack(_FINISH_OK.size - 4, FINISH, call_id, 0, 0, 0)
    message = details.encode()
    body = b"".join((_U32.pack(code.value[0]), _U32.pack(len(message)), message, _pairs(trailing)))
    return _HEAD.pack(len(body) + 5, FINISH, call_id) + body


class BridgeProtocol(asyncio.Protocol):
    """One front connection: calls in, answers out (batched per loop turn)."""

    def __init__(self, methods: dict[str, _Method | None]):
        self.methods = methods
        self.transport = None
        self.tasks: dict[int, asyncio.Task] = {}
        self._buf = bytearray()
        self._out: list[bytes] = []
        self._loop = asyncio.get_running_loop()
        self.closed = asyncio.Event()

    # --- frames in ---------------------------------------------------------------
    def connection_made(self, transport) -> None:
        self.transport = transport
        log.info("front_connected")

    def connection_lost(self, exc) -> None:
        for task in self.tasks.values():
            task.cancel()
        self.closed.set()
        log.info("front_disconnected", error=repr(exc) if exc else None)

    def data_received(self, data: bytes) -> None:
        buf = self._buf
        buf += data
        start, size = 0, len(buf)
        while size - start >= 9:
            length, kind, call_id = _HEAD.unpack_from(buf, start)
            end = start + 4 + length
            if end > size:
                break
            if kind == CALL:
                self._call(call_id, bytes(buf[start + 9:end]))
            elif kind == CANCEL:
                task = self.tasks.get(call_id)
                if task is not None:
                    task.cancel()
            else:
                log.error("bridge_bad_frame", kind=kind)
            start = end
        if start:
            del buf[:start]

    def _call(self, call_id: int, frame: bytes) -> None:
        (n,) = _U16.unpack_from(frame, 0)
        method = frame[2:2 + n].decode()
        pos = 2 + n
        (deadline_us,) = _I64.unpack_from(frame, pos)
        (count,) = _U16.unpack_from(frame, pos + 8)
        pos += 10
        metadata = []
        for _ in range(count):
            (kn,) = _U16.unpack_from(frame, pos)
            key = frame[pos + 2:pos + 2 + kn].decode()
            pos += 2 + kn
            (vn,) = _U32.unpack_from(frame, pos)
            value = frame[pos + 4:pos + 4 + vn]
            pos += 4 + vn
            metadata.append((key, value if key.endswith("-bin") else value.decode("utf-8", "replace")))
        deadline = None if deadline_us < 0 else time.monotonic() + deadline_us / 1e6
        context = BridgeContext(tuple(metadata), deadline)
        self.tasks[call_id] = self._loop.create_task(self._run(call_id, method, frame[pos:], context))

    # --- one call ----------------------------------------------------------------
    async def _run(self, call_id: int, path: str, body: bytes, context: BridgeContext) -> None:
        code, details, trailing = grpc.StatusCode.OK, "", ()
        try:
            method = self.methods.get(path, False)
            if method is False:
                code, details = grpc.StatusCode.UNIMPLEMENTED, f"unknown method {path}"
            elif method is None:
                code, details = grpc.StatusCode.UNIMPLEMENTED, f"{path} streams requests: not served by the front"
            else:
                try:
                    request = method.parse(body)
                except Exception:  # noqa: BLE001 - a body that is not the request message
                    code, details = grpc.StatusCode.INVALID_ARGUMENT, "the request is not a valid message"
                else:
                    if method.streaming:
                        async for item in method.handler(request, context):
                            self._message(call_id, item)
                    else:
                        self._message(call_id, await method.handler(request, context))
                    trailing = context.trailing
        except _Abort:
            code, details, trailing = context.code, context.details, context.trailing
        except asyncio.CancelledError:
            code, details = grpc.StatusCode.CANCELLED, "cancelled"
        except Exception as exc:  # noqa: BLE001 - never take the bridge down
            log.error("bridge_call_failed", method=path, error=repr(exc))
            code, details = grpc.StatusCode.INTERNAL, "internal error"
        finally:
            self.tasks.pop(call_id, None)
        self._send(_finish_frame(call_id, code, details, trailing))

    # --- frames out: one write per loop turn ----------------------------------------
    def _message(self, call_id: int, reply) -> None:
        data = reply.SerializeToString()
        self._send(_HEAD.pack(len(data) + 5, MESSAGE, call_id) + data)

    def _send(self, frame: bytes) -> None:
        out = self._out
        if not out:
            self._loop.call_soon(self._flush)
        out.append(frame)

    def _flush(self) -> None:
        out, self._out = self._out, []
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(b"".join(out))


class BridgeServer:
    """Listens on a Unix socket for the front's connections."""

    def __init__(self, servicers):
        self.methods = method_table(servicers)
        self.protocols: list[BridgeProtocol] = []
        self._server: asyncio.base_events.Server | None = None

    async def start(self, path: str) -> None:
        loop = asyncio.get_running_loop()

        def factory() -> BridgeProtocol:
            protocol = BridgeProtocol(self.methods)
            self.protocols.append(protocol)
            return protocol

        self._server = await loop.create_unix_server(factory, path)

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for protocol in self.protocols:
            if protocol.transport is not None:
                protocol.transport.close()
