"""Simulated clients, load models, generator processes.

A simulated client plays one seat of a game against the server's bot seats:
CreateGame (its seat human, the others bots), then GetView; on its turn it
picks a move (at random, or the one BotService.SuggestMove suggests within
the think budget) and sends SubmitMove; while bot seats are to move it waits
(``--wait poll``: GetView again after ``--poll-interval``; ``--wait watch``:
a WatchGame stream says when something changed, and its event times give
the server's own bot-move latency); at the end DeleteGame, then the next game.
With ``--views stream`` the client reads its views from the WatchGame stream
instead of calling GetView (the loop of ``boardbot.client``'s docstring).

Load models:

* closed loop (``--clients N``): N simulated clients, each playing games back
  to back. If the server slows down, the clients slow down with it.
* paced clients (``--clients N --move-rate R``): the same N clients, but each
  sends its SubmitMoves on a fixed schedule, R/N a second (the clients'
  schedules interleave evenly), so together they offer R moves a second;
  SubmitMove latency is also measured from each call's *intended* send
  time, so a client held up (by a slow view, slow bots, or the generator)
  shows it as latency instead of a lower offered rate.
* open loop (``--rate R``): new games arrive R per second (evenly spaced, or
  ``--arrivals poisson``), whatever the server does; each game's CreateGame
  and whole-game latency are also measured from its *intended* start, so a
  generator or server that falls behind shows up as latency instead of a
  lower offered load.

``--processes N`` runs N generator processes (each with its own event loop
and connections, a share of the clients or of the rate) and merges their
samples.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import signal
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import astuple, dataclass, field, replace

from boardbot.server import eventloop
from .backends import CallError, Handle
from .procstat import ProcessCPU, self_cpu_seconds
from .scenarios import Scenario
from .stats import Recorder

BACKOFF_CODES = {"UNAVAILABLE", "DEADLINE_EXCEEDED", "RESOURCE_EXHAUSTED", "INTERNAL", "UNKNOWN"}
BACKOFF_SECONDS = 0.05
CPU_SAMPLE_SECONDS = 0.5
START_DELAY = 0.3  # seconds between "everyone is ready" and the common start


@dataclass
class Options:
    scenarios: list[Scenario]
    target: str | None = None  # None: in process
    tls: tuple[str | None, str | None, str | None] | None = None  # the target has TLS: (CA, cert, key) PEM paths
    model: str = "closed"  # or "open"
    clients: int = 8
    move_rate: float = 0.0  # closed loop: > 0 paces the clients' SubmitMoves to this many a second in all
    submit_view: str = "none"  # or "after" / "next": SubmitMove returns the seat's view (one call per move)
    rate: float = 0.0
    arrivals: str = "uniform"  # or "poisson"
    duration: float | None = 10.0
    games: int | None = None
    warmup: float = 0.0
    moves: str = "random"  # or "suggest"
    suggest_fraction: float = 1.0
    suggest_bot: str = "ismcts:medium"
    budget: float | None = None
    budget_iterations: int | None = None
    margin: float = 0.05
    bot_budget: float | None = None  # the bot seats' think budget, for the report
    wait: str = "poll"  # or "watch"
    views: str = "getview"  # or "stream": the views come from the WatchGame stream (the client helper's loop)
    poll_interval: float = 0.002
    timeout: float = 10.0
    seed: int = 1
    human_seat: int | None = 0  # None: a random seat per game
    delete_games: bool = True
    expected_version: bool = True
    request_ids: bool = False
    channels: int = 1
    processes: int = 1
    max_in_flight: int = 10000
    max_errors_per_game: int = 10
    progress: bool = True

    @property
    def in_process(self) -> bool:
        return self.target is None


@dataclass
class Share:
    """One generator process's part of the load."""

    index: int
    clients: int
    rate: float
    games: int | None
    seed: int
    first_client: int = 0  # the global number of this share's first client (for paced schedules)


