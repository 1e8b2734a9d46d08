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

One server process (``shared=False``, the default) holds the file alone (an
exclusive ``flock`` on ``PATH.lock``, released by the kernel however the
process ends): its cache of live games is then always current.
``boardbot serve --processes N`` opens it ``shared``: the N processes of one
machine hold a shared ``flock`` (a server of one process cannot open the file
meanwhile, nor they while it runs) and any of them serves any game, as on
Redis. SQLite serializes their write transactions (WAL: readers never wait),
the commits stay compare-and-set on the event's key, and each process
checks a cached game against the file (its last event's version, one indexed
read) before it uses it, applying the events another process added. The
game counts and caps are read in the create's own transaction (``meta``
keeps the number of games), a slow bot seat is played under a lease
(``leases``: one row per game, with an expiry), and a process wakes its
waiters for games another process changed by polling ``PRAGMA data_version``
every ``POLL_SECONDS``.

Tables: ``meta`` (the schema version, the number of games), ``games`` (one row per game: ``seq``, the creation order, is its key;
the record as compact JSON without the columns beside it, and its ``creator``
beside it as well, indexed, for the games-per-client count), ``initials`` (the
state at version 0, written once), ``events`` (one row per event, keyed by the
game's ``seq`` and the version: a few dozen bytes each), ``leases`` (shared:
who plays a game's slow bot seats, until when).

A move appends its event and nothing else (schema 4): the event's key is the
compare-and-set (an event numbered like one already stored is refused, so
only the commit from the current version goes in), and the game keeps a
*snapshot*: ``states.state`` is the state at ``games.version`` (no row: the
initial state, version 0), rewritten every ``SNAPSHOT_EVERY`` events, when a
seat resigns (the record changes) and when the server closes; ``finished``
and ``bot_to_move`` are rewritten whenever they change (expiry and the bot
seats read them). (Files of schema 3 and older kept the state in
``games.state``: it is read when a game has no ``states`` row.)
Reading a game is its snapshot plus the events after it, replayed (at most
``SNAPSHOT_EVERY - 1``; a game whose rules changed since, which nothing may
replay, reads as of its snapshot). Files of schema 3 and older hold a
snapshot at every version, so they read as they are.

A game is *archived* by the commit that ends it, in that commit's
transaction: its initial state, final state and events become one row of
``archives`` (``pack_game``: the events as columns of kinds, seats, moves,
times in milliseconds apart and requests; compressed with zlib), and its
rows in ``events``, ``states`` and ``initials`` go. What stays in ``games`` is
the record and the columns, whose row keeps its size (a row that shrank
would leave its page mostly empty: SQLite merges pages only under a third
full). A finished game keeps a fraction of the bytes (docs/storage.md), and
reads the same.
"""

from __future__ import annotations

import asyncio
import collections
import fcntl
import os
import sqlite3
import threading
import time
import zlib

import structlog

from boardbot.engine import registry

from .store import (ClientFull, EventRecord, GameStore, Live, NewerSchema, Record, StoreFull, StoreUnavailable,
                    Waiters, check_numbering, dumps, loads, pack_event, request_id_of, static_part, unpack_event)

# 2: games.creator; 3: records carry their rules_version (a record without one was played under
# its game's first rules: records.FIRST_RULES_VERSION), so a server that replays every game under
# its own rules, of schema 2 or older, must not open the file; 4: games.version and games.state are
# a snapshot, the events after it are the rest of the game (a server of schema 3 would misread it)
SCHEMA_VERSION = 4
log = structlog.get_logger("boardbot.server")
SYNCHRONOUS = ("normal", "full")
CHECKPOINT_SECONDS = 1.0
LIVE_CACHE = 4096  # games kept as Live objects (the most recently used)
SNAPSHOT_EVERY = 32  # events between two snapshots of a game's state (see the module docstring)
FREE_PAGES_KEPT = 4096  # free pages (4 KiB) kept for new rows; more go back to the file system (_vacuum)
POLL_SECONDS = 0.02  # shared: how often a process looks for changes other processes made to games it waits on
_COLUMNS = ("seq", "version", "finished", "bot_to_move", "updated")

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS games (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,  -- creation order; never reused
    id TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    version INTEGER NOT NULL,               -- the version of state (the game's own is its last event's)
    finished REAL,                          -- when it ended (time.time()); NULL while it runs
    bot_to_move INTEGER NOT NULL,           -- the master plays the next decision
    updated REAL NOT NULL,
    creator TEXT,                           -- the client that created it (also in record), if known
    record BLOB NOT NULL,                   -- compact JSON: the rest but the state (rewritten when it changes)
    state BLOB NOT NULL                     -- schema 3 and older: the engine state at version, now empty
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
CREATE TABLE IF NOT EXISTS leases (seq INTEGER PRIMARY KEY, holder TEXT NOT NULL, expires REAL NOT NULL);
CREATE TABLE IF NOT EXISTS states (seq INTEGER PRIMARY KEY, state BLOB NOT NULL);  -- the snapshot's state
CREATE TABLE IF NOT EXISTS archives (seq INTEGER PRIMARY KEY, game BLOB NOT NULL);  -- pack_game
"""
# after SCHEMA and the migrations: a file of version 1 has no creator column before them
INDEXES = "CREATE INDEX IF NOT EXISTS games_by_creator ON games (creator) WHERE creator IS NOT NULL;"
# what changes a file of version N (the key) to N + 1; games from before version 2 count for nobody;
# 2 to 3 changes no table (what a record without its rules_version means is GameRecord.from_dict's);
# 3 to 4 neither (a file of 3 has its snapshot at every game's last event)
MIGRATIONS = {1: "ALTER TABLE games ADD COLUMN creator TEXT;", 2: "", 3: ""}


class StoreLocked(StoreUnavailable):
    """Another server has the file open as its store (one of one process, or processes while this
    server is one)."""


def _event_row(seq: int, event: EventRecord) -> tuple:
    request_id = request_id_of(event)
    return seq, event["version"], request_id, pack_event(event, with_request_id=False)


def _unpack_event(version: int, request_id: str | None, blob: bytes) -> EventRecord:
    return unpack_event(version, blob, request_id)


_INSERT_EVENT = "INSERT INTO events (seq, version, request_id, event) VALUES (?, ?, ?, ?)"
_PUT_STATE = "INSERT INTO states (seq, state) VALUES (?, ?) ON CONFLICT (seq) DO UPDATE SET state = excluded.state"


def pack_game(initial: dict, state: dict, events: list[EventRecord]) -> bytes:
    """A finished game's initial and final states and its events (versions 1 to n) as one
    compressed blob, the events as columns (times as milliseconds since the one before, when
    they are whole milliseconds, as the master's are)."""
    times = [e["time"] for e in events]
    millis = [round(t * 1000) for t in times]
    whole = all(m / 1000 == t for m, t in zip(millis, times))
    columns = {"kind": [e["kind"] for e in events], "seat": [e["seat"] for e in events],
               "bot": [int(e["by_bot"]) for e in events], "move": [e["move"] for e in events],
               "request": {e["version"]: [e["request"]["id"], e["request"]["fp"]] for e in events if "request" in e},
               # a searching bot's reasons (store.pack_event's notes), shown once the game is over
               "search": {e["version"]: e["search"] for e in events if e.get("search")}}
    if whole:
        columns["ms"] = [b - a for a, b in zip([0] + millis, millis)]
    else:
        columns["time"] = times
    return zlib.compress(dumps({"initial": initial, "state": state, "events": columns}), 9)


def unpack_game(blob: bytes) -> tuple[dict, dict, list[EventRecord]]:
    """``pack_game``'s inverse: (initial state, final state, events)."""
    game = loads(zlib.decompress(blob))
    columns = game["events"]
    if "ms" in columns:
        total, times = 0, []
        for step in columns["ms"]:
            total += step
            times.append(total / 1000)
    else:
        times = columns["time"]
    requests = columns["request"]
    out = []
    for i, (kind, seat, bot, move, when) in enumerate(zip(columns["kind"], columns["seat"], columns["bot"],
                                                          columns["move"], times)):
        event = {"version": i + 1, "kind": kind, "seat": seat, "by_bot": bool(bot), "move": move, "time": when}
        search = columns.get("search", {}).get(str(i + 1))  # absent in archives made before the notes were kept
        if search is not None:
            event["search"] = search
        request = requests.get(str(i + 1))
        if request is not None:
            event["request"] = {"id": request[0], "fp": request[1]}
        out.append(event)
    return game["initial"], game["state"], out


class SqliteStore(GameStore):
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
        self._snapshots: dict[str, int] = {}  # cached games: the version of the state in their games row
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
            found = self._schema(db)
            if isinstance(found, int) and found > SCHEMA_VERSION:  # before this server writes anything
                raise NewerSchema(self.path, found, SCHEMA_VERSION)
            if found is None:  # a new file gives its free pages back (_vacuum); set before any table
                db.execute("PRAGMA auto_vacuum=INCREMENTAL")
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(f"PRAGMA synchronous={self.synchronous.upper()}")
            db.execute("PRAGMA wal_autocheckpoint=0")  # the checkpoint thread does it
            self._transaction(self._set_up)
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

    @staticmethod
    def _schema(db) -> int | None:
        """The file's schema version; None for a file no store has written yet."""
        if db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").fetchone() is None:
            return None
        row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        return None if row is None else row[0]

    def _set_up(self, db) -> bool:
        """The tables, the schema version, the migrations and the games' count, in one write
        transaction: the processes of ``--processes`` open a new or older file at once, one
        of them does it and the others find it done."""
        found = self._schema(db)
        if isinstance(found, int) and found > SCHEMA_VERSION:
            raise NewerSchema(self.path, found, SCHEMA_VERSION)
        statement = ""
        for piece in SCHEMA.split(";"):  # (a ';' in a comment ends no statement: complete_statement says)
            statement += piece + ";"
            if sqlite3.complete_statement(statement):
                db.execute(statement)
                statement = ""
        if found is None:
            db.execute("INSERT INTO meta VALUES ('schema', ?)", (SCHEMA_VERSION,))
        elif found != SCHEMA_VERSION:
            self._migrate(db, found)
        db.execute(INDEXES)
        db.execute("INSERT OR IGNORE INTO meta SELECT 'games', count(*) FROM games")  # a file of schema 3
        return True

    def _migrate(self, db, version: int) -> None:
        """Bring a file of an older schema ``version`` to ``SCHEMA_VERSION`` (in ``_set_up``'s transaction)."""
        if version not in MIGRATIONS:  # no file of ours
            raise StoreUnavailable(f"{self.path}: store schema version {version!r}, which no boardbot wrote "
                                   f"(this server knows 1 to {SCHEMA_VERSION})")
        for step in range(version, SCHEMA_VERSION):
            if MIGRATIONS[step]:
                db.execute(MIGRATIONS[step])
        db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (SCHEMA_VERSION,))

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
            record["initial"] = loads(row[7])
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
        if record.rules_version != registry.get(record.game).rules_version:
            log.warning("snapshot_behind_changed_rules", game_id=record.id, snapshot=live.version, version=last)
            return live  # nothing replays an event under rules it was not played under
        state = live.state  # parsed for this call: ours to advance
        game = state.game
        event = None
        for row in self._db.execute("SELECT version, request_id, event FROM events WHERE seq = ? AND version > ? "
                                    "ORDER BY version", (live.seq, live.version)):
            event = _unpack_event(*row)
            if event["kind"] == "move":
                state.apply(game.move_from_dict(event["move"]))
        return live.replace(version=event["version"], updated=event["time"])

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

    _LAST = ("SELECT g.version, (SELECT max(e.version) FROM events e WHERE e.seq = g.seq), g.bot_to_move, g.finished "
             "FROM games g WHERE g.seq = ?")

    def _fresh(self, live: Live) -> Live | None:
        """Shared: the cached ``live`` as the file has it now: itself, advanced by the moves
        other processes appended, or None (deleted, or resigned: read it again). No other
        process committed since it was last checked (``PRAGMA data_version``, which this
        process's own commits leave as it is): itself, without reading it."""
        game_id = live.game_id
        seen = self._db.execute("PRAGMA data_version").fetchone()[0]
        if self._checked.get(game_id) == seen:
            return live
        row = self._db.execute(self._LAST, (live.seq,)).fetchone()
        last = None if row is None else (row[1] if row[1] is not None else row[0])
        if last == live.version:
            self._checked[game_id] = seen
            return live
        if row is None or last < live.version or row[0] > live.version:  # gone, or a snapshot we lack
            self._drop(game_id)
            return None
        state, index = live.state.copy(), self._requests.get(game_id)
        event = None
        for stored in self._db.execute("SELECT version, request_id, event FROM events WHERE seq = ? AND version > ? "
                                       "ORDER BY version", (live.seq, live.version)):
            event = _unpack_event(*stored)
            if event["kind"] != "move":  # a resignation changed the record: read it whole
                self._drop(game_id)
                return None
            state.apply(state.game.move_from_dict(event["move"]))
            if index is not None and stored[1] is not None:
                index[stored[1]] = event["version"]
        self._checked[game_id] = seen
        return self._remember(live.replace(state=state, version=event["version"], updated=event["time"],
                                           bot_to_move=bool(row[2]), finished=row[3]))

    def _drop(self, game_id: str) -> None:
        """Forget what this process holds of a game (the file is the authority)."""
        self._live.pop(game_id, None)
        self._requests.pop(game_id, None)
        self._snapshots.pop(game_id, None)
        self._checked.pop(game_id, None)

    async def _poll(self) -> None:
        """Shared: wake this process's waiters for games another process changed."""
        seen = None
        while True:
            await asyncio.sleep(POLL_SECONDS)
            try:
                version = self._db.execute("PRAGMA data_version").fetchone()[0]
                if version == seen:
                    continue
                seen = version
                self._wake_changed()
            except sqlite3.Error as err:  # busy or gone for a moment: the next round looks again
                log.warning("sqlite_poll_failed", error=repr(err))

    def _wake_changed(self) -> None:
        """Notify the waiters of every game whose last version in the file is not the one
        cached here (or that is not cached: they read it again)."""
        known = {}
        for game_id in self._waiters.games():
            live = self._live.get(game_id)
            if live is None:
                self._waiters.notify(game_id)
            else:
                known[live.seq] = (game_id, live.version)
        seqs = list(known)
        for at in range(0, len(seqs), 500):
            chunk = seqs[at:at + 500]
            rows = self._db.execute(
                "SELECT g.seq, coalesce((SELECT max(e.version) FROM events e WHERE e.seq = g.seq), g.version) "
                f"FROM games g WHERE g.seq IN ({', '.join('?' * len(chunk))})", chunk).fetchall()
            last = dict(rows)
            for seq in chunk:
                game_id, version = known[seq]
                if last.get(seq) != version:
                    self._waiters.notify(game_id)

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
            out.append(cached or self._from_row(row))
        return out

    async def events(self, game_id: str, after_version: int) -> list[EventRecord] | None:
        seq = self._seq(game_id)
        if seq is None:
            return None
        return self._events(seq, after_version)

    def _archived(self, seq: int) -> list[EventRecord] | None:
        """A finished game's events from its archive; None if it has none (still running, or
        finished before archives: its events are rows)."""
        row = self._db.execute("SELECT game FROM archives WHERE seq = ?", (seq,)).fetchone()
        return None if row is None else unpack_game(row[0])[2]

    def _events(self, seq: int, after_version: int) -> list[EventRecord]:
        archived = self._archived(seq)
        if archived is not None:
            return archived[after_version:]
        rows = self._db.execute("SELECT version, request_id, event FROM events WHERE seq = ? AND version > ? "
                                "ORDER BY version", (seq, after_version))
        return [_unpack_event(*row) for row in rows]

    async def find_request(self, game_id: str, request_id: str) -> EventRecord | None:
        seq = self._seq(game_id)
        if seq is None:
            return None
        index = self._requests.get(game_id)
        archived = None
        if index is None:  # built once per cached game, then kept up to date by commits
            archived = self._archived(seq)
            if archived is not None:
                index = {e["request"]["id"]: e["version"] for e in archived if "request" in e}
            else:
                index = {rid: v for v, rid in self._db.execute(
                    "SELECT version, request_id FROM events WHERE seq = ? AND request_id IS NOT NULL", (seq,))}
            if game_id in self._live:
                self._requests[game_id] = index
        version = index.get(request_id)
        if version is None:
            return None
        row = self._db.execute("SELECT version, request_id, event FROM events WHERE seq = ? AND version = ?",
                               (seq, version)).fetchone()
        if row is None:  # archived since
            return (archived or self._archived(seq))[version - 1]
        return _unpack_event(*row)

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
            db.execute("INSERT INTO initials (seq, state) VALUES (?, ?)", (seq, dumps(record.initial)))
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

    async def commit_live(self, game_id: str, expected_version: int, live: Live,
                          events: list[EventRecord]) -> bool:
        check_numbering(expected_version, live.version, events)
        current = self._load(game_id)
        if current is None or current.version != expected_version:
            return False
        seq = current.seq
        if live.seq != seq:
            live = live.replace(seq=seq)
        packed = [_event_row(seq, e) for e in events]
        update, row, snapshot = self._row_update(game_id, current, live)
        state = dumps(live.state.to_dict()) if snapshot and live.finished is None else None

        def write(db) -> bool:
            try:  # the compare-and-set: the next version's event goes in only once
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
                self._archive(db, live)
            return True

        def after(written) -> None:
            if not written:
                self._drop(game_id)  # the file moved on without us: read it again
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

    @staticmethod
    def _archive(db, live: Live) -> None:
        """Keep a finished game small (the module docstring): in the transaction that ends it."""
        seq = live.seq
        events = [_unpack_event(*row) for row in db.execute(
            "SELECT version, request_id, event FROM events WHERE seq = ? ORDER BY version", (seq,))]
        if [e["version"] for e in events] != list(range(1, live.version + 1)):  # not whole in rows (can't be)
            return
        db.execute("INSERT INTO archives (seq, game) VALUES (?, ?)",
                   (seq, pack_game(live.record.initial, live.state.to_dict(), events)))
        for table in ("events", "states", "initials"):
            db.execute(f"DELETE FROM {table} WHERE seq = ?", (seq,))
        db.execute("UPDATE games SET state = x'' WHERE seq = ? AND state != x''", (seq,))  # schema 3's

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
        """Write the snapshot of every cached game with events after it (on close: the next
        start reads them without a replay)."""
        behind = [live for game_id, live in self._live.items()
                  if self._snapshots.get(game_id, live.version) < live.version and live.finished is None]

        def write(db) -> bool:
            for live in behind:
                if db.execute("UPDATE games SET version = ?, updated = ? WHERE seq = ? AND version < ?",
                              (live.version, live.updated, live.seq, live.version)).rowcount:
                    db.execute(_PUT_STATE, (live.seq, dumps(live.state.to_dict())))  # (shared: unless
            return True  # another process wrote a later one)
        if behind:
            self._transaction(write)

    def _delete(self, db, seqs: list[int]) -> None:
        rows = [(seq,) for seq in seqs]
        db.executemany("DELETE FROM events WHERE seq = ?", rows)
        db.executemany("DELETE FROM initials WHERE seq = ?", rows)
        db.executemany("DELETE FROM leases WHERE seq = ?", rows)
        db.executemany("DELETE FROM archives WHERE seq = ?", rows)
        db.executemany("DELETE FROM states WHERE seq = ?", rows)
        gone = db.executemany("DELETE FROM games WHERE seq = ?", rows).rowcount  # (shared: another may have)
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

    async def lease(self, game_id: str, holder: str, seconds: float) -> bool:
        if not self.shared:
            return True
        seq = self._seq(game_id)
        if seq is None:
            return False
        now = time.time()
        taken = []
        self._transaction(lambda db: taken.append(db.execute(
            "INSERT INTO leases (seq, holder, expires) VALUES (?, ?, ?) ON CONFLICT (seq) DO UPDATE SET "
            "holder = excluded.holder, expires = excluded.expires WHERE holder = excluded.holder OR expires < ?",
            (seq, holder, now + seconds, now)).rowcount == 1) or True)
        return taken[0]

    async def release(self, game_id: str, holder: str) -> None:
        seq = self._seq(game_id) if self.shared else None
        if seq is not None:
            self._transaction(lambda db: db.execute("DELETE FROM leases WHERE seq = ? AND holder = ?",
                                                    (seq, holder)) is not None)

    def _vacuum(self, pages: int | None = None) -> None:
        """Give free pages back to the file system (a file made with auto_vacuum=INCREMENTAL; in
        others a no-op): the rows a finished game's archive replaced, the expired games."""
        # (it frees a page a step, and execute steps once: executescript runs it to its end)
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
