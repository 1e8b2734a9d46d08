"""Daily quotas per caller: calls and AI compute, by token class (docs/security.md, "Quotas").

Who a call counts for, and under which class:

* ``client``: every call from one client address (the address the per-client limits use,
  ``limits.real_client``: behind a trusted proxy, the one it forwarded), with a token or not;
* ``seat``: every call that carries a token (a seat's or a game's owner token, ``Bearer``),
  counted per token (by its SHA-256), besides its client's count.

A call from no address (in process, a Unix socket) counts for nobody. Each class has a
limit of calls a day and of AI seconds a day (0: none), ``boardbot serve --quota
CLASS=calls:N,ai:S``; days are UTC days. A call past a limit is RESOURCE_EXHAUSTED, reason
``CALL_QUOTA`` or ``AI_QUOTA``, with a ``QuotaFailure`` (subject ``calls/<class>`` or
``ai_seconds/<class>``) and a ``RetryInfo`` saying when the day ends, as the search queue
answers (``SEARCH_QUEUE_FULL``).

AI compute is the searches a caller asked for: SuggestMove and ChooseMove are charged the
seconds their search ran (``SearchStats.duration``), and refused once the caller's AI
seconds are spent; and a game's searching bot seats are charged to the client that created
it, whose CreateGame with a searching bot is refused once its AI seconds are spent (the
seats of a running game play on).

Counting costs no I/O on a call: each process counts in memory and writes what it counted to
the store every ``FLUSH_SECONDS`` (``UsageBook``), reading back the day's totals of the
callers it saw lately: on Redis every process's, so several processes share one count (a
caller may go past its limit by what it gets through in about ``FLUSH_SECONDS`` on each
process); on SQLite the file keeps
the count across a restart; the memory store keeps none. The counts are in the Prometheus
metrics (``boardbot_quota_calls_total``, ``boardbot_quota_ai_seconds_total``,
``boardbot_quota_refusals_total``, by class).
"""

from __future__ import annotations

import abc
import asyncio
import collections
import datetime
import hashlib
import sys
from dataclasses import dataclass

import structlog
from prometheus_client import Counter

from . import errors
from .calls import Call
from .limits import real_client
from .store import GameStore

log = structlog.get_logger("boardbot.server")

CLASSES = ("client", "seat")
FLUSH_SECONDS = 1.0
MAX_CALLERS = 100_000  # callers counted a day by one process; past it, new tokens count only for their client
RECENT = 1000  # on a shared store, the callers (most recently seen) whose counts each flush reads back
USAGE_DAYS = 2  # Redis: how long a day's counts are kept

CALLS = Counter("boardbot_quota_calls", "Calls counted against the daily quotas, by token class", ["token_class"])
AI_SECONDS = Counter("boardbot_quota_ai_seconds", "AI search seconds counted against the daily quotas, by token class",
                     ["token_class"])
REFUSALS = Counter("boardbot_quota_refusals", "Calls refused RESOURCE_EXHAUSTED by a daily quota, by token class and "
                   "quota", ["token_class", "quota"])


@dataclass(frozen=True)
class QuotaClass:
    """One token class's daily limits (0: no limit)."""

    calls_per_day: int = 0
    ai_seconds_per_day: float = 0.0


def parse_quota(text: str) -> tuple[str, QuotaClass]:
    """``CLASS=calls:N,ai:S`` (``boardbot serve --quota``); ValueError says what is wrong."""
    name, _, spec = text.partition("=")
    name = name.strip()
    if name not in CLASSES:
        raise ValueError(f"unknown token class {name!r} (the classes: {', '.join(CLASSES)})")
    calls, ai = 0, 0.0
    for item in filter(None, (part.strip() for part in spec.split(","))):
        key, _, value = item.partition(":")
        if key == "calls":
            calls = int(value)
        elif key == "ai":
            ai = float(value)
        else:
            raise ValueError(f"{item!r}: give calls:N (calls a day) or ai:S (AI seconds a day)")
        if calls < 0 or not 0 <= ai < float("inf"):
            raise ValueError(f"{item!r}: a quota is 0 (none) or more")
    return name, QuotaClass(calls, ai)


