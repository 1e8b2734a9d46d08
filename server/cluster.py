"""Several server processes on one port (``boardbot serve --processes N``).

The Python part of every call runs on a process's one event loop, so one
process tops out near one core (docs/performance.md). With ``--processes
N`` a supervisor starts N server processes that all listen on the public
address (SO_REUSEPORT: the kernel spreads *connections* over them) and each
on a private Unix socket in a directory of the supervisor's. With ``--front
native`` the supervisor also runs the C++ front on the public address, and
the front spreads connections over the processes' bridge sockets
(``boardbot.server.front``, ``boardbot.server.bridge``).

Games stay where they were created, in that process's memory: a game's id
names its process (``<hex>-p<index>``). A call for a game of another process
(a client that opened a second connection, a reconnect after GOAWAY) is
forwarded to the owner over its Unix socket, with the caller's metadata and
remaining deadline, and the owner's answer or status (with its details) is
passed back unchanged. A forwarded call carries ``x-boardbot-forwarded`` and
is never forwarded again. A client that keeps one connection per game (the
usual case) never pays for a hop. ``ListGames`` walks the processes in turn,
each in creation order; its page token says where it stopped.

If a process dies, the supervisor logs it and starts a new one in its
place; the games it held are gone (the store is in memory), and calls for
them get NOT_FOUND from the new process. With the front, whose backends are
fixed, a process (or the front) that dies stops the whole server instead,
with status 1, for a service manager to restart.
"""

from __future__ import annotations

import base64
import dataclasses
import multiprocessing
import os
import shutil
import signal
import tempfile
import threading
import time
import uuid

import grpc
import structlog

from boardbot.v1 import bot_service_pb2_grpc, game_service_pb2, game_service_pb2_grpc

from . import errors

log = structlog.get_logger("boardbot.server")

FORWARDED = "x-boardbot-forwarded"
_HOP_HEADERS = ("user-agent", "te", "content-type", "grpc-accept-encoding", "grpc-timeout", "grpc-encoding")
STOP_SECONDS = 15.0  # how long the supervisor waits for a process to shut down before it kills it


@dataclasses.dataclass(frozen=True)
class Cluster:
    """Where this process stands among the server processes."""

    index: int
    size: int
    socket_dir: str

    def socket_address(self, index: int) -> str:
        return f"unix:{os.path.join(self.socket_dir, f'p{index}.sock')}"

    def new_game_id(self) -> str:
        return f"{uuid.uuid4().hex}-p{self.index}"

    def owner(self, game_id: str) -> int | None:
        """The process that holds ``game_id``; None for this one or for an id
        that names no process (the local store answers NOT_FOUND)."""
        _, sep, tail = game_id.rpartition("-p")
        if not sep or not tail.isdigit():
            return None
        index = int(tail)
        if index == self.index or index >= self.size:
            return None
        return index


def forwarded(context) -> bool:
    """True for a call another server process sent here."""
    return any(key == FORWARDED for key, _ in context.invocation_metadata() or ())


def _outgoing_metadata(context) -> tuple:
    kept = tuple((k, v) for k, v in context.invocation_metadata() or ()
                 if not k.startswith(":") and k not in _HOP_HEADERS and k != FORWARDED)
    return kept + ((FORWARDED, "1"),)


def _timeout(context) -> float | None:
    remaining = context.time_remaining()
    if remaining is None or remaining > 10 * 365 * 86400:
        return None
    return max(remaining, 0.0)


class Router:
    """Sends calls for other processes' games to their owners."""

    def __init__(self, cluster: Cluster):
        self.cluster = cluster
        self._stubs: dict[int, dict[str, object]] = {}
        self._channels: list[grpc.aio.Channel] = []

    def _stub(self, index: int, service: str):
        stubs = self._stubs.get(index)
        if stubs is None:
            channel = grpc.aio.insecure_channel(self.cluster.socket_address(index))
            self._channels.append(channel)
            stubs = self._stubs[index] = {"game": game_service_pb2_grpc.GameServiceStub(channel),
                                          "bot": bot_service_pb2_grpc.BotServiceStub(channel)}
        return stubs[service]

    def owner_of(self, request, context) -> int | None:
        """The owning process of the request's game when it is another one and
        the call has not been forwarded already; else None (serve it here)."""
        game_id = getattr(request, "game_id", "")
        if not game_id:
            return None
        owner = self.cluster.owner(game_id)
        if owner is None or forwarded(context):
            return None
        return owner

    async def unary(self, owner: int, service: str, method: str, request, context):
        call = getattr(self._stub(owner, service), method)
        try:
            return await call(request, metadata=_outgoing_metadata(context), timeout=_timeout(context))
        except grpc.aio.AioRpcError as err:
            await _pass_back(err, context)

    async def stream(self, owner: int, service: str, method: str, request, context):
        call = getattr(self._stub(owner, service), method)(
            request, metadata=_outgoing_metadata(context), timeout=_timeout(context))
        try:
            async for item in call:
                yield item
        except grpc.aio.AioRpcError as err:
            await _pass_back(err, context)
        finally:
            call.cancel()

    async def list_games(self, request, context, local) -> game_service_pb2.ListGamesResponse:
        """One page of ``ListGames`` over every process: ``local(request)`` lists
        this process's own games; the others are asked over their sockets."""
        index, inner = _decode_page(request.page_token, self.cluster.size)
        size = request.page_size
        out = game_service_pb2.ListGamesResponse()
        while index < self.cluster.size and len(out.games) < size:
            sub = game_service_pb2.ListGamesRequest(page_size=size - len(out.games), page_token=inner,
                                                    game=request.game)
            if index == self.cluster.index:
                reply = await local(sub)
            else:
                try:
                    reply = await self._stub(index, "game").ListGames(
                        sub, metadata=((FORWARDED, "1"),), timeout=_timeout(context))
                except grpc.aio.AioRpcError as err:
                    await _pass_back(err, context)
            out.games.extend(reply.games)
            if reply.next_page_token:
                inner = reply.next_page_token
            else:
                index, inner = index + 1, ""
        if index < self.cluster.size:
            out.next_page_token = _encode_page(index, inner)
        return out

    async def close(self) -> None:
        for channel in self._channels:
            await channel.close(grace=None)


