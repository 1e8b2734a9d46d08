"""The SQLite store's stored requests (``GameStore.find_request``): a client's retried
``request_id`` answers with the event its first try made. A mixin of ``SqliteStore``, which gives
it ``_db``, ``_seq``, ``_live`` and ``_requests`` (each cached game's index, kept up to date by
commits and ``SharedFile._fresh``)."""

from __future__ import annotations

from .sqlite_archive import archived_events
from .store import EventRecord, unpack_events


class SqliteRequests:
    async def find_request(self, game_id: str, request_id: str) -> EventRecord | None:
        seq = self._seq(game_id)
        if seq is None:
            return None
        version = self._request_index(game_id, seq).get(request_id)
        if version is None:
            return None
        row = self._db.execute("SELECT version, request_id, event FROM events WHERE seq = ? AND version = ?",
                               (seq, version)).fetchone()
        if row is None:  # archived
            return archived_events(self._db, seq)[version - 1]
        return unpack_events([row])[0]

    def _request_index(self, game_id: str, seq: int) -> dict[str, int]:
        """The game's stored requests: request id -> the version its event made (built once
        per cached game, then kept up to date by commits and ``_fresh``)."""
        index = self._requests.get(game_id)
        if index is None:
            archived = archived_events(self._db, seq)
            if archived is not None:
                index = {e["request"]["id"]: e["version"] for e in archived if "request" in e}
            else:
                index = {rid: v for v, rid in self._db.execute(
                    "SELECT version, request_id FROM events WHERE seq = ? AND request_id IS NOT NULL", (seq,))}
            if game_id in self._live:
                self._requests[game_id] = index
        return index