def today() -> str:
    return datetime.datetime.now(datetime.timezone.utc).date().isoformat()


def until_tomorrow() -> float:
    """Seconds until the next UTC day, when every quota starts again."""
    now = datetime.datetime.now(datetime.timezone.utc)
    tomorrow = datetime.datetime.combine(now.date() + datetime.timedelta(days=1), datetime.time(),
                                         datetime.timezone.utc)
    return max(1.0, (tomorrow - now).total_seconds())


# --- where the counts are kept ---------------------------------------------------------------
class UsageBook(abc.ABC):
    shared = False  # other processes write to it: their counts are read back

    @abc.abstractmethod
    async def add(self, day: str, deltas: dict[str, list[float]],
                  also: tuple[str, ...] = ()) -> dict[str, list[float]] | None:
        """Add each caller's [calls, AI seconds] to the day's counts; the totals of those callers
        and of the callers ``also`` (None for a book that keeps no totals of its own: the
        process's own count stands)."""

    async def load(self, day: str) -> dict[str, list[float]]:
        """The day's counts kept (when the server starts)."""
        return {}

    async def get(self, day: str, caller: str) -> list[float] | None:
        """One caller's counts of the day as other processes wrote them (None: a book only this
        process writes, whose counts it holds already)."""
        return None


class MemoryUsage(UsageBook):
    async def add(self, day, deltas, also=()):
        return None


class SqliteUsage(UsageBook):
    """A table beside the games' (created if missing; no schema version change)."""

    TABLE = ("CREATE TABLE IF NOT EXISTS usage (day TEXT NOT NULL, caller TEXT NOT NULL, calls INTEGER NOT NULL, "
             "ai REAL NOT NULL, PRIMARY KEY (day, caller)) WITHOUT ROWID")

    def __init__(self, store) -> None:
        self.store = store
        self.shared = store.shared  # the processes of --processes N on one file: totals read back

    async def load(self, day):
        self.store._db.execute(self.TABLE)
        self.store._db.execute("DELETE FROM usage WHERE day < ?", (day,))
        return {row[0]: [row[1], row[2]] for row in self.store._db.execute(
            "SELECT caller, calls, ai FROM usage WHERE day = ?", (day,))}

    async def add(self, day, deltas, also=()):
        if not deltas and not (self.shared and also):
            return None
        totals: dict[str, list[float]] = {}

        def body(db) -> bool:
            db.executemany("INSERT INTO usage VALUES (?, ?, ?, ?) ON CONFLICT (day, caller) DO UPDATE SET "
                           "calls = calls + excluded.calls, ai = ai + excluded.ai",
                           [(day, caller, int(calls), ai) for caller, (calls, ai) in deltas.items()])
            if self.shared:  # what every process counted, in the same transaction
                for caller in {*deltas, *also}:
                    row = db.execute("SELECT calls, ai FROM usage WHERE day = ? AND caller = ?",
                                     (day, caller)).fetchone()
                    totals[caller] = [float(row[0]), float(row[1])] if row else [0.0, 0.0]
            return True

        await self.store._grouped(body, lambda _: None)
        return totals if self.shared else None  # one process per file: its own count is the file's

    async def get(self, day, caller):
        if not self.shared:
            return None
        row = self.store._db.execute("SELECT calls, ai FROM usage WHERE day = ? AND caller = ?",
                                     (day, caller)).fetchone()
        return [float(row[0]), float(row[1])] if row else [0.0, 0.0]


