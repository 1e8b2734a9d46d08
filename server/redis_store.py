"""Games in Redis, shared by any number of server processes on any number of machines
(``--store redis://HOST:PORT[/DB]``; the ``redis`` package, asyncio, with hiredis).

Any process serves any game: there is no owner. Every change is a Lua script,
which Redis runs alone, so a commit is a compare-and-set on the version: the
version's fields (and the record, the state when they are written) are replaced
and the events appended only if the stored version is still the expected one. A commit publishes on the game's
channel (``CHANNEL:<id>``), to which a process subscribes (on its one
subscription connection) while it has waiters on the game (WatchGame, a
SubmitMove waiting for the next decision, a bot's clock): a move wakes only the
processes that wait on its game, not every process. A wait subscribes, waits for
Redis's confirmation, then reads the version, so no commit after its read goes
unheard; a channel no wait used for a minute is unsubscribed. A dropped
connection wakes every waiter to read again, and its channels are subscribed anew;
a wait meanwhile waits for the new connection's confirmation before it reads.

Each process caches live games (``Live``: the parsed state, converted views):
a read asks Redis for the version only (``GET_IF_NEWER``: one round trip, a few
bytes) and uses the cache when it matches, so a hot game is not rebuilt per
call; otherwise it gets the record and state in the same round trip.
A move appends its event and writes the state (the snapshot) only every
``SNAPSHOT_EVERY`` events and when the game finishes; a read that rebuilds a
game takes the snapshot and the events after it in its one round trip and
replays them (``store.replayed_state``; a game whose rules changed since,
which nothing may replay, reads as of its snapshot, as on SQLite).
A SubmitMove is one round trip when the cache is current: the move is checked
and applied on the cached copy and committed (``GameStore.speculative_live``);
the commit's compare-and-set and its check that no event's request id is stored
yet refuse it otherwise, and a refused commit brings the copy up to date in its
answer. A watcher woken by a commit reads the events and the version in one
round trip, shared by every watcher of the game in the process
(``live_and_events``).

Bot seats: ``lease`` keeps one process at a time searching for a game's bot
(``SET``-like key with an expiry, renewed while the search runs); a process
that dies lets its leases lapse, and another takes the game over
(``GameMaster`` looks for unplayed bot seats every few seconds).

Keys (``PREFIX``): ``g:<id>`` a hash (``v`` version, ``r`` the record's static
part as JSON (rewritten only when it changes: a resignation), ``s`` the state
at version ``sv`` (the snapshot; no ``s``: the initial state, ``sv`` 0),
``i`` the initial state (none for a game dealt from its record's seed:
schema 7), ``q`` the creation sequence number, ``n`` the game's
name, ``c`` the client that created it (if known), ``m`` when it was updated,
when it finished, whether a bot is to move, as JSON), ``e:<id>`` a list of
events (``store.pack_event``, the version being the position), ``r:<id>`` a hash
request id -> version, ``games`` and ``games:<name>`` sorted sets by creation
(paging, counting), ``finished`` a sorted set by finishing time (expiry),
``botturn`` a set of games a bot is to move in, ``creators`` a hash client ->
how many games it created are stored (kept by the create and delete scripts, so
every process sees one count), ``lease:<id>``, ``alive``: when a server process last
marked the store alive (``GameStore.mark_alive``: clocks), ``doc:<key>`` a hash (``v`` version,
``d`` the value: ``GameStore.put_doc``, a matchmaking queue; a ttl is the key's expiry), and ``schema``: the version of
this layout (``SCHEMA_VERSION``). A standalone
Redis (or one with Sentinel), not Redis Cluster: the scripts touch the shared
indexes too.

What survives what is Redis's own persistence setting (RDB snapshots, or the
AOF with ``appendfsync everysec``/``always``): docs/storage.md.

Schema versions: 1, the layout before ``schema`` existed (a database with
``seq`` and no ``schema``); 2, records carry their ``rules_version`` (one without
was played under its game's first rules: ``records.FIRST_RULES_VERSION``), which
changes no key, so 1 is taken up as it is; 3, events of seats, forfeits on time and resumed
clocks and records with lobby options and clocks (no key changes: 2 is taken up as it is); 4, a
searching bot's move keeps its search notes in its event (no key changes: 3 is taken up as it is); 5,
take-backs (``boardbot.server.take_back``; no key changes: 4 is taken up as it is); 6, the state
is a snapshot (``sv``; 5 is taken up by one script that makes every game's state the snapshot of
its version: ``redis_scripts.MIGRATIONS``); 7, a game the server dealt has no ``i`` (nor ``s``
until its first snapshot): its state at version 0 is the deal of its record's seed again
(``store.initial_state``), which a server of 6 cannot read (6 is taken up as it is).
``open`` reads ``schema`` (setting it
on a new database), migrates an older layout it knows, and refuses a newer one
(``NewerSchema``) before it reads or writes a game. Each process checks when it
opens: upgrade every process on one Redis before any of them opens a newer layout.
"""

