"""Where hosted games live: the store interface every store implements.

A game is a *record* (``boardbot.server.records.GameRecord``: its type, config,
seed and seats with token hashes), the engine state and the fields of its
current version (the version, when it was updated and finished, whether a bot
is to move), plus an append-only list of *events*, one per version.
Every change is a compare-and-set commit on the version, so several server
processes can share one store (``boardbot.server.redis_store``). Versions only
grow: 0 at creation, +1 per event.

Events are stored compactly: what happened (``version``, ``kind``, ``seat``,
``by_bot``, ``move``, ``time``) and, for a client's move sent with a
``request_id``, that id and the request's fingerprint (``request``), which
is how a retried request is recognised for as long as the game is kept
(``find_request``); for a searching bot's move, its search's figures and top
candidates (``search``: ``boardbot.server.events.search_notes``); for a
take-back, the version it went back to and that version's state (``move``:
``boardbot.server.take_back``). What each observer may read of an event (its texts and
log) is not stored: the engine is deterministic, so the game master derives
it by replaying the event (``boardbot.server.snapshots.Snapshot.advance``).

The server works with ``Live`` games: the record, the engine ``State`` object
and the version's fields, at one version. That is the one interface
(``GameStore``: ``create_live``, ``get_live``, ``list_live``, ``commit_live``
and the rest) and every store implements it: the memory store keeps ``Live``
objects; a durable store keeps their stored form (``Live.to_dict``, a JSON-safe
dict, and ``Live.from_dict`` on the way back) and holds the ``Live`` objects of
recent games, so a call neither parses JSON nor rebuilds a state.

A ``Live`` is immutable by contract: its ``record``, its ``state`` and the
events a store returns are never changed by anyone (a new version is a new
``Live``: copy the state, apply, commit). That is what lets a store hand out
shared objects, and it lets a ``Live`` carry a ``cache`` of things derived
from its version (the server keeps converted views there).

The stores: ``boardbot.server.memory_store``, ``boardbot.server.sqlite_store``,
``boardbot.server.redis_store``; which one ``boardbot serve`` uses: ``boardbot.server.storage``.
"""

from __future__ import annotations

import abc
import asyncio
import json
import time
from typing import Any

import orjson

from boardbot.engine import registry
from boardbot.engine.core import State

from . import errors
from .records import GameRecord

Record = dict[str, Any]  # a Live game's stored form (Live.to_dict)
# keys that are not strings written as the json module writes them (1 -> "1"); dumps
_orjson_dumps, _NON_STR_KEYS, _OrjsonError = orjson.dumps, orjson.OPT_NON_STR_KEYS, orjson.JSONEncodeError
_orjson_loads, _OrjsonDecodeError = orjson.loads, orjson.JSONDecodeError
EventRecord = dict[str, Any]


class StoreFull(Exception):
    """``create`` refused: the store holds its maximum number of games."""

    def __init__(self, limit: int):
        super().__init__(f"the store holds its maximum of {limit} games")
        self.limit = limit


class ClientFull(Exception):
    """``create`` refused: the game's creator holds its maximum number of games."""

    def __init__(self, limit: int, creator: str):
        super().__init__(f"client {creator} holds its maximum of {limit} games")
        self.limit = limit
        self.creator = creator


class StoreUnavailable(RuntimeError):
    """The store cannot be opened (its file is in use, its server does not answer)."""


class NewerSchema(StoreUnavailable):
    """The store holds data of a newer schema than this server knows: a newer boardbot
    wrote it, and this one would misread it (or write what the newer one misreads)."""

    def __init__(self, where: str, found: int, known: int):
        super().__init__(f"{where} holds games in store schema version {found}, newer than this server's "
                         f"{known}: a newer boardbot wrote them. Run that version (or newer) on it, or give "
                         "this one another --store")
        self.found, self.known = found, known


def dumps(value: Any) -> bytes:
    """The stored form of a record, a state or an event: compact JSON in UTF-8, made by orjson
    (a Frogriders state's 570 bytes in about 1 µs, against 13 for the json module's encoder:
    CreateGame writes one, SQLite's snapshots one every ``SNAPSHOT_EVERY`` moves). What orjson
    refuses (an integer beyond 64 bits) is written by the json module, as before; a float
    that may not be finite goes through ``json_dumps`` (orjson writes null for NaN)."""
    try:
        return _orjson_dumps(value, option=_NON_STR_KEYS)
    except _OrjsonError:
        return json_dumps(value)