class RedisUsage(UsageBook):
    """A hash per day (``boardbot:usage:<day>``: ``<caller>|calls`` and ``<caller>|ai``), shared by
    every process on the store; one pipeline per flush, which reads the totals back."""

    def __init__(self, store) -> None:
        self.store = store

    shared = True

    async def add(self, day, deltas, also=()):
        key = self.store._key("usage", day)
        callers = list(deltas)
        others = [c for c in also if c not in deltas]
        if not callers and not others:
            return {}
        async with self.store._redis.pipeline(transaction=False) as pipe:
            for caller in callers:
                calls, ai = deltas[caller]
                pipe.hincrby(key, f"{caller}|calls", int(calls))
                pipe.hincrbyfloat(key, f"{caller}|ai", float(ai))
            if callers:
                pipe.expire(key, USAGE_DAYS * 86400)
            for caller in others:
                pipe.hmget(key, [f"{caller}|calls", f"{caller}|ai"])
            replies = await pipe.execute()
        out = {caller: [float(replies[2 * i]), float(replies[2 * i + 1])] for i, caller in enumerate(callers)}
        read = replies[2 * len(callers) + (1 if callers else 0):]
        out.update((caller, [float(calls or 0), float(ai or 0)]) for caller, (calls, ai) in zip(others, read))
        return out

    async def get(self, day, caller):
        calls, ai = await self.store._redis.hmget(self.store._key("usage", day), [f"{caller}|calls", f"{caller}|ai"])
        return [float(calls or 0), float(ai or 0)]

    async def load(self, day):
        raw = await self.store._redis.hgetall(self.store._key("usage", day))
        out: dict[str, list[float]] = {}
        for field, value in raw.items():
            caller, _, what = field.decode().rpartition("|")
            out.setdefault(caller, [0.0, 0.0])[0 if what == "calls" else 1] = float(value)
        return out


def usage_book(store: GameStore) -> UsageBook:
    from .redis_store import RedisStore
    from .sqlite_store import SqliteStore

    if isinstance(store, SqliteStore):
        return SqliteUsage(store)
    if isinstance(store, RedisStore):
        return RedisUsage(store)
    return MemoryUsage()