from __future__ import annotations

import asyncio
import collections
import time
from typing import Any

import redis.asyncio as redis
import structlog
from redis.exceptions import NoScriptError

from boardbot.engine import registry

from . import redis_scripts as scripts
from .errors import ServiceError
from .records import GameRecord
from .redis_scripts import ScriptConnections
from .store import (ClientFull, EventRecord, GameStore, Live, NewerSchema, StoreFull, StoreUnavailable, Waiters,
                    check_numbering, dumps, loads, pack_event, replayed_state, request_id_of, static_part, unpack_event)

log = structlog.get_logger("boardbot.server")

# of the key layout (the module docstring): 2, records carry their rules_version; 3, events of seats,
# forfeits on time and resumed clocks, records with lobby options and clocks, which 2 would misread;
# 4, a searching bot's move keeps its search notes (store.pack_event), which 3 would read as a
# request's fingerprint; 5, take-backs (an event that sets the state back), which 4 cannot read; 6,
# the state is a snapshot at ``sv``, the events after it the rest of the game, which 5 would read as
# the state at the game's version (and a commit publishes on the game's channel, which 5 does not hear)
SCHEMA_VERSION = 7

PREFIX = "boardbot:"
CHANNEL = PREFIX + "changed"  # each process's own subscription; a game's commits publish on CHANNEL:<id>
WATCH_KEPT = 60.0  # seconds a process stays subscribed to a game's channel after its last wait there
SUBSCRIBE_WAIT = 5.0  # seconds a wait waits for its subscription (then it is a poll: its read and timeout)
RESUBSCRIBE_PAUSE = 1.0  # seconds between a lost subscription connection and the next
LIVE_CACHE = 4096
# a cached game at most this many versions behind is caught up by the events after it (one round
# trip; a move is a few microseconds, a state's JSON and its State tens), not by reading the state
CATCH_UP_EVENTS = 16
# a commit writes the game's state (its snapshot) only every this many events, and when the game
# finishes; the others append their event alone. A read without a copy replays the events after the
# snapshot (at most SNAPSHOT_EVERY - 1). In process, per the five games: the state's to_dict and JSON,
# which a move skips, 22-50 µs; an event's replay (parsed, applied) 4-7.5 µs. 16 saves a move 15
# serializations in 16 and costs a read without a copy at most 15 replays (about 7 on average: as
# much as the state's parse), as many as a copy behind applies (CATCH_UP_EVENTS)
SNAPSHOT_EVERY = 16
MAX_CONNECTIONS = 64  # to Redis, per server process: the scripts' (ScriptConnections), and the pool's

def _unpack(version: int, blob: bytes) -> EventRecord:
    return unpack_event(version, blob)


