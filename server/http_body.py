"""A browser-port request, checked before the Connect application sees it (issue 54).

connectrpc trusts what it is sent more than a hostile caller deserves: it
inflated a gzip body in full on the event loop (a 1 MB body of 1 GB of zeros,
sent with no token, took the server from 91 to 2,080 MB and stalled every call
on both ports for 5 s); it answered UNKNOWN (HTTP 500) with a Python
exception's text for a body declared gzip that is not, a header that is not
UTF-8, a gRPC-Web timeout too long, or ``Content-Type: application/grpc``
(native gRPC needs HTTP trailers, which uvicorn does not send); and INTERNAL
for an enveloped message flagged compressed in a request that names no
compression. So ``CallGuard`` (``boardbot.server.http_port``) reads the whole
body first (at most the request limit: every method takes one message) and
hands it to ``prepare``, which

* refuses a head connectrpc cannot read (``check_head``): 415 for native gRPC,
  INVALID_ARGUMENT for a header that is not UTF-8 or a malformed
  ``grpc-timeout``;
* checks the framing of gRPC-Web and Connect streaming bodies: exactly one
  message, its flags and length;
* inflates gzip in a thread of its own (``INFLATE_THREADS``), never past the
  request limit (RESOURCE_EXHAUSTED beyond), so a bomb costs a bounded slice
  of a thread, not the event loop or the memory;
* and gives connectrpc the plain body, with the encoding headers taken out.

A refusal is answered in the request's own protocol (``send_refusal``): a
Connect error (JSON, with the HTTP status Connect maps its code to), a
gRPC-Web trailers-only answer, or a Connect stream's end message.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import re
import urllib.parse
import zlib

INFLATE_THREADS = 2   # gzip bodies inflate here, one after another per thread, off the event loop
MAX_GZIP_MEMBERS = 16  # a gzip body may be several members in a row; thousands of empty ones are an attack
GRPC_TIMEOUT = re.compile(r"[0-9]{1,8}[HMSmun]")  # the gRPC spec's TimeoutValue and TimeoutUnit
ENCODINGS = ("identity", "gzip")
ENCODING_HEADER = {"connect": b"content-encoding", "grpc-web": b"grpc-encoding",
                   "connect-stream": b"connect-content-encoding"}
# Connect code -> (its gRPC number, the HTTP status of a Connect unary error)
CODES = {"invalid_argument": (3, 400), "resource_exhausted": (8, 429), "unimplemented": (12, 501)}
NOT_SERVED = ("this port takes Connect (application/json, application/proto) and gRPC-Web "
              "(application/grpc-web+proto); native gRPC is served on the gRPC port")

_inflating: concurrent.futures.ThreadPoolExecutor | None = None


class Refusal(Exception):
    """A request refused before the application saw it: a Connect code and a plain message
    (``http_status``: an HTTP answer that is not a Connect error, such as 415)."""

    def __init__(self, code: str, message: str, http_status: int | None = None):
        super().__init__(message)
        self.code, self.message, self.http_status = code, message, http_status


def protocol_of(content_type: bytes) -> str:
    """``grpc`` (native, not served here), ``grpc-web``, ``connect-stream`` or ``connect``
    (unary), read from the Content-Type exactly as connectrpc reads it."""
    if content_type == b"application/grpc-web" or content_type.startswith(b"application/grpc-web+"):
        return "grpc-web"
    if content_type == b"application/grpc" or content_type.startswith(b"application/grpc+"):
        return "grpc"
    if content_type.startswith(b"application/connect+"):
        return "connect-stream"
    return "connect"


def check_head(headers, protocol: str) -> None:
    """Refuse what connectrpc cannot read in a request head (raises ``Refusal``)."""
    if protocol == "grpc":
        raise Refusal("unimplemented", NOT_SERVED, 415)
    for name, value in headers:
        try:
            name.decode()
            value.decode()
        except UnicodeDecodeError:
            raise Refusal("invalid_argument", f"the header {name.decode('latin-1')[:40]!r} is not UTF-8") from None
        if name == b"grpc-timeout" and not GRPC_TIMEOUT.fullmatch(value.decode()):
            raise Refusal("invalid_argument", "grpc-timeout is up to 8 digits and a unit (H, M, S, m, u or n)")


async def prepare(headers: list, body: bytes, protocol: str, max_bytes: int) -> tuple[list, bytes]:
    """The head and body to give connectrpc: the body's framing checked and gzip inflated
    (off the event loop, at most ``max_bytes``), the encoding header taken out. Raises
    ``Refusal``."""
    header = ENCODING_HEADER[protocol]
    encoding = next((v.decode().strip().lower() for k, v in headers if k == header), "identity") or "identity"
    if encoding not in ENCODINGS:
        raise Refusal("unimplemented", f"unknown compression {encoding[:40]!r}: this port takes gzip or identity")
    if protocol == "connect":  # unary: the body is the message
        if encoding == "gzip" and body:
            body = await _inflate_off_loop(body, max_bytes)
    else:  # enveloped: a flags byte, a 4-byte length, the message; one message per call
        if len(body) < 5 or int.from_bytes(body[1:5], "big") != len(body) - 5:
            raise Refusal("invalid_argument", "the body is not one enveloped message (a flags byte, "
                                              "a 4-byte big-endian length, then that many bytes)")
        flags = body[0]
        if flags & ~1:
            raise Refusal("invalid_argument", f"a request message's flags are 0 or 1, not {flags}")
        if flags:
            if encoding == "identity":
                raise Refusal("invalid_argument", "the message is flagged compressed, but the request "
                                                  f"names no compression ({header.decode()})")
            message = await _inflate_off_loop(body[5:], max_bytes)
            body = b"\0" + len(message).to_bytes(4, "big") + message
    if encoding == "identity":
        return headers, body
    return [(k, v) for k, v in headers if k not in (header, b"content-length")], body


async def _inflate_off_loop(data: bytes, cap: int) -> bytes:
    global _inflating
    if _inflating is None:
        _inflating = concurrent.futures.ThreadPoolExecutor(INFLATE_THREADS, thread_name_prefix="inflate")
    return await asyncio.get_running_loop().run_in_executor(_inflating, inflate, data, cap)


def inflate(data: bytes, cap: int) -> bytes:
    """``data`` (gzip, one or more members) inflated, refused once past ``cap`` bytes: zlib
    stops there, so a bomb costs what ``cap`` bytes cost, whatever it would inflate to."""
    out = bytearray()
    for _ in range(MAX_GZIP_MEMBERS):
        member = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            out += member.decompress(data, cap + 1 - len(out))
        except zlib.error:
            raise Refusal("invalid_argument", "the body is declared gzip but is not valid gzip") from None
        if len(out) > cap:
            raise Refusal("resource_exhausted", f"the request body inflates to more than {cap} bytes")
        if not member.eof:
            raise Refusal("invalid_argument", "the gzip body is cut short")
        data = member.unused_data
        if not data:
            return bytes(out)
    raise Refusal("invalid_argument", f"the gzip body has more than {MAX_GZIP_MEMBERS} members")


async def send_refusal(send, protocol: str, content_type: bytes, refusal: Refusal) -> None:
    """Answer ``refusal`` in the request's protocol."""
    message = refusal.message
    if refusal.http_status is not None:
        await _send(send, refusal.http_status, [(b"content-type", b"text/plain; charset=utf-8"),
                                                (b"accept-post", b"application/json, application/proto")],
                    message.encode() + b"\n")
        return
    number, http_status = CODES[refusal.code]
    if protocol == "grpc-web":  # trailers-only: the status in the headers, no body
        await _send(send, 200, [(b"content-type", content_type), (b"grpc-status", str(number).encode()),
                                (b"grpc-message", urllib.parse.quote(message).encode())], b"")
    elif protocol == "connect-stream":  # an end-of-stream message carrying the error
        end = json.dumps({"error": {"code": refusal.code, "message": message}}).encode()
        await _send(send, 200, [(b"content-type", content_type)], b"\x02" + len(end).to_bytes(4, "big") + end)
    else:
        await send_connect_error(send, http_status, refusal.code, message)


async def send_connect_error(send, status: int, code: str, message: str) -> None:
    """A Connect unary error: ``code`` and ``message`` as JSON, with HTTP ``status``."""
    await _send(send, status, [(b"content-type", b"application/json")],
                json.dumps({"code": code, "message": message}).encode())


async def _send(send, status: int, headers: list, body: bytes) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": headers + [(b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