async def _pass_back(err: grpc.aio.AioRpcError, context) -> None:
    """End this call with the owner's status, message and trailing details."""
    trailing = tuple((k, v) for k, v in err.trailing_metadata() or () if not k.startswith(("grpc-status", "grpc-message"))
                     or k == "grpc-status-details-bin")
    await context.abort(err.code(), err.details() or "", trailing)


def _encode_page(index: int, inner: str) -> str:
    return base64.urlsafe_b64encode(f"proc:{index}:{inner}".encode()).decode()


def _decode_page(token: str, size: int) -> tuple[int, str]:
    if not token:
        return 0, ""
    try:
        kind, index, inner = base64.urlsafe_b64decode(token.encode()).decode().split(":", 2)
        index = int(index)
        if kind != "proc" or not 0 <= index < size:
            raise ValueError
    except ValueError:
        raise errors.invalid("page_token", "not a page token from ListGames") from None
    return index, inner


# --- the supervisor ---------------------------------------------------------------
def _die_with_parent() -> None:
    """Linux: get SIGTERM when the supervisor dies, so no orphan keeps the port."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _worker(args, cluster: Cluster, ready) -> None:
    _die_with_parent()
    from .main import run_server

    raise SystemExit(run_server(args, cluster, ready=ready.set))


def supervise(args, processes: int) -> int:
    """Run ``processes`` server processes on ``args.address`` until SIGTERM or
    SIGINT; replace one that dies; stop them all on the way out. With
    ``--front native`` the processes serve the front at their bridge sockets
    and the front takes the address; the front's backends are fixed, so then
    a process that dies (or the front) stops everything with status 1."""
    from . import front
    from .main import connection_options

    front_bin = front.front_binary(args.front_binary) if args.front == "native" else None
    front_proc = None
    socket_dir = tempfile.mkdtemp(prefix="boardbot-")
    ctx = multiprocessing.get_context("spawn")
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    procs: list = [None] * processes
    ready: list = [None] * processes  # set by a process once it serves

    def launch(i: int) -> None:
        ready[i] = ctx.Event()
        proc = ctx.Process(target=_worker, args=(args, Cluster(i, processes, socket_dir), ready[i]),
                           name=f"boardbot-serve-p{i}")
        proc.start()
        procs[i] = proc

    log.info("cluster_starting", address=args.address, processes=processes, socket_dir=socket_dir,
             supervisor_pid=os.getpid())
    status = 0
    try:
        for i in range(processes):
            launch(i)
        announced = False
        while not stop.wait(0.2):
            if not announced and all(r.is_set() for r in ready):
                announced = True
                if front_bin is not None:
                    try:
                        front_proc = front.launch(front_bin, args.address,
                                                  [front.bridge_path(socket_dir, i) for i in range(processes)],
                                                  connection_options(args))
                    except OSError as err:
                        log.error("front_failed_at_start", error=str(err))
                        status = 1
                        break
                log.info("cluster_serving", address=args.address, processes=processes,
                         pids=[p.pid for p in procs], front_pid=front_proc.pid if front_proc else None)
            if front_proc is not None and front_proc.poll() is not None:
                log.error("front_exited", status=front_proc.returncode)
                status = 1
                break
            for i, proc in enumerate(procs):
                if proc.is_alive():
                    continue
                if not ready[i].is_set() or front_proc is not None:
                    # it never served (a bad address, a port taken), or the front cannot take a new one
                    log.error("process_exited", process=i, exitcode=proc.exitcode, action="stopping")
                    status = 1
                    stop.set()
                    break
                log.error("process_exited", process=i, exitcode=proc.exitcode, action="restarting")
                launch(i)
    finally:
        if front_proc is not None:  # first: its calls in flight finish on the processes
            front.stop(front_proc)
        for proc in procs:
            if proc is not None and proc.is_alive():
                proc.terminate()
        deadline = time.monotonic() + STOP_SECONDS
        for proc in procs:
            if proc is not None:
                proc.join(max(0.0, deadline - time.monotonic()))
                if proc.is_alive():
                    proc.kill()
                    proc.join()
        shutil.rmtree(socket_dir, ignore_errors=True)
        log.info("cluster_stopped", status=status)
    return status
