"""The SQLite store's small documents and its alive mark (``GameStore.get_doc``/``put_doc``,
``mark_alive``): the matchmaking queues and the clocks' downtime rule
(``boardbot.server.matchmaking``, ``clocks``). A mixin of ``SqliteStore``, which gives it
``_db`` and ``_grouped`` (one commit with the other writes of the event-loop turn)."""

from __future__ import annotations

from typing import Any

from .store import dumps, loads


class SqliteDocs:
    async def get_doc(self, key: str) -> tuple[int, Any] | None:
        row = self._db.execute("SELECT version, value FROM docs WHERE key = ?", (key,)).fetchone()
        return None if row is None else (row[0], loads(row[1]))

    async def put_doc(self, key: str, expected_version: int, value: Any) -> bool:
        blob = dumps(value)

        def write(db) -> bool:
            if expected_version == 0:
                return db.execute("INSERT OR IGNORE INTO docs VALUES (?, 1, ?)", (key, blob)).rowcount == 1
            return db.execute("UPDATE docs SET version = version + 1, value = ? WHERE key = ? AND version = ?",
                              (blob, key, expected_version)).rowcount == 1

        return await self._grouped(write, lambda written: None)

    async def mark_alive(self, when: float) -> float | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = 'alive'").fetchone()

        def write(db) -> bool:
            db.execute("INSERT OR REPLACE INTO meta VALUES ('alive', ?)", (when,))
            return True

        await self._grouped(write, lambda written: None)
        return None if row is None else float(row[0])
