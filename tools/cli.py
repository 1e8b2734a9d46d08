"""The ``boardbot`` command: serve, play, arena, loadtest, records, ratings."""

from __future__ import annotations

import argparse
import os
import sys

from boardbot.engine import registry  # the names only: no game module is imported


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="boardbot", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run the gRPC server (GameService, health, reflection)")
    serve.add_argument("--address", default=None,
                       help="host:port to listen on (default: $BOARDBOT_ADDRESS or 127.0.0.1:50051)")
    serve.add_argument("--http-address", default=None,
                       help="host:port of the browser port: the same API over HTTP for the Connect protocol and "
                            "gRPC-Web (default: $BOARDBOT_HTTP_ADDRESS or 127.0.0.1:8080; 'off': none; "
                            "docs/clients.md)")
    serve.add_argument("--cors-origin", action="append", default=None, metavar="ORIGIN",
                       help="let web pages from this origin (https://example.com) call the browser port; repeat "
                            "for more (default: $BOARDBOT_CORS_ORIGINS, comma-separated, or none: CORS off)")
    serve.add_argument("--store", default=None,
                       help="where the games are kept: sqlite[:PATH] (the default: games.sqlite3 in the data "
                            "directory; ?synchronous=full flushes each commit to disk), redis://HOST:PORT[/DB] "
                            "(shared by any number of server processes on any machine) or memory (lost at exit); "
                            "default $BOARDBOT_STORE or sqlite (docs/storage.md)")
    serve.add_argument("--data-dir", default=None,
                       help="the SQLite store's directory, created on first run (default: $BOARDBOT_DATA or the "
                            "user's data directory, e.g. ~/.local/share/boardbot)")
    serve.add_argument("--retention", type=float, default=None, metavar="S",
                       help="seconds a finished game is kept, with its events (default: $BOARDBOT_RETENTION or "
                            "86400, a day; 0: for ever)")
    serve.add_argument("--max-games", type=int, default=None,
                       help="games the store may hold; past it CreateGame is RESOURCE_EXHAUSTED "
                            "(default: $BOARDBOT_MAX_GAMES or 100000; 0: no limit)")
    serve.add_argument("--metrics-address", default=None, metavar="HOST:PORT",
                       help="serve Prometheus metrics at http://HOST:PORT/metrics (default: $BOARDBOT_METRICS_ADDRESS; "
                            "none); with --processes N, process i on PORT+i")
    serve.add_argument("--processes", type=int, default=None,
                       help="server processes sharing the port (SO_REUSEPORT), each serving any game of the "
                            "store they share (SQLite on this machine, or Redis) (default: $BOARDBOT_PROCESSES, else "
                            "one per CPU core on the SQLite store and 1 on memory; docs/operations.md)")
    serve.add_argument("--bot-processes", type=int, default=0,
                       help="play greedy bot seats in this many worker processes (the random bot plays on the "
                            "event loop; default 0: a thread pool)")
    serve.add_argument("--ai-workers", type=int, default=None,
                       help="search worker processes for BotService and ismcts bot seats "
                            "(default: $BOARDBOT_AI_WORKERS or the CPU count, shared out among --processes; "
                            "0: threads of the server process)")
    serve.add_argument("--max-searches", type=int, default=None,
                       help="searches running at once, interleaved on the workers "
                            "(default: $BOARDBOT_MAX_SEARCHES or 16 per worker)")
    serve.add_argument("--search-queue-limit", type=int, default=None,
                       help="searches that may wait for a running one; past it SuggestMove/ChooseMove get "
                            "RESOURCE_EXHAUSTED (default: $BOARDBOT_SEARCH_QUEUE_LIMIT or --max-searches)")
    serve.add_argument("--ai-worker-memory", type=int, default=None, metavar="MB",
                       help="address-space limit of each search worker: a search or view check past it fails "
                            "alone (default: $BOARDBOT_AI_WORKER_MEMORY or 4096; 0: none)")
    serve.add_argument("--ai-nice", type=int, default=None,
                       help="niceness added to the search workers so the server's event loop comes first "
                            "(default: $BOARDBOT_AI_NICE or 5)")
    security = serve.add_argument_group("transport security (docs/security.md)")
    security.add_argument("--tls-cert", default=None, metavar="PEM",
                          help="serve both ports over TLS with this certificate chain (default: $BOARDBOT_TLS_CERT)")
    security.add_argument("--tls-key", default=None, metavar="PEM",
                          help="its private key (default: $BOARDBOT_TLS_KEY)")
    security.add_argument("--tls-client-ca", default=None, metavar="PEM",
                          help="require client certificates signed by this CA: mutual TLS "
                               "(default: $BOARDBOT_TLS_CLIENT_CA)")
    security.add_argument("--no-reflection", action="store_true",
                          help="do not offer gRPC server reflection (grpcurl, buf curl without --schema)")
    from boardbot.server.limits import Limits

    limits = serve.add_argument_group("limits per caller (docs/security.md; 0: no limit)")
    for field, (flag, text) in Limits.flags().items():
        limits.add_argument(flag, type=int, default=getattr(Limits(), field), metavar="N",
                            help=f"{text} (default %(default)s)")
    limits.add_argument("--quota", action="append", default=[], metavar="CLASS=calls:N,ai:S",
                        help="daily quotas of a token class (client: every call of one client address; seat: "
                             "the calls with one seat's or owner's token): N calls and S seconds of AI search "
                             "a UTC day, 0 or left out: none; repeated per class (default: $BOARDBOT_QUOTAS, "
                             "';'-separated; none). docs/security.md, \"Quotas\"")
    limits.add_argument("--trusted-proxy", action="append", default=[], metavar="CIDR",
                        help="a proxy in front of the server (nginx, a load balancer), by address or network, "
                             "repeated or comma-separated: a call from it counts for the client its "
                             "X-Forwarded-For header names (default: $BOARDBOT_TRUSTED_PROXIES; none)")
    conn = serve.add_argument_group("connections and logs (docs/performance.md)")
    conn.add_argument("--keepalive-time", type=float, default=60.0, metavar="S",
                      help="send a keepalive ping on each connection this often (default 60; 0: off)")
    conn.add_argument("--keepalive-timeout", type=float, default=20.0, metavar="S",
                      help="drop the connection if a ping is not answered within this (default 20)")
    conn.add_argument("--max-connection-age", type=float, default=300.0, metavar="S",
                      help="GOAWAY after this long, so clients reconnect and rebalance across server "
                           "processes (default 300; gRPC adds up to 10%% jitter; 0: off)")
    conn.add_argument("--max-connection-age-grace", type=float, default=30.0, metavar="S",
                      help="calls in flight on an aged connection get this long to finish (default 30)")
    conn.add_argument("--rpc-log-every", type=int, default=1, metavar="N",
                      help="the per-RPC log line: 1 every call (default), N one successful call in N, "
                           "0 none; failed calls are always logged")
    serve.set_defaults(run="boardbot.server.main:serve_main")

    play = sub.add_parser("play", help="play a game in the terminal against bots, through the server")
    play.add_argument("game", help=f"one of: {', '.join(registry.names())}")
    play.add_argument("--vs", default="random",
                      help="comma-separated bot specs, one per opponent (e.g. random or random,greedy)")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument("--config", default="", help="game config as JSON")
    play.add_argument("--players", type=int, default=None, help="number of players (seats)")
    play.add_argument("--solo", action="store_true", help="a one-player game (same as --players 1)")
    play.add_argument("--seed", type=int, default=None,
                      help="play a reproducible game: the same seed and moves give the same game")
    play.add_argument("--address", default=None,
                      help="a running server; without it one is started in-process on a free port")
    play.add_argument("--tls-ca", default=None, metavar="PEM",
                      help="--address has TLS: trust this CA (with --tls-cert alone: the system's roots)")
    play.add_argument("--tls-cert", default=None, metavar="PEM",
                      help="a client certificate, for a server with --tls-client-ca (with --tls-key)")
    play.add_argument("--tls-key", default=None, metavar="PEM", help="the client certificate's key")
    play.epilog = ("Any other --NAME VALUE (or --NAME for true) sets the game parameter NAME: the game's "
                   "parameters are in docs/rules/GAME.md and ListGameTypes (e.g. --players 3)")
    play.set_defaults(run="boardbot.tools.play:play_main")

    arena = sub.add_parser("arena", help="play bots against each other and summarise")
    arena.add_argument("game")
    arena.add_argument("--players", type=int, default=None)
    arena.add_argument("--config", default="", help="game config as JSON, e.g. '{\"public_back\": \"first\"}'")
    arena.add_argument("--seats", default="random", help="bot specs, one per seat (or one for all), comma-separated; key=value items "
                       "continue the previous spec (ismcts:iterations=2000,c=0.7,random); ';' also separates")
    arena.add_argument("--games", type=int, default=100)
    arena.add_argument("--seed", type=int, default=0)
    arena.add_argument("--rotate", choices=("on", "off"), default=None,
                       help="rotate bots over the seats (default: on when the bots differ)")
    arena.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    arena.add_argument("--quiet", action="store_true", help="no progress bar or timings on stderr")
    arena.set_defaults(run="boardbot.ai.arena:main")

    from boardbot.tools.loadtest.cli import add_arguments

    loadtest = sub.add_parser("loadtest", help="simulated clients playing whole games against AI seats; "
                                               "latency, throughput, errors and CPU as JSON and HTML")
    add_arguments(loadtest)
    loadtest.set_defaults(run="boardbot.tools.loadtest.cli:main")

    from boardbot.tools import records

    records_parser = sub.add_parser("records", help="finished games' records: export them from a server, replay "
                                                    "them (checking the deal), turn them into training trajectories")
    records.add_arguments(records_parser)
    records_parser.set_defaults(run="boardbot.tools.records:main")

    from boardbot.tools import ratings

    ratings_parser = sub.add_parser("ratings", help="leaderboards of rated games, and a round robin of the server's "
                                                    "presets that anchors them")
    ratings.add_arguments(ratings_parser)
    ratings_parser.set_defaults(run="boardbot.tools.ratings:main")
    return parser


