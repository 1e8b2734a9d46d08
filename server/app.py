"""Build and run the gRPC server: GameService, health, reflection, shutdown.

``boardbot serve`` runs ``serve``; tests and ``boardbot play`` use
``BackgroundServer`` (a real server on a free loopback port, in a thread).
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import signal
import threading

import grpc
import structlog
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from boardbot.engine import build
from boardbot.v1 import bot_service_pb2, game_service_pb2

from . import collector, logs, tracing
from .advisor import BotAdvisor
from .bot_service import BotService
from .bots import BotRunner
from .config import ServerConfig
from .master import GameMaster
from .rpc import add_servicer
from .search_queue import SearchQueue
from .service import GameService
from .memory_store import InMemoryStore

DEFAULT_ADDRESS = "127.0.0.1:50051"
ADDRESS_ENV = "BOARDBOT_ADDRESS"
SERVICE_NAME = game_service_pb2.DESCRIPTOR.services_by_name["GameService"].full_name
BOT_SERVICE_NAME = bot_service_pb2.DESCRIPTOR.services_by_name["BotService"].full_name
GRACE_SECONDS = 5.0

log = structlog.get_logger("boardbot.server")


def default_address() -> str:
    return os.environ.get(ADDRESS_ENV) or DEFAULT_ADDRESS


class Running:
    """A started server and what it needs to stop cleanly."""

    def __init__(self, server: grpc.aio.Server, service: GameService, health_servicer, port: int, host: str):
        self.server = server
        self.service = service
        self.master: GameMaster = service.master
        self.health = health_servicer
        self.port = port
        self.address = host if host.startswith("unix:") else f"{host}:{port}"
        self.http = None  # the browser port (boardbot.server.http_port.HttpPort), if serving one

    async def stop(self, grace: float = GRACE_SECONDS) -> None:
        """Stop taking calls, end watch streams, let in-flight calls finish."""
        await self.health.enter_graceful_shutdown()
        await self.service.close()
        if self.http is not None:
            await self.http.stop()
        await self.server.stop(grace)
        if self.games_task is not None:
            self.games_task.cancel()
        self.master.bots.close()
        self.searches.close()
        await self.master.store.close()


async def start(config: ServerConfig) -> Running:
    """Start serving as ``config`` says (``boardbot.server.config.ServerConfig``)."""
    limits, slot, address, tls = config.limits, config.slot, config.address, config.tls
    options = config.connections.grpc_options()
    if slot is not None:
        options.append(("grpc.so_reuseport", 1))
    if limits.max_connections:  # gRPC core's own quota (boardbot.server.connections)
        options.append(("grpc.max_allowed_incoming_connections", limits.max_connections))
    server = grpc.aio.server(options=options)
    searches = SearchQueue(config.pool, max_running=config.max_searches, queue_limit=config.search_queue_limit)
    store = config.store if config.store is not None else InMemoryStore()
    await store.open()
    games_task = None
    if config.metrics_address is not None:
        from . import metrics

        metrics.serve(config.metrics_address)
        metrics.watch_searches(searches)
        games_task = asyncio.get_running_loop().create_task(metrics.refresh_games(store))
        store = metrics.MeasuredStore(store)
    tracing.configure()  # on with the tracing extra and OTEL_* settings (or a tracer provider set)
    bots = config.bots or BotRunner(config.bot_executor, searches=searches, max_seconds=limits.max_bot_seconds)
    master = GameMaster(tracing.traced_store(store), tracing.traced_bots(bots), retention=config.retention,
                        limits=limits)
    service = GameService(master)
    add_servicer(server, service, game_service_pb2.DESCRIPTOR.services_by_name["GameService"])
    advisor = BotAdvisor(master, searches, process_index=slot.index if slot is not None else 0,
                         processes=slot.size if slot is not None else 1)
    bot_service = BotService(advisor)
    add_servicer(server, bot_service, bot_service_pb2.DESCRIPTOR.services_by_name["BotService"])
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    if config.reflection_on:
        reflection.enable_server_reflection(
            (SERVICE_NAME, BOT_SERVICE_NAME, health_pb2.DESCRIPTOR.services_by_name["Health"].full_name,
             reflection.SERVICE_NAME), server)
    if tls is not None and not address.startswith("unix:"):
        port = server.add_secure_port(address, tls.grpc_credentials())
    else:
        port = server.add_insecure_port(address)
    if port == 0:
        await store.close()
        raise OSError(f"cannot listen on {address}")
    await server.start()
    await health_servicer.set("", health_pb2.HealthCheckResponse.SERVING)
    await health_servicer.set(SERVICE_NAME, health_pb2.HealthCheckResponse.SERVING)
    await health_servicer.set(BOT_SERVICE_NAME, health_pb2.HealthCheckResponse.SERVING)
    host = address if address.startswith("unix:") else address.rsplit(":", 1)[0]
    running = Running(server, service, health_servicer, port, host)
    running.searches = searches
    running.bot_service = bot_service
    running.games_task = games_task
    searches.start()
    await master.start()
    if config.http_address is not None:
        from .http_port import HttpPort, build_app

        http = HttpPort(build_app(master, advisor, config.cors_origins), config.http_address, tls=tls, limits=limits)
        try:
            await http.start()
        except BaseException:
            await running.stop(0)
            raise
        running.http = http
        if config.metrics_address is not None:
            from . import metrics

            metrics.watch_connections(http.guard)
    return running


async def serve(config: ServerConfig, ready=None) -> int:
    """Run until SIGTERM or SIGINT, then shut down gracefully; returns the exit
    status. ``ready()`` is called once the server takes calls."""
    loop = asyncio.get_running_loop()
    running = await start(config)
    if config.slot is not None:
        structlog.contextvars.bind_contextvars(process=config.slot.index)
    http = running.http.address if running.http is not None else None
    log.info("serving", address=running.address, service=SERVICE_NAME, http=http,
             web_app=f"http://{http}/" if http is not None else None, pid=os.getpid())
    log.info("engine_build", compiled=build.is_compiled(), build=build.describe())
    searches = running.searches
    log.info("search_queue_config", workers=searches.workers, max_running=searches.max_running,
             queue_limit=searches.queue_limit, deadline_margin_ms=round(searches.margin * 1000, 3))
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    collector.tune()  # the startup heap out of the collector's sight, rarer collections
    if ready is not None:
        ready()
    await stop.wait()
    log.info("shutting_down", grace_seconds=GRACE_SECONDS)
    await running.stop()
    logs.rpc.flush()
    log.info("stopped")
    return 0


class BackgroundServer:
    """A real server in a background thread with its own event loop: started with
    ``config``, or with a ``ServerConfig`` of the keyword arguments (its fields)."""

    def __init__(self, config: ServerConfig | None = None, **fields):
        config = dataclasses.replace(config or ServerConfig(), **fields)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="boardbot-server", daemon=True)
        self._thread.start()
        self.running: Running = asyncio.run_coroutine_threadsafe(start(config), self._loop).result(30)
        self.address = self.running.address

    def call(self, coro, timeout: float = 30):
        """Run a coroutine on the server's loop (tests use it to reach the store)."""
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout)

    def stop(self, grace: float = 1.0) -> None:
        if self._loop.is_closed():
            return
        asyncio.run_coroutine_threadsafe(self.running.stop(grace), self._loop).result(30)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()

    def __enter__(self) -> "BackgroundServer":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
