"""Where a simulated client's calls go: a gRPC server, or the game master in process.

Both backends offer the same coroutines to the game loop (``driver.play_game``):
``create``, ``view``, ``submit`` (with ``--submit-view``, it also returns the
seat's view: after the move, or at its next decision), ``suggest``, ``wait``
(until something changed while bot seats move) and ``finish``. Errors are raised as
``CallError(code)``; the loop records them by status code.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass

from .scenarios import Scenario

FINISHED = 2  # boardbot.v1.GAME_STATUS_FINISHED


class CallError(Exception):
    def __init__(self, code: str, message: str = ""):
        super().__init__(f"{code}: {message}" if message else code)
        self.code = code


@dataclass(slots=True)
class ViewInfo:
    version: int
    decider: int
    finished: bool
    moves: int  # the number of legal moves of the seat (0 unless it is its decision)


@dataclass
class Handle:
    """One simulated client's game."""

    scenario: Scenario
    seat: int
    game_id: str = ""
    metadata: tuple = ()
    owner_metadata: tuple = ()
    stub: object = None
    bot_stub: object = None
    created: float = 0.0  # server time of creation (watch mode)
    version: int = 0
    decider: int = -1
    finished: bool = False
    changed: asyncio.Event | None = None
    latest: object = None  # --views stream: the last SeatView the stream brought
    min_version: int = 0  # --views stream: the version our last move brought the game to
    watch: object = None
    watch_task: asyncio.Task | None = None


def view_info(v) -> ViewInfo:
    return ViewInfo(v.version, v.decider, v.status == FINISHED, len(v.legal_moves))


def bot_move(item, previous: float) -> tuple[float | None, float]:
    """From a WatchGame message: (the bot move's seconds or None, the event time). A bot move
    takes from the previous event's time (the game's creation for the first) to its own, both
    on the server's clock, from commit to commit."""
    if not item.HasField("game_event"):
        return None, previous
    at = item.game_event.time.seconds + item.game_event.time.nanos * 1e-9
    return (at - previous if item.game_event.by_bot else None), at


# --- gRPC ------------------------------------------------------------------------
class Requests:
    """A simulated client's request messages, from the options: the generated messages used
    directly (no dict conversion), so the client side stays cheap. Shared by the backends
    and the Locust user (``locust.py``)."""

    def __init__(self, opts):
        from boardbot.v1 import bot_service_pb2, common_pb2, game_service_pb2

        self.pb = game_service_pb2
        self.bpb = bot_service_pb2
        self.common = common_pb2
        self.opts = opts
        self._configs: dict[int, object] = {}
        self.response_view = {"none": game_service_pb2.RESPONSE_VIEW_UNSPECIFIED,
                              "after": game_service_pb2.RESPONSE_VIEW_AFTER_MOVE,
                              "next": game_service_pb2.RESPONSE_VIEW_NEXT_DECISION}[opts.submit_view]
        self.suggest_timeout = (opts.budget or 0.0) + opts.timeout

    def create_request(self, scenario: Scenario, seat: int, seed: int):
        request = self.pb.CreateGameRequest(game=scenario.game, seed=seed)
        key = id(scenario)
        config = self._configs.get(key)
        if config is None and scenario.config:
            from boardbot.server import convert

            config = self._configs[key] = convert.to_proto(self.common.GameConfig, scenario.game, scenario.config)
        if config is not None:
            request.config.CopyFrom(config)
        for spec in scenario.seat_specs(seat):
            if spec is None:
                request.seats.add(kind=self.common.SEAT_KIND_HUMAN)
            else:
                request.seats.add(kind=self.common.SEAT_KIND_BOT, bot=spec)
        return request

    def submit_request(self, h: Handle, move_id: int, version: int):
        request = self.pb.SubmitMoveRequest(game_id=h.game_id, seat=h.seat, move_id=move_id,
                                            response_view=self.response_view)
        if self.opts.expected_version:
            request.expected_version = version
        if self.opts.request_ids:
            request.request_id = f"{h.game_id}:{version}"
        return request

    def suggest_request(self, h: Handle, seed: int):
        budget = self.bpb.SearchBudget()
        if self.opts.budget is not None:
            budget.time.FromNanoseconds(int(self.opts.budget * 1e9))
        if self.opts.budget_iterations is not None:
            budget.iterations = self.opts.budget_iterations
        return self.bpb.SuggestMoveRequest(game_id=h.game_id, seat=h.seat, bot=self.opts.suggest_bot,
                                           budget=budget, seed=seed)


