"""A test double for the Python side of boardbot-front's Unix socket protocol (front/README.md).

    python front/fake_backend.py --socket /tmp/front.sock [--reply-bytes N] [--name NAME]

Listens on the socket, prints {"event": "backend_listening", ...} once it accepts connections,
and answers by method:
  /test.Echo/Unary   MESSAGE = the request reversed (or N bytes with --reply-bytes N), FINISH OK
  /test.Echo/Stream  three MESSAGEs (b"0:<request>", b"1:...", b"2:..."), FINISH OK
  /test.Echo/Fail    FINISH 9 "nope", trailing grpc-status-details-bin = DETAILS, x-extra = "1"
  /test.Echo/BadTrailers  FINISH 9 with illegal trailing metadata and x-ok = "y"
  /test.Echo/Sleep   waits for CANCEL, records it, then FINISH 1
  /test.Echo/Meta    MESSAGE = JSON {"metadata": [[key, value (latin-1)], ...], "deadline_us": n}
  /test.Echo/Stats   MESSAGE = JSON {"calls": n, "sleeping": n, "cancels": [method, ...]}
  /test.Echo/Who     MESSAGE = this backend's --name (default: the socket path), UTF-8
  anything else      FINISH 12 (UNIMPLEMENTED)
Standard library only, so the front can be tested without the real server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import struct
import sys

CALL, CANCEL, MESSAGE, FINISH = 1, 2, 3, 4
DETAILS = b"\x08\x09\x12\x04nope\xff\x00"  # arbitrary bytes, including non-UTF-8 ones

HEADER = struct.Struct(">IBI")


def frame(kind: int, call_id: int, payload: bytes = b"") -> bytes:
    return HEADER.pack(5 + len(payload), kind, call_id) + payload


def finish(call_id: int, code: int, message: str = "", trailing: list[tuple[str, bytes]] = ()) -> bytes:
    msg = message.encode()
    parts = [struct.pack(">II", code, len(msg)), msg, struct.pack(">H", len(trailing))]
    for key, value in trailing:
        k = key.encode()
        parts += [struct.pack(">H", len(k)), k, struct.pack(">I", len(value)), value]
    return frame(FINISH, call_id, b"".join(parts))


def parse_call(p: memoryview) -> tuple[str, int, list[tuple[str, bytes]], bytes]:
    (mlen,) = struct.unpack_from(">H", p, 0)
    method = bytes(p[2 : 2 + mlen]).decode()
    off = 2 + mlen
    deadline_us, n = struct.unpack_from(">qH", p, off)
    off += 10
    metadata = []
    for _ in range(n):
        (klen,) = struct.unpack_from(">H", p, off)
        key = bytes(p[off + 2 : off + 2 + klen]).decode()
        off += 2 + klen
        (vlen,) = struct.unpack_from(">I", p, off)
        metadata.append((key, bytes(p[off + 4 : off + 4 + vlen])))
        off += 4 + vlen
    return method, deadline_us, metadata, bytes(p[off:])


class Stats:
    calls = 0
    sleeping = 0  # Sleep calls waiting for their CANCEL
    cancels: list[str] = []


class Connection(asyncio.Protocol):
    def __init__(self, reply_bytes: int | None, name: bytes):
        self.name = name
        self.reply = b"r" * reply_bytes if reply_bytes is not None else None
        self.buf = bytearray()
        self.sleeping: dict[int, str] = {}  # call id -> method, waiting for CANCEL

    def connection_made(self, transport):
        self.transport = transport

    def data_received(self, data: bytes):
        self.buf += data
        out = []
        view = memoryview(self.buf)
        pos = 0
        while len(view) - pos >= 9:
            length, kind, call_id = HEADER.unpack_from(view, pos)
            if len(view) - pos - 4 < length:
                break
            payload = view[pos + 9 : pos + 4 + length]
            pos += 4 + length
            if kind == CALL:
                Stats.calls += 1
                out.append(self.on_call(call_id, payload))
            elif kind == CANCEL:
                method = self.sleeping.pop(call_id, None)
                if method is not None:
                    Stats.sleeping -= 1
                    Stats.cancels.append(method)
                    out.append(finish(call_id, 1, "cancelled"))
            payload.release()  # else the bytearray cannot be resized below
        view.release()
        del self.buf[:pos]
        if out:
            self.transport.write(b"".join(out))  # MESSAGE and FINISH in one write

    def on_call(self, call_id: int, payload: memoryview) -> bytes:
        method, deadline_us, metadata, request = parse_call(payload)
        if method == "/test.Echo/Unary":
            reply = self.reply if self.reply is not None else request[::-1]
            return frame(MESSAGE, call_id, reply) + finish(call_id, 0)
        if method == "/test.Echo/Stream":
            msgs = [frame(MESSAGE, call_id, b"%d:" % i + request) for i in range(3)]
            return b"".join(msgs) + finish(call_id, 0)
        if method == "/test.Echo/Fail":
            trailing = [("grpc-status-details-bin", DETAILS), ("x-extra", b"1")]
            return finish(call_id, 9, "nope", trailing)
        if method == "/test.Echo/BadTrailers":  # gRPC would abort on these: the front drops them
            trailing = [("Bad Key", b"x"), ("x-ok", b"y"), ("x-newline", b"a\nb"), ("", b"")]
            return finish(call_id, 9, "bad trailers", trailing)
        if method == "/test.Echo/Sleep":
            self.sleeping[call_id] = method
            Stats.sleeping += 1
            return b""
        if method == "/test.Echo/Meta":
            body = {"metadata": [[k, v.decode("latin-1")] for k, v in metadata], "deadline_us": deadline_us}
            return frame(MESSAGE, call_id, json.dumps(body).encode()) + finish(call_id, 0)
        if method == "/test.Echo/Who":  # which backend process got the call (routing tests)
            return frame(MESSAGE, call_id, self.name) + finish(call_id, 0)
        if method == "/test.Echo/Stats":
            body = {"calls": Stats.calls, "sleeping": Stats.sleeping, "cancels": Stats.cancels}
            return frame(MESSAGE, call_id, json.dumps(body).encode()) + finish(call_id, 0)
        return finish(call_id, 12, f"unknown method {method}")


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--socket", required=True)
    ap.add_argument("--reply-bytes", type=int, default=None, help="Unary answers this many bytes")
    ap.add_argument("--name", default=None, help="what /test.Echo/Who answers (default: the socket path)")
    args = ap.parse_args()
    if os.path.exists(args.socket):
        os.unlink(args.socket)
    loop = asyncio.get_running_loop()
    name = (args.name if args.name is not None else args.socket).encode()
    server = await loop.create_unix_server(lambda: Connection(args.reply_bytes, name), args.socket)
    print(json.dumps({"event": "backend_listening", "socket": args.socket, "pid": os.getpid()}), flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)
