"""The Redis store's scripts (``boardbot.server.redis_store``): the Lua source of each (Redis
runs a script alone: every change of a game is one, a compare-and-set), the migrations of
older key layouts, and the connections the scripts run on (``ScriptConnections``)."""

from __future__ import annotations

import asyncio

import hiredis
import redis.asyncio as redis

# KEYS: game, seq, games, games:<name>, botturn, creators; ARGV: id, the record's static part,
# initial state ('': the deal of the record's seed, not stored: schema 7), name, bot to move ('1'/'0'),
# max games (0: none), the volatile fields (JSON), creator ('': unknown), max games per creator (0:
# none). The snapshot is the initial state (``sv`` 0, no ``s``: the state is not stored twice)
CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return -1 end
local limit = tonumber(ARGV[6])
if limit > 0 and redis.call('ZCARD', KEYS[3]) >= limit then return -2 end
local creator, per_creator = ARGV[8], tonumber(ARGV[9])
if creator ~= '' and per_creator > 0 and tonumber(redis.call('HGET', KEYS[6], creator) or '0') >= per_creator then
  return -3
end
local seq = redis.call('INCR', KEYS[2])
redis.call('HSET', KEYS[1], 'v', 0, 'sv', 0, 'r', ARGV[2], 'q', seq, 'n', ARGV[4], 'm', ARGV[7])
if ARGV[3] ~= '' then redis.call('HSET', KEYS[1], 'i', ARGV[3]) end
if creator ~= '' then
  redis.call('HSET', KEYS[1], 'c', creator)
  redis.call('HINCRBY', KEYS[6], creator, 1)
end
redis.call('ZADD', KEYS[3], seq, ARGV[1])
redis.call('ZADD', KEYS[4], seq, ARGV[1])
if ARGV[5] == '1' then redis.call('SADD', KEYS[5], ARGV[1]) end
return seq
"""

# KEYS: game, events, requests, finished, botturn; ARGV: id, expected, version, the record's static
# part ('': unchanged), the state if this commit writes the snapshot ('': it does not), finished (''
# while running), bot to move ('1'/'0'), channel, the volatile fields (JSON), then per event: its
# JSON, its request id or ''. Returns 1 (committed), 0 (no game), -1 (an event's request id is
# stored already: a retry), or, if the version is not the expected one, the version, the record's
# static part, the snapshot's state, sequence number, volatile fields, the snapshot's version and
# the events after it (what the process's copy becomes: a commit tried on a copy behind the store
# costs no extra read)
COMMIT = """
local v = redis.call('HGET', KEYS[1], 'v')
if not v then return 0 end
for i = 11, #ARGV, 2 do
  if ARGV[i] ~= '' and redis.call('HEXISTS', KEYS[3], ARGV[i]) == 1 then return -1 end
end
if v ~= ARGV[2] then
  local out = redis.call('HMGET', KEYS[1], 'v', 'r', 's', 'q', 'm', 'sv', 'i')
  if not out[3] then out[3] = out[7] end
  out[7] = redis.call('LRANGE', KEYS[2], tonumber(out[6]), tonumber(v) - 1)
  return out
end
if ARGV[5] ~= '' then
  redis.call('HSET', KEYS[1], 'v', ARGV[3], 's', ARGV[5], 'sv', ARGV[3], 'm', ARGV[9])
else
  redis.call('HSET', KEYS[1], 'v', ARGV[3], 'm', ARGV[9])
end
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'r', ARGV[4]) end
local version = tonumber(ARGV[2])
for i = 10, #ARGV, 2 do
  version = version + 1
  redis.call('RPUSH', KEYS[2], ARGV[i])
  if ARGV[i + 1] ~= '' then redis.call('HSET', KEYS[3], ARGV[i + 1], version) end
end
if ARGV[6] ~= '' then redis.call('ZADD', KEYS[4], ARGV[6], ARGV[1]) end
if ARGV[7] == '1' then redis.call('SADD', KEYS[5], ARGV[1]) else redis.call('SREM', KEYS[5], ARGV[1]) end
redis.call('PUBLISH', ARGV[8], 1)
return 1
"""

# KEYS: game, requests, events; ARGV: the version this process has (or ''), whether the initial
# state is wanted, a request id to look up (or ''), the version after which the events are wanted
# (or ''), the most events this process would rather apply to its copy than read the state ('0':
# none). Returns nil (no game), or the version, the request's version and event (false: none), the
# events wanted (false: none), then, if the version is not ARGV[1], the record's static part, the
# snapshot's state ('': a dealt game's initial state, not stored), sequence number, volatile fields,
# the initial state (false: not wanted or not stored), the
# events after the snapshot and the snapshot's version; or, if the version is at most ARGV[5] past
# ARGV[1], the record's static part, false, sequence number, volatile fields, false, the events
# after ARGV[1] (what the process's copy needs to catch up: no state) and the snapshot's version
GET_IF_NEWER = """
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
  local fields = redis.call('HMGET', KEYS[1], 'r', 'q', 'm', 'sv')
  out[5], out[6], out[7], out[8], out[9] = fields[1], false, fields[2], fields[3], false
  out[10], out[11] = redis.call('LRANGE', KEYS[3], had, now - 1), fields[4]
  return out
