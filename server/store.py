"""Where hosted games live: a small async interface, in memory for now.

A game is a *record*, a JSON-safe dict (the engine state in its ``to_dict``
form, the seats with token hashes, the version, the idempotency table), plus
an append-only list of *events*, one per version. Every change is a
compare-and-set commit on the version, so several server processes could
share one durable store (a database row per game and a table of events)
without further changes. Versions only grow: 0 at creation, +1 per event.

The server works with ``Live`` games: the record without its ``state`` plus
the engine ``State`` object, at one version. ``GameStore`` implements the
live methods (``create_live``, ``get_live``, ``list_live``,
``commit_live``) on top of the record methods, so a durable store only
stores records (``Live.to_record``; ``Live.from_record`` on the way back);
``InMemoryStore`` overrides them and keeps the ``Live`` objects themselves,
so a call neither parses JSON nor rebuilds a state.

A ``Live`` is immutable by contract: its ``record``, its ``state`` and the
events a store returns are never changed by anyone (a new version is a new
``Live``: copy the state, apply, commit). That is what lets the in-memory
store hand out shared objects, and it lets a ``Live`` carry a ``cache`` of
things derived from its version (the server keeps converted views there).
The record methods (``get``, ``list``) still return private copies.
"""

from __future__ import annotations

import abc
import asyncio
import copy
from typing import Any

from boardbot.engine import registry
from boardbot.engine.core import State

Record = dict[str, Any]
EventRecord = dict[str, Any]


class Live:
    """A game at one version: its record (JSON-safe, without ``state``) and its engine state."""

    __slots__ = ("record", "state", "cache")

    def __init__(self, record: Record, state: State):
        self.record = record
        self.state = state
        self.cache: dict = {}  # derived from this version only (e.g. converted views by seat)

    @property
    def game_id(self) -> str:
        return self.record["id"]

    @property
    def version(self) -> int:
        return self.record["version"]

    @classmethod
    def from_record(cls, record: Record) -> "Live":
        rest = {k: v for k, v in record.items() if k != "state"}
        return cls(rest, registry.get(record["game"]).from_dict(record["state"]))

    def to_record(self) -> Record:
        """The durable form (a new dict; its values are shared with this ``Live``)."""
        return dict(self.record, state=self.state.to_dict())


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
        """The events numbered above ``after_version``, in order; None if no such game.
        The caller does not change them."""

    @abc.abstractmethod
    async def wait(self, game_id: str, version: int, timeout: float) -> None:
        """Return once the game is past ``version`` or gone, or after ``timeout`` seconds."""

    # --- the server's view: live games (defaults through the records) ---------------
    async def create_live(self, live: Live) -> Live:
        """``create`` for a ``Live`` (its version 0); returns the stored game (with ``seq``)."""
        return Live.from_record(await self.create(live.to_record()))

    async def get_live(self, game_id: str) -> Live | None:
        """The game at its current version, or None. Read-only (see the module docstring)."""
        record = await self.get(game_id)
        return None if record is None else Live.from_record(record)

    async def list_live(self, after_seq: int, limit: int, game: str = "") -> list[Live]:
        return [Live.from_record(r) for r in await self.list(after_seq, limit, game)]

    async def commit_live(self, game_id: str, expected_version: int, live: Live,
                          events: list[EventRecord]) -> bool:
        """``commit`` for a ``Live`` (a new object: never one the store returned)."""
        return await self.commit(game_id, expected_version, live.to_record(), events)


def _check_numbering(expected_version: int, new_version: int, events: list[EventRecord]) -> None:
    if new_version != expected_version + len(events) or [e["version"] for e in events] != list(
            range(expected_version + 1, new_version + 1)):
        raise ValueError("a commit must number its events and the record's version consecutively")


