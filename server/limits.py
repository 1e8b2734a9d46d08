"""What one caller may take of the server: the limits ``boardbot serve`` enforces,
with their defaults and flags (docs/security.md lists them and why).

Every limit is per server process, but for the games one client holds, which
the store counts (so it holds across restarts and across the processes of a
shared store). 0 turns a limit off (for load tests from one machine, say); a
call past one gets RESOURCE_EXHAUSTED with a QuotaFailure naming the limit and,
where waiting helps, a RetryInfo.

A client is its address (``client_of``), the same on the gRPC and the browser port;
behind a proxy named in ``--trusted-proxy``, the address the proxy reports in
X-Forwarded-For (``real_client``).
"""

from __future__ import annotations

import dataclasses
import functools
import ipaddress


@dataclasses.dataclass(frozen=True)
class Limits:
    # open WatchGame streams: every new version of a game costs each of its streams a
    # write (about 50 µs of the event loop in grpcio), so thousands on one game would
    # starve every other call (bench/idle_watchers.py)
    max_watchers_per_game: int = 256
    max_watchers_per_client: int = 64
    # a seat's own streams (with its token), apart from the game's spectators: however many
    # spectators crowd a game, its players can still watch it
    max_watchers_per_seat: int = 8
    # a hosted bot seat's think time per move: a spec asking for more is refused at
    # CreateGame, and an iteration-only spec stops at this time too
    max_bot_seconds: int = 10
    # CreateGame, CreateQueue, JoinGame and JoinQueue from one client address (each stores something):
    # one bucket of this many, refilled at this many a second
    create_burst_per_client: int = 200
    creates_per_second_per_client: int = 50
    # games one client address holds in the store (running, and finished until they expire or
    # are deleted): without it one patient client could fill --max-games alone
    max_games_per_client: int = 1000
    # a matchmaking queue with no player waiting is deleted after this many seconds (0: kept for ever)
    queue_idle_seconds: int = 600
    # the proxies whose X-Forwarded-For header names the real client (real_client): without
    # them, every caller behind nginx or a load balancer is the proxy, one client for all
    trusted_proxies: tuple = ()
    # open connections on each port, and from one client address on the browser port (gRPC core
    # can cap only the total): each holds a file descriptor (boardbot.server.connections)
    max_connections: int = 4096
    max_connections_per_client: int = 128
    # daily quotas of calls and AI seconds by token class, ((class, QuotaClass), ...):
    # boardbot serve --quota (boardbot.server.quotas); none by default
    quotas: tuple = ()

    @staticmethod
    def flags() -> dict[str, tuple[str, str]]:
        """field -> (flag, help) for ``boardbot serve``."""
        return {
            "max_watchers_per_game": ("--max-watchers-per-game", "open spectators' WatchGame streams on one game"),
            "max_watchers_per_seat": ("--max-watchers-per-seat",
                                      "open WatchGame streams of one seat (with its token), apart from the "
                                      "spectators'"),
            "max_watchers_per_client": ("--max-watchers-per-client",
                                        "open WatchGame streams from one client address"),
            "max_bot_seconds": ("--max-bot-seconds", "seconds a hosted ismcts bot seat may think per move"),
            "create_burst_per_client": ("--create-burst-per-client",
                                        "games, queues, joined seats and queue tickets one client address may "
                                        "make at once, before the rate applies"),
            "creates_per_second_per_client": ("--creates-per-second-per-client",
                                              "games, queues, joined seats and queue tickets one client address "
                                              "may make a second, sustained"),
            "max_games_per_client": ("--max-games-per-client",
                                     "games one client address may hold in the store until it deletes them or "
                                     "they expire"),
            "queue_idle_seconds": ("--queue-idle-seconds",
                                   "seconds a matchmaking queue with nobody waiting is kept before it is deleted"),
            "max_connections": ("--max-connections", "open connections on each port (gRPC, browser)"),
            "max_connections_per_client": ("--max-connections-per-client",
                                           "open browser-port connections from one client address"),
        }

    def allows(self, limit: int, count: int) -> bool:
        return limit == 0 or count < limit