class GrpcBackend(Requests):
    """grpc.aio stubs on ``channels`` connections."""

    yield_first = False  # every call awaits the network anyway

    def __init__(self, target: str, opts, recorder):
        super().__init__(opts)
        self.stream_views = opts.views == "stream"
        self.view_name = "WatchGame view" if self.stream_views else "GetView"
        self.rec = recorder
        self.target = target
        self._connect()
        self._next = 0

    def _connect(self) -> None:
        """The stubs: on ``channels`` connections to the target."""
        import grpc

        from boardbot.v1 import bot_service_pb2_grpc, game_service_pb2_grpc

        self.grpc = grpc
        self.channels = []
        credentials = None
        if self.opts.tls is not None:
            from boardbot.client import tls_credentials

            credentials = tls_credentials(*self.opts.tls)
        for i in range(max(1, self.opts.channels)):
            options = [("grpc.use_local_subchannel_pool", 1)] if self.opts.channels > 1 else []
            self.channels.append(grpc.aio.secure_channel(self.target, credentials, options=options)
                                 if credentials is not None else grpc.aio.insecure_channel(self.target, options=options))
        self.stubs = [game_service_pb2_grpc.GameServiceStub(c) for c in self.channels]
        self.bot_stubs = [bot_service_pb2_grpc.BotServiceStub(c) for c in self.channels]

    def _metadata(self, token: str):
        # built once per game: a tuple would be converted to grpc.aio.Metadata on every call
        return self.grpc.aio.Metadata(("authorization", f"Bearer {token}"))

    async def start(self, timeout: float = 10.0) -> None:
        for channel in self.channels:
            try:
                await asyncio.wait_for(channel.channel_ready(), timeout)
            except asyncio.TimeoutError:
                await self.close()
                raise ConnectionError(f"cannot connect to {self.target} within {timeout:g} s") from None

    async def close(self) -> None:
        for channel in self.channels:
            await channel.close(grace=None)

    def _error(self, err) -> CallError:
        if isinstance(err, self.grpc.aio.AioRpcError):
            return CallError(err.code().name, err.details() or "")
        return CallError(f"CLIENT_{type(err).__name__}", str(err))

    async def create(self, h: Handle, seed: int) -> None:
        i = self._next = (self._next + 1) % len(self.stubs)
        h.stub, h.bot_stub = self.stubs[i], self.bot_stubs[i]
        try:
            reply = await h.stub.CreateGame(self.create_request(h.scenario, h.seat, seed), timeout=self.opts.timeout)
        except Exception as err:  # noqa: BLE001
            raise self._error(err) from None
        h.game_id = reply.game.game_id
        token = next(t.token for t in reply.seat_tokens if t.seat == h.seat)
        h.metadata = self._metadata(token)
        h.owner_metadata = self._metadata(reply.owner_token)
        created = reply.game.create_time
        h.created = created.seconds + created.nanos * 1e-9
        if self.opts.wait == "watch" or self.stream_views:
            h.changed = asyncio.Event()
            h.watch_task = asyncio.get_running_loop().create_task(self._watch(h))

    async def view(self, h: Handle) -> ViewInfo:
        if self.stream_views:
            return await self._stream_view(h)
        try:
            reply = await h.stub.GetView(self.pb.GetViewRequest(game_id=h.game_id, seat=h.seat),
                                         metadata=h.metadata, timeout=self.opts.timeout)
        except Exception as err:  # noqa: BLE001
            raise self._error(err) from None
        return view_info(reply.view)

    async def submit(self, h: Handle, move_id: int, version: int) -> tuple[bool, ViewInfo | None]:
        try:
            reply = await h.stub.SubmitMove(self.submit_request(h, move_id, version), metadata=h.metadata,
                                            timeout=self.opts.timeout)
        except Exception as err:  # noqa: BLE001
            raise self._error(err) from None
        h.min_version = reply.version
        return reply.status == FINISHED, view_info(reply.view) if reply.HasField("view") else None

    async def suggest(self, h: Handle, view: ViewInfo, seed: int) -> tuple[int, float]:
        try:
            reply = await h.bot_stub.SuggestMove(self.suggest_request(h, seed), metadata=h.metadata,
                                                 timeout=self.suggest_timeout)
        except Exception as err:  # noqa: BLE001
            raise self._error(err) from None
        return reply.move.id, reply.stats.duration.ToNanoseconds() / 1e9

    async def _stream_view(self, h: Handle) -> ViewInfo:
        """The newest view from the WatchGame stream, once it has caught up with our last move."""
        while h.latest is None or (h.version < h.min_version and not h.finished):
            if h.watch_task.done():
                raise CallError("WATCH_ENDED", "the WatchGame stream ended before the game")
            h.changed.clear()
            try:
                await asyncio.wait_for(h.changed.wait(), self.opts.timeout)
            except asyncio.TimeoutError:
                raise CallError("DEADLINE_EXCEEDED", "no view from the WatchGame stream") from None
        return view_info(h.latest)

    async def wait(self, h: Handle, view: ViewInfo) -> None:
        if h.watch_task is None:
            await asyncio.sleep(self.opts.poll_interval)
            return
        deadline = self.opts.timeout
        while h.version <= view.version and not h.finished and not h.watch_task.done():
            h.changed.clear()
            try:
                await asyncio.wait_for(h.changed.wait(), deadline)
            except asyncio.TimeoutError:
                return

    async def _watch(self, h: Handle) -> None:
        """Follow the game's events (from version 0): wake the loop, time the bot moves (``bot_move``)."""
        request = self.pb.WatchGameRequest(game_id=h.game_id, seat=h.seat, from_version=0)
        call = h.watch = h.stub.WatchGame(request, metadata=h.metadata)
        previous = h.created
        try:
            async for item in call:
                now = time.monotonic()
                self.rec.mark("WatchGame messages", now)
                seconds, previous = bot_move(item, previous)
                if seconds is not None:
                    self.rec.ok("bot move", now, seconds)
                    self.rec.over_budget("bot move", now, seconds, self.opts.bot_budget)
                view = h.latest = item.view
                h.version, h.decider, h.finished = view.version, view.decider, view.status == FINISHED
                h.changed.set()
                if h.finished:
                    break
        except asyncio.CancelledError:
            raise
        except Exception as err:  # noqa: BLE001
            failure = self._error(err)
            if failure.code != "CANCELLED":
                self.rec.error("WatchGame", failure.code, time.monotonic())
        finally:
            h.changed.set()

    async def finish(self, h: Handle, delete: bool) -> None:
        if h.watch is not None and not h.watch.done():
            h.watch.cancel()
        if h.watch_task is not None:
            if not h.watch_task.done():
                h.watch_task.cancel()
            await asyncio.gather(h.watch_task, return_exceptions=True)
        if delete and h.game_id:
            try:
                await h.stub.DeleteGame(self.pb.DeleteGameRequest(game_id=h.game_id), metadata=h.owner_metadata,
                                        timeout=self.opts.timeout)
            except Exception as err:  # noqa: BLE001
                raise self._error(err) from None