class InMemoryStore(GameStore):
    """Games kept as ``Live`` objects and events as dicts, shared with the
    caller read-only (see the module docstring); ``get`` and ``list`` give
    private copies of records, as a database would. One event loop only."""

    def __init_subclass__(cls, **kwargs):
        # a subclass that overrides a record method (a test's failing ``get``, a write-through
        # store) has the live methods go through it too, unless it overrides them as well
        super().__init_subclass__(**kwargs)
        for record_method, live_methods in (("create", ("create_live",)), ("get", ("get_live",)),
                                            ("list", ("list_live",)), ("commit", ("commit_live",))):
            if getattr(cls, record_method) is not getattr(InMemoryStore, record_method):
                for name in live_methods:
                    if getattr(cls, name) is getattr(InMemoryStore, name):
                        setattr(cls, name, getattr(GameStore, name))

    def __init__(self) -> None:
        self._live: dict[str, Live] = {}  # insertion order = creation order
        self._events: dict[str, list[EventRecord]] = {}
        self._changed: dict[str, asyncio.Event] = {}
        self._seq = 0

    # --- live ------------------------------------------------------------------------
    async def create_live(self, live: Live) -> Live:
        game_id = live.game_id
        if game_id in self._live:
            raise KeyError(f"game {game_id} exists")
        self._seq += 1
        stored = Live(dict(live.record, seq=self._seq, version=0), live.state)
        self._live[game_id] = stored
        self._events[game_id] = []
        return stored

    async def get_live(self, game_id: str) -> Live | None:
        return self._live.get(game_id)

    async def list_live(self, after_seq: int, limit: int, game: str = "") -> list[Live]:
        out = []
        for live in self._live.values():
            rec = live.record
            if rec["seq"] <= after_seq or (game and rec["game"] != game):
                continue
            out.append(live)
            if len(out) >= limit:
                break
        return out

    async def commit_live(self, game_id: str, expected_version: int, live: Live,
                          events: list[EventRecord]) -> bool:
        current = self._live.get(game_id)
        if current is None or current.version != expected_version:
            return False
        _check_numbering(expected_version, live.version, events)
        if live.record.get("seq") != current.record["seq"]:
            live = Live(dict(live.record, seq=current.record["seq"]), live.state)
        self._live[game_id] = live
        self._events[game_id].extend(events)
        self._notify(game_id)
        return True

    # --- records ---------------------------------------------------------------------
    async def create(self, record: Record) -> Record:
        stored = await InMemoryStore.create_live(self, Live.from_record(copy.deepcopy(record)))
        return stored.to_record()  # the state dict is new; the rest was copied above

    async def get(self, game_id: str) -> Record | None:
        live = self._live.get(game_id)  # not get_live: a subclass's get_live may come through here
        return None if live is None else copy.deepcopy(live.to_record())

    async def list(self, after_seq: int, limit: int, game: str = "") -> list[Record]:
        return [copy.deepcopy(live.to_record()) for live in await InMemoryStore.list_live(self, after_seq, limit, game)]

    async def commit(self, game_id: str, expected_version: int, record: Record,
                     events: list[EventRecord]) -> bool:
        return await InMemoryStore.commit_live(self, game_id, expected_version, Live.from_record(copy.deepcopy(record)),
                                      copy.deepcopy(events))

    async def delete(self, game_id: str) -> bool:
        if self._live.pop(game_id, None) is None:
            return False
        del self._events[game_id]
        self._notify(game_id)
        return True

    async def events(self, game_id: str, after_version: int) -> list[EventRecord] | None:
        events = self._events.get(game_id)
        if events is None:
            return None
        return events[max(after_version, 0):]

    async def wait(self, game_id: str, version: int, timeout: float) -> None:
        live = self._live.get(game_id)
        if live is None or live.version != version:
            return
        changed = self._changed.get(game_id)
        if changed is None:
            changed = self._changed[game_id] = asyncio.Event()
        try:
            async with asyncio.timeout(timeout):  # no task, unlike wait_for
                await changed.wait()
        except TimeoutError:
            pass

    def _notify(self, game_id: str) -> None:
        # one Event per wait generation: set it (waking every waiter) and forget it
        changed = self._changed.pop(game_id, None)
        if changed is not None:
            changed.set()
