"""Games in Redis, shared by any number of server processes on any number of machines
(``--store redis://HOST:PORT[/DB]``; the ``redis`` package, asyncio, with hiredis).

Any process serves any game: there is no owner. Every change is a Lua script,
which Redis runs alone, so a commit is a compare-and-set on the version: the
record and the state are replaced and the events appended only if the stored
version is still the expected one. A commit publishes the game's id on one
channel; each process has one subscription and wakes its own waiters
(WatchGame, a SubmitMove waiting for the next decision). A missed message (a
dropped connection) costs at most a waiter's poll interval: every wait starts
by reading the version.

Each process caches live games (``Live``: the parsed state, converted views):
a read asks Redis for the version only (``GET_IF_NEWER``: one round trip, a few
bytes) and uses the cache when it matches, so a hot game is not rebuilt per
call; otherwise it gets the record and state in the same round trip.
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
part as JSON (rewritten only when it changes: a resignation), ``s`` the state,
``i`` the initial state, ``q`` the creation sequence number, ``n`` the game's
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
take-backs (``boardbot.server.take_back``; no key changes: 4 is taken up as it is). ``open`` reads ``schema`` (setting it
on a new database), migrates an older layout it knows, and refuses a newer one
(``NewerSchema``) before it reads or writes a game. Each process checks when it
opens: upgrade every process on one Redis before any of them opens a newer layout.
"""

from __future__ import annotations

import asyncio
import collections
from typing import Any

import redis.asyncio as redis
import structlog

from boardbot.engine import registry

from .records import GameRecord
from .store import (ClientFull, EventRecord, GameStore, Live, NewerSchema, StoreFull, StoreUnavailable, Waiters,
                    check_numbering, dumps, loads, pack_event, replayed_state, request_id_of, static_part, unpack_event)

log = structlog.get_logger("boardbot.server")

# of the key layout (the module docstring): 2, records carry their rules_version; 3, events of seats,
# forfeits on time and resumed clocks, records with lobby options and clocks, which 2 would misread;
# 4, a searching bot's move keeps its search notes (store.pack_event), which 3 would read as a
# request's fingerprint; 5, take-backs (an event that sets the state back), which 4 cannot read
SCHEMA_VERSION = 5

PREFIX = "boardbot:"
CHANNEL = PREFIX + "changed"
LIVE_CACHE = 4096
# a cached game at most this many versions behind is caught up by the events after it (one round
# trip; a move is a few microseconds, a state's JSON and its State tens), not by reading the state
CATCH_UP_EVENTS = 16
MAX_CONNECTIONS = 64  # to Redis, per server process

# KEYS: game, seq, games, games:<name>, botturn, creators; ARGV: id, the record's static part, state,
# initial state, name, bot to move ('1'/'0'), max games (0: none), the volatile fields (JSON),
# creator ('': unknown), max games per creator (0: none)
_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return -1 end
local limit = tonumber(ARGV[7])
if limit > 0 and redis.call('ZCARD', KEYS[3]) >= limit then return -2 end
local creator, per_creator = ARGV[9], tonumber(ARGV[10])
if creator ~= '' and per_creator > 0 and tonumber(redis.call('HGET', KEYS[6], creator) or '0') >= per_creator then
  return -3
end
local seq = redis.call('INCR', KEYS[2])
redis.call('HSET', KEYS[1], 'v', 0, 'r', ARGV[2], 's', ARGV[3], 'i', ARGV[4], 'q', seq, 'n', ARGV[5], 'm', ARGV[8])
if creator ~= '' then
  redis.call('HSET', KEYS[1], 'c', creator)
  redis.call('HINCRBY', KEYS[6], creator, 1)
end
redis.call('ZADD', KEYS[3], seq, ARGV[1])
redis.call('ZADD', KEYS[4], seq, ARGV[1])
if ARGV[6] == '1' then redis.call('SADD', KEYS[5], ARGV[1]) end
return seq
"""

# KEYS: game, events, requests, finished, botturn; ARGV: id, expected, version, the record's static
# part ('': unchanged), state, finished ('' while running), bot to move ('1'/'0'), channel, the
# volatile fields (JSON), then per event: its JSON, its request id or ''. Returns 1 (committed), 0
# (no game), -1 (an event's request id is stored already: a retry), or, if the version is not the
# expected one, the version, the record's static part, state, sequence number and volatile fields
# (what the process's copy becomes: a commit tried on a copy behind the store costs no extra read)
_COMMIT = """
local v = redis.call('HGET', KEYS[1], 'v')
if not v then return 0 end
for i = 11, #ARGV, 2 do
  if ARGV[i] ~= '' and redis.call('HEXISTS', KEYS[3], ARGV[i]) == 1 then return -1 end
