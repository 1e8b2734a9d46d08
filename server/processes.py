"""Several server processes on one address (``boardbot serve --processes N``).

The Python part of every call runs on a process's one event loop, so one
process tops out near one core (docs/performance.md). With ``--processes
N`` a supervisor starts N plain server processes that all listen on the
address (SO_REUSEPORT: the kernel spreads *connections* over them) and all
keep their games in one shared store (``--store redis://...``,
``boardbot.server.redis_store``): any process serves any game, so a client
may reach any of them on any connection, and nothing is forwarded. With
``--front native`` the supervisor runs the C++ front on the address instead,
and the processes serve it at their bridge sockets (``boardbot.server.front``).

If a process dies, the supervisor logs it and starts a new one in its
place; no game is lost (they are in the store) and the bot seats it was
playing are taken over once its leases lapse (``GameMaster``). With the
front, whose backends are fixed, a process (or the front) that dies stops
the whole server instead, with status 1, for a service manager to restart.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import shutil
import signal
import tempfile
import threading
import time

import structlog

log = structlog.get_logger("boardbot.server")

STOP_SECONDS = 15.0  # how long the supervisor waits for a process to shut down before it kills it


@dataclasses.dataclass(frozen=True)
class Slot:
    """Where this process stands among the server processes."""

    index: int
    size: int
    socket_dir: str  # the bridge sockets (--front native) and the private gRPC sockets

    def socket_address(self) -> str:
        """This process's own gRPC socket, when the front has the public address."""
        return f"unix:{os.path.join(self.socket_dir, f'p{self.index}.sock')}"


def _die_with_parent() -> None:
    """Linux: get SIGTERM when the supervisor dies, so no orphan keeps the port."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _worker(args, slot: Slot, ready) -> None:
    _die_with_parent()
    from .main import run_server

    raise SystemExit(run_server(args, slot, ready=ready.set))


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
        proc = ctx.Process(target=_worker, args=(args, Slot(i, processes, socket_dir), ready[i]),
                           name=f"boardbot-serve-{i}")
        proc.start()
        procs[i] = proc

    log.info("processes_starting", address=args.address, processes=processes, supervisor_pid=os.getpid())
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
                log.info("processes_serving", address=args.address, processes=processes,
                         pids=[p.pid for p in procs], front_pid=front_proc.pid if front_proc else None)
            if front_proc is not None and front_proc.poll() is not None:
                log.error("front_exited", status=front_proc.returncode)
                status = 1
                break
            for i, proc in enumerate(procs):
                if proc.is_alive():
                    continue
                if not ready[i].is_set() or front_proc is not None:
                    # it never served (a bad address, a port taken, no store), or the front cannot take a new one
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
        log.info("processes_stopped", status=status)
    return status