def json_dumps(value: Any) -> bytes:
    """``dumps`` by the json module alone: NaN and the infinities written as it writes them
    (what ``loads`` reads back as floats), where orjson writes null."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def loads(data: bytes | str) -> Any:
    """A stored document read back: by orjson (a Frogriders state's 580 bytes in about 3 µs,
    against 13 for the json module: a cold read parses the record, the state and the events
    since the snapshot) whenever it reads it as the json module does, else by the json module:
    a document with an integer orjson would read as a float (beyond 64 bits: ``_fits_orjson``)
    or one orjson refuses (NaN and the infinities, which ``json_dumps`` writes; a lone
    surrogate; text that is not UTF-8) is read as before."""
    if data.__class__ is bytes and _fits_orjson(data):
        try:
            return _orjson_loads(data)
        except _OrjsonDecodeError:
            pass
    return json_loads(data)


def json_loads(data: bytes | str) -> Any:
    """``loads`` by the json module alone."""
    # what dumps wrote is UTF-8: decoded as such, without json's guess at the encoding
    return json.loads(data.decode("utf-8", "surrogatepass") if data.__class__ is bytes else data)


_DIGITS_AS_ZEROS = bytes.maketrans(b"0123456789", b"0" * 10)
_LONG_RUN = b"0" * 19  # the fewest digits of an integer beyond 63 bits
_INT64_MAX = 2**63 - 1


def _fits_orjson(data: bytes) -> bool:
    """Whether every run of digits in ``data`` is an integer orjson reads as an int: at most
    ``2**63 - 1`` (it reads 64 bits, but a run's sign is not looked at; a run in a string or
    a float's digits count too: a document with such a run merely goes to the json module).
    A run of 19 digits or more is found without a regular expression (one matched at every
    position cost more than the parse saves): the digits made zeros, then searched."""
    zeros = data.translate(_DIGITS_AS_ZEROS)
    start = zeros.find(_LONG_RUN)
    while start >= 0:
        end = start + 19
        while end < len(zeros) and zeros[end] == 48:  # (48: "0")
            end += 1
        if end - start > 19 or int(data[start:end]) > _INT64_MAX:
            return False
        start = zeros.find(_LONG_RUN, end)
    return True


# a seat's change (boardbot.server.seats), a forfeit on time and clocks resumed after the server
# was down (boardbot.server.clocks) came with store schema 4 (SQLite) / 3 (Redis)
_KINDS = {"move": "m", "resign": "r", "seat": "s", "timeout": "t", "clocks": "c", "take_back": "b"}
_KIND_NAMES = {v: k for k, v in _KINDS.items()}


def pack_event(event: EventRecord, with_request_id: bool = True) -> bytes:
    """An event's stored form, without its version (a durable store keys it by version):
    a JSON array ``[kind, seat, by_bot, move, time]``, then the request's fingerprint and
    (``with_request_id``; else the store keeps it beside) its id, or a bot's search notes
    (an object: a bot's move has no request). About 40 bytes less than the dict per event."""
    out = [_KINDS[event["kind"]], event["seat"], int(event["by_bot"]), event["move"], event["time"]]
    request = event.get("request")
    if request is not None:
        out.append(request["fp"])
        if with_request_id:
            out.append(request["id"])
    elif event.get("search") is not None:
        out.append(event["search"])
        return json_dumps(out)  # (a search's values are floats: json_dumps keeps a NaN one as it was)
    return dumps(out)


def unpack_event(version: int, blob: bytes, request_id: str | None = None, parsed: list | None = None) -> EventRecord:
    """``pack_event``'s inverse; ``request_id``: the id kept beside the event, if any;
    ``parsed``: ``blob`` parsed already (``unpack_events``)."""
    kind, seat, by_bot, move, when, *request = loads(blob) if parsed is None else parsed
    event = {"version": version, "kind": _KIND_NAMES[kind], "seat": seat, "by_bot": bool(by_bot), "move": move,
             "time": when}
    if request and isinstance(request[-1], dict):
        event["search"] = request.pop()
    if request:
        event["request"] = {"id": request[1] if len(request) > 1 else request_id, "fp": request[0]}
    return event


def unpack_events(rows) -> list[EventRecord]:
    """``unpack_event`` of each ``(version, request_id, blob)``, the blobs parsed in one go
    (a replay reads up to a snapshot's interval of events: one JSON parse, not one each)."""
    rows = list(rows)
    if not rows:
        return []
    parsed = loads(b"[" + b",".join(b if b.__class__ is bytes else bytes(b, "utf-8") for _, _, b in rows) + b"]")
    return [unpack_event(version, b"", request_id, items) for (version, request_id, _), items in zip(rows, parsed)]


class Live:
    """A game at one version: its ``record`` (``GameRecord``, shared by the versions until a
    seat resigns), its engine ``state``, and the version's own fields: ``version``;
    ``updated``: when it was made (``time.time()``); ``finished``: when the game ended, None
    while it runs; ``bot_to_move``: the master plays the next decision (a bot seat, or a
    resigned one); ``seq``: the store's creation sequence number (None until stored)."""

    __slots__ = ("record", "state", "version", "updated", "finished", "bot_to_move", "seq", "cache")

    def __init__(self, record: GameRecord, state: State, version: int = 0, updated: float | None = None,
                 finished: float | None = None, bot_to_move: bool = False, seq: int | None = None):
        self.record = record
        self.state = state
        self.version = version
        self.updated = record.created if updated is None else updated
        self.finished = finished
        self.bot_to_move = bot_to_move
        self.seq = seq
        self.cache: dict = {}  # derived from this version only (e.g. converted views by seat)

    @property
    def game_id(self) -> str:
        return self.record.id

    def replace(self, **fields) -> "Live":
        """A new ``Live`` with ``fields`` (of ``__init__``) changed, and an empty cache."""
        values = dict(record=self.record, state=self.state, version=self.version, updated=self.updated,
                      finished=self.finished, bot_to_move=self.bot_to_move, seq=self.seq)
        values.update(fields)
        return Live(**values)

    @classmethod
    def from_dict(cls, data: Record) -> "Live":
        """From the stored form (``to_dict``); a ``state`` of None: the game's state at version 0
        (``initial_state``: a dealt game's stores keep no state until its first snapshot)."""
        record = GameRecord.from_dict(data)
        stored = data["state"]
        state = initial_state(record) if stored is None else registry.get(record.game).from_dict(stored)
        return cls(record, state, data["version"], data["updated"], data["finished"], data["bot_to_move"],
                   data.get("seq"))

    def to_dict(self) -> Record:
        """The stored form: the record's (``GameRecord.to_dict``: the keys every version of the
        server has stored), this version's fields and the state, in a new dict."""
        out = self.record.to_dict()
        out.update(version=self.version, updated=self.updated, finished=self.finished, bot_to_move=self.bot_to_move,
                   state=self.state.to_dict())
        if self.seq is not None:
            out["seq"] = self.seq
        return out


class GameStore(abc.ABC):
    """The storage interface the server uses; every method may do I/O.

    ``shared``: whether other server processes use the same store (then the
    master takes a lease before it plays a game's bot seats, and looks for
    games whose bots nobody plays)."""

    shared = False

    async def open(self) -> None:
        """Connect, create the schema; called once before any other method."""

    async def close(self) -> None:
        """Release connections and files."""

    @abc.abstractmethod
    async def create_live(self, live: Live, max_per_creator: int = 0) -> Live:
        """Store a new game (``live.version`` is 0); returns the stored game, with its
        creation sequence number ``seq`` (monotonic, for paging) in its record.
        Raises ``StoreFull`` when the store holds its maximum of games, and
        ``ClientFull`` when ``max_per_creator`` (0: no limit) games of the record's
        ``creator`` (the client that created it, if known) are stored already:
        the check and the insert are one step, so concurrent creates never
        overshoot, and deleting or expiring a game gives its creator's slot back."""

    @abc.abstractmethod
    async def get_live(self, game_id: str) -> Live | None:
        """The game at its current version, or None. Read-only (see the module docstring)."""

    @abc.abstractmethod
    async def list_live(self, after_seq: int, limit: int, game: str = "") -> list[Live]:
        """Up to ``limit`` games with ``seq > after_seq`` in creation order,
        only of game ``game`` when it is not empty."""

    @abc.abstractmethod
    async def commit_live(self, game_id: str, expected_version: int, live: Live,
                          events: list[EventRecord]) -> bool:
        """Make ``live`` (a new object: never one the store returned) the game's current
        version and append its events, only if the stored version is still
        ``expected_version``; False (and no change) otherwise."""

    @abc.abstractmethod
    async def delete(self, game_id: str) -> bool:
        """Remove a game and its events; False if there was none."""

    @abc.abstractmethod
    async def events(self, game_id: str, after_version: int) -> list[EventRecord] | None:
        """The events numbered above ``after_version``, in order; None if no such game.
        The caller does not change them."""

    @abc.abstractmethod
    async def find_request(self, game_id: str, request_id: str) -> EventRecord | None:
        """The event a client's request with this ``request_id`` committed, or None."""

    @abc.abstractmethod
    async def wait(self, game_id: str, version: int, timeout: float) -> None:
        """Return once the game is past ``version`` or gone, or after ``timeout`` seconds."""

    @abc.abstractmethod
    async def count(self) -> int:
        """How many games the store holds."""

    @abc.abstractmethod
    async def count_created_by(self, creator: str) -> int:
        """How many of them ``creator`` created (what ``max_per_creator`` counts)."""

    @abc.abstractmethod
    async def count_finished(self) -> int:
        """How many of them are finished (the metrics read it)."""

    def cached(self) -> int:
        """How many live games this process holds (the metrics read it)."""
        return 0

    @abc.abstractmethod
    async def expire_finished(self, before: float, limit: int = 1000) -> list[str]:
        """Delete up to ``limit`` games that finished before ``before`` (a ``time.time()``),
        with their events; their ids."""

    @abc.abstractmethod
    async def bot_turn_games(self, limit: int = 10000) -> list[str]:
        """Ids of running games whose record says a bot (or a resigned seat) is to move."""

    async def get_live_and_request(self, game_id: str, request_id: str) -> tuple[Live | None, EventRecord | None]:
        """``get_live`` and ``find_request`` together (a remote store answers both at once)."""
        live = await self.get_live(game_id)
        return live, (None if live is None or not request_id else await self.find_request(game_id, request_id))

    async def live_and_events(self, game_id: str, after_version: int) -> tuple[Live | None, list[EventRecord] | None]:
        """``events`` and, if there are any, ``get_live`` (a remote store answers both at
        once): what a watcher reads when the game moved on (``boardbot.server.watching``)."""
        events = await self.events(game_id, after_version)
        return (await self.get_live(game_id) if events else None), events

    def speculative_live(self, game_id: str) -> Live | None:
        """The game as this process last saw it, maybe behind the store, without a read: a
        remote store's, for a commit tried on it (its compare-and-set and its request-id
        check refuse it if the game moved on or the request was committed:
        ``boardbot.server.moving``); None (this default) where a read costs no round trip."""
        return None

    async def lease(self, game_id: str, holder: str, seconds: float) -> bool:
        """Take or renew the right to play the game's bot seats for ``seconds``; False
        while another holder has it. Only a shared store needs it."""
        return True

    async def release(self, game_id: str, holder: str) -> None:
        """Give up a lease ``holder`` took."""

    _alive: float | None = None

    async def get_doc(self, key: str) -> tuple[int, Any] | None:
        """A small shared document (a matchmaking queue: ``boardbot.server.matchmaking``) and
        its version, or None (none, or it expired). A store of one process may keep them in
        its memory (this default); a durable or shared store keeps them with its games."""
        found = self.__dict__.get("_docs", {}).get(key)
        if found is None or (found[2] and found[2] <= time.time()):
            return None
        return found[0], loads(found[1])

    async def put_doc(self, key: str, expected_version: int, value: Any, ttl: float = 0.0) -> bool:
        """Store ``value`` (JSON-safe) as the document's next version, only if its version is
        still ``expected_version`` (0: there is none yet); False (and no change) otherwise.
        ``ttl``: the document is gone ``ttl`` seconds after this write unless written again
        (0: kept until written with a ``ttl``); ``expire_docs`` deletes it then."""
        docs = self.__dict__.setdefault("_docs", {})
        found = docs.get(key)
        if found is not None and found[2] and found[2] <= time.time():
            found = None  # expired: as if gone
        if (found[0] if found is not None else 0) != expected_version:
            return False
        docs[key] = (expected_version + 1, dumps(value), time.time() + ttl if ttl > 0 else 0.0)  # text: no object shared
        return True

    async def expire_docs(self, when: float) -> int:
        """Delete the documents whose ``ttl`` ran out by ``when``; how many (the master's
        housekeeping calls it)."""
        docs = self.__dict__.get("_docs", {})
        gone = [key for key, (_, _, until) in docs.items() if until and until <= when]
        for key in gone:
            del docs[key]
        return len(gone)

    async def mark_alive(self, when: float) -> float | None:
        """Note that a server process runs on this store at ``when`` (a ``time.time()``); the
        previous note (None: none yet). Clocks do not run while no server is up
        (``boardbot.server.clocks``); a durable store keeps the note with its games."""
        previous, self._alive = self._alive, when
        return previous


def initial_state(record: GameRecord) -> State:
    """The game's engine state at version 0: the record's ``initial`` where it keeps one, else
    the deal of its config and seed under its rules version (the engine is deterministic:
    the state CreateGame dealt, which no store keeps). A server whose engine does not play
    that rules version cannot deal it: FAILED_PRECONDITION (``errors.rules_changed``)."""
    game = registry.get(record.game)
    if record.initial is not None:
        return game.from_dict(record.initial)
    if not game.plays(record.rules_version):
        raise errors.rules_changed(record.id, record.game, record.rules_version, game.rules_version,
                                   "deal its first state (a game never snapshotted keeps its seed, not its state)")
    return game.new_state(record.config, record.seed, record.rules_version)  # (as store_new_game deals it)


def static_part(record: GameRecord) -> Record:
    """The part of the stored form that changes only on a resignation (the game, its config,
    seats and tokens), which a store rewrites only then: the record's, but for the initial
    state (stored once, apart)."""
    out = record.to_dict()
    del out["initial"]
    return out


def replayed_state(state: State, events: list[EventRecord]) -> State | None:
    """A copy of ``state`` with ``events`` (the ones after it, in order) applied as
    ``Snapshot.advance`` replays them: a move applied (the engine is deterministic), a
    take-back's state taken, the events that change only the record skipped; None if one
    is of a kind this does not know."""
    state = state.copy()
    game = state.game
    for event in events:
        kind = event["kind"]
        if kind == "move":
            state.apply(game.move_from_dict(event["move"]))
        elif kind == "take_back":  # back to an earlier version's state, which the event keeps
            state = game.from_dict(event["move"]["state"])
        elif kind not in ("resign", "timeout", "seat", "clocks"):
            return None
    return state


def check_numbering(expected_version: int, new_version: int, events: list[EventRecord]) -> None:
    consecutive = new_version == expected_version + len(events)
    for offset, event in enumerate(events, expected_version + 1):  # (no lists made: every commit checks)
        consecutive = consecutive and event["version"] == offset
    if not consecutive:
        raise ValueError("a commit must number its events and the record's version consecutively")


def request_id_of(event: EventRecord) -> str | None:
    request = event.get("request")
    return None if request is None else request["id"]


class Waiters:
    """Wake-ups in this process: ``wait`` returns once ``notify`` names the game (or at the
    timeout). One ``asyncio.Event`` per game and wait generation: ``notify`` sets it,
    waking every waiter, and forgets it."""

    def __init__(self) -> None:
        self._changed: dict[str, asyncio.Event] = {}

    def event(self, game_id: str) -> asyncio.Event:
        """The event the next ``notify`` sets (take it before reading the version)."""
        changed = self._changed.get(game_id)
        if changed is None:
            changed = self._changed[game_id] = asyncio.Event()
        return changed

    @staticmethod
    async def until(changed: asyncio.Event, timeout: float) -> None:
        try:
            async with asyncio.timeout(timeout):  # no task, unlike wait_for
                await changed.wait()
        except TimeoutError:
            pass

    def games(self) -> list[str]:
        """The games someone waits on."""
        return list(self._changed)

    def notify(self, game_id: str) -> None:
        changed = self._changed.pop(game_id, None)
        if changed is not None:
            changed.set()