def shares(opts: Options) -> list[Share]:
    n = max(1, opts.processes)
    out = []
    first = 0
    for i in range(n):
        clients = opts.clients // n + (1 if i < opts.clients % n else 0)
        games = None
        if opts.games is not None:
            games = opts.games // n + (1 if i < opts.games % n else 0)
        out.append(Share(i, clients, opts.rate / n, games, opts.seed * 7919 + i, first))
        first += clients
    return out


class Pacer:
    """One paced client's SubmitMove schedule: every ``interval`` seconds from ``first``."""

    def __init__(self, first: float, interval: float):
        self.next_t = first
        self.interval = interval

    def take(self) -> float:
        t = self.next_t
        self.next_t += self.interval
        return t


@dataclass
class Progress:
    """Counters a generator keeps for the progress bar."""

    games: int = 0
    failed: int = 0
    moves: int = 0
    errors: int = 0
    in_flight: int = 0

    def values(self) -> list[int]:
        return list(astuple(self))


class Generator:
    """One process's simulated clients."""

    def __init__(self, opts: Options, share: Share, t0: float, recorder: Recorder, progress: Progress):
        self.opts = opts
        self.share = share
        self.t0 = t0
        self.end = t0 + opts.duration if opts.duration is not None else None
        self.rec = recorder
        self.progress = progress
        self.backend = None
        self.started = 0
        self.stopping = False
        self.tasks: set[asyncio.Task] = set()
        self.abandoned: list[Handle] = []
        self.rng = random.Random(share.seed)
        self.interrupted = asyncio.Event()  # Ctrl-C: stop the load, still report

    def catch_interrupt(self) -> None:
        try:
            asyncio.get_running_loop().add_signal_handler(signal.SIGINT, self.interrupted.set)
        except (NotImplementedError, RuntimeError, ValueError):
            pass

    def make_backend(self):
        if self.opts.in_process:
            from .backends import InProcessBackend

            return InProcessBackend(self.opts, self.rec)
        from .backends import GrpcBackend

        return GrpcBackend(self.opts.target, self.opts, self.rec)

    async def setup(self) -> None:
        self.backend = self.make_backend()
        await self.backend.start()

    def _take(self) -> int | None:
        if self.stopping or (self.share.games is not None and self.started >= self.share.games):
            return None
        k = self.started
        self.started += 1
        return k

    async def run(self) -> None:
        """Apply the load from t0 until the duration or the game count is reached."""
        delay = self.t0 - time.monotonic()
        if delay > 0:
            await asyncio.sleep(delay)
        if self.opts.model == "open":
            runner = self._open_loop()
        else:
            runner = self._closed_loop()
        main = asyncio.ensure_future(runner)
        interrupted = asyncio.ensure_future(self.interrupted.wait())
        try:
            timeout = None if self.end is None else max(0.0, self.end - time.monotonic())
            await asyncio.wait({main, interrupted}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
            if main.done() and not main.cancelled() and main.exception() is not None:
                raise main.exception()
        finally:
            interrupted.cancel()
            self.stopping = True
            main.cancel()
            for task in list(self.tasks):
                task.cancel()
            await asyncio.gather(main, *self.tasks, return_exceptions=True)

    async def cleanup(self) -> None:
        """Delete the games the deadline interrupted (not measured), close connections."""
        if self.abandoned and self.opts.delete_games:
            await asyncio.gather(*(self._quiet_finish(h) for h in self.abandoned), return_exceptions=True)
        await self.backend.close()

    async def _quiet_finish(self, h: Handle) -> None:
        try:
            await asyncio.wait_for(self.backend.finish(h, True), 5.0)
        except Exception:  # noqa: BLE001
            pass

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def _closed_loop(self) -> None:
        rate = self.opts.move_rate

        async def client(j: int) -> None:
            pacer = None
            if rate > 0:  # client j's sends: every clients/rate seconds, the clients 1/rate apart
                pacer = Pacer(self.t0 + (self.share.first_client + j) / rate, self.opts.clients / rate)
            while True:
                k = self._take()
                if k is None:
                    return
                await self.play_game(k, None, pacer)

        await asyncio.gather(*(self._spawn(client(j)) for j in range(self.share.clients)))

    async def _open_loop(self) -> None:
        rate = self.share.rate
        if rate <= 0:
            return
        # the processes' arrivals interleave: process i starts i/N of an interval late
        next_t = self.t0 + (self.share.index / max(1, self.opts.processes)) / rate
        while True:
            if self.end is not None and next_t >= self.end:
                break
            delay = next_t - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            k = self._take()
            if k is None:
                break
            self.rec.ok("arrival lag", next_t, max(0.0, time.monotonic() - next_t))
            if self.progress.in_flight >= self.opts.max_in_flight:
                self.rec.error("CreateGame", "CLIENT_TOO_MANY_IN_FLIGHT", next_t)
                self.progress.errors += 1
            else:
                self._spawn(self.play_game(k, next_t))
            if self.opts.arrivals == "poisson":
                next_t += self.rng.expovariate(rate)
            else:
                next_t += 1.0 / rate
        while self.tasks:  # a game count: let every game finish
            await asyncio.gather(*list(self.tasks), return_exceptions=True)

    async def _failed(self, name: str, err: CallError, started: float) -> None:
        self.rec.error(name, err.code, started)
        self.progress.errors += 1
        if err.code in BACKOFF_CODES:
            await asyncio.sleep(BACKOFF_SECONDS)

    async def play_game(self, k: int, intended: float | None, pacer: Pacer | None = None) -> None:
        """One complete game of one simulated client."""
        opts, rec, backend, progress = self.opts, self.rec, self.backend, self.progress
        scenario = opts.scenarios[(k * max(1, opts.processes) + self.share.index) % len(opts.scenarios)]
        seed = (self.share.seed << 20) ^ k
        rng = random.Random(seed)
        seat = opts.human_seat if opts.human_seat is not None else rng.randrange(scenario.players)
        h = Handle(scenario, seat % scenario.players)
        progress.in_flight += 1
        monotonic = time.monotonic
        yield_first = backend.yield_first  # in process: let the others run, then time the call alone
        view_name = backend.view_name
        created = False
        cancelled = False
        try:
            if yield_first:
                await asyncio.sleep(0)
            t = monotonic()
            try:
                await backend.create(h, seed & ((1 << 63) - 1))
            except CallError as err:
                progress.failed += 1
                await self._failed("CreateGame", err, t)
                if err.code not in BACKOFF_CODES:  # e.g. a bad config: do not spin
                    await asyncio.sleep(BACKOFF_SECONDS)
                return
            now = monotonic()
            created = True
            rec.ok("CreateGame", t, now - t)
            begun = t
            if intended is not None:
                rec.ok("CreateGame from intended start", intended, now - intended)
                begun = intended
            suggest = opts.moves == "suggest"
            errors = human_moves = 0
            version = 0
            given = None  # the view the last SubmitMove returned (--submit-view), if it is the one to act on
            while True:
                if errors > opts.max_errors_per_game:
                    progress.failed += 1
                    rec.count("games failed")
                    return
                if given is not None:
                    view, given = given, None
                else:
                    if yield_first:
                        await asyncio.sleep(0)
                    t = monotonic()
                    try:
                        view = await backend.view(h)
                    except CallError as err:
                        errors += 1
                        await self._failed(view_name, err, t)
                        continue
                    rec.ok(view_name, t, monotonic() - t)
                version = view.version
                if view.finished:
                    break
                if not view.moves:
                    rec.count("views while bots move")
                    await backend.wait(h, view)
                    continue
                move_id = None
                if suggest and (opts.suggest_fraction >= 1.0 or rng.random() < opts.suggest_fraction):
                    if yield_first:
                        await asyncio.sleep(0)
                    t = monotonic()
                    try:
                        move_id, searched = await backend.suggest(h, view, rng.getrandbits(63))
                        latency = monotonic() - t
                        rec.ok("SuggestMove", t, latency)
                        rec.over_budget("SuggestMove", t, latency, opts.budget)
                        rec.ok("SuggestMove search (server stats)", t, searched)
                        if not 0 <= move_id < view.moves:
                            move_id = None
                    except CallError as err:
                        await self._failed("SuggestMove", err, t)
                if move_id is None:
                    move_id = rng.randrange(view.moves)
                planned = None
                if pacer is not None:
                    planned = pacer.take()
                    delay = planned - monotonic()
                    if delay > 0:
                        await asyncio.sleep(delay)
                elif yield_first:
                    await asyncio.sleep(0)
                t = monotonic()
                try:
                    finished, after = await backend.submit(h, move_id, view.version)
                except CallError as err:
                    errors += 1
                    await self._failed("SubmitMove", err, t)
                    continue
                now = monotonic()
                rec.ok("SubmitMove", t, now - t)
                if planned is not None:  # (filed under the actual send time, like every sample)
                    rec.ok("SubmitMove from intended send", t, now - planned)
                    rec.ok("SubmitMove send lag", t, max(0.0, t - planned))
                human_moves += 1
                progress.moves += 1
                if finished:
                    version = view.version + 1
                    break
                if after is not None:
                    if after.moves or after.finished:
                        given = after  # one call per move: no GetView
                    else:
                        rec.count("views while bots move")
                        await backend.wait(h, after)
            now = monotonic()
            rec.ok("game", begun, now - begun)
            rec.count("human moves in finished games", human_moves)
            rec.count("bot moves in finished games", max(0, version - human_moves))
            progress.games += 1
        except asyncio.CancelledError:
            cancelled = True
            raise
        finally:
            progress.in_flight -= 1
            if cancelled:
                if created:
                    self.abandoned.append(h)
            elif created:
                t = monotonic()
                try:
                    await backend.finish(h, opts.delete_games)
                    if opts.delete_games:
                        rec.ok("DeleteGame", t, monotonic() - t)
                except CallError as err:
                    await self._failed("DeleteGame", err, t)


# --- progress bar ------------------------------------------------------------------
class ProgressBar:
    """tqdm's bar over the duration (or the game count), with the generators' counters."""

    def __init__(self, opts: Options, t0: float, stream=None):
        from tqdm import tqdm

        stream = stream or sys.stderr
        self.interval = 0.25 if stream.isatty() else 5.0
        self.by_games = opts.games is not None
        self.bar = tqdm(total=opts.games if self.by_games else opts.duration or 1.0, file=stream, desc="loadtest",
                        ascii="-#", bar_format="{desc} [{bar:24}] {percentage:3.0f}% {elapsed_s:6.1f}s{postfix}")
        self.t0 = self.last_t = t0
        self.last_moves = 0

    def show(self, totals: list[int], now: float, final: bool = False) -> None:
        games, failed, moves, errors, in_flight = totals
        span = now - self.last_t
        rate = (moves - self.last_moves) / span if span > 0 else 0.0
        self.last_moves, self.last_t = moves, now
        self.bar.n = min(self.bar.total, games + failed if self.by_games else now - self.t0)
        self.bar.set_postfix_str(f"games {games}{f' (failed {failed})' if failed else ''}  moves {moves} "
                                 f"({rate:,.0f}/s)  errors {errors}  in flight {in_flight}", refresh=not final)
        if final:
            self.bar.close()


# --- CPU sampling --------------------------------------------------------------------
@dataclass
class CpuSeries:
    """CPU seconds of process trees, sampled: (seconds from t0, CPU seconds)."""

    label: str
    pids: list[int]
    samples: list[tuple[float, float]] = field(default_factory=list)

    def __post_init__(self):
        self.cpu = ProcessCPU(self.pids)

    def sample(self, t: float) -> None:
        cpu = self.cpu.read()
        if cpu is not None:
            self.samples.append((t, cpu))

    def cores_between(self, start: float, end: float) -> float | None:
        """Average cores used between two times (seconds from t0), from the nearest samples inside."""
        inside = [s for s in self.samples if start - 1e-6 <= s[0] <= end + 1e-6]
        if len(inside) < 2 or inside[-1][0] - inside[0][0] <= 0:
            return None
        return (inside[-1][1] - inside[0][1]) / (inside[-1][0] - inside[0][0])

    def timeline(self) -> list[list[float]]:
        """[from, to, cores] per interval between samples (seconds from the start)."""
        return [[round(t1, 3), round(t2, 3), round((c2 - c1) / (t2 - t1), 4)]
                for (t1, c1), (t2, c2) in zip(self.samples, self.samples[1:]) if t2 > t1]


class CpuSampler:
    def __init__(self, t0: float, server_pids: list[int] | None):
        self.t0 = t0
        self.generator = CpuSeries("generator", [os.getpid()])
        self.server = CpuSeries("server", server_pids) if server_pids else None

    def sample(self) -> None:
        for series in (self.generator, self.server):
            if series is not None:
                series.sample(time.monotonic() - self.t0)

    async def run(self) -> None:
        while True:
            self.sample()
            await asyncio.sleep(CPU_SAMPLE_SECONDS)


# --- one process, or several ------------------------------------------------------
@dataclass
class RunResult:
    t0: float
    wall_end: float  # seconds from t0 when the load stopped
    exports: list[dict]
    generator_cpu_s: float  # CPU seconds of every generator process during the load
    cpu: CpuSampler | None
    processes: int
    notes: list[str] = field(default_factory=list)


async def _generator(opts: Options, share: Share, progress: Progress) -> Generator:
    gen = Generator(opts, share, 0.0, Recorder(), progress)
    await gen.setup()
    gen.catch_interrupt()
    return gen


async def _load(gen: Generator, t0: float, *besides) -> tuple[float, float]:
    """The generator's load from ``t0``, with ``besides`` (coroutine functions: progress, CPU
    samples) running alongside from then; (when it ended, the CPU seconds this process used)."""
    gen.rec.t0 = gen.t0 = t0
    gen.end = t0 + gen.opts.duration if gen.opts.duration is not None else None
    await asyncio.sleep(max(0.0, t0 - time.monotonic()))
    cpu_start = self_cpu_seconds()
    side = asyncio.gather(*(beside() for beside in besides))
    try:
        await gen.run()
    finally:
        end = time.monotonic()
        cpu_used = self_cpu_seconds() - cpu_start
        side.cancel()
        await asyncio.gather(side, return_exceptions=True)
    return end, cpu_used


async def _run_single(opts: Options, server_pids: list[int] | None) -> RunResult:
    progress = Progress()
    gen = await _generator(opts, shares(replace(opts, processes=1))[0], progress)
    t0 = time.monotonic() + 0.05
    sampler = CpuSampler(t0, server_pids)
    bar = ProgressBar(opts, t0) if opts.progress else None

    async def ticker() -> None:
        while True:
            await asyncio.sleep(bar.interval)
            bar.show(progress.values(), time.monotonic())

    end, cpu_used = await _load(gen, t0, sampler.run, *([ticker] if bar else []))
    sampler.sample()
    if bar:
        bar.show(progress.values(), end, final=True)
    await gen.cleanup()
    return RunResult(t0, end - t0, [gen.rec.export()], cpu_used, sampler, 1)


_parent: dict = {}  # in a generator process: what its parent shares with it


def _adopt(shared: dict) -> None:  # the pool's initializer: a generator process starts with it
    _parent.update(shared)


def _worker(opts: Options, share: Share) -> dict:
    """A generator process: set up, wait for the common start, run; its samples."""
    try:
        return eventloop.run(_worker_async(opts, share))
    finally:
        _parent["ready"].release()  # (again, or first if it failed: the parent never waits for it in vain)


async def _worker_async(opts: Options, share: Share) -> dict:
    counters, start_at = _parent["counters"], _parent["start_at"]
    progress = Progress()
    gen = await _generator(opts, share, progress)
    _parent["ready"].release()
    await asyncio.get_running_loop().run_in_executor(None, _parent["go"].wait)
    base = share.index * len(Progress().values())

    def publish() -> None:
        counters[base:base + len(Progress().values())] = progress.values()

    async def publishing() -> None:
        while True:
            publish()
            await asyncio.sleep(0.2)

    end, cpu_used = await _load(gen, start_at.value, publishing)
    publish()
    await gen.cleanup()
    return {"export": gen.rec.export(), "cpu": cpu_used, "end": end - start_at.value}


async def _run_multi(opts: Options, server_pids: list[int] | None) -> RunResult:
    ctx = multiprocessing.get_context("spawn")
    parts = shares(opts)
    n = len(Progress().values())
    shared = dict(counters=ctx.Array("q", len(parts) * n, lock=False), ready=ctx.Semaphore(0), go=ctx.Event(),
                  start_at=ctx.Value("d", 0.0, lock=False))
    loop = asyncio.get_running_loop()
    try:  # Ctrl-C reaches the workers too: they stop the load and report; the parent waits for them
        loop.add_signal_handler(signal.SIGINT, lambda: None)
    except (NotImplementedError, RuntimeError, ValueError):
        pass

    def totals() -> list[int]:
        return [sum(shared["counters"][p * n + i] for p in range(len(parts))) for i in range(n)]

    with ProcessPoolExecutor(len(parts), ctx, _adopt, (shared,)) as pool:
        futures = [loop.run_in_executor(pool, _worker, opts, share) for share in parts]
        for _ in parts:
            await loop.run_in_executor(None, shared["ready"].acquire)
        t0 = shared["start_at"].value = time.monotonic() + START_DELAY
        shared["go"].set()
        sampler = CpuSampler(t0, server_pids)
        bar = ProgressBar(opts, t0) if opts.progress else None
        await asyncio.sleep(max(0.0, t0 - time.monotonic()))
        parent_cpu = self_cpu_seconds()
        sampler_task = asyncio.ensure_future(sampler.run())
        pending = set(futures)
        try:
            while pending:
                done, pending = await asyncio.wait(pending, timeout=bar.interval if bar else None,
                                                   return_when=asyncio.FIRST_COMPLETED)
                if done and len(done) + len(pending) == len(parts):
                    sampler.sample()  # the load is ending: the last sample while the workers live
                if bar:
                    bar.show(totals(), time.monotonic())
        finally:
            sampler_task.cancel()
            await asyncio.gather(sampler_task, return_exceptions=True)
    got = [f.exception() or f.result() for f in futures]
    failed = [f"process {i}: {type(r).__name__}: {r}" for i, r in enumerate(got) if isinstance(r, BaseException)]
    ok = [r for r in got if not isinstance(r, BaseException)]
    if failed and not ok:
        raise RuntimeError("; ".join(failed))
    end = max((r["end"] for r in ok), default=time.monotonic() - t0)
    if bar:
        bar.show(totals(), t0 + end, final=True)
    cpu = sum(r["cpu"] for r in ok) + (self_cpu_seconds() - parent_cpu)
    return RunResult(t0, end, [r["export"] for r in ok], cpu, sampler, len(parts), failed)


async def preflight(opts: Options) -> None:
    """Create (and delete) one game per scenario, unmeasured: a wrong game name, config or
    bot spec, or an unreachable server, stops the load test before it starts."""
    gen = Generator(opts, Share(0, 1, 0.0, None, opts.seed), 0.0, Recorder(), Progress())
    await gen.setup()
    try:
        for scenario in opts.scenarios:
            h = Handle(scenario, (opts.human_seat or 0) % scenario.players)
            try:
                await gen.backend.create(h, opts.seed)
                await gen.backend.finish(h, opts.delete_games)
            except CallError as err:
                raise PreflightError(f"{scenario.label()}: {err}") from None
    finally:
        await gen.backend.close()


class PreflightError(Exception):
    pass


async def run(opts: Options, server_pids: list[int] | None = None) -> RunResult:
    if opts.processes > 1:
        return await _run_multi(opts, server_pids)
    return await _run_single(opts, server_pids)