@functools.lru_cache(maxsize=4096)  # a pure function of the address, asked on every create and watch
def client_of(host: str | None) -> str | None:
    """The client a per-client limit counts for, from the peer's host as a port reports it
    (``1.2.3.4``, ``::1``, ``[::1]``; None: no address, as over a Unix socket): the address
    in its canonical form, an IPv4-mapped IPv6 address as IPv4 (a dual-stack listener
    reports IPv4 clients so), and an IPv6 address as its /64, which one host or one home
    network gets whole and could otherwise walk through. Anything else unchanged."""
    if not host:
        return None
    host = host.strip("[]")
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])  # without an IPv6 zone
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        if not address.is_loopback:
            return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


# a header lists one hop per proxy on the way; a longer list is someone's padding, and only
# its right end (the hops our proxies appended) is ever read
MAX_FORWARDED_HOPS = 16


def trusted_networks(specs) -> tuple:
    """``--trusted-proxy`` values (addresses or CIDR networks, comma-separated or repeated)
    as networks; a ValueError names a value that is neither."""
    networks = []
    for spec in specs:
        for item in str(spec).split(","):
            if item.strip():
                try:
                    networks.append(ipaddress.ip_network(item.strip(), strict=False))
                except ValueError:
                    raise ValueError(f"{item.strip()!r} is not an address or a network (10.0.0.0/8, ::1)") from None
    return tuple(networks)


def _address(host: str | None):
    if not host:
        return None
    try:
        address = ipaddress.ip_address(host.strip().strip("[]").split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def _trusted(address, networks) -> bool:
    return address is not None and any(address.version == n.version and address in n for n in networks)


def is_trusted_proxy(peer: str | None, networks: tuple) -> bool:
    """Whether ``peer`` (an address as a port reports it) is one of the ``--trusted-proxy`` networks."""
    return _trusted(_address(peer), networks)


def real_client(peer: str | None, forwarded_for: str | None, networks: tuple) -> str | None:
    """The client a call counts for (``client_of``): the peer's address, unless the peer is a
    trusted proxy, whose X-Forwarded-For header then names the hop before it. The header is
    read from the right, the way the proxies appended to it, past every trusted proxy, to the
    first address no trusted proxy is: what a caller wrote into the header itself sits left
    of that and is never believed (nginx's real_ip_recursive reads it so). A hop that is not
    an address stops the walk at the last proxy that could be trusted."""
    host = peer
    if networks and forwarded_for and _trusted(_address(peer), networks):
        hops = forwarded_for[-MAX_FORWARDED_HOPS * 48:].rsplit(",", MAX_FORWARDED_HOPS)[-MAX_FORWARDED_HOPS:]
        for hop in reversed(hops):  # (48: the longest address with its separator, and some)
            address = _address(hop)
            if address is None:
                break
            host = str(address)
            if not _trusted(address, networks):
                break
    return client_of(host)


class RateLimiter:
    """Token buckets by key (a client address): ``take`` spends one token or says how
    long until one is back. Buckets full again are forgotten, so the table stays as
    small as the set of clients that were busy lately."""

    def __init__(self, burst: int, per_second: float, clock=None):
        import time

        self.burst, self.rate = burst, per_second
        self.clock = clock or time.monotonic
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when)

    def take(self, key: str) -> float:
        """0.0 if a token was taken, else the seconds until one is available."""
        if self.burst <= 0 or self.rate <= 0:
            return 0.0
        now = self.clock()
        tokens, when = self._buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - when) * self.rate)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            return (1.0 - tokens) / self.rate
        self._buckets[key] = (tokens - 1.0, now)
        if len(self._buckets) > 10_000:
            self._forget_full(now)
        return 0.0

    def _forget_full(self, now: float) -> None:
        for key, (tokens, when) in list(self._buckets.items()):
            if tokens + (now - when) * self.rate >= self.burst:
                del self._buckets[key]