end
local fields = redis.call('HMGET', KEYS[1], 'r', 's', 'q', 'm', 'i', 'sv')
out[5], out[6], out[7], out[8], out[9] = fields[1], fields[2] or fields[5] or '', fields[3], fields[4], false
if ARGV[2] == '1' then out[9] = fields[5] end
out[10], out[11] = redis.call('LRANGE', KEYS[3], tonumber(fields[6]), now - 1), fields[6]
return out
"""

# KEYS: requests, events; ARGV: request id
FIND_REQUEST = """
local v = redis.call('HGET', KEYS[1], ARGV[1])
if not v then return nil end
return {v, redis.call('LINDEX', KEYS[2], tonumber(v) - 1)}
"""

# ARGV: prefix, id, the game's channel
DELETE = """
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
redis.call('PUBLISH', ARGV[3], 1)
return 1
"""

# KEYS: schema, seq; ARGV: this server's schema version. The stored schema version: a database with
# no schema key is of version 1 if it ever held a game (seq), else new (the key is set to ARGV[1])
SCHEMA = """
local v = redis.call('GET', KEYS[1])
if v then return tonumber(v) or -1 end
if redis.call('EXISTS', KEYS[2]) == 1 then return 1 end
redis.call('SET', KEYS[1], ARGV[1])
return tonumber(ARGV[1])
"""

# KEYS: schema; ARGV: the version found, the version it becomes. 0 if another process changed it
SET_SCHEMA = """
local v = redis.call('GET', KEYS[1])
if (v or '1') ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2])
return 1
"""

# 5 to 6: every game's state was written at its last version; it becomes the snapshot of that version
# (``sv``). One script, so atomic: no process of schema 6 commits before it ran (the schema key moves
# on after it), and a second run changes nothing (HSETNX)
SNAPSHOT_AT_THE_VERSION = """
for _, id in ipairs(redis.call('ZRANGE', ARGV[1] .. 'games', 0, -1)) do
  local game = ARGV[1] .. 'g:' .. id
  local v = redis.call('HGET', game, 'v')
  if v then redis.call('HSETNX', game, 'sv', v) end
end
return 1
"""

# what brings a layout of version N (the key) to N + 1: a Lua script a process opening it runs, with
# ARGV[1] the key prefix (idempotent: two may run it at once; "": no key changes). 1 to 2 changes
# none: GameRecord.from_dict reads a record without its rules_version
MIGRATIONS = {1: "", 2: "", 3: "", 4: "", 5: SNAPSHOT_AT_THE_VERSION, 6: ""}  # (6 to 7: games keep their 'i')

# KEYS: lease; ARGV: holder, milliseconds
LEASE = """
local holder = redis.call('GET', KEYS[1])
if not holder or holder == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
"""

# KEYS: the document; ARGV: the version expected ('0': none yet), the new value. 1 if stored
PUT_DOC = """
if (redis.call('HGET', KEYS[1], 'v') or '0') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'v', tonumber(ARGV[1]) + 1, 'd', ARGV[2])
local ttl = tonumber(ARGV[3] or '0')
if ttl > 0 then redis.call('PEXPIRE', KEYS[1], ttl) else redis.call('PERSIST', KEYS[1]) end
return 1
"""

RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
"""


class ScriptConnections:
    """The connections the store's scripts run on (every call's round trip): redis-py's own
    ``Connection`` (its protocol, hiredis's parser), from a free list. Not redis-py's pool:
    in redis-py 8 its checkout and return cost about 36 µs of CPU a command in process (an
    EVALSHA 75 µs through ``BlockingConnectionPool``, 39 µs on a ``Connection`` alone: its
    condition, lock and timeout, its connection-count hooks, a readability check of the
    socket), as much as the rest of the round trip. At most ``limit`` at once (then a call
    waits up to ``wait`` seconds for one, as the blocking pool did); a connection whose
    command failed other than by Redis's answer is closed, not reused, and a command on an
    idle connection that turns out closed (Redis restarted) is sent again once on a new one
    (as redis-py's retry does: every script is safe to run again, a commit's compare-and-set
    and request-id check refusing a second run)."""

    def __init__(self, make, limit: int, wait: float):
        self._make = make
        self._free: list = []
        self._slots = asyncio.Semaphore(limit)
        self._wait = wait

    async def call(self, *args):
        if self._slots.locked():
            try:
                async with asyncio.timeout(self._wait):
                    await self._slots.acquire()
            except TimeoutError:
                raise redis.ConnectionError("no connection to Redis free") from None
        else:
            await self._slots.acquire()  # (at once: a slot is free)
        try:
            idle = bool(self._free)
            try:
                return await self._on(self._free.pop() if idle else self._make(), args)
            except (redis.ConnectionError, OSError):
                if not idle:
                    raise
                return await self._on(self._make(), args)
        finally:
            self._slots.release()

    async def _on(self, connection, args):
        try:
            if not connection.is_connected:
                await connection.connect()
            # packed by hiredis in one C call (redis-py's send_command encodes each argument in Python
            # first: about 0.5 µs an argument, and a commit has 16 or more)
            await connection.send_packed_command(hiredis.pack_command(args))
            answer = await connection.read_response()
        except redis.ResponseError:
            self._free.append(connection)  # Redis answered (an error): the connection is sound
            raise
        except BaseException:
            await connection.disconnect(nowait=True)  # maybe half read: never reused
            raise
        self._free.append(connection)
        return answer

    async def close(self) -> None:
        free, self._free = self._free, []
        for connection in free:
            await connection.disconnect()
