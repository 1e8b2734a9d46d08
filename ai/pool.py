"""Root parallelisation and serving: warm worker processes that interleave searches.

Start one ``SearchPool`` per service process *before* the gRPC server (or
any other thread) starts, and share it: it uses the ``forkserver`` start
method (``spawn`` where that is missing), so workers never inherit a
half-locked server thread, and it imports every registered game in each
worker at start so the first search pays no import cost.

A request is split into ``workers`` independent searches of the same root
("parts", each with its own seed from ``ismcts.derive_seed``), given to
distinct worker processes, the least loaded first; their root statistics
(visits and value sums per move) are summed and the most visited move wins.
The split depends only on the seed and the iteration count, never on timing
or which worker ran what, so in iteration mode the pool gives the same move
as running the same searches one after another in one process.

**Interleaving.** A worker holds any number of parts at once and runs them
round-robin in short slices (about ``SLICE_SECONDS`` of iterations each;
never less than one iteration), checking after every slice for new parts,
cancellations and parts whose end time has come. So a wall-time budget is
kept however many searches share the cores: under load each search gets a
share of the CPU (fewer iterations), not a later answer. A part whose end
time passes while another part is running answers after at most that
slice. How many searches may be in the workers at once is the caller's
policy (``boardbot.server.search_queue``); the pool takes whatever it is given.

**Late workers.** A part with an end time sends one snapshot of its root
statistics at ``SNAPSHOT_AT`` of its time; a caller that gives up on a
late part (``grace`` past the end, or ``answer_by``) uses the snapshot in
its place, so a worker the OS did not schedule near the end still counts.

**Cancellation.** ``Request.cancel()`` sends a cancel message to the
workers holding its parts; each answers at once with what it has (the
iteration in progress, at most one slice, is the only wait).

**Deadlines** are absolute ``time.monotonic()`` values; on Linux that clock
is system-wide, so parent and workers agree on it.

Results come back on each worker's pipe to one collector thread, which
completes ``concurrent.futures.Future`` objects: threads wait on them, and
asyncio code awaits them (``Request.wait_async``) without blocking its loop.
A worker that dies fails its parts (``WorkerDied``) and is replaced.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import multiprocessing as mp
import multiprocessing.connection as mpc
import os
import queue
import sys
import threading
import time
from collections import deque
from typing import Any, Callable, Mapping

from boardbot.engine import registry
from boardbot.engine.core import Game

SLICE_SECONDS = 0.002  # a worker's time on one part before it looks at the others
SNAPSHOT_AT = 0.75     # a timed part sends its statistics once at this share of its time


class WorkerDied(RuntimeError):
    """The worker process running a part of the search exited."""


class SearchFailed(RuntimeError):
    """A part of the search raised in its worker (the worker goes on): a bug, or a
    root no real game reaches."""


def game_locator(game: Game) -> str:
    """How a worker finds ``game``: its registry name, or ``module:attribute``."""
    if game.name in registry.GAMES and registry.get(game.name) is game:
        return game.name
    module = sys.modules[type(game).__module__]
    for attr, value in vars(module).items():
        if value is game:
            return f"{module.__name__}:{attr}"
    raise ValueError(f"game {game.name!r} is neither registered nor a module-level object")


def resolve_game(locator: str) -> Game:
    if ":" in locator:
        import importlib

        module, attr = locator.split(":")
        return getattr(importlib.import_module(module), attr)
    return registry.get(locator)


def search_task(locator: str, view: Mapping[str, Any], params: dict, iterations, end, seed: int, cancel=None):
    """One root-parallel search, start to end, in the calling process."""
    from .ismcts import Search, SearchParams

    start = time.monotonic()
    game = resolve_game(locator)
    search = Search.from_view(game, view, SearchParams(**params), seed)
    search.run(iterations=iterations, end=end, cancel=cancel)
    return {"iterations": search.iterations, "aborted": search.aborted, "stats": search.root_stats(squares=True),
            "seconds": time.monotonic() - start, "cancelled": bool(cancel is not None and cancel.is_set()),
            "stopped": search.stopped}


# --- the worker process ---------------------------------------------------------
class _Part:
    """One part searched by a worker, a slice at a time."""

    __slots__ = ("pid", "search", "left", "end", "start", "per_iter", "cancelled", "single", "snap_at")

    def __init__(self, pid: int, search, iterations, end):
        self.pid = pid
        self.search = search
        self.left = iterations  # None: until the end time
        self.end = end
        self.start = time.monotonic()
        # with an end time: one snapshot of the statistics part-way, for the
        # caller to use if this worker is not scheduled in time at the end
        self.snap_at = None if end is None else self.start + SNAPSHOT_AT * max(0.0, end - self.start)
        self.per_iter = 0.0005  # seconds per iteration, learnt as it runs
        self.cancelled = False
        self.single = len(search.root.legal_moves()) == 1

    def over(self, now: float) -> bool:
        return (self.cancelled or self.single or (self.left is not None and self.left <= 0)
                or (self.end is not None and now >= self.end) or bool(self.search.stopped))

    def slice(self) -> None:
        k = max(1, int(SLICE_SECONDS / self.per_iter))
        if self.left is not None:
            k = min(k, self.left)
        began = time.perf_counter()
        before = self.search.iterations + self.search.aborted
        done = self.search.run(iterations=k, end=self.end, left=self.left)
        if self.left is not None:
            self.left -= done
        tried = self.search.iterations + self.search.aborted - before
        if tried:
            spent = (time.perf_counter() - began) / tried
            self.per_iter = 0.7 * self.per_iter + 0.3 * spent

    def result(self) -> dict:
        s = self.search
        return {"iterations": s.iterations, "aborted": s.aborted, "stats": s.root_stats(squares=True),
                "seconds": time.monotonic() - self.start, "cancelled": self.cancelled, "stopped": s.stopped}


class _TimeUp(BaseException):  # not an Exception: no engine handler may swallow it
    pass


def _on_alarm(signum, frame):
    raise _TimeUp()


def _limit_memory(max_bytes: int | None) -> None:
    """Bound the worker's address space: a runaway allocation (a hostile view) is a
    MemoryError in the part that made it, not a machine out of memory."""
    if not max_bytes:
        return
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        limit = max_bytes if hard == resource.RLIM_INFINITY else min(max_bytes, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ImportError, ValueError, OSError):
        pass  # not on this platform: the view gate's bounds still hold


def _run_check(game: Game, view, seed: int, bot: str | None, seconds: float) -> tuple:
    """``boardbot.ai.view_check.check_view`` under a timer; the reply to send."""
    import signal

    from .view_check import ViewRejected, check_view

    signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        checked = check_view(game, view, seed, bot=bot)
        return ("checked", checked)
    except ViewRejected as err:
        return ("rejected", err.field, err.message)
    except _TimeUp:
        return ("rejected", "", f"rebuilding the view took longer than {seconds:g} s")
    except MemoryError:
        return ("rejected", "", "rebuilding the view needed more memory than a view may")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def _worker_main(conn, index: int, nice: int, max_memory: int | None = None) -> None:
    """Receive parts and cancellations, interleave the parts, send results.

    Whatever one part raises (a broken view, a bug, a MemoryError past the
    address-space limit) fails that part alone: the worker reports it and
    goes on with the others."""
    if nice:
        try:
            os.nice(nice)
        except OSError:
            pass
    _limit_memory(max_memory)
    for name in registry.names():  # warm: import every game once
        try:
            registry.get(name)
        except Exception:  # noqa: BLE001 - a broken game must not take the pool down
            pass
    from .ismcts import Search, SearchParams

    parts: dict[int, _Part] = {}
    order: deque[int] = deque()
    games: dict[str, Game] = {}
    mono = time.monotonic

    def handle(msg) -> bool:
        kind = msg[0]
        if kind == "search":
            _, pid, locator, view, params, iterations, end, seed = msg
            try:
                game = games.get(locator)
                if game is None:
                    game = games[locator] = resolve_game(locator)
                search = Search.from_view(game, view, SearchParams(**params), seed)
                part = _Part(pid, search, iterations, end)
            except Exception as exc:  # noqa: BLE001 - reported to the caller
                conn.send(("error", pid, f"{type(exc).__name__}: {exc}"))
                return True
            parts[pid] = part
            order.append(pid)
        elif kind == "check":
            _, pid, locator, view, seed, bot, seconds = msg
            try:
                game = games.get(locator)
                if game is None:
                    game = games[locator] = resolve_game(locator)
                reply = _run_check(game, view, seed, bot, seconds)
            except Exception as exc:  # noqa: BLE001 - reported to the caller
                reply = ("error", f"{type(exc).__name__}: {exc}")
            conn.send((reply[0], pid, *reply[1:]))
        elif kind == "cancel":
            part = parts.get(msg[1])
            if part is not None:
                part.cancelled = True
        elif kind == "ping":
            conn.send(("pong", msg[1], index))
        elif kind == "stop":
            return False
        return True

    try:
        conn.send(("ready", index, os.getpid()))
        while True:
            if not parts:
                if not handle(conn.recv()):
                    return
            while conn.poll():
                if not handle(conn.recv()):
                    return
            if not parts:
                continue
            now = mono()
            for pid in [p for p, part in parts.items() if part.over(now)]:
                part = parts.pop(pid)
                order.remove(pid)
                try:
                    conn.send(("done", pid, part.result()))
                except (EOFError, OSError):
                    raise
                except Exception as exc:  # noqa: BLE001 - this part fails, the others go on
                    conn.send(("error", pid, f"{type(exc).__name__}: {exc}"))
            if order:
                pid = order[0]
                order.rotate(-1)
                part = parts[pid]
                try:
                    part.slice()
                    if part.snap_at is not None and part.search.iterations and mono() >= part.snap_at:
                        part.snap_at = None
                        conn.send(("snap", pid, part.result()))
                except (EOFError, OSError):
                    raise
                except Exception as exc:  # noqa: BLE001 - this part fails, the others go on
                    del parts[pid]
                    order.remove(pid)
                    part.search = None  # let a MemoryError's garbage go before the next part
                    conn.send(("error", pid, f"{type(exc).__name__}: {exc}"))
    except (EOFError, OSError, KeyboardInterrupt):
        return  # the parent is gone or stopping us


# --- the parent side --------------------------------------------------------------
class _Worker:
    """A worker process seen from the parent. Messages to it go through an
    outbox and a sender thread, so a caller (the server's event loop) never
    blocks on a pipe whose worker is busy or not scheduled."""

    def __init__(self, index: int, process, conn):
        self.index = index
        self.process = process
        self.conn = conn
        self.pid = process.pid
        self.active: set[int] = set()  # part ids it holds
        self.alive = True
        self.outbox: queue.SimpleQueue = queue.SimpleQueue()
        self.sender = threading.Thread(target=self._send_loop, name=f"search-pool-send-{index}", daemon=True)
        self.sender.start()

    def send(self, msg) -> None:
        self.outbox.put(msg)

    def _send_loop(self) -> None:
        while True:
            msg = self.outbox.get()
            if msg is None:
                return
            try:
                self.conn.send(msg)
            except (OSError, ValueError):
                return  # the worker is gone: the collector fails its parts

    def stop_sender(self) -> None:
        self.outbox.put(None)


class Request:
    """One search handed to the pool: its parts' futures, cancel, wait."""

    def __init__(self, pool: "SearchPool", parts: list[tuple[int, _Worker, concurrent.futures.Future]]):
        self._pool = pool
        self._parts = parts
        self.futures = [f for _, _, f in parts]
        self.workers = [w.index for _, w, _ in parts]
        self.results: dict[int, dict] = {}  # part id -> what its worker answered
        self.snapshots: dict[int, dict] = {}  # part id -> its statistics part-way (timed parts)
        self._left = len(parts)
        self._reported = threading.Event()
        self._callbacks: list[Callable[[], None]] = []
        self._lock = threading.Lock()
        if not parts:
            self._reported.set()

    def _part_reported(self) -> None:
        """A worker answered for (or lost) one part: it holds it no more."""
        with self._lock:
            self._left -= 1
            last = self._left == 0
            callbacks = list(self._callbacks) if last else []
            if last:
                self._reported.set()
        for cb in callbacks:
            cb()

    def on_reported(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` (in any thread) once no worker holds a part of this request."""
        with self._lock:
            if not self._reported.is_set():
                self._callbacks.append(callback)
                return
        callback()

    @property
    def reported(self) -> bool:
        return self._reported.is_set()

    def cancel(self) -> None:
        """Stop every part still running; each answers with what it has."""
        for pid, worker, fut in self._parts:
            if not fut.done():
                self._pool._send(worker, ("cancel", pid))

    def wait(self, end: float | None = None, cancel=None, poll: float = 0.004, grace: float = 0.010) -> list[dict]:
        """Block until the parts are in (see ``SearchPool.run``); results in part order."""
        mono = time.monotonic
        cancel_sent = False
        while True:
            if cancel is not None and not cancel_sent and cancel.is_set():
                self.cancel()
                cancel_sent = True
            pending = [f for f in self.futures if not f.done()]
            if not pending:
                break
            if end is not None and mono() >= end + grace and len(pending) < len(self.futures):
                self.cancel()  # stragglers: stop them, answer without them
                break
            concurrent.futures.wait(pending, timeout=poll, return_when=concurrent.futures.FIRST_COMPLETED)
        return self._collect()

    async def wait_async(self, end: float | None = None, grace: float = 0.010,
                         answer_by: float | None = None) -> list[dict]:
        """Await the parts without blocking the loop. Cancelling the awaiting
        task cancels the search (the workers stop within a slice).

        With an ``end``, parts not back ``grace`` after it are told to stop
        and left out once one part is in. ``answer_by`` (absolute): return by
        then whatever is in, possibly nothing (a call's deadline must not be
        missed because a worker was not scheduled in time).
        """
        waiting = [asyncio.wrap_future(f) for f in self.futures]
        mono = time.monotonic
        try:
            if end is None and answer_by is None:
                await asyncio.wait(waiting)
            else:
                limit = min(t for t in (None if end is None else end + grace, answer_by) if t is not None)
                done, pending = await asyncio.wait(waiting, timeout=max(0.0, limit - mono()))
                if pending and not done:  # nothing in yet: the first part to arrive answers
                    timeout = None if answer_by is None else max(0.0, answer_by - mono())
                    done, pending = await asyncio.wait(pending, timeout=timeout,
                                                       return_when=asyncio.FIRST_COMPLETED)
                if pending:
                    self.cancel()
        except asyncio.CancelledError:
            self.cancel()
            raise
        finally:
            for w in waiting:  # our wrappers only; the parts' futures stay for the collector
                if not w.done():
                    w.cancel()
                elif not w.cancelled():
                    w.exception()  # seen here; _collect reads the parts' own futures
        return self._collect()

    def _collect(self) -> list[dict]:
        """The parts that are in; a part still out contributes its snapshot, if any."""
        out = []
        errors = []
        for pid, _, f in self._parts:
            if f.done() and not f.cancelled():
                exc = f.exception()
                if exc is None:
                    out.append(f.result())
                else:
                    errors.append(exc)
            elif pid in self.snapshots:
                out.append(dict(self.snapshots[pid], snapshot=True))
        if not out and errors:
            raise errors[0]
        return out


class SearchPool:
    """Warm search worker processes that interleave the searches they hold.

    Thread-safe; ``submit`` never blocks on a busy worker. close() when done.
    """

    def __init__(self, processes: int = 2, method: str | None = None, nice: int = 0,
                 start_timeout: float = 120.0, max_memory: int | None = None):
        if processes < 1:
            raise ValueError("processes must be >= 1")
        if method is None:
            method = "forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn"
        if method not in ("forkserver", "spawn"):
            raise ValueError("use forkserver or spawn: forking a threaded server is unsafe")
        self.processes = processes
        self.method = method
        self.nice = nice
        self.max_memory = max_memory  # each worker's address-space limit in bytes (None: none)
        self._ctx = mp.get_context(method)
        if method == "forkserver":
            self._ctx.set_forkserver_preload(["boardbot.ai.pool", "boardbot.ai.ismcts", "boardbot.engine.registry"])
        self._lock = threading.RLock()
        self._ids = itertools.count(1)
        self._futures: dict[int, tuple[concurrent.futures.Future, Request | None, _Worker]] = {}
        self._closed = False
        self.restarts = 0
        self._wake_r, self._wake_w = mp.Pipe(duplex=False)
        self._workers = [self._spawn(i) for i in range(processes)]
        deadline = time.monotonic() + start_timeout
        for w in self._workers:  # wait until every worker is up and warm
            self._await_ready(w, deadline)
        self._collector = threading.Thread(target=self._collect, name="search-pool-collector", daemon=True)
        self._collector.start()

    # --- workers -------------------------------------------------------------
    def _spawn(self, index: int) -> _Worker:
        parent, child = self._ctx.Pipe(duplex=True)
        proc = self._ctx.Process(target=_worker_main, args=(child, index, self.nice, self.max_memory),
                                 name=f"boardbot-search-{index}", daemon=True)
        proc.start()
        child.close()
        return _Worker(index, proc, parent)

    @staticmethod
    def _await_ready(worker: _Worker, deadline: float) -> None:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not worker.conn.poll(min(left, 1.0)):
                if not worker.process.is_alive() or left <= 0:
                    raise RuntimeError(f"search worker {worker.index} did not start")
                continue
            try:
                msg = worker.conn.recv()
            except (EOFError, OSError):
                raise RuntimeError(f"search worker {worker.index} exited at start") from None
            if msg[0] == "ready":
                return

    def _send(self, worker: _Worker, msg) -> None:
        if worker.alive:
            worker.send(msg)

    @property
    def pids(self) -> list[int]:
        return [w.pid for w in self._workers]

    def load(self) -> list[int]:
        """Parts held by each worker right now."""
        with self._lock:
            return [len(w.active) for w in self._workers]

    # --- submitting ----------------------------------------------------------
    def _by_load(self) -> list[_Worker]:
        """The live workers, least loaded first (call with the lock held)."""
        if self._closed:
            raise RuntimeError("the search pool is closed")
        alive = [w for w in self._workers if w.alive]
        if not alive:
            raise RuntimeError("no search worker is running")
        return sorted(alive, key=lambda w: (len(w.active), w.index))

    def submit(self, game: Game, view: Mapping[str, Any], params: dict, jobs: list[tuple], end) -> Request:
        """Hand one search to the workers: one part per (iterations, seed) in ``jobs``."""
        locator = game_locator(game)
        with self._lock:
            by_load = self._by_load()
            chosen = [by_load[j % len(by_load)] for j in range(len(jobs))]
            parts = []
            for worker, (iterations, seed) in zip(chosen, jobs):
                pid = next(self._ids)
                parts.append((pid, worker, concurrent.futures.Future()))
            request = Request(self, parts)
            for (pid, worker, fut), (iterations, seed) in zip(parts, jobs):
                self._futures[pid] = (fut, request, worker)
                worker.active.add(pid)
                worker.send(("search", pid, locator, dict(view), params, iterations, end, seed))
        return request

    def check(self, game: Game, view: Mapping[str, Any], seed: int, bot: str | None,
              seconds: float) -> concurrent.futures.Future:
        """``boardbot.ai.view_check.check_view`` in the least loaded worker, under a timer of
        ``seconds``: the future's result is ``("checked", CheckedView)`` or
        ``("rejected", field, message)``."""
        with self._lock:
            worker = self._by_load()[0]
            pid, fut = next(self._ids), concurrent.futures.Future()
            self._futures[pid] = (fut, None, worker)
            worker.active.add(pid)
            worker.send(("check", pid, game_locator(game), dict(view), seed, bot, seconds))
        return fut

    def run(self, game: Game, view: Mapping[str, Any], params: dict, jobs: list[tuple], end, cancel=None,
            poll: float = 0.004, grace: float = 0.010) -> list[dict]:
        """Run one search per (iterations, seed) in ``jobs``; results in job order.

        With an ``end`` time, a search whose result is not back ``grace``
        seconds after it (a worker the OS did not schedule in time) is left
        out of the answer and told to stop, as long as at least one result
        is in; without one, the first to arrive is used. Iteration-only
        searches always wait for every part, so they stay deterministic.
        ``cancel``: anything with ``is_set()``; once set the parts stop.
        """
        return self.submit(game, view, params, jobs, end).wait(end, cancel=cancel, poll=poll, grace=grace)

    # --- the collector thread ----------------------------------------------------
    def _collect(self) -> None:
        while True:
            with self._lock:
                if self._closed:
                    return
                conns = {w.conn: w for w in self._workers if w.alive}
            try:
                ready = mpc.wait(list(conns) + [self._wake_r], timeout=1.0)
            except OSError:
                ready = []
            for conn in ready:
                if conn is self._wake_r:
                    try:
                        conn.recv()
                    except (EOFError, OSError):
                        pass
                    continue
                worker = conns[conn]
                try:
                    msg = conn.recv()
                except (EOFError, OSError):
                    self._worker_lost(worker)
                    continue
                self._dispatch(worker, msg)
            for worker in list(conns.values()):  # a worker killed mid-silence
                if worker.alive and not worker.process.is_alive():
                    self._worker_lost(worker)

    def _dispatch(self, worker: _Worker, msg) -> None:
        kind = msg[0]
        if kind == "snap":
            with self._lock:
                entry = self._futures.get(msg[1])
            if entry is not None and entry[1] is not None:
                entry[1].snapshots[msg[1]] = msg[2]
            return
        if kind not in ("done", "error", "checked", "rejected"):
            return
        pid = msg[1]
        with self._lock:
            entry = self._futures.pop(pid, None)
            worker.active.discard(pid)
        if entry is None:
            return
        fut, request, _ = entry
        if kind == "done" and request is not None:
            request.results[pid] = msg[2]
        try:
            if kind == "done":
                fut.set_result(msg[2])
            elif kind in ("checked", "rejected"):
                fut.set_result((kind, *msg[2:]))
            else:
                fut.set_exception(SearchFailed(f"search worker {worker.index}: {msg[2]}"))
        except concurrent.futures.InvalidStateError:
            pass
        if request is not None:
            request._part_reported()

    def _worker_lost(self, worker: _Worker) -> None:
        with self._lock:
            if not worker.alive:
                return
            worker.alive = False
            lost = [(pid, self._futures.pop(pid, None)) for pid in list(worker.active)]
            worker.active.clear()
            closed = self._closed
        for pid, entry in lost:
            if entry is None:
                continue
            fut, request, _ = entry
            try:
                fut.set_exception(WorkerDied(f"search worker {worker.index} (pid {worker.pid}) exited"))
            except concurrent.futures.InvalidStateError:
                pass
            if request is not None:
                request._part_reported()
        worker.stop_sender()
        try:
            worker.conn.close()
        except OSError:
            pass
        if not closed:  # replace it, without holding up the other workers' results
            threading.Thread(target=self._replace, args=(worker.index,), name="search-pool-restart",
                             daemon=True).start()

    def _replace(self, index: int) -> None:
        try:
            fresh = self._spawn(index)
            self._await_ready(fresh, time.monotonic() + 60)
        except Exception:  # noqa: BLE001 - keep serving on the workers left
            return
        with self._lock:
            if self._closed:
                fresh.stop_sender()
                fresh.process.terminate()
                return
            self._workers[index] = fresh
            self.restarts += 1
        self._wake()  # the collector listens to it from now on

    def _wake(self) -> None:
        with self._lock:
            try:
                self._wake_w.send(None)
            except (OSError, ValueError):
                pass

    # --- closing ---------------------------------------------------------------
    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            workers = list(self._workers)
            for w in workers:
                if w.alive:
                    w.send(("stop",))
                w.stop_sender()
        self._wake()
        self._collector.join(5)
        for w in workers:
            w.sender.join(2)
            w.process.join(2)
            if w.process.is_alive():
                w.process.terminate()
                w.process.join(2)
            w.alive = False
            try:
                w.conn.close()
            except OSError:
                pass
        with self._lock:
            pending = list(self._futures.values())
            self._futures.clear()
        for fut, request, _ in pending:
            try:
                fut.set_exception(RuntimeError("the search pool is closed"))
            except concurrent.futures.InvalidStateError:
                pass
            if request is not None:
                request._part_reported()

    @property
    def closed(self) -> bool:
        return self._closed

    def __enter__(self) -> "SearchPool":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


_default: SearchPool | None = None
_default_lock = threading.Lock()


def default_pool(processes: int = 2) -> SearchPool:
    """A process-wide pool started on first use (for bots and the CLI)."""
    global _default
    with _default_lock:
        if _default is None or _default.closed:
            _default = SearchPool(processes)
            import atexit

            atexit.register(_default.close)
        return _default
