"""The server's searches: admission, load shedding, deadlines, metrics.

Every ISMCTS search the server runs -- BotService.SuggestMove and
ChooseMove, and the hosted games' ``ismcts`` bot seats -- goes through one
``SearchQueue`` in front of the shared ``boardbot.ai.pool.SearchPool``:

* **Running**: at most ``max_running`` searches are in the workers at once
  (default ``SEARCHES_PER_WORKER`` per worker process). The workers
  interleave the searches they hold in short slices, so a wall-time budget
  holds however many run: under load a search gets a share of the CPU
  (fewer iterations), not a later answer. ``max_running`` bounds how thin
  that share may get.
* **Waiting**: beyond that, searches wait in a FIFO queue for a running
  search to end. A call's clock runs from its arrival, so waiting uses up
  its time budget; one whose time runs out in the queue gets the immediate
  answer (below) instead. A search's slot is free once its call is answered
  or cancelled (parts still out were told to stop and leave their worker
  within a slice).
* **Shedding**: a SuggestMove or ChooseMove that would wait behind
  ``queue_limit`` others is refused at once with RESOURCE_EXHAUSTED (an
  ``ErrorInfo`` SEARCH_QUEUE_FULL, a ``RetryInfo`` and a ``QuotaFailure``),
  so overload costs the extra callers a quick retry instead of costing
  everyone latency. Hosted bot seats are the server's own work: they always
  wait (never refused) but count in the queue like any search.
* **Fair shares**: callers are told apart by their client (the address the
  per-client limits count, ``GameMaster.client``), so one caller's flood
  cannot starve the others (``FairQueue``): a freed slot goes to the waiting
  client with the fewest searches running, and a newcomer to a full queue
  takes the place of the newest waiter of the client holding the most
  searches (running and waiting), if that is two more than its own client
  holds (that waiter is refused as it would have been on arrival). A caller
  alone may still take every slot.
* **Deadlines**: a search ends at ``min(arrival + asked seconds, the
  call's deadline - margin)``; the margin (``DEADLINE_MARGIN`` = 30 ms,
  plus the event loop's recent lag p99 when it lags, up to 200 ms more)
  leaves time to merge the workers' statistics and send the reply. The
  workers stop ``LEAD`` (5 ms, at most 5 % of the time) before the end so
  their statistics are back by then; parts still out 5 ms after the end are
  left out once one is in, and the answer goes out by the end + ``LATE``
  (15 ms) -- by ``deadline - margin / 2`` for a deadline -- with the parts
  that are in; with none in, the immediate answer (below). Parts are
  normally back within a few ms; a CPU-starved machine is what delays
  them, and then it costs quality, not latency. A call
  whose deadline leaves less than the margin fails at once with
  DEADLINE_EXCEEDED (the answer could not arrive in time). A search that
  got no iteration in (no time left after waiting) answers with the game's
  heuristic move (``boardbot.ai.service_api.immediate_move``).
* **Cancellation**: a cancelled call cancels its task; the search's parts
  are told to stop and the workers answer within a slice; the ``search``
  log line of a cancelled search comes when they have, with ``stopped_ms``.

Metrics: ``snapshot()`` (served by BotService.GetServingStats; with the
event loop's lag: how late a 50 ms timer fires, p99 and max over the last
10 s -- what a starved server process adds to every answer), one
``search`` log line per search (kind, queue length met on arrival, wait,
search time, iterations, workers, stop reason) and a ``search_queue`` line
whenever the running or waiting count changed, at most one a second.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import threading
import time
from collections import deque
from dataclasses import dataclass

import structlog

from boardbot.ai.bot_specs import MAX_ITERATIONS, MAX_SECONDS  # noqa: F401 (the longest search anyone may ask for)
from boardbot.ai.ismcts import Budget, SearchParams
from boardbot.ai.pool import SearchFailed, WorkerDied
from boardbot.ai.stats import percentile
from boardbot.ai.service_api import SearchResult, finish, prepare, run_search, run_search_async
from boardbot.ai.view_check import CheckedView, ViewRejected, check_view
from boardbot.engine.core import Game

from . import errors, metrics, tracing
from .fair_queue import FairQueue, admitted

log = structlog.get_logger("boardbot.server")

SEARCHES_PER_WORKER = 16      # default max_running per worker process
THREAD_SEARCHES = 4           # default max_running without a pool (searches in threads)
DEADLINE_MARGIN = 0.030       # seconds kept before a call's deadline
LATE = 0.015                  # a time-budgeted search answers by its end + this, with what is in
LEAD = 0.005                  # the workers stop this much before the end (at most 5 % of the budget)
MAX_LAG_MARGIN = 0.200        # the deadline margin grows by the loop's recent lag, up to this
VIEW_CHECK_SECONDS = 2.0      # the longest a caller's view may take to check (boardbot.ai.view_check)
LOG_INTERVAL = 1.0            # at most one search_queue line a second
RECENT = 512                  # searches kept for the recent percentiles
LAG_EVERY = 0.05              # the event-loop lag probe's period (seconds)
LAG_WINDOW = 10.0             # loop lag percentiles over this many recent seconds


@dataclass
class SearchOutcome:
    result: SearchResult
    stop: str               # iterations | time | deadline | single_move | settled (time management)
    queue_seconds: float    # waited for a running slot


class SearchQueue:
    """Admission control in front of a SearchPool (or in-process threads without one).

    Lives on the server's event loop: call ``search`` from coroutines only.
    """

    def __init__(self, pool=None, max_running: int | None = None, queue_limit: int | None = None,
                 margin: float = DEADLINE_MARGIN, log_interval: float = LOG_INTERVAL, late: float = LATE):
        self.pool = pool
        self.workers = pool.processes if pool is not None else 0
        if max_running is None:
            max_running = SEARCHES_PER_WORKER * self.workers if pool is not None else THREAD_SEARCHES
        if queue_limit is None:
            queue_limit = max_running
        if max_running < 1:
            raise ValueError("max_running must be >= 1")
        if queue_limit < 0:
            raise ValueError("queue_limit must be >= 0")
        self.max_running = max_running
        self.queue_limit = queue_limit
        self.margin = margin
        self.late = late
        self.log_interval = log_interval
        self.running = 0
        self._waiters = FairQueue()  # callers (SuggestMove, ChooseMove), by client
        # hosted bot seats: at most ``hosted_share`` of the running slots, admitted after any
        # waiting caller, and never refused (the server's own work; bounded by the games)
        self.hosted_share = max(1, max_running // 2)
        self.hosted_running = 0
        self._hosted_waiters: deque[asyncio.Future] = deque()
        self._threads = None
        if pool is None:
            self._threads = concurrent.futures.ThreadPoolExecutor(max_running, thread_name_prefix="search")
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closed = False
        # metrics
        self.counts = {"started": 0, "answered": 0, "rejected": 0, "cancelled": 0, "expired_in_queue": 0,
                       "deadline_too_short": 0, "failed": 0, "partial": 0, "unsearched": 0}
        self.stops: dict[str, int] = {}
        self.peak_queued = 0
        self._recent_wait: deque[float] = deque(maxlen=RECENT)
        self._recent_search: deque[float] = deque(maxlen=RECENT)
        self.last_cancelled: dict | None = None
        self._last_log = 0.0
        self._log_handle = None
        self._logged_state = None
        self._lags: deque[tuple[float, float]] = deque(maxlen=int(LAG_WINDOW / LAG_EVERY) + 1)
        self._probe: asyncio.Task | None = None

    # --- the event loop's health -------------------------------------------------------
    def start(self) -> None:
        """Start the loop-lag probe (on the server's loop): how late a 50 ms timer fires
        says whether the loop (and the process) has time for its calls."""
        self._loop = asyncio.get_running_loop()
        if self._probe is None:
            self._probe = self._loop.create_task(self._probe_lag())

    async def _probe_lag(self) -> None:
        mono = time.monotonic
        while not self._closed:
            planned = mono() + LAG_EVERY
            await asyncio.sleep(LAG_EVERY)
            now = mono()
            self._lags.append((now, max(0.0, now - planned)))

    def deadline_margin(self) -> float:
        """What the server keeps before a call's deadline: ``margin`` (30 ms) plus
        the event loop's recent lag p99 (up to ``MAX_LAG_MARGIN``): a busy or
        starved server process needs longer to get the answer out."""
        return self.margin + min(MAX_LAG_MARGIN, self.loop_lag()[0])

    def loop_lag(self) -> tuple[float, float]:
        """(p99, max) seconds of loop lag over the last ``LAG_WINDOW`` seconds."""
        since = time.monotonic() - LAG_WINDOW
        lags = [lag for at, lag in self._lags if at >= since]
        return percentile(lags, 99, empty=0.0), max(lags, default=0.0)

    @property
    def queued(self) -> int:
        return len(self._waiters)

    # --- the search --------------------------------------------------------------
    async def check_view(self, game: Game, view: dict, seed: int, bot: str | None = None) -> CheckedView:
        """Gate a caller's view (``boardbot.ai.view_check``), off the event loop: in a search
        worker, under its address-space limit and a ``VIEW_CHECK_SECONDS`` timer, or in a
        thread without a pool. Raises ``ViewRejected``."""
        loop = asyncio.get_running_loop()
        if self.pool is None:
            return await loop.run_in_executor(None, functools.partial(check_view, game, view, seed, bot=bot))
        try:
            reply = await asyncio.wrap_future(self.pool.check(game, view, seed, bot, VIEW_CHECK_SECONDS))
        except WorkerDied as err:
            log.error("view_check_failed", game=game.name, error=str(err))
            raise errors.unavailable(f"{err}; retry", "SEARCH_WORKER_LOST") from None
        if reply[0] == "rejected":
            raise ViewRejected(reply[1], reply[2])
        return reply[1]

    async def search(self, game: Game, view: dict, params: SearchParams, *, iterations: int | None,
                     seconds: float | None, deadline: float | None, seed: int, kind: str,
                     client: str | None = None, fields: dict | None = None) -> SearchOutcome:
        """Search ``view`` within the budget, queueing or shedding as configured.

        ``params``: as the spec's plan says (``boardbot.ai.bot_specs.search_plan``): as many
        trees as ``params.workers``, spread over the worker processes; no tree reuse (the
        workers serve many games). ``deadline``: the call's absolute ``time.monotonic()``
        deadline, or None. ``client``: whose search it is, for the fair shares (None: an
        in-process caller; ``kind`` "bot": a hosted bot seat, apart). Raises
        ``Overloaded`` past the queue limit and a DEADLINE_EXCEEDED
        ``ServiceError`` when the deadline leaves less than the margin.
        """
        if params.reuse:
            params = params.with_(reuse=False)
        self._loop = asyncio.get_running_loop()
        arrived = time.monotonic()
        fields = dict(fields or {}, kind=kind, game=game.name)
        end, bound = None, None
        if seconds is not None:
            end, bound = arrived + seconds, "time"
        if deadline is not None:
            margin = self.deadline_margin()
            stop = deadline - margin
            if stop <= arrived:
                self.counts["deadline_too_short"] += 1
                raise errors.deadline_exceeded(
                    f"the call's deadline leaves {max(0.0, deadline - arrived) * 1000:.0f} ms, less than the "
                    f"{margin * 1000:.0f} ms the server keeps to reply", "DEADLINE_TOO_SHORT")
            if end is None or stop < end:
                end, bound = stop, "deadline"
        if iterations is None and end is None:
            raise ValueError("a search needs iterations, seconds or a deadline")
        answer_by = work_end = None
        if end is not None:
            answer_by = end + self.late
            if deadline is not None:
                answer_by = min(answer_by, deadline - margin / 2)
            # the workers stop a little early, so their statistics are back at the end
            work_end = end - min(LEAD, 0.05 * max(0.0, end - arrived))
        hosted = kind == "bot"
        if (not hosted and len(self._waiters) >= self.queue_limit and not self._can_admit(False)
                and not self._waiters.has_room_for(client)):  # refused below anyway: spare the root's cost
            self.counts["rejected"] += 1
            self._changed()
            raise self._overloaded()
        # the root, off the event loop (a rebuild costs what the game's from_view costs)
        root = await asyncio.get_running_loop().run_in_executor(None, prepare, game, view, seed, params)
        if len(root.root.legal_moves()) == 1:  # nothing to think about: no queue, no worker
            result = finish(root, [(root.root.legal_moves()[0], 0, 0.0)], 0, seed, arrived)
            return self._done(SearchOutcome(result, "single_move", 0.0), fields, arrived, 0, 0)

        ahead = len(self._waiters) + (len(self._hosted_waiters) if hosted else 0)
        running_then = self.running
        if self._can_admit(hosted) and not self._waiters and not (hosted and self._hosted_waiters):
            self._admit(hosted, client)
            self._changed()
        else:
            if not hosted and len(self._waiters) >= self.queue_limit:
                pushed = self._waiters.push_out_for(client)
                self.counts["rejected"] += 1
                if pushed is None:  # its client has its share of the queue already
                    self._changed()
                    raise self._overloaded()
                pushed.set_exception(self._overloaded())  # another client's, past its share
            if not await self._wait_turn(end, hosted, client):
                # its time ran out in the queue: the immediate answer
                self.counts["expired_in_queue"] += 1
                result = finish(root, root.root_stats(squares=True), 0, seed, arrived)
                return self._done(SearchOutcome(result, bound, time.monotonic() - arrived), fields, arrived,
                                  ahead, running_then, end)
        waited = time.monotonic() - arrived
        self.counts["started"] += 1
        try:
            result = await self._run(game, view, params, iterations, work_end, seed, root, fields, arrived,
                                     waited, answer_by, hosted, client)
        except asyncio.CancelledError:
            self.counts["cancelled"] += 1
            tracing.search_cancelled(fields, arrived, waited)
            raise
        except WorkerDied as err:
            self.counts["failed"] += 1
            log.error("search_failed", **fields, error=str(err))
            raise errors.unavailable(f"{err}; retry", "SEARCH_WORKER_LOST") from None
        except Exception:
            self.counts["failed"] += 1
            raise
        if result.workers < params.workers and self.pool is not None:
            # parts late past the answer time were left out (none in: the immediate answer)
            self.counts["partial" if result.workers else "unsearched"] += 1
        if result.stopped:  # a managed search whose move was settled before its budget
            stop = "settled"
        elif iterations is not None and result.iterations >= iterations:
            stop = "iterations"
        else:
            stop = bound or "iterations"
        return self._done(SearchOutcome(result, stop, waited), fields, arrived, ahead, running_then, end)

    def _overloaded(self) -> errors.ServiceError:
        return errors.overloaded(
            f"{len(self._waiters)} searches are waiting for the {self.max_running} running ones "
            f"(queue limit {self.queue_limit}); retry later",
            {"queued": str(len(self._waiters)), "queue_limit": str(self.queue_limit),
             "running": str(self.running), "max_running": str(self.max_running)},
            self._retry_after(), "search_queue")

    def _can_admit(self, hosted: bool) -> bool:
        return self.running < self.max_running and (not hosted or self.hosted_running < self.hosted_share)

    def _admit(self, hosted: bool, client=None) -> None:
        self.running += 1
        self.hosted_running += hosted
        if not hosted:
            self._waiters.started(client)

    async def _wait_turn(self, end: float | None, hosted: bool = False, client=None) -> bool:
        """Wait in the queue for a running slot; False if ``end`` came first. A caller pushed
        out of a full queue (``FairQueue.push_out_for``) gets RESOURCE_EXHAUSTED."""
        turn = self._loop.create_future()
        if hosted:
            self._hosted_waiters.append(turn)
        else:
            self._waiters.append(client, turn)
        self.peak_queued = max(self.peak_queued, len(self._waiters) + len(self._hosted_waiters))
        self._changed()
        try:
            timeout = None if end is None else max(0.0, end - time.monotonic())
            done, _ = await asyncio.wait({turn}, timeout=timeout)
        except asyncio.CancelledError:
            if admitted(turn):
                self._release(hosted, client)  # admitted just now: hand the slot on
            else:
                self._forget(turn, hosted)
            raise
        if not done:
            if admitted(turn):
                self._release(hosted, client)
            else:
                self._forget(turn, hosted)
            return False
        if turn.cancelled():
            raise errors.unavailable("the server is shutting down", "SHUTTING_DOWN")
        if turn.exception() is not None:
            self._changed()
            raise turn.exception()
        return True

    def _forget(self, turn: asyncio.Future, hosted: bool) -> None:
        turn.cancel()
        if hosted:
            try:
                self._hosted_waiters.remove(turn)
            except ValueError:
                pass
        else:
            self._waiters.remove(turn)
        self._changed()

    async def _run(self, game, view, params, iterations, end, seed, root, fields, arrived, waited,
                   answer_by, hosted: bool = False, client=None) -> SearchResult:
        if self.pool is None:
            return await self._run_in_thread(game, view, params, iterations, end, seed, root, hosted, client)
        held: list = []
        try:
            return await run_search_async(game, view, iterations, end, seed, params, self.pool,
                                          on_submitted=held.append, search=root, answer_by=answer_by)
        except asyncio.CancelledError:
            request = held[0] if held else None
            if request is not None:  # say how fast the workers let go of it
                cancelled_at = time.monotonic()
                request.on_reported(lambda: self._threadsafe(
                    self._cancel_reported, request, cancelled_at, fields, arrived, waited))
            raise
        finally:
            # The slot is free once the call is answered (or cancelled): parts
            # still out were told to stop and leave their worker within a slice
            # (the workers' load is in the metrics).
            self._release(hosted, client)

    async def _run_in_thread(self, game, view, params, iterations, end, seed, root, hosted: bool = False,
                             client=None) -> SearchResult:
        cancel = threading.Event()
        budget = Budget(iterations=iterations) if iterations is not None else None
        def search_in_thread():
            try:
                return run_search(game, view, budget, seed, params, cancel=cancel, search=root, end=end)
            except Exception as exc:  # as from a worker: this search failed, nothing else
                raise SearchFailed(f"search thread: {type(exc).__name__}: {exc}") from exc

        fut = self._loop.run_in_executor(self._threads, search_in_thread)
        fut.add_done_callback(lambda _f: self._release(hosted, client))
        try:
            return await asyncio.shield(fut)
        except asyncio.CancelledError:
            cancel.set()
            raise

    # --- bookkeeping -------------------------------------------------------------
    def _threadsafe(self, fn, *args) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:  # the loop closed meanwhile
            pass

    def _release(self, hosted: bool = False, client=None) -> None:
        """A running search let go of its workers: admit the next waiter, callers first
        (the client's fair turn, ``FairQueue.pop_fair``)."""
        self.running -= 1
        self.hosted_running -= hosted
        if not hosted:
            self._waiters.finished(client)
        while self._waiters and self._can_admit(False):
            waiting_client, turn = self._waiters.pop_fair()  # counted as running for its client
            if turn.done():
                self._waiters.finished(waiting_client)
                continue
            turn.set_result(None)
            self.running += 1
        while self._hosted_waiters and self._can_admit(True):
            turn = self._hosted_waiters.popleft()
            if turn.done():
                continue
            turn.set_result(None)
            self._admit(True)
        self._changed()

    def _cancel_reported(self, request, cancelled_at: float, fields: dict, arrived: float, waited: float) -> None:
        results = list(request.results.values())
        now = time.monotonic()
        self.last_cancelled = {
            "iterations": sum(r["iterations"] for r in results),
            "search_ms": round((now - arrived - waited) * 1000, 3),
            "stopped_ms": round((now - cancelled_at) * 1000, 3),
        }
        self.stops["cancelled"] = self.stops.get("cancelled", 0) + 1
        log.info("search", **fields, stop="cancelled", wait_ms=round(waited * 1000, 3),
                 **self.last_cancelled, running=self.running, queued=len(self._waiters))

    def _done(self, outcome: SearchOutcome, fields: dict, arrived: float, ahead: int, running_then: int,
              budget_end: float | None = None):
        """Count, log and measure an answered search; ``budget_end``: when its time budget
        (or the call's deadline less the margin) ran out, if it had one."""
        r = outcome.result
        now = time.monotonic()
        metrics.search(fields["kind"], outcome.queue_seconds, None if budget_end is None else now - budget_end)
        self.counts["answered"] += 1
        self.stops[outcome.stop] = self.stops.get(outcome.stop, 0) + 1
        self._recent_wait.append(outcome.queue_seconds)
        self._recent_search.append(r.seconds)
        tracing.search_spans(fields, outcome, arrived, ahead, running_then)
        log.info("search", **fields, stop=outcome.stop, queued_ahead=ahead, running_on_arrival=running_then,
                 wait_ms=round(outcome.queue_seconds * 1000, 3), search_ms=round(r.seconds * 1000, 3),
                 total_ms=round((now - arrived) * 1000, 3), iterations=r.iterations,
                 workers=r.workers, running=self.running, queued=len(self._waiters))
        return outcome

    def _retry_after(self) -> float:
        """A hint for RetryInfo: the recent median search time, within 50 ms - 5 s."""
        return min(5.0, max(0.05, percentile(self._recent_search, 50, empty=0.0)))

    def _changed(self) -> None:
        """Log the queue depth on change, at most once per ``log_interval``."""
        if self._loop is None:
            return
        now = time.monotonic()
        if now - self._last_log >= self.log_interval:
            self._log_queue()
        elif self._log_handle is None:
            self._log_handle = self._loop.call_later(self._last_log + self.log_interval - now, self._log_queue)

    def _log_queue(self) -> None:
        if self._log_handle is not None:
            self._log_handle.cancel()
            self._log_handle = None
        state = (self.running, len(self._waiters), self.counts["rejected"])
        if state == self._logged_state:
            return
        self._logged_state = state
        self._last_log = time.monotonic()
        log.info("search_queue", running=self.running, queued=len(self._waiters), max_running=self.max_running,
                 queue_limit=self.queue_limit, rejected_total=self.counts["rejected"],
                 worker_load=self.pool.load() if self.pool is not None else None,
                 loop_lag_p99_ms=round(self.loop_lag()[0] * 1000, 3))

    def snapshot(self) -> dict:
        """The figures GetServingStats serves."""
        return {
            "workers": self.workers,
            "max_running": self.max_running,
            "queue_limit": self.queue_limit,
            "running": self.running,
            "queued": len(self._waiters) + len(self._hosted_waiters),
            "peak_queued": self.peak_queued,
            "counts": dict(self.counts),
            "stops": dict(self.stops),
            "wait_p50_seconds": percentile(self._recent_wait, 50, empty=0.0),
            "wait_p99_seconds": percentile(self._recent_wait, 99, empty=0.0),
            "search_p50_seconds": percentile(self._recent_search, 50, empty=0.0),
            "search_p99_seconds": percentile(self._recent_search, 99, empty=0.0),
            "worker_load": self.pool.load() if self.pool is not None else [],
            "worker_restarts": self.pool.restarts if self.pool is not None else 0,
            "last_cancelled": dict(self.last_cancelled) if self.last_cancelled else None,
            "loop_lag_p99_seconds": self.loop_lag()[0],
            "loop_lag_max_seconds": self.loop_lag()[1],
        }

    def close(self) -> None:
        """Server shutdown: waiting searches end (UNAVAILABLE); threads stop taking work."""
        self._closed = True
        if self._probe is not None:
            self._probe.cancel()
        self._waiters.cancel_all()
        while self._hosted_waiters:
            self._hosted_waiters.popleft().cancel()
        if self._log_handle is not None:
            self._log_handle.cancel()
            self._log_handle = None
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