def game_params(extra: list[str]) -> dict:
    """``--name value`` / ``--name`` pairs as game parameters (the server validates them)."""
    out: dict = {}
    i = 0
    while i < len(extra):
        item = extra[i]
        if not item.startswith("--") or len(item) < 3:
            raise SystemExit(f"boardbot play: unexpected argument {item!r}")
        name, _, value = item[2:].partition("=")
        if not _ and i + 1 < len(extra) and not extra[i + 1].startswith("--"):
            value, i = extra[i + 1], i + 1
        elif not _:
            value = "true"
        out[name.replace("-", "_")] = _typed(value)
        i += 1
    return out


def _typed(value: str):
    if value.lower() in ("true", "false"):
        return value.lower() == "true"
    try:
        return int(value)
    except ValueError:
        return value


# gRPC core's EventEngine TCP client and listener (on by default in grpcio 1.85) cost about 50 µs
# more CPU per unary call on each side than the older I/O manager with grpc.aio on this kind of
# machine (bench/grpc_floor.py; docs/performance.md). ``boardbot serve`` and ``boardbot loadtest``
# turn them off unless $GRPC_EXPERIMENTS is set (set it empty for gRPC's own defaults). It must be
# set before gRPC is loaded, which is why it is here.
GRPC_EXPERIMENTS = "-event_engine_client,-event_engine_listener"
GRPC_EXPERIMENTS_COMMANDS = ("serve", "loadtest")


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "play":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if args.command == "play":
        args.params = game_params(extra)
    if args.command in GRPC_EXPERIMENTS_COMMANDS and "grpc" not in sys.modules:
        os.environ.setdefault("GRPC_EXPERIMENTS", GRPC_EXPERIMENTS)
    module, func = args.run.split(":")
    import importlib

    return getattr(importlib.import_module(module), func)(args) or 0


if __name__ == "__main__":
    sys.exit(main())