# --- in process ------------------------------------------------------------------
class InProcessBackend(GrpcBackend):
    """The server's own logic without a transport: the same calls, the same request
    messages and the same game loop as ``GrpcBackend``, made on the game master and
    the bot advisor (``boardbot.server.master``, ``boardbot.server.advisor``) that
    every gRPC call reaches, in this process, with the server's bot runner and a
    search queue that runs searches in threads of this process. The difference
    between a run against a server and this one is what the transport costs.

    The game loop yields to the event loop before each call (``yield_first``) and
    times only the call itself, so concurrent simulated clients interleave without
    one client's work being counted in another's latency; nothing runs in parallel
    within one process (use --processes for more cores)."""

    yield_first = True

    def __init__(self, opts, recorder):
        super().__init__(None, opts, recorder)

    def _connect(self) -> None:
        from boardbot.server.advisor import BotAdvisor
        from boardbot.server.bots import BotRunner
        from boardbot.server.master import GameMaster
        from boardbot.server.search_queue import SearchQueue
        from boardbot.server.memory_store import InMemoryStore

        from .inprocess import MasterStubs

        self.searches = SearchQueue(None)
        self.bots = BotRunner(searches=self.searches)
        self.master = GameMaster(InMemoryStore(), self.bots)
        self.advisor = BotAdvisor(self.master, self.searches)
        stubs = MasterStubs(self.master, self.advisor)
        self.stubs, self.bot_stubs = [stubs], [stubs]

    def _metadata(self, token: str) -> tuple:
        return (("authorization", f"Bearer {token}"),)

    async def start(self, timeout: float = 10.0) -> None:
        self.searches.start()

    async def close(self) -> None:
        await self.master.close()
        self.bots.close()
        self.searches.close()

    def _error(self, err) -> CallError:
        from boardbot.server.errors import ServiceError

        if isinstance(err, ServiceError):
            return CallError(err.code_name, err.message)
        return CallError(f"CLIENT_{type(err).__name__}", str(err))
