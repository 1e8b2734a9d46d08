"""Several server processes on one address (``boardbot serve --processes N``).

The Python part of every call runs on a process's one event loop, so one
process tops out near one core (docs/performance.md). With ``--processes
N`` a supervisor starts N plain server processes that all listen on the
address (SO_REUSEPORT: the kernel spreads *connections* over them) and all
keep their games in one shared store (``--store redis://...``,
``boardbot.server.redis_store``): any process serves any game, so a client
may reach any of them on any connection, and nothing is forwarded.

If a process dies, the supervisor logs it and starts a new one in its
place; no game is lost (they are in the store) and the bot seats it was
playing are taken over once its leases lapse (``GameMaster``).
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import signal
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


def _die_with_parent() -> None:
    """Linux: get SIGTERM when the supervisor dies, so no orphan keeps the port."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _worker(run, args, slot: Slot, ready) -> None:
    _die_with_parent()
    raise SystemExit(run(args, slot, ready=ready.set))


def supervise(run, args, processes: int) -> int:
    """Run ``processes`` server processes on ``args.address`` until SIGTERM or
    SIGINT; replace one that dies; stop them all on the way out (status 1 if
    one never came to serve: a bad address, a port taken, no store).
    ``run(args, slot, ready=...)``: one server process (``boardbot.server.main.run_server``,
    a module-level function: the spawned process imports it), which calls ``ready()``
    once it serves."""
    ctx = multiprocessing.get_context("spawn")
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    procs: list = [None] * processes
    ready: list = [None] * processes  # set by a process once it serves

    def launch(i: int) -> None:
        ready[i] = ctx.Event()
        proc = ctx.Process(target=_worker, args=(run, args, Slot(i, processes), ready[i]),
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
                log.info("processes_serving", address=args.address, processes=processes, pids=[p.pid for p in procs])
            for i, proc in enumerate(procs):
                if proc.is_alive():
                    continue
                if not ready[i].is_set():  # it never served (a bad address, a port taken, no store)
                    log.error("process_exited", process=i, exitcode=proc.exitcode, action="stopping")
                    status = 1
                    stop.set()
                    break
                log.error("process_exited", process=i, exitcode=proc.exitcode, action="restarting")
                launch(i)
    finally:
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
        log.info("processes_stopped", status=status)
    return status
