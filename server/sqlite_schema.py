"""The SQLite store's tables and their versions (``boardbot.server.sqlite_store``): what a
file holds, how an older file is taken up, and which files this server refuses."""

from __future__ import annotations

import sqlite3

from .store import NewerSchema, StoreUnavailable

# 2: games.creator; 3: records carry their rules_version (a record without one was played under
# its game's first rules: records.FIRST_RULES_VERSION), so a server that replays every game under
# its own rules, of schema 2 or older, must not open the file; 4: games.version and games.state are
# a snapshot, the events after it are the rest of the game (a server of schema 3 would misread it); 5: events
# of seats, forfeits on time and resumed clocks, records with lobby options and clocks, the docs table
# (boardbot.server.seats, clocks, matchmaking), which a server of 4 would misread; 6: a searching bot's
# move keeps its search notes (store.pack_event: a server of 5 would read them as a request's
# fingerprint) and archives a column of them; 7: take-backs (EVENT_KIND_TAKE_BACK: an event that sets
# the state back, boardbot.server.take_back), which a server of 6 cannot read; 8: a game dealt from its
# record's seed keeps no initials row (its state at version 0 is the deal: store.initial_state), which a
# server of 7 cannot read
SCHEMA_VERSION = 8

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
CREATE TABLE IF NOT EXISTS docs (key TEXT PRIMARY KEY, version INTEGER NOT NULL, value BLOB NOT NULL) WITHOUT ROWID;
-- when a document with a ttl is gone (GameStore.put_doc; an idle matchmaking queue): a table of its own, so a
-- file of schema 5 from before it is taken up as it is (no version: a server without it keeps its documents)
CREATE TABLE IF NOT EXISTS doc_expiry (key TEXT PRIMARY KEY, at REAL NOT NULL) WITHOUT ROWID;
"""
# after SCHEMA and the migrations: a file of version 1 has no creator column before them
INDEXES = "CREATE INDEX IF NOT EXISTS games_by_creator ON games (creator) WHERE creator IS NOT NULL;"
# what changes a file of version N (the key) to N + 1; games from before version 2 count for nobody;
# 2 to 3 changes no table (what a record without its rules_version means is GameRecord.from_dict's);
# 3 to 4 neither (a file of 3 has its snapshot at every game's last event; the new tables are SCHEMA's)
MIGRATIONS = {1: "ALTER TABLE games ADD COLUMN creator TEXT;", 2: "", 3: "", 4: "", 5: "", 6: "",
              7: ""}  # from 4 on: no table changes (7 to 8: its games keep their initials rows)


def schema_of(db) -> int | None:
    """The file's schema version; None for a file no store has written yet."""
    if db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").fetchone() is None:
        return None
    row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    return None if row is None else row[0]

def set_up(db, path: str) -> bool:
    """The tables, the schema version, the migrations and the games' count, in one write
    transaction: the processes of ``--processes`` open a new or older file at once, one
    of them does it and the others find it done."""
    found = schema_of(db)
    if isinstance(found, int) and found > SCHEMA_VERSION:
        raise NewerSchema(path, found, SCHEMA_VERSION)
    statement = ""
    for piece in SCHEMA.split(";"):  # (a ';' in a comment ends no statement: complete_statement says)
        statement += piece + ";"
        if sqlite3.complete_statement(statement):
            db.execute(statement)
            statement = ""
    if found is None:
        db.execute("INSERT INTO meta VALUES ('schema', ?)", (SCHEMA_VERSION,))
    elif found != SCHEMA_VERSION:
        migrate(db, path, found)
    db.execute(INDEXES)
    # the number of games, counted again at every open: a server of one process keeps it in memory
    # (SqliteStore._count) and writes it only when it closes, so after a crash the file's is stale
    db.execute("INSERT INTO meta SELECT 'games', count(*) FROM games WHERE true "
               "ON CONFLICT (key) DO UPDATE SET value = excluded.value")
    return True

def migrate(db, path: str, version: int) -> None:
    """Bring a file of an older schema ``version`` to ``SCHEMA_VERSION`` (in ``set_up``'s transaction)."""
    if version not in MIGRATIONS:  # no file of ours
        raise StoreUnavailable(f"{path}: store schema version {version!r}, which no boardbot wrote "
                               f"(this server knows 1 to {SCHEMA_VERSION})")
    for step in range(version, SCHEMA_VERSION):
        if MIGRATIONS[step]:
            db.execute(MIGRATIONS[step])
    db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (SCHEMA_VERSION,))
