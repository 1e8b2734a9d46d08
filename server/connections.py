"""How many connections a caller may hold open, on either port (issue 19).

Every open connection holds one of the process's file descriptors, and they are
shared by both ports, the store and the search workers: a flood of idle
connections (24,000 half-sent HTTP requests from one address) once used up all
20,000, after which a new gRPC client was answered INTERNAL ("Too many open
files"). So:

* the gRPC port takes at most ``--max-connections`` at once (gRPC core's own
  quota, ``grpc.max_allowed_incoming_connections``: a connection past it is
  closed as it arrives); gRPC also drops a connection that has not finished its
  HTTP/2 handshake within 120 s;
* the browser port takes at most ``--max-connections`` at once and at most
  ``--max-connections-per-client`` from one client address (not counted for a
  ``--trusted-proxy``, whose connections carry many clients), and closes a
  connection that has not sent a whole request head within
  ``REQUEST_HEAD_SECONDS`` of opening or of its last answer, or then the whole
  body within ``REQUEST_BODY_SECONDS`` of its head (uvicorn has no such
  timeouts; a slow-loris caller held a connection for ever, sending a head or a
  body a byte at a time). A connection past a limit is reset at once, before
  any byte is read;
* ``raise_open_files_limit`` lifts the process's soft limit on open files to
  its hard limit, so these limits, not the operating system, are what a flood
  meets first.

The browser-port half is a subclass of uvicorn's own HTTP protocol
(``guarded_protocol``): uvicorn takes a protocol class in its config, and the
class only adds bookkeeping around the asyncio ``connection_made`` /
``connection_lost`` calls and the parser's ``on_headers_complete`` and
``on_message_complete``.
"""

from __future__ import annotations

import collections
import resource

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .limits import Limits, client_of, is_trusted_proxy

REQUEST_HEAD_SECONDS = 20.0  # to send a request line and headers, from connecting or from the last answer
REQUEST_BODY_SECONDS = 20.0  # to send the whole body, from the end of the head (the API's bodies are small)
FILES_RESERVED = 512  # descriptors kept for the store, logs, workers and the listeners


class ConnectionGuard:
    """The browser port's open connections: in all, and by client address."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self.open = 0
        self.by_client: collections.Counter = collections.Counter()
        self.refused = collections.Counter()  # reason -> connections reset on arrival

    def admit(self, peer: str | None) -> tuple[bool, str | None]:
        """Whether a connection from ``peer`` may open; (True, the client it counts for)."""
        if not self.limits.allows(self.limits.max_connections, self.open):
            self.refused["max_connections"] += 1
            return False, None
        client = None if is_trusted_proxy(peer, self.limits.trusted_proxies) else client_of(peer)
        if client is not None and not self.limits.allows(self.limits.max_connections_per_client,
                                                         self.by_client[client]):
            self.refused["max_connections_per_client"] += 1
            return False, None
        self.open += 1
        if client is not None:
            self.by_client[client] += 1
        return True, client

    def release(self, client: str | None) -> None:
        self.open -= 1
        if client is not None:
            self.by_client[client] -= 1
            if self.by_client[client] <= 0:
                del self.by_client[client]


def guarded_protocol(guard: ConnectionGuard) -> type[HttpToolsProtocol]:
    """uvicorn's httptools protocol, counting its connections with ``guard``."""

    class GuardedHttpProtocol(HttpToolsProtocol):
        admitted = False
        client_key: str | None = None
        request_timer = None

        def connection_made(self, transport) -> None:  # type: ignore[override]
            peer = transport.get_extra_info("peername")
            self.admitted, self.client_key = guard.admit(peer[0] if isinstance(peer, tuple) else None)
            if not self.admitted:
                transport.abort()  # reset now: the descriptor is free again before anything is read
                return
            super().connection_made(transport)
            self._await_head()

        def connection_lost(self, exc) -> None:
            if not self.admitted:
                return
            self.admitted = False
            guard.release(self.client_key)
            self._stop_timer()
            super().connection_lost(exc)

        def on_headers_complete(self) -> None:
            self._stop_timer()
            super().on_headers_complete()
            # the body next (stopped when it is whole, or by the answer's own timer)
            self.request_timer = self.loop.call_later(REQUEST_BODY_SECONDS, self._too_slow)

        def on_message_complete(self) -> None:
            super().on_message_complete()
            if self.cycle is not None and self.cycle.response_complete:
                self._await_head()  # answered before its body was whole (refused): the next head's time
            else:
                self._stop_timer()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing() and not self.pipeline:
                self._await_head()  # the next request's head, within the same time

        def _await_head(self) -> None:
            self._stop_timer()
            self.request_timer = self.loop.call_later(REQUEST_HEAD_SECONDS, self._too_slow)

        def _stop_timer(self) -> None:
            if self.request_timer is not None:
                self.request_timer.cancel()
                self.request_timer = None

        def _too_slow(self) -> None:
            self.request_timer = None
            if not self.transport.is_closing():
                self.transport.close()

    return GuardedHttpProtocol


def raise_open_files_limit() -> tuple[int, int]:
    """Lift the soft limit on open files to the hard one; returns (soft, hard) after."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        target = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return soft, hard
