"""Games in one SQLite file: the default store of ``boardbot serve`` (``--store sqlite:PATH``).

Python's own ``sqlite3`` on one connection, in WAL mode. A commit updates the
record's row only if its version is still the expected one and inserts the
events; the commits made in one event-loop turn share one transaction (group
commit: one COMMIT, and with ``synchronous=full`` one fsync, for all of them),
and the master answers a call only after that transaction has committed, so
an acknowledged CreateGame, SubmitMove or Resign is in the file.

What survives what depends on ``synchronous`` (``sqlite:PATH?synchronous=...``):

* ``normal`` (the default): a commit is written to the WAL file before the
  call is answered, but not flushed to the disk. Survives the server process
  dying in any way (SIGKILL, a crash, OOM): the data is in the operating
  system's page cache and the next open recovers it. A power loss or a
  kernel crash may lose the last commits (those since the last checkpoint's
  flush, about a second: see ``CHECKPOINT_SECONDS``), never the file's
  consistency.
* ``full``: the WAL is flushed to the disk (fsync) at every transaction,
  before the answers: survives a power loss too, at the cost of an fsync per
  event-loop turn's commits, on the event loop (bench/store_cost.py measures
  both; docs/storage.md).

Checkpoints (copying the WAL into the database file) run in a thread of
their own with their own connection (``PRAGMA wal_checkpoint(PASSIVE)``,
never blocking the writer), so the event loop does not pay for them.

The file belongs to one server process at a time (an exclusive ``flock`` on
``PATH.lock``, released by the kernel however the process ends): its cache
of live games is then always current. Several processes share games through
``boardbot.server.redis_store``.

Tables: ``games`` (one row per game: ``seq``, the creation order, is its key;
the record as compact JSON without the columns beside it, and its ``creator``
beside it as well, indexed, for the games-per-client count), ``initials`` (the
state at version 0, written once), ``events`` (one row per event, keyed by the
game's ``seq`` and the version: a few dozen bytes each).
"""

from __future__ import annotations

import asyncio
import collections
import fcntl
import os
import sqlite3
import threading

from .store import (ClientFull, EventRecord, GameStore, Live, NewerSchema, Record, StoreFull, StoreUnavailable,
                    Waiters, check_numbering, dumps, loads, pack_event, request_id_of, static_part, unpack_event)

