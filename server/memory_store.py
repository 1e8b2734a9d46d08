"""Games in the server process's memory (``--store memory``), gone when it ends: tests, benches.

Games are kept as ``Live`` objects and events as dicts, shared with the caller
read-only (``boardbot.server.store``); a finished game is packed into compressed
JSON until it is read again.
"""

from __future__ import annotations

import collections
import zlib

from .store import (ClientFull, EventRecord, GameStore, Live, StoreFull, Waiters, check_numbering, json_dumps, loads,
                    request_id_of)

UNPACKED_FINISHED = 256  # finished games the memory store keeps unpacked (the most recently read)


class _Packed:
    """A finished game in the memory store: its record and events, compressed."""

    __slots__ = ("blob", "seq", "game", "creator")

    def __init__(self, live: Live, events: list[EventRecord]):
        # (json_dumps: a searching bot's notes as they were, as sqlite_archive.pack_game keeps them)
        self.blob = zlib.compress(json_dumps({"record": live.to_dict(), "events": events}), 6)
        self.seq = live.seq
        self.game = live.record.game
        self.creator = live.record.creator

    def unpack(self) -> tuple[Live, list[EventRecord]]:
        data = loads(zlib.decompress(self.blob))
        return Live.from_dict(data["record"]), data["events"]


class InMemoryStore(GameStore):
    """Games kept as ``Live`` objects and events as dicts, shared with the
    caller read-only (see the module docstring). One event loop only.

    A game that finishes is packed (its record and events as compressed JSON,
    ``_Packed``): a finished game is read rarely and kept long (until it
    expires), so it costs a few kilobytes instead of its objects; the
    ``UNPACKED_FINISHED`` most recently read stay unpacked as well.
    ``max_games``: ``create`` raises ``StoreFull`` past it. Games by creator are
    counted as they are created and deleted."""

    def __init__(self, max_games: int | None = None) -> None:
        self.max_games = max_games
        self._games: dict[str, Live | _Packed] = {}  # insertion order = creation order
        self._events: dict[str, list[EventRecord]] = {}  # running games only
        self._requests: dict[str, dict[str, EventRecord]] = {}  # running games: request_id -> event
        self._finished: dict[str, float] = {}  # finished games, in the order they finished
        self._unpacked: collections.OrderedDict[str, tuple[Live, list]] = collections.OrderedDict()
        self._waiters = Waiters()
        self._seq = 0
        self._by_creator: collections.Counter = collections.Counter()

    def _entry(self, game_id: str) -> tuple[Live, list[EventRecord]] | None:
        entry = self._games.get(game_id)
        if entry is None:
            return None
        if isinstance(entry, Live):
            return entry, self._events[game_id]
        hit = self._unpacked.get(game_id)
        if hit is None:
            hit = self._unpacked[game_id] = entry.unpack()
            if len(self._unpacked) > UNPACKED_FINISHED:
                self._unpacked.popitem(last=False)
        else:
            self._unpacked.move_to_end(game_id)
        return hit

    async def create_live(self, live: Live, max_per_creator: int = 0) -> Live:
        game_id = live.game_id
        if game_id in self._games:
            raise KeyError(f"game {game_id} exists")
        if self.max_games is not None and len(self._games) >= self.max_games:
            raise StoreFull(self.max_games)
        creator = live.record.creator
        if creator is not None:
            if max_per_creator and self._by_creator[creator] >= max_per_creator:
                raise ClientFull(max_per_creator, creator)
            self._by_creator[creator] += 1
        self._seq += 1
        stored = live.replace(seq=self._seq, version=0)
        self._games[game_id] = stored
        self._events[game_id] = []
        self._requests[game_id] = {}
        return stored

    async def get_live(self, game_id: str) -> Live | None:
        entry = self._games.get(game_id)
        if entry is None or isinstance(entry, Live):
            return entry
        return self._entry(game_id)[0]

    async def list_live(self, after_seq: int, limit: int, game: str = "") -> list[Live]:
        out = []
        for game_id, entry in self._games.items():
            if isinstance(entry, Live):
                seq, name = entry.seq, entry.record.game
            else:
                seq, name = entry.seq, entry.game
            if seq <= after_seq or (game and name != game):
                continue
            out.append(self._entry(game_id)[0])
            if len(out) >= limit:
                break
        return out

    async def commit_live(self, game_id: str, expected_version: int, live: Live,
                          events: list[EventRecord]) -> bool:
        current = self._games.get(game_id)
        if not isinstance(current, Live) or current.version != expected_version:
            return False  # gone, changed, or finished (and packed): nothing follows the end
        check_numbering(expected_version, live.version, events)
        if live.seq != current.seq:
            live = live.replace(seq=current.seq)
        stored = self._events[game_id]
        stored.extend(events)
        requests = self._requests[game_id]
        for event in events:
            request_id = request_id_of(event)
            if request_id is not None:
                requests[request_id] = event
        if live.finished is not None:
            self._games[game_id] = _Packed(live, stored)
            del self._events[game_id], self._requests[game_id]
            self._finished[game_id] = live.finished
            self._unpacked[game_id] = (live, stored)  # read next, most likely
            if len(self._unpacked) > UNPACKED_FINISHED:
                self._unpacked.popitem(last=False)
        else:
            self._games[game_id] = live
        self._waiters.notify(game_id)
        return True

    async def delete(self, game_id: str) -> bool:
        entry = self._games.pop(game_id, None)
        if entry is None:
            return False
        creator = entry.record.creator if isinstance(entry, Live) else entry.creator
        if creator is not None:
            self._by_creator[creator] -= 1
            if not self._by_creator[creator]:
                del self._by_creator[creator]
        for table in (self._events, self._requests, self._finished, self._unpacked):
            table.pop(game_id, None)
        self._waiters.notify(game_id)
        return True

    async def events(self, game_id: str, after_version: int) -> list[EventRecord] | None:
        entry = self._entry(game_id)
        if entry is None:
            return None
        return entry[1][max(after_version, 0):]

    async def find_request(self, game_id: str, request_id: str) -> EventRecord | None:
        requests = self._requests.get(game_id)
        if requests is not None:
            return requests.get(request_id)
        entry = self._entry(game_id)  # finished: look through its events
        if entry is None:
            return None
        return next((e for e in entry[1] if request_id_of(e) == request_id), None)

    async def wait(self, game_id: str, version: int, timeout: float) -> None:
        live = self._games.get(game_id)
        if not isinstance(live, Live) or live.version != version:
            return  # gone, moved on, or finished (nothing follows)
        await self._waiters.until(self._waiters.event(game_id), timeout)

    async def count(self) -> int:
        return len(self._games)

    async def count_finished(self) -> int:
        return len(self._finished)

    async def count_created_by(self, creator: str) -> int:
        return self._by_creator[creator]

    def cached(self) -> int:
        return len(self._games) - len(self._finished) + len(self._unpacked)

    async def expire_finished(self, before: float, limit: int = 1000) -> list[str]:
        out = []
        for game_id, finished in self._finished.items():  # in the order they finished
            if finished >= before or len(out) >= limit:
                break
            out.append(game_id)
        for game_id in out:
            await InMemoryStore.delete(self, game_id)
        return out

    async def bot_turn_games(self, limit: int = 10000) -> list[str]:
        return [game_id for game_id, entry in self._games.items()
                if isinstance(entry, Live) and entry.bot_to_move][:limit]