class Quotas:
    """The daily counts of this process's callers, and the checks against each class's limits."""

    def __init__(self, classes: dict[str, QuotaClass], store: GameStore, trusted_proxies=()):
        self.classes = {name: classes.get(name, QuotaClass()) for name in CLASSES}
        self.trusted_proxies = trusted_proxies
        self.book = usage_book(store)
        self.on = any(c.calls_per_day or c.ai_seconds_per_day for c in self.classes.values())
        self.day = today()
        self._used: dict[str, list[float]] = {}  # caller -> [calls, AI seconds] today, as far as known
        self._unsent: dict[str, list[float]] = {}  # counted here, not yet in the store
        self._recent: collections.OrderedDict[str, None] = collections.OrderedDict()  # callers seen lately
        self._flusher: asyncio.Task | None = None

    async def start(self) -> None:
        if not self.on:
            return
        self._used = {k: list(v) for k, v in (await self.book.load(self.day)).items()}
        self._flusher = asyncio.get_running_loop().create_task(self._flush_every())

    async def close(self) -> None:
        if self._flusher is not None:
            self._flusher.cancel()
            await asyncio.gather(self._flusher, return_exceptions=True)
            self._flusher = None
            await self.flush()

    # --- who a call counts for -------------------------------------------------------------
    def callers(self, call: Call) -> list[tuple[str, str]]:
        """(class, caller) pairs the call counts for; none in process or over a Unix socket."""
        client = real_client(call.address, call.forwarded_for, self.trusted_proxies)
        if client is None:
            return []
        out = [("client", f"client:{client}")]
        try:
            token = call.token()
        except errors.ServiceError:
            token = None  # a malformed value: the call's own checks answer it
        if token:
            caller = "seat:" + hashlib.sha256(token.encode()).hexdigest()[:32]
            if caller in self._used or len(self._used) < MAX_CALLERS:
                out.append(("seat", caller))
        return out

    def _roll(self) -> None:
        day = today()
        if day != self.day:
            self.day, self._used, self._unsent = day, {}, {}

    def _refuse(self, token_class: str, quota: str, limit: float, unit: str) -> errors.ServiceError:
        REFUSALS.labels(token_class, quota).inc()
        wait = until_tomorrow()
        reason, subject = ("CALL_QUOTA", "calls") if quota == "calls" else ("AI_QUOTA", "ai_seconds")
        return errors.quota_exceeded(
            f"this {token_class} has used its {limit:g} {unit} of today (UTC); the quota starts again in "
            f"{wait / 3600:.1f} h", reason, f"{subject}/{token_class}", retry_after=wait,
            metadata={"token_class": token_class, "limit": f"{limit:g}"})

    # --- the checks --------------------------------------------------------------------------
    async def admit(self, method: str, call: Call) -> None:
        """Count one call, or RESOURCE_EXHAUSTED (CALL_QUOTA) when a caller's calls are spent. A
        caller this process has not seen today is read from a shared store once (Redis: what the
        other processes counted)."""
        if not self.on:
            return
        self._roll()
        who = self.callers(call)
        for _, caller in who:
            if caller not in self._used:
                day = self.day
                found = await self.book.get(day, caller)
                if found is not None and day == self.day and caller not in self._used:
                    self._used[caller] = found
        for token_class, caller in who:
            limit = self.classes[token_class].calls_per_day
            if limit and self._used.get(caller, (0, 0))[0] >= limit:
                raise self._refuse(token_class, "calls", limit, "calls")
        for token_class, caller in who:
            self._count(caller, 0, 1)
            CALLS.labels(token_class).inc()

    def check_ai(self, call: Call | None = None, client: str | None = None) -> None:
        """RESOURCE_EXHAUSTED (AI_QUOTA) when the call's callers (or the ``client``, for a game it
        creates with a searching bot) have spent their AI seconds today."""
        if not self.on:
            return
        self._roll()
        who = self.callers(call) if call is not None else ([("client", f"client:{client}")] if client else [])
        for token_class, caller in who:
            limit = self.classes[token_class].ai_seconds_per_day
            if limit and self._used.get(caller, (0, 0))[1] >= limit:
                raise self._refuse(token_class, "ai", limit, "AI seconds")

    def charge_ai(self, seconds: float, call: Call | None = None, client: str | None = None) -> None:
        """Charge ``seconds`` of search to the call's callers (or to ``client``)."""
        if not self.on or seconds <= 0:
            return
        self._roll()
        who = self.callers(call) if call is not None else ([("client", f"client:{client}")] if client else [])
        for token_class, caller in who:
            self._count(caller, 1, seconds)
            AI_SECONDS.labels(token_class).inc(seconds)

    def _count(self, caller: str, index: int, amount: float) -> None:
        if self.book.shared:
            self._recent[caller] = None
            self._recent.move_to_end(caller)
            if len(self._recent) > RECENT:
                self._recent.popitem(last=False)
        for table in (self._used, self._unsent):
            entry = table.get(caller)
            if entry is None:
                entry = table[caller] = [0.0, 0.0]
            entry[index] += amount

    # --- to and from the store -----------------------------------------------------------------
    async def flush(self) -> None:
        """Write what was counted here; on a shared store, read back the day's totals of the
        callers seen lately (so a process learns what the others counted for them)."""
        if not self._unsent and not self._recent:
            return
        day, unsent, self._unsent = self.day, self._unsent, {}
        totals = await self.book.add(day, unsent, tuple(self._recent))
        if totals and day == self.day:  # other processes' counts too (Redis), plus what came meanwhile
            for caller, (calls, ai) in totals.items():
                since = self._unsent.get(caller, (0, 0))
                self._used[caller] = [calls + since[0], ai + since[1]]

    async def _flush_every(self) -> None:
        while True:
            await asyncio.sleep(FLUSH_SECONDS)
            try:
                await self.flush()
            except Exception as exc:  # noqa: BLE001 - counted again next time: the store may answer then
                log.error("quota_flush_failed", error=repr(exc), exc_info=sys.exc_info())