# 2: games.creator; 3: records carry their rules_version (a record without one was played under
# its game's first rules: records.FIRST_RULES_VERSION), so a server that replays every game under
# its own rules, of schema 2 or older, must not open the file
SCHEMA_VERSION = 3
SYNCHRONOUS = ("normal", "full")
CHECKPOINT_SECONDS = 1.0
LIVE_CACHE = 4096  # games kept as Live objects (the most recently used)
_COLUMNS = ("seq", "version", "finished", "bot_to_move", "updated")

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS games (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,  -- creation order; never reused
    id TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    version INTEGER NOT NULL,
    finished REAL,                          -- when it ended (time.time()); NULL while it runs
    bot_to_move INTEGER NOT NULL,           -- the master plays the next decision
    updated REAL NOT NULL,
    creator TEXT,                           -- the client that created it (also in record), if known
    record BLOB NOT NULL,                   -- compact JSON: the rest but the state (rewritten when it changes)
    state BLOB NOT NULL                     -- the engine state (to_dict) as compact JSON
);
CREATE INDEX IF NOT EXISTS games_by_finish ON games (finished) WHERE finished IS NOT NULL;
CREATE TABLE IF NOT EXISTS initials (seq INTEGER PRIMARY KEY, state BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS events (
    seq INTEGER NOT NULL,
    version INTEGER NOT NULL,
    request_id TEXT,                        -- of the client's request that made it, if it had one
    event BLOB NOT NULL,                    -- store.pack_event: compact JSON, without the version and the request id
    PRIMARY KEY (seq, version)
) WITHOUT ROWID;
"""
# after SCHEMA and the migrations: a file of version 1 has no creator column before them
INDEXES = "CREATE INDEX IF NOT EXISTS games_by_creator ON games (creator) WHERE creator IS NOT NULL;"
# what changes a file of version N (the key) to N + 1; games from before version 2 count for nobody;
# 2 to 3 changes no table (what a record without its rules_version means is GameRecord.from_dict's)
MIGRATIONS = {1: "ALTER TABLE games ADD COLUMN creator TEXT;", 2: ""}


class StoreLocked(StoreUnavailable):
    """Another process has the file open as its store."""


def _event_row(seq: int, event: EventRecord) -> tuple:
    request_id = request_id_of(event)
    return seq, event["version"], request_id, pack_event(event, with_request_id=False)


def _unpack_event(version: int, request_id: str | None, blob: bytes) -> EventRecord:
    return unpack_event(version, blob, request_id)


class SqliteStore(GameStore):
    def __init__(self, path: str, synchronous: str = "normal", max_games: int | None = None):
        if synchronous not in SYNCHRONOUS:
            raise ValueError(f"synchronous must be one of {', '.join(SYNCHRONOUS)}, not {synchronous!r}")
        self.path = path
        self.synchronous = synchronous
        self.max_games = max_games
        self._db: sqlite3.Connection | None = None
        self._lock_file = None
        self._live: collections.OrderedDict[str, Live] = collections.OrderedDict()
        self._requests: dict[str, dict[str, int]] = {}  # cached games: request_id -> version
        self._waiters = Waiters()
        self._count = 0
        self._by_creator: collections.Counter = collections.Counter()  # the games of each creator
        self._batch: list = []  # (body, after, future): this event-loop turn's commits (_grouped)
        self._stop_checkpoints = threading.Event()
        self._checkpointer: threading.Thread | None = None

    # --- opening and closing ------------------------------------------------------------
    async def open(self) -> None:
        directory = os.path.dirname(os.path.abspath(self.path))
        os.makedirs(directory, exist_ok=True)
        self._lock_file = open(self.path + ".lock", "a")
        try:
            fcntl.flock(self._lock_file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self._lock_file.close()
            raise StoreLocked(f"{self.path} is in use by another boardbot server (it holds {self.path}.lock)") from None
        db = self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA busy_timeout=5000")
            found = self._schema(db)
            if isinstance(found, int) and found > SCHEMA_VERSION:  # before this server writes anything
                raise NewerSchema(self.path, found, SCHEMA_VERSION)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(f"PRAGMA synchronous={self.synchronous.upper()}")
            db.execute("PRAGMA wal_autocheckpoint=0")  # the checkpoint thread does it
            db.executescript(SCHEMA)
            if found is None:
                db.execute("INSERT INTO meta VALUES ('schema', ?)", (SCHEMA_VERSION,))
            elif found != SCHEMA_VERSION:
                self._migrate(found)
            db.executescript(INDEXES)
        except BaseException:
            db.close()  # the file and its lock are free again, as they were
            self._db = None
            self._lock_file.close()
            self._lock_file = None
            raise
        self._count = db.execute("SELECT count(*) FROM games").fetchone()[0]
        self._by_creator.update(dict(db.execute(
            "SELECT creator, count(*) FROM games WHERE creator IS NOT NULL GROUP BY creator")))
        self._checkpointer = threading.Thread(target=self._checkpoints, name="sqlite-checkpoint", daemon=True)
        self._checkpointer.start()

    @staticmethod
    def _schema(db) -> int | None:
        """The file's schema version; None for a file no store has written yet."""
        if db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").fetchone() is None:
            return None
        row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        return None if row is None else row[0]

    def _migrate(self, version: int) -> None:
        """Bring a file of an older schema ``version`` to ``SCHEMA_VERSION``, in one transaction."""
        if version not in MIGRATIONS:  # no file of ours
            raise StoreUnavailable(f"{self.path}: store schema version {version!r}, which no boardbot wrote "
                                   f"(this server knows 1 to {SCHEMA_VERSION})")

        def steps(db) -> bool:
            for step in range(version, SCHEMA_VERSION):
                if MIGRATIONS[step]:
                    db.execute(MIGRATIONS[step])
            db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (SCHEMA_VERSION,))
            return True
        self._transaction(steps)

    def _checkpoints(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA busy_timeout=5000")
            while not self._stop_checkpoints.wait(CHECKPOINT_SECONDS):
                db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            db.close()

    async def close(self) -> None:
        self._commit_batch()  # commits still waiting for their turn's transaction
        self._stop_checkpoints.set()
        if self._checkpointer is not None:
            self._checkpointer.join(10)
        if self._db is not None:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._db.close()
            self._db = None
        if self._lock_file is not None:
            self._lock_file.close()  # releases the flock
            self._lock_file = None

    # --- reading --------------------------------------------------------------------------
    def _cached(self, game_id: str) -> Live | None:
        live = self._live.get(game_id)
        if live is not None:
            self._live.move_to_end(game_id)
        return live

    def _remember(self, live: Live) -> Live:
        game_id = live.game_id
        self._live[game_id] = live
        self._live.move_to_end(game_id)
        while len(self._live) > LIVE_CACHE:
            old, _ = self._live.popitem(last=False)
            self._requests.pop(old, None)
        return live

    _SELECT = ("SELECT g.seq, g.version, g.finished, g.bot_to_move, g.updated, g.record, g.state, i.state "
               "FROM games g JOIN initials i ON i.seq = g.seq ")

    @staticmethod
    def _record(row) -> Record:
        record = loads(row[5])
        record.update(zip(_COLUMNS, row[:5]))
        record["bot_to_move"] = bool(record["bot_to_move"])
        record["state"] = loads(row[6])
        record["initial"] = loads(row[7])
        return record

    def _load(self, game_id: str) -> Live | None:
        live = self._cached(game_id)
        if live is None:
            row = self._db.execute(self._SELECT + "WHERE g.id = ?", (game_id,)).fetchone()
            if row is not None:
                live = self._remember(Live.from_dict(self._record(row)))
        return live

    def _seq(self, game_id: str) -> int | None:
        live = self._cached(game_id)
        if live is not None:
            return live.seq
        row = self._db.execute("SELECT seq FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else row[0]

    async def get_live(self, game_id: str) -> Live | None:
        return self._load(game_id)

    async def list_live(self, after_seq: int, limit: int, game: str = "") -> list[Live]:
        where, args = "WHERE g.seq > ? ", [after_seq]
        if game:
            where, args = where + "AND g.game = ? ", args + [game]
        rows = self._db.execute(self._SELECT + where + "ORDER BY g.seq LIMIT ?", (*args, limit)).fetchall()
        out = []
        for row in rows:
            record = self._record(row)
            out.append(self._cached(record["id"]) or Live.from_dict(record))
        return out

    async def events(self, game_id: str, after_version: int) -> list[EventRecord] | None:
        seq = self._seq(game_id)
        if seq is None:
            return None
        rows = self._db.execute("SELECT version, request_id, event FROM events WHERE seq = ? AND version > ? "
                                "ORDER BY version", (seq, after_version))
        return [_unpack_event(*row) for row in rows]

    async def find_request(self, game_id: str, request_id: str) -> EventRecord | None:
        seq = self._seq(game_id)
        if seq is None:
            return None
        index = self._requests.get(game_id)
        if index is None:  # built once per cached game, then kept up to date by commits
            index = {rid: v for v, rid in self._db.execute(
                "SELECT version, request_id FROM events WHERE seq = ? AND request_id IS NOT NULL", (seq,))}
            if game_id in self._live:
                self._requests[game_id] = index
        version = index.get(request_id)
        if version is None:
            return None
        row = self._db.execute("SELECT version, request_id, event FROM events WHERE seq = ? AND version = ?",
                               (seq, version)).fetchone()
        return _unpack_event(*row)

    async def count(self) -> int:
        return self._count

    async def count_finished(self) -> int:
        return self._db.execute("SELECT count(*) FROM games WHERE finished IS NOT NULL").fetchone()[0]

    async def count_created_by(self, creator: str) -> int:
        return self._by_creator[creator]

    def cached(self) -> int:
        return len(self._live)

    async def bot_turn_games(self, limit: int = 10000) -> list[str]:
        rows = self._db.execute("SELECT id FROM games WHERE bot_to_move AND finished IS NULL ORDER BY seq LIMIT ?",
                                (limit,))
        return [row[0] for row in rows]

    async def wait(self, game_id: str, version: int, timeout: float) -> None:
        live = self._load(game_id)
        if live is None or live.version != version or live.finished is not None:
            return
        await self._waiters.until(self._waiters.event(game_id), timeout)

    # --- writing --------------------------------------------------------------------------
    async def _grouped(self, body, after) -> bool:
        """Group commit: ``body(db)`` runs in the one write transaction of this event-loop
        turn's commits, which share its COMMIT (and, with ``synchronous=full``, its fsync).
        ``body`` returns False to change nothing (its first statement decides: it writes
        only once that succeeded); ``after(result)`` runs once the transaction is committed,
        whether or not the caller still waits (a cancelled call's commit stands, and the
        cache follows the file), and ``after(False)`` if it failed. Returns ``body``'s result."""
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        self._batch.append((body, after, done))
        if len(self._batch) == 1:
            loop.call_soon(self._commit_batch)
        return await done

    def _commit_batch(self) -> None:
        batch, self._batch = self._batch, []
        if not batch:
            return
        results = []
        try:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                for body, _, _ in batch:
                    try:
                        results.append(body(db))
                    except KeyError as refused:  # its first statement failed: it wrote nothing
                        results.append(refused)
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        except Exception as err:  # noqa: BLE001 - every waiting commit learns of it
            if self._db.in_transaction:  # a failed COMMIT may leave it open
                self._db.execute("ROLLBACK")
            for _, after, done in batch:
                after(False)  # nothing was written: the counts taken for creates are given back
                if not done.done():
                    done.set_exception(err)
            return
        for (_, after, done), result in zip(batch, results):
            after(result)
            if done.done():
                continue  # cancelled meanwhile
            if isinstance(result, Exception):
                done.set_exception(result)
            else:
                done.set_result(result)

    def _transaction(self, body) -> bool:
        """Run ``body(db)`` in one write transaction; it returns False to roll back."""
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            done = body(db)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT" if done else "ROLLBACK")
        return done

    async def create_live(self, live: Live, max_per_creator: int = 0) -> Live:
        if self.max_games is not None and self._count >= self.max_games:
            raise StoreFull(self.max_games)
        record = live.record
        creator = record.creator
        if creator is not None and max_per_creator and self._by_creator[creator] >= max_per_creator:
            raise ClientFull(max_per_creator, creator)
        # taken now (the file is this process's alone, so these counts are the file's): the
        # creates of one turn cannot overshoot the caps together
        self._count += 1
        if creator is not None:
            self._by_creator[creator] += 1
        seq = None

        def insert(db) -> bool:
            nonlocal seq
            try:
                seq = db.execute("INSERT INTO games (id, game, version, finished, bot_to_move, updated, creator, "
                                 "record, state) VALUES (?, ?, 0, NULL, ?, ?, ?, ?, ?)",
                                 (record.id, record.game, int(live.bot_to_move), live.updated, creator,
                                  dumps(static_part(record)), dumps(live.state.to_dict()))).lastrowid
            except sqlite3.IntegrityError:
                raise KeyError(f"game {record.id} exists") from None
            db.execute("INSERT INTO initials (seq, state) VALUES (?, ?)", (seq, dumps(record.initial)))
            return True

        stored = None

        def after(result) -> None:
            nonlocal stored
            if result is not True:
                self._uncount([creator], 1)
                return
            self._requests[live.game_id] = {}
            stored = self._remember(live.replace(seq=seq, version=0))

        await self._grouped(insert, after)
        return stored

    async def commit_live(self, game_id: str, expected_version: int, live: Live,
                          events: list[EventRecord]) -> bool:
        check_numbering(expected_version, live.version, events)
        current = self._load(game_id)
        if current is None or current.version != expected_version:
            return False
        seq = current.seq
        if live.seq != seq:
            live = live.replace(seq=seq)
        row = [live.version, live.finished, int(live.bot_to_move), live.updated, dumps(live.state.to_dict())]
        update = "UPDATE games SET version = ?, finished = ?, bot_to_move = ?, updated = ?, state = ?"
        if live.record is not current.record:  # a resignation: the seats changed
            update += ", record = ?"
            row.append(dumps(static_part(live.record)))
        row += [seq, expected_version]
        packed = [_event_row(seq, e) for e in events]

        def write(db) -> bool:
            changed = db.execute(update + " WHERE seq = ? AND version = ?", row).rowcount
            if changed != 1:
                return False
            db.executemany("INSERT INTO events (seq, version, request_id, event) VALUES (?, ?, ?, ?)", packed)
            return True

        def after(written) -> None:
            if not written:
                self._live.pop(game_id, None)  # the file moved on without us: read it again
                return
            self._remember(live)
            index = self._requests.get(game_id)
            if index is not None:
                for event in events:
                    request_id = request_id_of(event)
                    if request_id is not None:
                        index[request_id] = event["version"]
            self._waiters.notify(game_id)

        return await self._grouped(write, after)

    def _delete(self, db, seqs: list[int]) -> None:
        rows = [(seq,) for seq in seqs]
        db.executemany("DELETE FROM events WHERE seq = ?", rows)
        db.executemany("DELETE FROM initials WHERE seq = ?", rows)
        db.executemany("DELETE FROM games WHERE seq = ?", rows)

    def _forget(self, game_ids: list[str], creators: list[str | None]) -> None:
        for game_id in game_ids:
            self._live.pop(game_id, None)
            self._requests.pop(game_id, None)
            self._waiters.notify(game_id)
        self._uncount(creators, len(game_ids))

    def _uncount(self, creators: list[str | None], games: int) -> None:
        """``games`` games are gone, made by ``creators`` (None: by nobody known)."""
        self._count -= games
        for creator in creators:
            if creator is not None:
                self._by_creator[creator] -= 1
                if not self._by_creator[creator]:
                    del self._by_creator[creator]

    async def delete(self, game_id: str) -> bool:
        row = self._db.execute("SELECT seq, creator FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            return False
        self._transaction(lambda db: self._delete(db, [row[0]]) or True)
        self._forget([game_id], [row[1]])
        return True

    async def expire_finished(self, before: float, limit: int = 1000) -> list[str]:
        rows = self._db.execute("SELECT seq, id, creator FROM games WHERE finished < ? ORDER BY finished LIMIT ?",
                                (before, limit)).fetchall()
        if rows:
            self._transaction(lambda db: self._delete(db, [seq for seq, _, _ in rows]) or True)
            self._forget([game_id for _, game_id, _ in rows], [creator for _, _, creator in rows])
        return [game_id for _, game_id, _ in rows]
