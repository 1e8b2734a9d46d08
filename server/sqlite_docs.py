"""The SQLite store's small documents and its alive mark (``GameStore.get_doc``/``put_doc``,
``mark_alive``): the matchmaking queues and the clocks' downtime rule
(``boardbot.server.matchmaking``, ``clocks``). A mixin of ``SqliteStore``, which gives it
``_db`` and ``_grouped`` (one commit with the other writes of the event-loop turn)."""

from __future__ import annotations

import time
from typing import Any

from .store import dumps, loads


class SqliteDocs:
    # a document's ttl (GameStore.put_doc) is a row of doc_expiry (sqlite_schema.SCHEMA): an expired
    # document reads as none, and expire_docs deletes it
    async def get_doc(self, key: str) -> tuple[int, Any] | None:
        row = self._db.execute("SELECT d.version, d.value, e.at FROM docs d LEFT JOIN doc_expiry e ON e.key = d.key "
                               "WHERE d.key = ?", (key,)).fetchone()
        if row is None or (row[2] is not None and row[2] <= time.time()):
            return None
        return row[0], loads(row[1])

    async def put_doc(self, key: str, expected_version: int, value: Any, ttl: float = 0.0) -> bool:
        blob, when = dumps(value), time.time()

        def write(db) -> bool:
            if expected_version == 0:
                db.execute("DELETE FROM docs WHERE key IN (SELECT key FROM doc_expiry WHERE key = ? AND at <= ?)",
                           (key, when))  # an expired document is gone: a new one may take its key
                written = db.execute("INSERT OR IGNORE INTO docs VALUES (?, 1, ?)", (key, blob)).rowcount == 1
            else:
                written = db.execute("UPDATE docs SET version = version + 1, value = ? WHERE key = ? AND version = ? "
                                     "AND key NOT IN (SELECT key FROM doc_expiry WHERE key = ? AND at <= ?)",
                                     (blob, key, expected_version, key, when)).rowcount == 1
            if written:
                db.execute("DELETE FROM doc_expiry WHERE key = ?", (key,))
                if ttl > 0:
                    db.execute("INSERT INTO doc_expiry VALUES (?, ?)", (key, when + ttl))
            return written

        return await self._grouped(write, lambda written: None)

    async def expire_docs(self, when: float) -> int:
        def write(db) -> int:
            gone = db.execute("DELETE FROM docs WHERE key IN (SELECT key FROM doc_expiry WHERE at <= ?)",
                              (when,)).rowcount
            db.execute("DELETE FROM doc_expiry WHERE at <= ?", (when,))
            return gone

        return await self._grouped(write, lambda gone: None)

    async def mark_alive(self, when: float) -> float | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = 'alive'").fetchone()

        def write(db) -> bool:
            db.execute("INSERT OR REPLACE INTO meta VALUES ('alive', ?)", (when,))
            return True

        await self._grouped(write, lambda written: None)
        return None if row is None else float(row[0])
