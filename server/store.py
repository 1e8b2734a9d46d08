"""Where hosted games live: a small async interface, in memory for now.

A game is a *record*, a JSON-safe dict (the engine state in its ``to_dict``
form, the seats with token hashes, the version, the idempotency table), plus
an append-only list of *events*, one per version. The server never holds a
record between calls: it reads one, computes the next, and commits it with
compare-and-set on the version, so several server processes could share one
durable store (a database row per game and a table of events) without
further changes. Versions only grow: 0 at creation, +1 per event.
"""

from __future__ import annotations

import abc
import asyncio
import json
from typing import Any

Record = dict[str, Any]
EventRecord = dict[str, Any]


class GameStore(abc.ABC):
    """The storage interface the server uses; every method may do I/O."""

    @abc.abstractmethod
    async def create(self, record: Record) -> Record:
        """Store a new game (``record["version"]`` is 0); returns it with its
        creation sequence number ``seq`` (monotonic, for paging) filled in."""

    @abc.abstractmethod
    async def get(self, game_id: str) -> Record | None:
        """A private copy of the game's record, or None."""

    @abc.abstractmethod
    async def list(self, after_seq: int, limit: int, game: str = "") -> list[Record]:
        """Up to ``limit`` records with ``seq > after_seq`` in creation order,
        only of game ``game`` when it is not empty."""

    @abc.abstractmethod
    async def commit(self, game_id: str, expected_version: int, record: Record,
                     events: list[EventRecord]) -> bool:
        """Replace the record and append its events, only if the stored version
        is still ``expected_version``; False (and no change) otherwise."""

    @abc.abstractmethod
    async def delete(self, game_id: str) -> bool:
        """Remove a game and its events; False if there was none."""

    @abc.abstractmethod
    async def events(self, game_id: str, after_version: int) -> list[EventRecord] | None:
        """The events numbered above ``after_version``, in order; None if no such game."""

    @abc.abstractmethod
    async def wait(self, game_id: str, version: int, timeout: float) -> None:
        """Return once the game is past ``version`` or gone, or after ``timeout`` seconds."""


class InMemoryStore(GameStore):
    """Records and events kept as JSON text, so no caller ever shares an
    object with the store (as with a real database). One event loop only."""

    def __init__(self) -> None:
        self._records: dict[str, str] = {}
        self._versions: dict[str, int] = {}
        self._seqs: dict[str, int] = {}
        self._games: dict[str, str] = {}
        self._events: dict[str, list[str]] = {}
        self._changed: dict[str, asyncio.Condition] = {}
        self._seq = 0

    async def create(self, record: Record) -> Record:
        game_id = record["id"]
        if game_id in self._records:
            raise KeyError(f"game {game_id} exists")
        self._seq += 1
        record = dict(record, seq=self._seq, version=0)
        self._records[game_id] = json.dumps(record)
        self._versions[game_id] = 0
        self._seqs[game_id] = self._seq
        self._games[game_id] = record["game"]
        self._events[game_id] = []
        return json.loads(self._records[game_id])

    async def get(self, game_id: str) -> Record | None:
        text = self._records.get(game_id)
        return None if text is None else json.loads(text)

    async def list(self, after_seq: int, limit: int, game: str = "") -> list[Record]:
        out = []
        for game_id, seq in self._seqs.items():  # insertion order = creation order
            if seq <= after_seq or (game and self._games[game_id] != game):
                continue
            out.append(json.loads(self._records[game_id]))
            if len(out) >= limit:
                break
        return out

    async def commit(self, game_id: str, expected_version: int, record: Record,
                     events: list[EventRecord]) -> bool:
        if self._versions.get(game_id) != expected_version:
            return False
        new_version = expected_version + len(events)
        if record["version"] != new_version or [e["version"] for e in events] != list(
                range(expected_version + 1, new_version + 1)):
            raise ValueError("a commit must number its events and the record's version consecutively")
        self._records[game_id] = json.dumps(record)
        self._versions[game_id] = new_version
        self._events[game_id].extend(json.dumps(e) for e in events)
        await self._notify(game_id)
        return True

    async def delete(self, game_id: str) -> bool:
        if game_id not in self._records:
            return False
        for table in (self._records, self._versions, self._seqs, self._games, self._events):
            del table[game_id]
        await self._notify(game_id)
        self._changed.pop(game_id, None)
        return True

    async def events(self, game_id: str, after_version: int) -> list[EventRecord] | None:
        events = self._events.get(game_id)
        if events is None:
            return None
        return [json.loads(text) for text in events[max(after_version, 0):]]

    async def wait(self, game_id: str, version: int, timeout: float) -> None:
        if self._versions.get(game_id) != version:
            return
        cond = self._changed.setdefault(game_id, asyncio.Condition())
        async with cond:
            try:
                await asyncio.wait_for(cond.wait_for(lambda: self._versions.get(game_id) != version), timeout)
            except asyncio.TimeoutError:
                pass

    async def _notify(self, game_id: str) -> None:
        cond = self._changed.get(game_id)
        if cond is not None:
            async with cond:
                cond.notify_all()
