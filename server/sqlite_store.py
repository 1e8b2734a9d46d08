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

Tables: ``meta`` (the schema version, the number of games: kept by every
commit of shared processes; a process alone keeps it in memory and writes it
when it closes, and every open counts the games again), ``games`` (one
row per game: ``seq``, the creation order, is its key; the record as compact
JSON without the columns beside it, and its ``creator`` beside it as well,
indexed, for the games-per-client count), ``initials`` (the state at version
0, written once; since schema 8 none for a game the server dealt: ``store.initial_state``
deals it again), ``states`` (the snapshot's state), ``events`` (one row per
event, keyed by the game's ``seq`` and the version: a few dozen bytes each),
``archives`` (finished games) and ``leases`` (shared: who plays a game's slow
bot seats, until when): ``boardbot.server.sqlite_schema``.

A move appends its event and nothing else (schema 4): the event's key is the
compare-and-set (an event numbered like one already stored is refused, so
only the commit from the current version goes in), and the game keeps a
*snapshot*: ``states.state`` is the state at ``games.version`` (no row: the
initial state, version 0), rewritten every ``SNAPSHOT_EVERY`` events, when a
seat resigns (the record changes) and when the server closes (then a dealt
game's at version 0 too: a server of other rules cannot deal it); ``finished``
and ``bot_to_move`` are rewritten whenever they change (expiry and the bot
seats read them). Reading a game is its snapshot plus the events after it,
replayed (at most ``SNAPSHOT_EVERY - 1``; a game whose rules changed since,
which nothing may replay, reads as of its snapshot). Files of schema 3 and
older kept the state in ``games.state`` (read when a game has no ``states``
row) at every game's last version, so they read as they are.

Several processes on one file: ``boardbot.server.sqlite_shared``; finished
games kept small: ``boardbot.server.sqlite_archive``.
"""

from __future__ import annotations

import asyncio
import collections
import fcntl
import os
import sqlite3
import threading

import structlog

from boardbot.engine import registry

from .errors import ServiceError
from .sqlite_archive import archive, archived_events, unpack_game
from .sqlite_docs import SqliteDocs
from .sqlite_requests import SqliteRequests
from .sqlite_schema import SCHEMA_VERSION, set_up, schema_of
from .sqlite_shared import SharedFile
from .store import (ClientFull, EventRecord, GameStore, Live, NewerSchema, Record, StoreFull, StoreUnavailable,
                    Waiters, check_numbering, dumps, loads, pack_event, replayed_state, request_id_of, static_part,
                    unpack_events)

log = structlog.get_logger("boardbot.server")
SYNCHRONOUS = ("normal", "full")
CHECKPOINT_SECONDS = 1.0
LIVE_CACHE = 4096  # games kept as Live objects (the most recently used)
SNAPSHOT_EVERY = 32  # events between two snapshots of a game's state (see the module docstring)
FREE_PAGES_KEPT = 4096  # free pages (4 KiB) kept for new rows; more go back to the file system (_vacuum)
_COLUMNS = ("seq", "version", "finished", "bot_to_move", "updated")


class StoreLocked(StoreUnavailable):
    """Another server has the file open as its store (one of one process, or processes while this is one)."""


def _event_row(seq: int, event: EventRecord) -> tuple:
    return seq, event["version"], request_id_of(event), pack_event(event, with_request_id=False)


_INSERT_EVENT = "INSERT INTO events (seq, version, request_id, event) VALUES (?, ?, ?, ?)"
# shared: the first event goes in only while the game is in the file and running (another process may
# have finished it, its events archived, or expired it); its key refuses it if the game moved on
_INSERT_RUNNING = ("INSERT INTO events (seq, version, request_id, event) SELECT ?, ?, ?, ? FROM games "
                   "WHERE seq = ? AND finished IS NULL")
_PUT_DEALT = "INSERT INTO states SELECT ?, ? FROM games WHERE seq = ? AND version = 0 ON CONFLICT (seq) DO NOTHING"
_PUT_STATE = "INSERT INTO states (seq, state) VALUES (?, ?) ON CONFLICT (seq) DO UPDATE SET state = excluded.state"


class SqliteStore(SqliteDocs, SqliteRequests, SharedFile, GameStore):
    """``shared``: one of several server processes on the file (see the module docstring)."""

    def __init__(self, path: str, synchronous: str = "normal", max_games: int | None = None, shared: bool = False):
        if synchronous not in SYNCHRONOUS:
            raise ValueError(f"synchronous must be one of {', '.join(SYNCHRONOUS)}, not {synchronous!r}")
        self.path = path
        self.shared = shared
        self.synchronous = synchronous
        self.max_games = max_games
        self._db: sqlite3.Connection | None = None
        self._lock_file = None
        self._live: collections.OrderedDict[str, Live] = collections.OrderedDict()
        self._requests: dict[str, dict[str, int]] = {}  # cached games: request_id -> version
        self._snapshots: dict[str, int] = {}  # cached games: the version of their snapshot in the file
        self._checked: dict[str, int] = {}  # shared: cached games: PRAGMA data_version when last checked
        self._waiters = Waiters()
        self._count = 0
        self._by_creator: collections.Counter = collections.Counter()  # the games of each creator
        self._batch: list = []  # (body, after, future): this event-loop turn's commits (_grouped)
        self._stop_checkpoints = threading.Event()
        self._checkpointer: threading.Thread | None = None
        self._poller: asyncio.Task | None = None

    # --- opening and closing ------------------------------------------------------------
    async def open(self) -> None:
        directory = os.path.dirname(os.path.abspath(self.path))
        os.makedirs(directory, exist_ok=True)
        self._lock_file = open(self.path + ".lock", "a")
        try:
            fcntl.flock(self._lock_file, (fcntl.LOCK_SH if self.shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
        except BlockingIOError:
            self._lock_file.close()
            raise StoreLocked(f"{self.path} is in use by another boardbot server (it holds {self.path}.lock)"
                              + (" of one process" if self.shared else "")) from None
        db = self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA busy_timeout=5000")
            found = schema_of(db)
            if isinstance(found, int) and found > SCHEMA_VERSION:  # before this server writes anything
                raise NewerSchema(self.path, found, SCHEMA_VERSION)
            if found is None:  # a new file gives its free pages back (_vacuum); set before any table
                db.execute("PRAGMA auto_vacuum=INCREMENTAL")
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(f"PRAGMA synchronous={self.synchronous.upper()}")
            db.execute("PRAGMA wal_autocheckpoint=0")  # the checkpoint thread does it
            self._transaction(lambda db: set_up(db, self.path))
        except BaseException:
            db.close()  # the file and its lock are free again, as they were
            self._db = None
            self._lock_file.close()
            self._lock_file = None
            raise
        if not self.shared:  # the file's counts, kept here (the file is this process's alone)
            self._count = db.execute("SELECT count(*) FROM games").fetchone()[0]
            self._by_creator.update(dict(db.execute(
                "SELECT creator, count(*) FROM games WHERE creator IS NOT NULL GROUP BY creator")))
        else:
            self._poller = asyncio.get_running_loop().create_task(self._poll())
        self._checkpointer = threading.Thread(target=self._checkpoints, name="sqlite-checkpoint", daemon=True)
        self._checkpointer.start()

    def _checkpoints(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA busy_timeout=5000")
            while not self._stop_checkpoints.wait(CHECKPOINT_SECONDS):
                db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            db.close()

    async def close(self) -> None:
        if self._poller is not None:
            self._poller.cancel()
            self._poller = None
        self._commit_batch()  # commits still waiting for their turn's transaction
        if self._db is not None:
            await self._snapshot_all()
        self._stop_checkpoints.set()
        if self._checkpointer is not None:
            self._checkpointer.join(10)
        if self._db is not None:
            if not self.shared:  # the count kept in memory (a server of an older version reads it)
                self._transaction(lambda db: db.execute("UPDATE meta SET value = ? WHERE key = 'games'",
                                                        (self._count,)) is not None)
            self._vacuum()
            self._db.execute("PRAGMA wal_checkpoint(PASSIVE)" if self.shared else "PRAGMA wal_checkpoint(TRUNCATE)")
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
            self._snapshots.pop(old, None)
            self._checked.pop(old, None)
        return live

    # the snapshot, the game's last event's version (NULL: none) and its id
    # (the state: the snapshot's row, else schema 3's column, else the initial one; an archive has both)
    _SELECT = ("SELECT g.seq, g.version, g.finished, g.bot_to_move, g.updated, g.record, "
               "coalesce(s.state, nullif(g.state, x'')), i.state, "
               "(SELECT max(e.version) FROM events e WHERE e.seq = g.seq), g.id, a.game "
               "FROM games g LEFT JOIN initials i ON i.seq = g.seq LEFT JOIN states s ON s.seq = g.seq "
               "LEFT JOIN archives a ON a.seq = g.seq ")

    @staticmethod
    def _record(row) -> Record:
        record = loads(row[5])
        record.update(zip(_COLUMNS, row[:5]))
        record["bot_to_move"] = bool(record["bot_to_move"])
        if row[10] is not None:
            record["initial"], record["state"], _ = unpack_game(row[10])
        else:
            record["initial"] = None if row[7] is None else loads(row[7])  # (None: dealt, Live.from_dict)
            record["state"] = record["initial"] if row[6] is None else loads(row[6])
        return record

    def _from_row(self, row) -> Live:
        """The game of a ``_SELECT`` row: its snapshot, then the events after it replayed (the
        engine is deterministic: the state the moves made) unless its rules changed since."""
        live = Live.from_dict(self._record(row))
        last = row[8]
        if last is None or last <= live.version:
            return live
        record = live.record
        if not registry.get(record.game).plays(record.rules_version):
            log.warning("snapshot_behind_changed_rules", game_id=record.id, snapshot=live.version, version=last)
            return live  # nothing replays an event under rules it was not played under
        events = unpack_events(self._db.execute(
            "SELECT version, request_id, event FROM events WHERE seq = ? AND version > ? ORDER BY version",
            (live.seq, live.version)))
        if not events:
            return live
        state = replayed_state(live.state, events)
        assert state is not None  # every kind a stored event can have (store._KINDS) is one it replays
        return live.replace(state=state, version=events[-1]["version"], updated=events[-1]["time"])

    def _load(self, game_id: str) -> Live | None:
        live = self._cached(game_id)
        if live is not None and self.shared:
            live = self._fresh(live)
        if live is None:
            row = self._db.execute(self._SELECT + "WHERE g.id = ?", (game_id,)).fetchone()
            if row is not None:
                live = self._remember(self._from_row(row))
                self._snapshots[game_id] = row[1]
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
            cached = self._cached(row[9])
            if cached is not None and self.shared:
                cached = self._fresh(cached)
            try:
                out.append(cached or self._from_row(row))
            except ServiceError:  # dealt under rules this server does not play (store.initial_state)
                continue
        return out

    async def events(self, game_id: str, after_version: int) -> list[EventRecord] | None:
        seq = self._seq(game_id)
        if seq is None:
            return None
        return self._events(seq, after_version)

    def _events(self, seq: int, after_version: int) -> list[EventRecord]:
        archived = archived_events(self._db, seq)
        if archived is not None:
            return archived[after_version:]
        rows = self._db.execute("SELECT version, request_id, event FROM events WHERE seq = ? AND version > ? "
                                "ORDER BY version", (seq, after_version))
        return unpack_events(rows)

    async def count(self) -> int:
        if self.shared:
            return self._db.execute("SELECT value FROM meta WHERE key = 'games'").fetchone()[0]
        return self._count

    async def count_finished(self) -> int:
        return self._db.execute("SELECT count(*) FROM games WHERE finished IS NOT NULL").fetchone()[0]

    async def count_created_by(self, creator: str) -> int:
        if self.shared:
            return self._db.execute("SELECT count(*) FROM games WHERE creator = ?", (creator,)).fetchone()[0]
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
                    except (KeyError, StoreFull, ClientFull) as refused:  # refused before it wrote anything
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
        record = live.record
        creator = record.creator
        shared, max_games = self.shared, self.max_games
        if not shared:
            if max_games is not None and self._count >= max_games:
                raise StoreFull(max_games)
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
            if shared:  # the file's counts, in the transaction that adds the game
                if max_games is not None and db.execute(
                        "SELECT value FROM meta WHERE key = 'games'").fetchone()[0] >= max_games:
                    raise StoreFull(max_games)
                if creator is not None and max_per_creator and db.execute(
                        "SELECT count(*) FROM games WHERE creator = ?", (creator,)).fetchone()[0] >= max_per_creator:
                    raise ClientFull(max_per_creator, creator)
            try:
                seq = db.execute("INSERT INTO games (id, game, version, finished, bot_to_move, updated, creator, "
                                 "record, state) VALUES (?, ?, 0, NULL, ?, ?, ?, ?, ?)",
                                 (record.id, record.game, int(live.bot_to_move), live.updated, creator,
                                  dumps(static_part(record)), b"")).lastrowid
            except sqlite3.IntegrityError:
                raise KeyError(f"game {record.id} exists") from None
            if record.initial is not None:  # (None: the deal of the record's seed, not stored: schema 8)
                db.execute("INSERT INTO initials (seq, state) VALUES (?, ?)", (seq, dumps(record.initial)))
            if shared:  # (a process alone counts in memory: _count, written at close)
                db.execute("UPDATE meta SET value = value + 1 WHERE key = 'games'")
            return True

        stored = None

        def after(result) -> None:
            nonlocal stored
            if result is not True:
                if not shared:
                    self._uncount([creator], 1)
                return
            self._requests[live.game_id] = {}
            self._snapshots[live.game_id] = 0
            stored = self._remember(live.replace(seq=seq, version=0))

        await self._grouped(insert, after)
        return stored

    def speculative_live(self, game_id: str) -> Live | None:
        """Shared: the cached game, not checked against the file (a SubmitMove is tried on it:
        ``commit_live``'s compare-and-set refuses it if another process moved the game on)."""
        return self._live.get(game_id) if self.shared else None

    async def commit_live(self, game_id: str, expected_version: int, live: Live,
                          events: list[EventRecord]) -> bool:
        check_numbering(expected_version, live.version, events)
        shared = self.shared
        # shared: the cached game as it is, not read again: the first event's statement is the
        # compare-and-set against the file (_INSERT_RUNNING), and no stored request's id may come again
        current = (self._cached(game_id) or self._load(game_id)) if shared else self._load(game_id)
        if current is None or current.version != expected_version:
            return False
        seq = current.seq
        if shared:
            index = self._request_index(game_id, seq)
            if any(request_id_of(e) in index for e in events):
                return False
        if live.seq != seq:
            live = live.replace(seq=seq)
        packed = [_event_row(seq, e) for e in events]
        update, row, snapshot = self._row_update(game_id, current, live)
        state = dumps(live.state.to_dict()) if snapshot and live.finished is None else None

        def write(db) -> bool:
            try:  # the compare-and-set: the next version's event goes in only once
                if shared:
                    if db.execute(_INSERT_RUNNING, (*packed[0], seq)).rowcount != 1:
                        return False  # finished, or gone
                else:
                    db.execute(_INSERT_EVENT, packed[0])
            except sqlite3.IntegrityError:
                return False
            if len(packed) > 1:  # numbered on from the first: none of them can be in yet
                db.executemany(_INSERT_EVENT, packed[1:])
            if update is not None:
                db.execute(update, row)
            if state is not None:
                db.execute(_PUT_STATE, (seq, state))
            if live.finished is not None:
                archive(db, live)
            return True

        def after(written) -> None:
            if not written:
                if shared:  # the file moved on without us (or the game was tried on a copy behind it)
                    self._catch_up(game_id)
                else:
                    self._drop(game_id)
                return
            self._remember(live)
            if snapshot:
                self._snapshots[game_id] = live.version
            index = self._requests.get(game_id)
            if index is not None:
                for event in events:
                    request_id = request_id_of(event)
                    if request_id is not None:
                        index[request_id] = event["version"]
            self._waiters.notify(game_id)

        return await self._grouped(write, after)

    def _row_update(self, game_id: str, current: Live, live: Live) -> tuple[str | None, list, bool]:
        """What a commit from ``current`` to ``live`` rewrites of the game's row besides its
        events (see the module docstring): the statement (None: nothing), its values, and
        whether it writes a snapshot."""
        resigned = live.record is not current.record
        due = (resigned or live.finished is not None
               or live.version - self._snapshots.get(game_id, 0) >= SNAPSHOT_EVERY)
        if due:
            update = "UPDATE games SET version = ?, finished = ?, bot_to_move = ?, updated = ?"
            row = [live.version, live.finished, int(live.bot_to_move), live.updated]
            if resigned:  # the seats changed
                update += ", record = ?"
                row.append(dumps(static_part(live.record)))
            return update + " WHERE seq = ?", row + [live.seq], True
        if live.bot_to_move != current.bot_to_move:
            return "UPDATE games SET bot_to_move = ? WHERE seq = ?", [int(live.bot_to_move), live.seq], False
        return None, [], False

    async def _snapshot_all(self) -> None:
        """Write the snapshot of every cached game with events after it (on close: the next start
        reads them without a replay), and of each dealt at version 0 (see the module docstring)."""
        running = [live for live in self._live.values() if live.finished is None]
        behind = [live for live in running if self._snapshots.get(live.game_id, live.version) < live.version]
        dealt = [live for live in running if live.version == 0 and live.record.initial is None]

        def write(db) -> bool:
            for live in behind:
                if db.execute("UPDATE games SET version = ?, updated = ? WHERE seq = ? AND version < ?",
                              (live.version, live.updated, live.seq, live.version)).rowcount:
                    db.execute(_PUT_STATE, (live.seq, dumps(live.state.to_dict())))  # (shared: unless
            db.executemany(_PUT_DEALT, [(live.seq, dumps(live.state.to_dict()), live.seq) for live in dealt])
            return True  # another process wrote a later one: then games.version is past 0 too)
        if behind or dealt:
            self._transaction(write)

    def _delete(self, db, seqs: list[int]) -> None:
        rows = [(seq,) for seq in seqs]
        db.executemany("DELETE FROM events WHERE seq = ?", rows)
        db.executemany("DELETE FROM initials WHERE seq = ?", rows)
        db.executemany("DELETE FROM leases WHERE seq = ?", rows)
        db.executemany("DELETE FROM archives WHERE seq = ?", rows)
        db.executemany("DELETE FROM states WHERE seq = ?", rows)
        gone = db.executemany("DELETE FROM games WHERE seq = ?", rows).rowcount  # (shared: another may have)
        if self.shared:
            db.execute("UPDATE meta SET value = value - ? WHERE key = 'games'", (gone,))

    def _forget(self, game_ids: list[str], creators: list[str | None]) -> None:
        for game_id in game_ids:
            self._drop(game_id)
            self._waiters.notify(game_id)
        if not self.shared:
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

    def _vacuum(self, pages: int | None = None) -> None:
        """Give free pages back to the file system (a file made with auto_vacuum=INCREMENTAL; in
        others a no-op): the rows a finished game's archive replaced, the expired games. (It frees a
        page a step, and execute steps once: executescript runs it to its end.)"""
        self._db.executescript("PRAGMA incremental_vacuum" + ("" if pages is None else f"({pages})") + ";")

    async def expire_finished(self, before: float, limit: int = 1000) -> list[str]:
        rows = self._db.execute("SELECT seq, id, creator FROM games WHERE finished < ? ORDER BY finished LIMIT ?",
                                (before, limit)).fetchall()
        if rows:
            self._transaction(lambda db: self._delete(db, [seq for seq, _, _ in rows]) or True)
            self._forget([game_id for _, game_id, _ in rows], [creator for _, _, creator in rows])
        free = self._db.execute("PRAGMA freelist_count").fetchone()[0]
        if free > FREE_PAGES_KEPT:  # (the master calls this every minute or so)
            self._vacuum(free - FREE_PAGES_KEPT)
        return [game_id for _, game_id, _ in rows]