end
if v ~= ARGV[2] then
  local out = redis.call('HMGET', KEYS[1], 'v', 'r', 's', 'q', 'm')
  return out
end
redis.call('HSET', KEYS[1], 'v', ARGV[3], 's', ARGV[5], 'm', ARGV[9])
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'r', ARGV[4]) end
local version = tonumber(ARGV[2])
for i = 10, #ARGV, 2 do
  version = version + 1
  redis.call('RPUSH', KEYS[2], ARGV[i])
  if ARGV[i + 1] ~= '' then redis.call('HSET', KEYS[3], ARGV[i + 1], version) end
end
if ARGV[6] ~= '' then redis.call('ZADD', KEYS[4], ARGV[6], ARGV[1]) end
if ARGV[7] == '1' then redis.call('SADD', KEYS[5], ARGV[1]) else redis.call('SREM', KEYS[5], ARGV[1]) end
redis.call('PUBLISH', ARGV[8], ARGV[1])
return 1
"""

# KEYS: game, requests, events; ARGV: the version this process has (or ''), whether the initial
# state is wanted, a request id to look up (or ''), the version after which the events are wanted
# (or ''), the most events this process would rather apply to its copy than read the state ('0':
# none). Returns nil (no game), or the version, the request's version and event (false: none), the
# events wanted (false: none), then, if the version is not ARGV[1], the record's static part, state,
# sequence number, volatile fields and (if wanted) the initial state; or, if the version is at most
# ARGV[5] past ARGV[1], the record's static part, false, sequence number, volatile fields, false and
# the events after ARGV[1] (what the process's copy needs to catch up: no state)
_GET_IF_NEWER = """
local v = redis.call('HGET', KEYS[1], 'v')
if not v then return nil end
local out = {v, false, false, false}
if ARGV[3] ~= '' then
  local at = redis.call('HGET', KEYS[2], ARGV[3])
  if at then out[2], out[3] = at, redis.call('LINDEX', KEYS[3], tonumber(at) - 1) end
end
if ARGV[4] ~= '' then out[4] = redis.call('LRANGE', KEYS[3], tonumber(ARGV[4]), -1) end
if v == ARGV[1] then return out end
local had, now = tonumber(ARGV[1]), tonumber(v)
if had and now > had and now - had <= tonumber(ARGV[5]) then
  local fields = redis.call('HMGET', KEYS[1], 'r', 'q', 'm')
  out[5], out[6], out[7], out[8], out[9] = fields[1], false, fields[2], fields[3], false
  out[10] = redis.call('LRANGE', KEYS[3], had, now - 1)
  return out