class RedisStore(GameStore):
    shared = True

    def __init__(self, url: str, max_games: int | None = None):
        self.url = url
        self.max_games = max_games
        self._redis: redis.Redis | None = None
        self._scripts: dict = {}
        self._live: collections.OrderedDict[str, Live] = collections.OrderedDict()
        self._statics: dict[str, bytes] = {}  # cached games: their record's static part as stored
        self._snapshots: dict[str, int] = {}  # cached games: the version of their stored snapshot (or older)
        self._reading: dict[tuple[str, int], asyncio.Future] = {}  # live_and_events's reads under way
        self._waiters = Waiters()
        self._listener: asyncio.Task | None = None
        self._subscribed = asyncio.Event()
        self._pubsub = None  # the listener's, while it is connected
        self._channels: dict[str, asyncio.Future] = {}  # games whose channel is subscribed: done once confirmed
        self._waited: dict[str, float] = {}  # their last wait (time.monotonic())
        self._swept = 0.0

    @staticmethod
    def _channel(game_id: str) -> str:
        return f"{CHANNEL}:{game_id}"

    @staticmethod
    def _key(kind: str, game_id: str = "") -> str:
        return f"{PREFIX}{kind}:{game_id}" if game_id else PREFIX + kind

    # --- opening and closing ------------------------------------------------------------
    async def open(self) -> None:
        # a bounded pool that makes a call wait for a free connection (redis-py's default pool
        # fails past 100 at once, which a busy server reaches: every call and bot in flight uses one)
        pool = redis.BlockingConnectionPool.from_url(self.url, max_connections=MAX_CONNECTIONS, timeout=10,
                                                     health_check_interval=30)
        self._redis = redis.Redis(connection_pool=pool, decode_responses=False)
        self._connections = ScriptConnections(lambda: pool.connection_class(**pool.connection_kwargs),
                                              MAX_CONNECTIONS, 10.0)
        try:
            await self._redis.ping()
        except (redis.ConnectionError, OSError) as err:
            raise StoreUnavailable(f"cannot reach the Redis store at {self.url}: {err}") from None
        for name, source in (("create", scripts.CREATE), ("commit", scripts.COMMIT), ("get", scripts.GET_IF_NEWER),
                             ("find_request", scripts.FIND_REQUEST), ("delete", scripts.DELETE),
                             ("lease", scripts.LEASE), ("release", scripts.RELEASE), ("put_doc", scripts.PUT_DOC),
                             ("schema", scripts.SCHEMA), ("set_schema", scripts.SET_SCHEMA)):
            self._scripts[name] = self._redis.register_script(source)
        try:
            await self._check_schema()
        except BaseException:
            await self._connections.close()
            await self._redis.aclose()
            self._redis = None
            raise
        self._listener = asyncio.get_running_loop().create_task(self._listen())
        try:
            async with asyncio.timeout(10):
                await self._subscribed.wait()
        except TimeoutError:
            raise StoreUnavailable(f"cannot subscribe to {CHANNEL} at {self.url}") from None

    async def _check_schema(self) -> None:
        """Refuse a newer layout; bring an older one this server knows to ``SCHEMA_VERSION``."""
        where = f"the Redis store at {self.url}"
        while True:
            found = await self._run("schema", [self._key("schema"), self._key("seq")], [SCHEMA_VERSION])
            if found == SCHEMA_VERSION:
                return
            if found > SCHEMA_VERSION:
                raise NewerSchema(where, found, SCHEMA_VERSION)
            if found not in scripts.MIGRATIONS:
                raise StoreUnavailable(f"{where} holds a schema version {found}, which no boardbot wrote "
                                       f"(this server knows 1 to {SCHEMA_VERSION})")
            if scripts.MIGRATIONS[found]:
                await self._answer(self._redis.eval(scripts.MIGRATIONS[found], 0, PREFIX))
            # the version moves on only if no other process moved it meanwhile
            if await self._run("set_schema", [self._key("schema")], [found, found + 1]):
                log.info("redis_schema_migrated", store=self.url, version=found + 1)

    async def _listen(self) -> None:
        """Wake this process's waiters for the games it waits on (their channels, ``_watch``) when
        another process (or this one) changes them. A lost connection wakes every waiter, and its
        channels' confirmations are void at once (a wait meanwhile waits for the next connection's,
        see ``_watch``); on the new connection every channel is subscribed again, and each
        confirmation wakes its game's waiters to read again (a change meanwhile had no message)."""
        prefix = len(CHANNEL) + 1
        again = False  # a connection after a lost one
        while True:
            pubsub = self._redis.pubsub()
            try:
                subscribed = set(self._channels)
                await pubsub.subscribe(CHANNEL, *map(self._channel, subscribed))
                # and a channel ``_watch`` added meanwhile (when this connection was not yet ``_pubsub``)
                while fresh := [game_id for game_id in self._channels if game_id not in subscribed]:
                    subscribed.update(fresh)
                    await pubsub.subscribe(*map(self._channel, fresh))
                self._pubsub = pubsub  # from now on ``_watch`` subscribes a new channel itself
                resubscribed = subscribed if again else set()  # (their confirmations wake their waiters)
                async for message in pubsub.listen():
                    kind = message["type"] if message is not None else None
                    if kind == "message":
                        self._waiters.notify(message["channel"][prefix:].decode())
                    elif kind == "subscribe":
                        channel = message["channel"].decode()
                        if channel == CHANNEL:
                            self._subscribed.set()
                            continue
                        game_id = channel[prefix:]
                        confirmed = self._channels.get(game_id)
                        if confirmed is not None and not confirmed.done():
                            confirmed.set_result(None)
                        if game_id in resubscribed:
                            resubscribed.discard(game_id)
                            self._waiters.notify(game_id)
            except asyncio.CancelledError:
                self._pubsub = None
                await pubsub.aclose()
                raise
            except (redis.ConnectionError, OSError) as err:
                self._pubsub = None
                loop = asyncio.get_running_loop()
                for game_id, confirmed in self._channels.items():  # void: the next connection confirms anew
                    if confirmed.done():
                        self._channels[game_id] = loop.create_future()
                for game_id in self._waiters.games():
                    self._waiters.notify(game_id)
                again = True
                log.error("redis_subscription_lost", error=repr(err))
                await pubsub.aclose()
                await asyncio.sleep(RESUBSCRIBE_PAUSE)

    async def _watch(self, game_id: str) -> None:
        """Subscribe to the game's channel, if this process is not yet, and return once Redis
        confirmed it on the current connection (then every commit from now on wakes the game's
        waiters here; while the listener connects again, no channel is confirmed), or after
        SUBSCRIBE_WAIT seconds (the subscription lost: the wait is a poll until it is back).
        A channel no wait used for WATCH_KEPT seconds is unsubscribed."""
        now = time.monotonic()
        self._waited[game_id] = now
        confirmed = self._channels.get(game_id)
        if confirmed is None:
            confirmed = self._channels[game_id] = asyncio.get_running_loop().create_future()
            pubsub = self._pubsub
            if pubsub is not None:
                try:
                    await pubsub.subscribe(self._channel(game_id))
                except (redis.ConnectionError, OSError):
                    pass  # the listener connects again and subscribes every channel
            if now - self._swept > WATCH_KEPT:
                await self._sweep(now)
        if not confirmed.done():
            try:
                async with asyncio.timeout(SUBSCRIBE_WAIT):
                    await asyncio.shield(confirmed)
            except TimeoutError:
                pass

    async def _sweep(self, now: float) -> None:
        """Unsubscribe the channels of the games no wait used for WATCH_KEPT seconds."""
        self._swept = now
        waited = set(self._waiters.games())
        idle = [game_id for game_id, when in self._waited.items()
                if now - when > WATCH_KEPT and game_id not in waited]
        for game_id in idle:
            del self._waited[game_id]
            self._channels.pop(game_id, None)
        pubsub = self._pubsub
        if idle and pubsub is not None:
            try:
                await pubsub.unsubscribe(*(self._channel(game_id) for game_id in idle))
            except (redis.ConnectionError, OSError):
                pass  # (the listener's new connection subscribes only the channels kept)

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            await asyncio.gather(self._listener, return_exceptions=True)
        if self._redis is not None:
            await self._connections.close()
            await self._redis.aclose()
            self._redis = None

    async def _run(self, name: str, keys: list, args: list):
        script = self._scripts[name]
        try:
            return await self._answer(self._connections.call("EVALSHA", script.sha, len(keys), *keys, *args))
        except NoScriptError:  # Redis restarted without its script cache: load it
            await self._answer(self._redis.script_load(script.script))
            return await self._answer(self._connections.call("EVALSHA", script.sha, len(keys), *keys, *args))

    async def _answer(self, call):
        """``await call``, Redis not answering as ``StoreUnavailable`` (the caller's UNAVAILABLE)."""
        try:
            return await call
        except (redis.ConnectionError, redis.TimeoutError, OSError) as err:
            raise StoreUnavailable(f"the Redis store at {self.url} does not answer: {err}") from None

    # --- the cache ----------------------------------------------------------------------
    def _remember(self, live: Live, static: bytes | None = None, snapshot: int | None = None) -> Live:
        """Cache ``live``; ``static``: its record's static part as stored (None: as the cached one's);
        ``snapshot``: the version of its stored snapshot (None: as known)."""
        game_id, previous = live.game_id, self._live.get(live.game_id)
        if static is not None:
            self._statics[game_id] = static
        elif previous is None or previous.record is not live.record:
            self._statics.pop(game_id, None)  # (not known: the next catch-up parses the record)
        if snapshot is not None:
            self._snapshots[game_id] = snapshot
        self._live[game_id] = live
        self._live.move_to_end(game_id)
        while len(self._live) > LIVE_CACHE:
            self._forget(next(iter(self._live)))
        return live

    def _forget(self, game_id: str) -> None:
        self._live.pop(game_id, None)
        self._statics.pop(game_id, None)
        self._snapshots.pop(game_id, None)

    # --- reading --------------------------------------------------------------------------
    async def get_live(self, game_id: str) -> Live | None:
        return (await self.get_live_and_request(game_id, ""))[0]

    async def get_live_and_request(self, game_id: str, request_id: str) -> tuple[Live | None, EventRecord | None]:
        """One round trip: the version check (and the game if it is newer than the cache) and the request."""
        live, done, _ = await self._get(game_id, request_id, None)
        return live, done

    async def live_and_events(self, game_id: str, after_version: int) -> tuple[Live | None, list[EventRecord] | None]:
        """One round trip, shared by the calls for the same game and version at once (the
        watchers of a game, woken by its commit)."""
        key = (game_id, after_version)
        reading = self._reading.get(key)
        if reading is None:
            reading = self._reading[key] = asyncio.ensure_future(self._get(game_id, "", max(after_version, 0)))
            reading.add_done_callback(lambda done: self._reading.pop(key, None) if self._reading.get(key) is done
                                      else None)
        live, _, events = await asyncio.shield(reading)
        return live, events

    async def _get(self, game_id: str, request_id: str,
                   after_version: int | None) -> tuple[Live | None, EventRecord | None, list[EventRecord] | None]:
        cached = self._live.get(game_id)
        found = await self._run("get", [self._key("g", game_id), self._key("r", game_id), self._key("e", game_id)],
                                ["" if cached is None else cached.version, "0" if cached is not None else "1",
                                 request_id, "" if after_version is None else after_version,
                                 CATCH_UP_EVENTS if cached is not None and (
                                     registry.get(cached.record.game).plays(cached.record.rules_version))
                                 else 0])
        if found is None:
            self._forget(game_id)
            return None, None, None
        done = None if found[1] is None else _unpack(int(found[1]), found[2])
        events = None if found[3] is None else [_unpack(after_version + 1 + k, blob) for k, blob in enumerate(found[3])]
        if len(found) == 4:
            # the cached version is current; a concurrent commit that lost its compare-and-set may
            # have dropped the entry during the round trip: keep it then, unless a newer one came
            current = self._live.get(game_id)
            if current is cached:
                self._live.move_to_end(game_id)
            elif current is None:
                self._remember(cached)
            return cached, done, events
        if found[5] is None:  # the events after the cached version, to apply to its copy
            live = self._caught_up(cached, found)
            if live is None:  # (an event it cannot apply: read the state)
                self._forget(game_id)
                return await self._get(game_id, request_id, after_version)
            return live, done, events
        initial = (cached.record.initial if cached is not None
                   else None if found[8] is None else loads(found[8]))  # (None: dealt, Live.from_dict)
        live = self._live_of(game_id, initial, found[0], *found[4:8], found[9], found[10])
        return self._remember(live, found[4], int(found[10])), done, events

    def _caught_up(self, cached: Live, found: list) -> Live | None:
        """``cached`` brought to the stored version by the events after it (``redis_scripts.GET_IF_NEWER``'s
        answer without a state: ``replayed_state``) and the record as stored (parsed again only
        if its static part changed: a resignation, a seat, the clocks); None if it cannot be."""
        version = int(found[0])
        blobs = found[9]
        held = self._live.get(cached.game_id)
        if held is not cached:  # a concurrent read or commit replaced the copy meanwhile
            return held if held is not None and held.version == version else None
        state = None if len(blobs) != version - cached.version else replayed_state(
            cached.state, [_unpack(k, blob) for k, blob in enumerate(blobs, cached.version + 1)])
        if state is None:
            return None
        static = found[4]
        record = cached.record
        volatile = loads(found[7])
        if static != self._statics.get(cached.game_id):
            data = loads(static)
            data.update(id=cached.game_id, initial=record.initial)
            record = GameRecord.from_dict(data)
        return self._remember(Live(record, state, version, volatile["updated"], volatile["finished"],
                                   volatile["bot_to_move"], int(found[6])), static, int(found[10]))

    @staticmethod
    def _live_of(game_id: str, initial: Any, version: bytes, static: bytes, state: bytes, seq: bytes,
                 volatile: bytes, events: list[bytes], snapshot: bytes) -> Live:
        """The ``Live`` of the stored fields (the record's static part, ..., as JSON): the snapshot's
        state (at version ``snapshot``) with the ``events`` after it replayed (``replayed_state``),
        unless the game's rules changed since: then as of its snapshot, as SQLite reads it."""
        record = loads(static)
        record.update(loads(volatile), id=game_id, version=int(version), seq=int(seq), initial=initial,
                      state=loads(state) if state else None)  # (None: dealt, Live.from_dict)
        live = Live.from_dict(record)  # (a new object, changed below before anyone else holds it)
        if events:
            at = int(snapshot)
            if not registry.get(live.record.game).plays(live.record.rules_version):
                log.warning("snapshot_behind_changed_rules", game_id=game_id, snapshot=at, version=live.version)
                live.version = at  # nothing replays an event under rules it was not played under
            else:
                replayed = replayed_state(live.state, [_unpack(k, blob) for k, blob in enumerate(events, at + 1)])
                assert replayed is not None  # every kind a stored event can have (store._KINDS) is one it replays
                live.state = replayed
        return live

    def speculative_live(self, game_id: str) -> Live | None:
        return self._live.get(game_id)

    async def list_live(self, after_seq: int, limit: int, game: str = "") -> list[Live]:
        index = self._key("games", game) if game else self._key("games")
        ids = await self._answer(self._redis.zrangebyscore(index, f"({after_seq}", "+inf", start=0, num=limit))
        out = []
        for game_id in ids:
            try:
                live = await self.get_live(game_id.decode())
            except ServiceError:  # dealt under rules this server does not play (store.initial_state)
                continue
            if live is not None:  # deleted meanwhile
                out.append(live)
        return out

    async def events(self, game_id: str, after_version: int) -> list[EventRecord] | None:
        after_version = max(after_version, 0)
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.exists(self._key("g", game_id))
            pipe.lrange(self._key("e", game_id), after_version, -1)
            exists, blobs = await self._answer(pipe.execute())
        if not exists:
            return None
        return [_unpack(after_version + 1 + k, blob) for k, blob in enumerate(blobs)]

    async def find_request(self, game_id: str, request_id: str) -> EventRecord | None:
        found = await self._run("find_request", [self._key("r", game_id), self._key("e", game_id)], [request_id])
        return None if found is None else _unpack(int(found[0]), found[1])

    async def count(self) -> int:
        return await self._answer(self._redis.zcard(self._key("games")))

    async def count_finished(self) -> int:
        return await self._answer(self._redis.zcard(self._key("finished")))

    async def count_created_by(self, creator: str) -> int:
        return int(await self._answer(self._redis.hget(self._key("creators"), creator)) or 0)

    def cached(self) -> int:
        return len(self._live)

    async def bot_turn_games(self, limit: int = 10000) -> list[str]:
        members = await self._answer(self._redis.srandmember(self._key("botturn"), limit))
        return [m.decode() for m in members or ()]

    async def wait(self, game_id: str, version: int, timeout: float) -> None:
        changed = self._waiters.event(game_id)  # before reading: a change from now on sets it
        await self._watch(game_id)  # (and from now on, this process hears of it)
        live = await self.get_live(game_id)
        if live is None or live.version != version or live.finished is not None:
            return
        await self._waiters.until(changed, timeout)

    # --- writing --------------------------------------------------------------------------
    @staticmethod
    def _static_blob(record: GameRecord) -> bytes:
        static = static_part(record)
        del static["id"]  # the key names it
        return dumps(static)

    @staticmethod
    def _volatile_blob(live: Live) -> bytes:
        return dumps({"updated": live.updated, "finished": live.finished, "bot_to_move": live.bot_to_move})

    async def create_live(self, live: Live, max_per_creator: int = 0) -> Live:
        record = live.record
        game_id = live.game_id
        creator = record.creator
        static = self._static_blob(record)
        seq = await self._run("create", [self._key("g", game_id), self._key("seq"), self._key("games"),
                                         self._key("games", record.game), self._key("botturn"),
                                         self._key("creators")],
                              [game_id, static, "" if record.initial is None else dumps(record.initial),
                               record.game, int(live.bot_to_move),
                               self.max_games or 0, self._volatile_blob(live), creator or "", max_per_creator])
        if seq == -1:
            raise KeyError(f"game {game_id} exists")
        if seq == -2:
            raise StoreFull(self.max_games)
        if seq == -3:
            raise ClientFull(max_per_creator, creator)
        return self._remember(live.replace(seq=seq, version=0), static, 0)

    async def commit_live(self, game_id: str, expected_version: int, live: Live,
                          events: list[EventRecord]) -> bool:
        check_numbering(expected_version, live.version, events)
        current = self._live.get(game_id)
        # unchanged since the version we hold, if the compare-and-set succeeds
        static = "" if current is not None and current.version == expected_version and (
            live.record is current.record) else self._static_blob(live.record)
        # the snapshot: due every SNAPSHOT_EVERY events, at the end, and where the stored one is not known
        known = self._snapshots.get(game_id) if current is not None else None
        snapshot = known is None or live.finished is not None or live.version - known >= SNAPSHOT_EVERY
        args = [game_id, expected_version, live.version, static, dumps(live.state.to_dict()) if snapshot else "",
                "" if live.finished is None else live.finished,
                int(live.bot_to_move), self._channel(game_id), self._volatile_blob(live)]
        for event in events:
            args += [pack_event(event), request_id_of(event) or ""]
        done = await self._run("commit", [self._key("g", game_id), self._key("e", game_id), self._key("r", game_id),
                                          self._key("finished"), self._key("botturn")], args)
        if done != 1:
            if isinstance(done, list):  # the game moved on: this process's copy becomes the stored one
                version, static, state, seq, volatile, at, blobs = done
                fresh = self._live_of(game_id, live.record.initial, version, static, state, seq, volatile, blobs, at)
                held = self._live.get(game_id)
                if held is None or held.version < fresh.version:
                    self._remember(fresh, static, int(at))
            else:
                self._forget(game_id)
            return False
        seq = live.seq if current is None else current.seq
        if seq is not None:
            if live.seq != seq:
                live = live.replace(seq=seq)
            # ("": the record as the copy's, its static part too)
            self._remember(live, static or None, live.version if snapshot else None)
        return True

    async def delete(self, game_id: str) -> bool:
        self._forget(game_id)
        return bool(await self._run("delete", [], [PREFIX, game_id, self._channel(game_id)]))

    async def expire_finished(self, before: float, limit: int = 1000) -> list[str]:
        ids = await self._answer(self._redis.zrangebyscore(self._key("finished"), "-inf", f"({before}", start=0,
                                                           num=limit))
        out = []
        for game_id in (i.decode() for i in ids):
            if await self.delete(game_id):
                out.append(game_id)
        return out

    async def get_doc(self, key: str) -> tuple[int, Any] | None:
        version, value = await self._answer(self._redis.hmget(self._key("doc", key), "v", "d"))
        return None if version is None else (int(version), loads(value))

    async def put_doc(self, key: str, expected_version: int, value: Any, ttl: float = 0.0) -> bool:
        # a ttl is Redis's own expiry of the key (PEXPIRE): Redis deletes it, no sweep needed
        return bool(await self._run("put_doc", [self._key("doc", key)],
                                    [expected_version, dumps(value), max(0, int(ttl * 1000))]))

    async def expire_docs(self, when: float) -> int:
        return 0  # Redis expired them itself

    async def mark_alive(self, when: float) -> float | None:
        previous = await self._answer(self._redis.set(self._key("alive"), repr(when), get=True))
        return None if previous is None else float(previous)

    async def lease(self, game_id: str, holder: str, seconds: float) -> bool:
        return bool(await self._run("lease", [self._key("lease", game_id)], [holder, int(seconds * 1000)]))

    async def release(self, game_id: str, holder: str) -> None:
        await self._run("release", [self._key("lease", game_id)], [holder])
