"""Root parallelisation: a pool of warm worker processes running searches.

Start one ``SearchPool`` per service process *before* the gRPC server (or
any other thread) starts, and share it: it uses the ``forkserver`` start
method (``spawn`` where that is missing), so workers never inherit a
half-locked server thread, and it imports every registered game in each
worker at start so the first search pays no import cost.

A request is split into ``workers`` independent searches of the same root
(each with its own seed from ``ismcts.derive_seed``); their root statistics
(visits and value sums per move) are summed and the most visited move wins.
The split depends only on the seed and the iteration count, never on timing
or which worker ran what, so in iteration mode the pool gives the same move
as running the same searches one after another in one process.

Cancellation: every request holds a slot in a shared byte array the workers
were given at start; setting the caller's cancel event flips the slot and
each worker's search loop sees it before its next iteration. Deadlines are
absolute ``time.monotonic()`` values; on Linux that clock is system-wide, so
parent and workers agree on it.
"""

from __future__ import annotations

import multiprocessing as mp
import sys
import threading
import time
from typing import Any, Mapping

from engine import registry
from engine.core import Game

_FLAGS = None  # the shared cancel flags, in a worker


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


class _SlotFlag:
    """Looks like threading.Event.is_set() to the search loop."""

    __slots__ = ("slot",)

    def __init__(self, slot: int):
        self.slot = slot

    def is_set(self) -> bool:
        return _FLAGS[self.slot] != 0


def _init_worker(flags) -> None:
    global _FLAGS
    _FLAGS = flags
    for name in registry.names():  # warm: import every game once
        try:
            registry.get(name)
        except Exception:  # a broken game must not take the pool down
            pass
    from . import ismcts  # noqa: F401


def _ping(x: int) -> int:
    return x


def search_task(locator: str, view: Mapping[str, Any], params: dict, iterations, end, seed: int, slot):
    """One root-parallel search; runs in a worker (or in-process with slot None)."""
    from .ismcts import Search, SearchParams

    start = time.monotonic()
    game = resolve_game(locator)
    search = Search.from_view(game, view, SearchParams(**params), seed)
    cancel = _SlotFlag(slot) if slot is not None else None
    search.run(iterations=iterations, end=end, cancel=cancel)
    return {
        "iterations": search.iterations,
        "aborted": search.aborted,
        "stats": search.root_stats(),
        "seconds": time.monotonic() - start,
    }


class SearchPool:
    """A reusable pool of warm search workers. Thread-safe; close() when done."""

    def __init__(self, processes: int = 2, method: str | None = None, slots: int = 256):
        if processes < 1:
            raise ValueError("processes must be >= 1")
        if method is None:
            method = "forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn"
        if method not in ("forkserver", "spawn"):
            raise ValueError("use forkserver or spawn: forking a threaded server is unsafe")
        self.processes = processes
        self.method = method
        ctx = mp.get_context(method)
        if method == "forkserver":
            ctx.set_forkserver_preload(["ai.pool", "ai.ismcts", "engine.registry"])
        self._flags = ctx.RawArray("b", slots)
        self._free = list(range(slots))
        self._lock = threading.Lock()
        self._slot_ready = threading.Condition(self._lock)
        self._pool = ctx.Pool(processes, initializer=_init_worker, initargs=(self._flags,))
        self._pool.map(_ping, range(processes * 2))  # wait until every worker is up

    # --- slots ---------------------------------------------------------
    def _take_slot(self) -> int:
        with self._slot_ready:
            while not self._free:
                self._slot_ready.wait()
            slot = self._free.pop()
            self._flags[slot] = 0
            return slot

    def _give_slot(self, slot: int) -> None:
        with self._slot_ready:
            self._free.append(slot)
            self._slot_ready.notify()

    # --- running -------------------------------------------------------
    def run(self, game: Game, view: Mapping[str, Any], params: dict, jobs: list[tuple], end, cancel=None,
            poll: float = 0.004, grace: float = 0.010) -> list[dict]:
        """Run one search per (iterations, seed) in ``jobs``; results in job order.

        With an ``end`` time, a search whose result is not back ``grace``
        seconds after it (a worker the OS did not schedule in time, a queue
        behind other requests) is left out of the answer and told to stop,
        as long as at least one result is in; without one, the first to
        arrive is used. Iteration-only searches always wait for every part,
        so they stay deterministic.
        """
        if self._pool is None:
            raise RuntimeError("the search pool is closed")
        locator = game_locator(game)
        slot = self._take_slot()
        remaining = [len(jobs)]
        lock = threading.Lock()

        def finished(_result=None):
            with lock:
                remaining[0] -= 1
                last = remaining[0] == 0
            if last:  # the slot is free once no task of this request can still read it
                self._give_slot(slot)

        pending = [
            self._pool.apply_async(search_task, (locator, view, params, iters, end, seed, slot),
                                   callback=finished, error_callback=finished)
            for iters, seed in jobs
        ]
        mono = time.monotonic
        while True:
            if cancel is not None and cancel.is_set():
                self._flags[slot] = 1
            if all(res.ready() for res in pending):
                break
            if end is not None and mono() >= end + grace and any(res.ready() for res in pending):
                self._flags[slot] = 1  # stragglers: stop them, answer without them
                break
            pending[next(i for i, res in enumerate(pending) if not res.ready())].wait(poll)
        return [res.get() for res in pending if res.ready()]

    def close(self) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None

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
        if _default is None or _default._pool is None:
            _default = SearchPool(processes)
            import atexit

            atexit.register(_default.close)
        return _default