end
local fields = redis.call('HMGET', KEYS[1], 'r', 's', 'q', 'm', 'i')
for i = 1, (ARGV[2] == '1' and 5 or 4) do out[#out + 1] = fields[i] end
return out
"""

# KEYS: requests, events; ARGV: request id
_FIND_REQUEST = """
local v = redis.call('HGET', KEYS[1], ARGV[1])
if not v then return nil end
return {v, redis.call('LINDEX', KEYS[2], tonumber(v) - 1)}
"""

# ARGV: prefix, id, channel
_DELETE = """
local game = ARGV[1] .. 'g:' .. ARGV[2]
local name, creator = unpack(redis.call('HMGET', game, 'n', 'c'))
if not name then return 0 end
if creator and redis.call('HINCRBY', ARGV[1] .. 'creators', creator, -1) <= 0 then
  redis.call('HDEL', ARGV[1] .. 'creators', creator)
end
redis.call('DEL', game, ARGV[1] .. 'e:' .. ARGV[2], ARGV[1] .. 'r:' .. ARGV[2], ARGV[1] .. 'lease:' .. ARGV[2])
redis.call('ZREM', ARGV[1] .. 'games', ARGV[2])
redis.call('ZREM', ARGV[1] .. 'games:' .. name, ARGV[2])
redis.call('ZREM', ARGV[1] .. 'finished', ARGV[2])
redis.call('SREM', ARGV[1] .. 'botturn', ARGV[2])
redis.call('PUBLISH', ARGV[3], ARGV[2])
return 1
"""

# KEYS: schema, seq; ARGV: this server's schema version. The stored schema version: a database with
# no schema key is of version 1 if it ever held a game (seq), else new (the key is set to ARGV[1])
_SCHEMA = """
local v = redis.call('GET', KEYS[1])
if v then return tonumber(v) or -1 end
if redis.call('EXISTS', KEYS[2]) == 1 then return 1 end
redis.call('SET', KEYS[1], ARGV[1])
return tonumber(ARGV[1])
"""

# KEYS: schema; ARGV: the version found, the version it becomes. 0 if another process changed it
_SET_SCHEMA = """
local v = redis.call('GET', KEYS[1])
if (v or '1') ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2])
return 1
"""

# what brings a layout of version N (the key) to N + 1: a Lua script a process opening it runs
# (idempotent: two may run it at once; "": no key changes). 1 to 2 changes none: GameRecord.from_dict
# reads a record without its rules_version
MIGRATIONS = {1: "", 2: "", 3: "", 4: ""}

# KEYS: lease; ARGV: holder, milliseconds
_LEASE = """
local holder = redis.call('GET', KEYS[1])
if not holder or holder == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
"""

# KEYS: the document; ARGV: the version expected ('0': none yet), the new value. 1 if stored
_PUT_DOC = """
if (redis.call('HGET', KEYS[1], 'v') or '0') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'v', tonumber(ARGV[1]) + 1, 'd', ARGV[2])
local ttl = tonumber(ARGV[3] or '0')
if ttl > 0 then redis.call('PEXPIRE', KEYS[1], ttl) else redis.call('PERSIST', KEYS[1]) end
return 1
"""

_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
"""


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
        self._reading: dict[tuple[str, int], asyncio.Future] = {}  # live_and_events's reads under way
        self._waiters = Waiters()
        self._listener: asyncio.Task | None = None
        self._subscribed = asyncio.Event()

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
        try:
            await self._redis.ping()
        except (redis.ConnectionError, OSError) as err:
            raise StoreUnavailable(f"cannot reach the Redis store at {self.url}: {err}") from None
        for name, source in (("create", _CREATE), ("commit", _COMMIT), ("get", _GET_IF_NEWER),
                             ("find_request", _FIND_REQUEST), ("delete", _DELETE), ("lease", _LEASE),
                             ("release", _RELEASE), ("put_doc", _PUT_DOC), ("schema", _SCHEMA), ("set_schema", _SET_SCHEMA)):
            self._scripts[name] = self._redis.register_script(source)
        try:
            await self._check_schema()
        except BaseException:
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
            if found not in MIGRATIONS:
                raise StoreUnavailable(f"{where} holds a schema version {found}, which no boardbot wrote "
                                       f"(this server knows 1 to {SCHEMA_VERSION})")
            if MIGRATIONS[found]:
                await self._answer(self._redis.eval(MIGRATIONS[found], 0))
            # the version moves on only if no other process moved it meanwhile
            if await self._run("set_schema", [self._key("schema")], [found, found + 1]):
                log.info("redis_schema_migrated", store=self.url, version=found + 1)

    async def _listen(self) -> None:
        """Wake this process's waiters for every game another process (or this one) changed."""
        while True:
            pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANNEL)
                self._subscribed.set()
                async for message in pubsub.listen():
                    if message is not None and message["type"] == "message":
                        self._waiters.notify(message["data"].decode())
            except asyncio.CancelledError:
                await pubsub.aclose()
                raise
            except (redis.ConnectionError, OSError) as err:
                log.error("redis_subscription_lost", error=repr(err))
                await pubsub.aclose()
                await asyncio.sleep(1.0)

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            await asyncio.gather(self._listener, return_exceptions=True)
        if self._redis is not None:
            await self._redis.aclose()
            self._redis = None

    async def _run(self, name: str, keys: list, args: list):
        return await self._answer(self._scripts[name](keys=keys, args=args))

    async def _answer(self, call):
        """``await call``, Redis not answering as ``StoreUnavailable`` (the caller's UNAVAILABLE)."""
        try:
            return await call
        except (redis.ConnectionError, redis.TimeoutError, OSError) as err:
            raise StoreUnavailable(f"the Redis store at {self.url} does not answer: {err}") from None

    # --- the cache ----------------------------------------------------------------------
    def _remember(self, live: Live, static: bytes | None = None) -> Live:
        """Cache ``live``; ``static``: its record's static part as stored (None: as the cached one's)."""
        game_id, previous = live.game_id, self._live.get(live.game_id)
        if static is not None:
            self._statics[game_id] = static
        elif previous is None or previous.record is not live.record:
            self._statics.pop(game_id, None)  # (not known: the next catch-up parses the record)
        self._live[game_id] = live
        self._live.move_to_end(game_id)
        while len(self._live) > LIVE_CACHE:
            self._statics.pop(self._live.popitem(last=False)[0], None)
        return live

    def _forget(self, game_id: str) -> None:
        self._live.pop(game_id, None)
        self._statics.pop(game_id, None)

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
                                     cached.record.rules_version == registry.get(cached.record.game).rules_version)
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
        initial = cached.record.initial if cached is not None else loads(found[8])
        return self._remember(self._live_of(game_id, initial, found[0], *found[4:8]), found[4]), done, events

    def _caught_up(self, cached: Live, found: list) -> Live | None:
        """``cached`` brought to the stored version by the events after it (``_GET_IF_NEWER``'s
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
                                   volatile["bot_to_move"], int(found[6])), static)

    @staticmethod
    def _live_of(game_id: str, initial: Any, version: bytes, static: bytes, state: bytes, seq: bytes,
                 volatile: bytes) -> Live:
        """The ``Live`` of the stored fields (the record's static part, ..., as JSON)."""
        record = loads(static)
        record.update(loads(volatile), id=game_id, version=int(version), seq=int(seq), initial=initial,
                      state=loads(state))
        return Live.from_dict(record)

    def speculative_live(self, game_id: str) -> Live | None:
        return self._live.get(game_id)

    async def list_live(self, after_seq: int, limit: int, game: str = "") -> list[Live]:
        index = self._key("games", game) if game else self._key("games")
        ids = await self._answer(self._redis.zrangebyscore(index, f"({after_seq}", "+inf", start=0, num=limit))
        out = []
        for game_id in ids:
            live = await self.get_live(game_id.decode())
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
        initial = dumps(record.initial)  # (version 0's state is the initial one: one serialization for both)
        static = self._static_blob(record)
        seq = await self._run("create", [self._key("g", game_id), self._key("seq"), self._key("games"),
                                         self._key("games", record.game), self._key("botturn"),
                                         self._key("creators")],
                              [game_id, static, initial,
                               initial, record.game, int(live.bot_to_move),
                               self.max_games or 0, self._volatile_blob(live), creator or "", max_per_creator])
        if seq == -1:
            raise KeyError(f"game {game_id} exists")
        if seq == -2:
            raise StoreFull(self.max_games)
        if seq == -3:
            raise ClientFull(max_per_creator, creator)
        return self._remember(live.replace(seq=seq, version=0), static)

    async def commit_live(self, game_id: str, expected_version: int, live: Live,
                          events: list[EventRecord]) -> bool:
        check_numbering(expected_version, live.version, events)
        current = self._live.get(game_id)
        # unchanged since the version we hold, if the compare-and-set succeeds
        static = "" if current is not None and current.version == expected_version and (
            live.record is current.record) else self._static_blob(live.record)
        args = [game_id, expected_version, live.version, static, dumps(live.state.to_dict()),
                "" if live.finished is None else live.finished,
                int(live.bot_to_move), CHANNEL, self._volatile_blob(live)]
        for event in events:
            args += [pack_event(event), request_id_of(event) or ""]
        done = await self._run("commit", [self._key("g", game_id), self._key("e", game_id), self._key("r", game_id),
                                          self._key("finished"), self._key("botturn")], args)
        if done != 1:
            if isinstance(done, list):  # the game moved on: this process's copy becomes the stored one
                fresh = self._live_of(game_id, live.record.initial, *done)
                held = self._live.get(game_id)
                if held is None or held.version < fresh.version:
                    self._remember(fresh, done[1])
            else:
                self._forget(game_id)
            return False
        seq = live.seq if current is None else current.seq
        if seq is not None:
            if live.seq != seq:
                live = live.replace(seq=seq)
            self._remember(live, static or None)  # ("": the record as the copy's, its static part too)
        return True

    async def delete(self, game_id: str) -> bool:
        self._forget(game_id)
        return bool(await self._run("delete", [], [PREFIX, game_id, CHANNEL]))

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
