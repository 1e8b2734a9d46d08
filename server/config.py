"""What a server starts with: one ``ServerConfig``, built once.

``boardbot serve`` builds it from its flags and environment, once in each server
process (``boardbot.server.main.server_config``); a test or a bench builds it
itself (``BackgroundServer(**fields)`` from its keyword arguments).
``boardbot.server.app.start`` takes nothing else.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses

from boardbot.ai.pool import SearchPool

from .bots import BotRunner
from .limits import Limits
from .master import DEFAULT_RETENTION
from .processes import Slot
from .store import GameStore
from .tls import TlsFiles


@dataclasses.dataclass(frozen=True)
class ConnectionOptions:
    """Keepalive and connection age (``boardbot serve --keepalive-time`` ...; 0 turns one off).

    The server sends a keepalive ping on each connection every
    ``keepalive_time`` seconds, idle or not, and drops the connection if no
    answer comes within ``keepalive_timeout`` (a dead peer, a silently
    dropped NAT entry). After ``max_connection_age``
    seconds (gRPC adds up to 10% jitter) it sends GOAWAY: the client opens a
    new connection for its next calls, which a load balancer may send to
    another server process, so long-lived clients rebalance; calls in flight
    on the old connection get ``max_connection_age_grace`` seconds to finish,
    then are cancelled (a ``WatchGame`` stream resumes with ``from_version``).
    Clients may send their own keepalive pings, at most one per
    ``min_client_ping_interval`` seconds."""

    keepalive_time: float = 60.0
    keepalive_timeout: float = 20.0
    max_connection_age: float = 300.0
    max_connection_age_grace: float = 30.0
    min_client_ping_interval: float = 10.0

    def grpc_options(self) -> list[tuple[str, int]]:
        ms = lambda seconds: max(1, int(seconds * 1000))  # noqa: E731
        out = [("grpc.http2.min_ping_interval_without_data_ms", ms(self.min_client_ping_interval)),
               ("grpc.http2.max_ping_strikes", 2)]
        if self.keepalive_time > 0:
            out += [("grpc.keepalive_time_ms", ms(self.keepalive_time)),
                    ("grpc.keepalive_timeout_ms", ms(self.keepalive_timeout)),
                    ("grpc.keepalive_permit_without_calls", 1), ("grpc.http2.max_pings_without_data", 0)]
        if self.max_connection_age > 0:
            out += [("grpc.max_connection_age_ms", ms(self.max_connection_age)),
                    ("grpc.max_connection_age_grace_ms", ms(self.max_connection_age_grace))]
        return out


@dataclasses.dataclass(frozen=True)
class ServerConfig:
    """Everything ``boardbot.server.app.start`` needs.

    ``address``: where gRPC listens (``HOST:PORT``, port 0 for a free one, or
    ``unix:PATH``). ``store``: where the games are (None: a new in-memory store;
    opened by ``start``, closed by ``Running.stop``); ``retention``: seconds a
    finished game is kept (None: for ever). ``limits``: what one caller may take
    (``boardbot.server.limits``).

    Bots and searches: random and greedy bots run on ``bot_executor`` (None: a
    thread pool) unless a ready ``bots`` runner is given. Searches (BotService,
    ismcts bot seats) run on ``pool`` (a ``boardbot.ai.pool.SearchPool`` started
    before the server), or in threads of this process without one;
    ``max_searches`` and ``search_queue_limit``: see ``boardbot.server.search_queue``.

    Ports: ``connections``: keepalive and connection age; ``slot``: this process's
    place among several on one address (``boardbot.server.processes``: the port is
    shared, SO_REUSEPORT); ``metrics_address``: serve Prometheus metrics there
    (``boardbot.server.metrics``); ``http_address``: also serve the browser port there
    (Connect and gRPC-Web, ``boardbot.server.http_port``), with CORS opened to
    ``cors_origins``; ``tls``: serve both ports over TLS (``boardbot.server.tls``);
    ``reflection_on``: offer gRPC server reflection."""

    address: str = "127.0.0.1:0"
    store: GameStore | None = None
    retention: float | None = DEFAULT_RETENTION
    limits: Limits = Limits()
    bot_executor: concurrent.futures.Executor | None = None
    bots: BotRunner | None = None
    pool: SearchPool | None = None
    max_searches: int | None = None
    search_queue_limit: int | None = None
    connections: ConnectionOptions = ConnectionOptions()
    slot: Slot | None = None
    metrics_address: str | None = None
    http_address: str | None = None
    cors_origins: tuple[str, ...] = ()
    tls: TlsFiles | None = None
    reflection_on: bool = True
