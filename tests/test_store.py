"""The store: live games in memory and on each durable store, one interface for all (a
store of JSON records alone serves), and the engine contract the shared live states rely
on (reading a state never changes it)."""

import asyncio
import collections
import dataclasses
import json
import random

import pytest

from boardbot.client import Client
from boardbot.engine import registry
from boardbot.engine.core import TERMINAL
from boardbot.server.records import GameRecord
from boardbot.server.redis_store import RedisStore
from boardbot.server.sqlite_store import SCHEMA_VERSION, SqliteStore
from boardbot.server.memory_store import UNPACKED_FINISHED, InMemoryStore
from boardbot.server.store import ClientFull, GameStore, Live, StoreFull

from conftest import play_randomly


def new_live(game_id="g1", name="frogriders", seed=1) -> Live:
    state = registry.get(name).new_state({}, seed)
    return Live(GameRecord(game_id, name, state.config, seed, (), "", state.to_dict(), 1.0), state)


def next_live(live: Live, rng: random.Random) -> tuple[Live, dict]:
    state = live.state.copy()
    moves = state.legal_moves()
    move = moves[rng.randrange(len(moves))]
    state.apply(move)
    version = live.version + 1
    return live.replace(version=version, state=state), {
        "version": version, "kind": "move", "seat": 0, "by_bot": False, "move": state.game.move_to_dict(move),
        "time": 1.5}


def run(coro):
    return asyncio.run(coro)


STORES = ["memory", "sqlite", "redis"]


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory):
    from tests.processes import RedisServer

    server = RedisServer(tmp_path_factory.mktemp("redis"))
    yield server
    server.stop()


@pytest.fixture(params=STORES)
def make(request, tmp_path):
    """A factory of opened stores of one kind (each test starts with an empty one)."""
    kind = request.param
    if kind == "redis":
        import redis

        url = request.getfixturevalue("redis_server").url
        with redis.Redis.from_url(url) as r:
            r.flushdb()

    async def opened(**options) -> GameStore:
        if kind == "memory":
            store = InMemoryStore(**options)
        elif kind == "sqlite":
            store = SqliteStore(str(tmp_path / "games.sqlite3"), **options)
        else:
            store = RedisStore(url, **options)
        await store.open()
        return store
    opened.kind = kind
    return opened


def finished_live(live: Live, when: float, rng: random.Random) -> tuple[Live, list[dict]]:
    """``live`` played to its end with random moves: the last version, its events."""
    events = []
    while live.state.decider() != TERMINAL:
        live, event = next_live(live, rng)
        events.append(event)
    return live.replace(finished=when), events


def test_live_games_compare_and_set(make):
    async def go():
        store = await make()
        created = await store.create_live(new_live())
        assert created.seq == 1 and created.version == 0
        live = await store.get_live("g1")
        if make.kind == "memory":
            assert live is created  # no copy, no parsing: read-only by contract
        rng = random.Random(1)
        one, event = next_live(live, rng)
        assert await store.commit_live("g1", 0, one, [event])
        stale, event2 = next_live(live, rng)
        assert not await store.commit_live("g1", 0, stale, [event2])  # lost the race: nothing changes
        assert (await store.get_live("g1")).state.to_dict() == one.state.to_dict()
        assert live.state.to_dict() == created.state.to_dict()  # the old version is untouched
        with pytest.raises(ValueError):
            bad, _ = next_live(one, rng)
            await store.commit_live("g1", 1, bad, [dict(event, version=5)])
        assert await store.events("g1", 0) == [event] and await store.events("g1", 1) == []
        # the stored form: private copies with the state's dict form
        record = (await store.get_live("g1")).to_dict()
        assert record["state"] == one.state.to_dict() and record["version"] == 1 and record["seq"] == 1
        record["seats"].append("junk")
        record["state"]["junk"] = 1
        assert (await store.get_live("g1")).to_dict()["seats"] == []
        assert [r.game_id for r in await store.list_live(0, 10)] == ["g1"] and await store.count() == 1
        assert await store.delete("g1") and await store.get_live("g1") is None and await store.events("g1", 0) is None
        assert not await store.delete("g1") and await store.count() == 0
        await store.close()

    run(go())


def test_wait_wakes_on_a_commit_or_a_delete_and_times_out(make):
    async def go():
        store = await make()
        live = await store.create_live(new_live())
        loop = asyncio.get_running_loop()
        waiters = [asyncio.ensure_future(store.wait("g1", 0, 5.0)) for _ in range(3)]
        await asyncio.sleep(0.01)
        started = loop.time()
        one, event = next_live(live, random.Random(2))
        await store.commit_live("g1", 0, one, [event])
        await asyncio.gather(*waiters)
        assert loop.time() - started < 1.0
        started = loop.time()
        await store.wait("g1", 1, 0.05)
        assert 0.04 <= loop.time() - started < 1.0
        waiter = asyncio.ensure_future(store.wait("g1", 1, 5.0))
        await asyncio.sleep(0.01)
        await store.delete("g1")
        await asyncio.wait_for(waiter, 1.0)
        await store.wait("g1", 1, 5.0)  # gone: at once
        await store.close()

    run(go())


def test_requests_paging_expiry_and_the_cap(make):
    async def go():
        store = await make(max_games=3)
        rng = random.Random(3)
        lives = [await store.create_live(new_live(f"g{i}", "frogriders" if i % 2 else "froccs")) for i in range(3)]
        with pytest.raises(StoreFull) as full:
            await store.create_live(new_live("g3"))
        assert full.value.limit == 3 and await store.count() == 3
        assert [r.game_id for r in await store.list_live(1, 10, "froccs")] == ["g2"]
        assert [r.game_id for r in await store.list_live(0, 2)] == ["g0", "g1"]
        # a client's request, found by its id with its fingerprint
        one, event = next_live(lives[0], rng)
        event["request"] = {"id": "r-1", "fp": "abc"}
        assert await store.commit_live("g0", 0, one.replace(bot_to_move=True), [event])
        assert (await store.find_request("g0", "r-1"))["request"] == {"id": "r-1", "fp": "abc"}
        assert await store.find_request("g0", "r-2") is None and await store.find_request("nope", "r-1") is None
        assert await store.bot_turn_games() == ["g0"]
        # finished games expire (with their events) once they are older than the cut; running ones stay
        old, old_events = finished_live(lives[1], 1000.0, rng)
        assert await store.commit_live("g1", 0, old, old_events)
        new, new_events = finished_live(lives[2], 2000.0, rng)
        assert await store.commit_live("g2", 0, new, new_events)
        assert (await store.get_live("g1")).state.to_dict() == old.state.to_dict()  # finished: still read
        assert await store.events("g1", 0) == old_events
        assert await store.expire_finished(1500.0) == ["g1"]
        assert await store.get_live("g1") is None and await store.events("g1", 0) is None
        assert sorted(r.game_id for r in await store.list_live(0, 10)) == ["g0", "g2"]
        assert await store.count() == 2
        await store.create_live(new_live("g3"))  # room again
        assert await store.expire_finished(3000.0) == ["g2"]
        # a finished game keeps its requests
        assert (await store.find_request("g0", "r-1"))["version"] == 1
        await store.close()

    run(go())


def created_by(creator, game_id) -> Live:
    live = new_live(game_id)
    return live.replace(record=dataclasses.replace(live.record, creator=creator))


def test_games_are_counted_by_creator_and_capped_exactly(make):
    async def go():
        store = await make()
        rng = random.Random(4)
        # twelve creates from one client at once, cap 5: exactly five are stored
        outcomes = await asyncio.gather(*(store.create_live(created_by("a", f"a{i}"), 5) for i in range(12)),
                                        return_exceptions=True)
        refused = [o for o in outcomes if isinstance(o, ClientFull)]
        assert len(refused) == 7 and len(outcomes) - len(refused) == 5
        assert (refused[0].limit, refused[0].creator) == (5, "a")
        assert await store.count_created_by("a") == 5 and await store.count() == 5
        held = sorted(o.game_id for o in outcomes if isinstance(o, Live))
        # another client, and a game whose creator is unknown (an in-process caller), are not limited by it
        await store.create_live(created_by("b", "b0"), 5)
        await store.create_live(new_live("nobody"), 5)
        assert await store.count_created_by("b") == 1 and await store.count() == 7
        # a deleted game gives its slot back; an expired one too
        assert await store.delete(held[0])
        assert await store.count_created_by("a") == 4
        await store.create_live(created_by("a", "a-again"), 5)
        with pytest.raises(ClientFull):
            await store.create_live(created_by("a", "a-more"), 5)
        done, events = finished_live(await store.get_live(held[1]), 1000.0, rng)
        assert await store.commit_live(held[1], 0, done, events)
        assert await store.count_created_by("a") == 5  # finished, still stored: still counted
        assert await store.expire_finished(2000.0) == [held[1]]
        assert await store.count_created_by("a") == 4
        await store.create_live(created_by("a", "a-last"), 5)
        assert await store.count_created_by("a") == 5
        assert await store.delete("nobody") and await store.count_created_by("a") == 5
        if make.kind != "memory":  # the count is the store's: a new server process reads it back
            await store.close()
            store = await make()
            assert await store.count_created_by("a") == 5 and await store.count_created_by("b") == 1
            with pytest.raises(ClientFull):
                await store.create_live(created_by("a", "a-after"), 5)
            assert await store.delete("a-last")
            await store.create_live(created_by("a", "a-after"), 5)
        await store.close()

    run(go())


def test_processes_on_one_redis_share_the_count(redis_server):
    import redis

    async def go():
        with redis.Redis.from_url(redis_server.url) as r:
            r.flushdb()
        stores = [RedisStore(redis_server.url), RedisStore(redis_server.url)]
        for store in stores:
            await store.open()
        outcomes = await asyncio.gather(*(stores[i % 2].create_live(created_by("a", f"g{i}"), 4) for i in range(10)),
                                        return_exceptions=True)
        assert sum(isinstance(o, Live) for o in outcomes) == 4 and sum(isinstance(o, ClientFull) for o in outcomes) == 6
        kept = next(o.game_id for o in outcomes if isinstance(o, Live))
        assert await stores[1].delete(kept)  # deleted through one, the slot is free in the other
        assert await stores[0].count_created_by("a") == 3
        await stores[0].create_live(created_by("a", "again"), 4)
        for store in stores:
            await store.close()

    run(go())


def test_a_version_1_sqlite_file_is_migrated_and_its_games_count_for_nobody(tmp_path):
    import sqlite3

    async def go():
        path = str(tmp_path / "games.sqlite3")
        store = SqliteStore(path)
        await store.open()
        for i in range(3):
            await store.create_live(new_live(f"old{i}"))
        await store.close()
        with sqlite3.connect(path) as db:  # the file as version 1 wrote it: no creator column
            db.execute("DROP INDEX games_by_creator")
            db.execute("ALTER TABLE games DROP COLUMN creator")
            db.execute("UPDATE meta SET value = 1 WHERE key = 'schema'")
        again = SqliteStore(path)
        await again.open()
        assert [(await again.get_live(f"old{i}")).version for i in range(3)] == [0, 0, 0]
        await again.create_live(created_by("a", "new0"), 1)
        with pytest.raises(ClientFull):
            await again.create_live(created_by("a", "new1"), 1)
        assert await again.delete("old0") and await again.count_created_by("a") == 1 and await again.count() == 3
        await again.close()
        with sqlite3.connect(path) as db:
            assert db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()[0] == SCHEMA_VERSION
            assert db.execute("SELECT id, creator FROM games ORDER BY seq").fetchall() == [
                ("old1", None), ("old2", None), ("new0", "a")]

    run(go())


def test_a_sqlite_server_alone_counts_in_memory_and_the_file_counts_again_when_opened(tmp_path):
    """A server of one process writes no count per create (meta's is written when it closes);
    the shared processes opening the file after it, even after a crash, count its games."""
    import sqlite3

    async def go():
        path = str(tmp_path / "games.sqlite3")
        alone = SqliteStore(path)
        await alone.open()
        for i in range(4):
            await alone.create_live(new_live(f"g{i}"))
        assert await alone.delete("g0") and await alone.count() == 3
        await alone.close()
        with sqlite3.connect(path) as db:  # written at close, for a server that does not count again
            assert db.execute("SELECT value FROM meta WHERE key = 'games'").fetchone()[0] == 3
        crashed = SqliteStore(path)
        await crashed.open()
        await crashed.create_live(new_live("g4"))
        with sqlite3.connect(path) as db:
            assert db.execute("SELECT value FROM meta WHERE key = 'games'").fetchone()[0] == 3  # not per create
        crashed._db.close()  # gone without closing (its flock with it), as a killed process
        crashed._db = None
        crashed._stop_checkpoints.set()
        crashed._lock_file.close()
        crashed._lock_file = None
        one, two = SqliteStore(path, max_games=5, shared=True), SqliteStore(path, max_games=5, shared=True)
        await one.open()
        await two.open()
        assert await one.count() == await two.count() == 4
        await two.create_live(new_live("g5"))
        assert await one.count() == 5
        with pytest.raises(StoreFull):
            await one.create_live(new_live("g6"))
        await one.close()
        await two.close()

    run(go())


def test_a_failed_sqlite_transaction_gives_back_what_its_creates_counted(tmp_path):
    import sqlite3

    class CommitFails:
        """The store's connection, whose next COMMIT fails as a full disk would."""

        def __init__(self, db):
            self.db, self.armed = db, True

        def execute(self, sql, *args):
            if sql == "COMMIT" and self.armed:
                self.armed = False
                raise sqlite3.OperationalError("database or disk is full")
            return self.db.execute(sql, *args)

        def __getattr__(self, name):
            return getattr(self.db, name)

    async def go():
        store = SqliteStore(str(tmp_path / "games.sqlite3"), max_games=2)
        await store.open()
        store._db = CommitFails(store._db)
        with pytest.raises(sqlite3.OperationalError):
            await asyncio.gather(*(store.create_live(created_by("a", f"g{i}"), 2) for i in range(2)))
        assert await store.count() == 0 and await store.count_created_by("a") == 0
        await asyncio.gather(*(store.create_live(created_by("a", f"g{i}"), 2) for i in range(2)))
        assert await store.count() == 2 and await store.count_created_by("a") == 2
        store._db = store._db.db
        await store.close()

    run(go())


def test_the_sqlite_store_reopens_what_it_committed_and_is_one_servers(tmp_path):
    from boardbot.server.sqlite_store import StoreLocked

    async def go():
        path = str(tmp_path / "games.sqlite3")
        store = SqliteStore(path)
        await store.open()
        live = await store.create_live(new_live())
        one, event = next_live(live, random.Random(5))
        event["request"] = {"id": "r-1", "fp": "f"}
        assert await store.commit_live("g1", 0, one, [event])
        other = SqliteStore(path)
        with pytest.raises(StoreLocked):
            await other.open()
        await store.close()
        again = SqliteStore(path)
        await again.open()
        back = await again.get_live("g1")
        assert back.version == 1 and back.state.to_dict() == one.state.to_dict()
        assert back.record.initial == live.record.initial and back.seq == 1
        assert await again.events("g1", 0) == [event] and (await again.find_request("g1", "r-1")) == event
        second = await again.create_live(new_live("g2"))
        assert second.seq == 2 and await again.count() == 2
        await again.close()

    run(go())


def abandon(store: SqliteStore) -> None:
    """Let a SQLite store go as a killed process does: no snapshots, no checkpoint, no close."""
    store._stop_checkpoints.set()
    store._checkpointer.join(10)
    store._db.close()
    store._db = None
    store._lock_file.close()
    store._lock_file = None


def test_sqlite_appends_the_event_per_move_and_replays_what_follows_its_snapshot(tmp_path):
    import sqlite3

    from boardbot.server.sqlite_store import SNAPSHOT_EVERY

    async def go():
        path = str(tmp_path / "games.sqlite3")
        store = SqliteStore(path)
        await store.open()
        live = await store.create_live(new_live())
        rng = random.Random(3)
        moves = SNAPSHOT_EVERY + 5
        for _ in range(moves):
            nxt, event = next_live(live, rng)
            assert await store.commit_live("g1", live.version, nxt, [event])
            live = nxt
        stale, stale_event = next_live(nxt.replace(version=nxt.version - 1), rng)
        assert not await store.commit_live("g1", nxt.version - 1, stale, [stale_event])  # compare-and-set
        with sqlite3.connect(path) as db:  # one snapshot, and every event
            assert db.execute("SELECT version FROM games").fetchone()[0] == SNAPSHOT_EVERY
            assert db.execute("SELECT count(*) FROM events").fetchone()[0] == moves
        abandon(store)  # killed: the last events are after the snapshot
        again = SqliteStore(path)
        await again.open()
        back = await again.get_live("g1")
        assert back.version == moves and back.state.to_dict() == live.state.to_dict()
        assert back.updated == event["time"]  # the last event's (the master makes a version's time its event's)
        assert [g.version for g in await again.list_live(0, 10)] == [moves]
        nxt, event = next_live(back, rng)  # and it plays on from there
        assert await again.commit_live("g1", moves, nxt, [event])
        await again.close()  # a clean close leaves every game's snapshot at its last event
        with sqlite3.connect(path) as db:
            assert db.execute("SELECT version FROM games").fetchone()[0] == moves + 1
        last = SqliteStore(path)
        await last.open()
        assert (await last.get_live("g1")).state.to_dict() == nxt.state.to_dict()
        await last.close()

    run(go())


def test_a_finished_game_on_sqlite_is_archived_small_and_reads_the_same(tmp_path):
    import sqlite3

    async def go():
        path = str(tmp_path / "games.sqlite3")
        store = SqliteStore(path)
        await store.open()
        live = await store.create_live(new_live("g1", "czech-pub"))
        rng = random.Random(6)
        committed = []
        while live.state.decider() != TERMINAL:
            nxt, event = next_live(live, rng)
            event["time"] = 1700000000.0 + live.version * 1.237  # whole milliseconds, as the master's
            if live.version % 3 == 0:
                event["request"] = {"id": f"r-{live.version}", "fp": "f" * 16}
            if nxt.state.decider() == TERMINAL:
                nxt = nxt.replace(finished=event["time"])
            assert await store.commit_live("g1", live.version, nxt, [event])
            committed.append(event)
            live = nxt
        with sqlite3.connect(path) as db:  # one archive row; no event, state or initial rows left
            assert db.execute("SELECT count(*) FROM archives").fetchone()[0] == 1
            for table in ("events", "states", "initials"):
                assert db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == 0
            archived = len(db.execute("SELECT game FROM archives").fetchone()[0])
        assert archived < sum(len(json.dumps(e)) for e in committed) / 5
        for reader in (store, None):
            if reader is None:
                await store.close()
                reader = SqliteStore(path)
                await reader.open()
            assert await reader.events("g1", 0) == committed
            assert await reader.events("g1", 10) == committed[10:]
            assert await reader.find_request("g1", "r-3") == committed[3]
            back = await reader.get_live("g1")
            assert back.version == len(committed) and back.finished == committed[-1]["time"]
            assert back.state.to_dict() == live.state.to_dict() and back.record.initial == live.record.initial
            assert [g.version for g in await reader.list_live(0, 5)] == [len(committed)]
        assert await reader.expire_finished(committed[-1]["time"] + 1) == ["g1"]
        assert await reader.events("g1", 0) is None
        await reader.close()

    run(go())


def test_sqlite_stores_of_several_processes_share_one_file(tmp_path):
    """What two processes of ``boardbot serve --processes 2`` hold: two shared stores on one file."""
    from boardbot.server.sqlite_store import StoreLocked

    async def go():
        path = str(tmp_path / "games.sqlite3")
        one, two = SqliteStore(path, max_games=3, shared=True), SqliteStore(path, max_games=3, shared=True)
        await one.open()
        await two.open()
        alone = SqliteStore(path)
        with pytest.raises(StoreLocked):  # a server of one process would trust its cache: refused
            await alone.open()
        live = await one.create_live(new_live("g1"))
        assert (await two.get_live("g1")).version == 0
        rng = random.Random(4)
        a, event_a = next_live(live, rng)
        b, event_b = next_live(live, rng)
        assert await one.commit_live("g1", 0, a, [event_a])
        assert not await two.commit_live("g1", 0, b, [event_b])  # its cache was behind: the file says no
        seen = await two.get_live("g1")  # and it reads the move the other made
        assert seen.version == 1 and seen.state.to_dict() == a.state.to_dict()
        c, event_c = next_live(seen, rng)
        event_c["request"] = {"id": "r-2", "fp": "f"}
        waiting = asyncio.ensure_future(one.wait("g1", 1, 5.0))  # woken by the other's commit
        await asyncio.sleep(0.05)
        assert await two.commit_live("g1", 1, c, [event_c])
        await asyncio.wait_for(waiting, 2.0)
        assert (await one.get_live("g1")).state.to_dict() == c.state.to_dict()
        assert await one.find_request("g1", "r-2") == event_c
        # the caps count the file's games, whichever process made them
        await two.create_live(new_live("g2"))
        await one.create_live(new_live("g3"))
        assert await one.count() == await two.count() == 3
        with pytest.raises(StoreFull):
            await two.create_live(new_live("g4"))
        # one process at a time plays a game's bots
        assert await one.lease("g1", "p1", 10) and not await two.lease("g1", "p2", 10)
        assert await one.lease("g1", "p1", 10)  # renewed
        await one.release("g1", "p1")
        assert await two.lease("g1", "p2", 10)
        assert await one.delete("g1")
        assert await two.get_live("g1") is None and await two.count() == 2
        await one.close()
        await two.close()

    run(go())


def test_a_shared_sqlite_commit_on_a_copy_behind_the_file_is_refused_and_the_copy_catches_up(tmp_path):
    """Issue 50: at two processes a SubmitMove is tried on the process's cached copy of the game,
    not checked against the file first (``speculative_live``): the commit's own statement is the
    compare-and-set. It is refused when another process moved the game on (and the copy then
    catches up with the file: the call made again starts from the game as stored), finished it
    (its events archived) or deleted it, and when the request's id is stored already."""

    async def go():
        path = str(tmp_path / "games.sqlite3")
        one, two = SqliteStore(path, shared=True), SqliteStore(path, shared=True)
        await one.open()
        await two.open()
        assert SqliteStore(path).speculative_live("g1") is None  # (one process: its cache is the file's)
        live = await one.create_live(new_live("g1"))
        assert two.speculative_live("g1") is None  # never read there
        held = await two.get_live("g1")
        same_game(two.speculative_live("g1"), held)
        rng = random.Random(8)
        a, event_a = next_live(live, rng)
        event_a["request"] = {"id": "r-1", "fp": "f"}
        assert await one.commit_live("g1", 0, a, [event_a])
        stale, event = next_live(two.speculative_live("g1"), rng)  # the copy is at 0
        assert not await two.commit_live("g1", 0, stale, [event])
        caught_up = two.speculative_live("g1")  # caught up with the file's version 1 (its time the event's)
        assert caught_up.version == 1 and caught_up.state.to_dict() == a.state.to_dict()
        again, event = next_live(two.speculative_live("g1"), rng)
        event["request"] = {"id": "r-1", "fp": "f"}  # a request stored already does not go in twice
        assert not await two.commit_live("g1", 1, again, [event])
        assert await two.find_request("g1", "r-1") == event_a
        b, event_b = next_live(two.speculative_live("g1"), rng)
        assert await two.commit_live("g1", 1, b, [event_b])
        assert (await two.events("g1", 0))[1] == event_b
        seen = await one.get_live("g1")
        assert seen.version == 2 and seen.state.to_dict() == b.state.to_dict()
        # finished by the other process: its events are archived, no later event goes in
        c, event_c = next_live(b, rng)  # (one's copy stays at version 2)
        done, events = finished_live(b, 9.0, rng)
        assert await two.commit_live("g1", 2, done, events)
        assert not await one.commit_live("g1", 2, c, [event_c])
        assert (await one.get_live("g1")).finished == 9.0
        assert [e["version"] for e in await one.events("g1", 0)] == list(range(1, done.version + 1))
        # deleted by the other process: nothing goes in
        other = await one.create_live(new_live("g2"))
        await two.get_live("g2")
        d, event_d = next_live(other, rng)
        assert await one.delete("g2")
        assert not await two.commit_live("g2", 0, d, [event_d])
        assert await two.get_live("g2") is None and await two.events("g2", 0) is None
        await one.close()
        await two.close()

    run(go())


def test_the_memory_store_packs_finished_games():
    async def go():
        store = InMemoryStore()
        rng = random.Random(6)
        live = await store.create_live(new_live("g1", "czech-pub"))
        live, event = next_live(live, rng)
        event["request"] = {"id": "r-1", "fp": "f"}
        assert await store.commit_live("g1", 0, live, [event])
        done, events = finished_live(live, 5.0, rng)
        assert await store.commit_live("g1", 1, done, events)
        for _ in range(UNPACKED_FINISHED + 1):  # push it out of the unpacked ones
            other = await store.create_live(new_live(f"x{_}"))
            finished, rest = finished_live(other, 6.0, rng)
            await store.commit_live(other.game_id, 0, finished, rest)
        assert "g1" not in store._unpacked  # packed only
        back = await store.get_live("g1")
        assert back.state.to_dict() == done.state.to_dict() and back.finished == 5.0
        assert await store.events("g1", 0) == [event] + events
        assert (await store.find_request("g1", "r-1"))["version"] == 1
        after = back.replace(version=back.version + 1)
        assert not await store.commit_live("g1", back.version, after, [{"version": back.version + 1, "kind": "resign"}])

    run(go())


class RecordStore(GameStore):
    """A store that only keeps JSON records and events, as a database would: the
    server must work through the store interface alone, with no object of its own
    kept (every read parses the game again)."""

    def __init__(self):
        self.records, self.events_, self.changed, self.seq = {}, {}, {}, 0

    async def create_live(self, live, max_per_creator=0):
        record = live.to_dict()
        creator = record.get("creator")
        if creator is not None and max_per_creator and await self.count_created_by(creator) >= max_per_creator:
            raise ClientFull(max_per_creator, creator)
        self.seq += 1
        record = dict(record, seq=self.seq, version=0)
        self.records[record["id"]], self.events_[record["id"]] = json.dumps(record), []
        return Live.from_dict(json.loads(self.records[record["id"]]))

    async def get_live(self, game_id):
        text = self.records.get(game_id)
        return None if text is None else Live.from_dict(json.loads(text))

    async def list_live(self, after_seq, limit, game=""):
        out = [json.loads(t) for t in self.records.values()]
        return [Live.from_dict(r) for r in out if r["seq"] > after_seq and (not game or r["game"] == game)][:limit]

    async def commit_live(self, game_id, expected_version, live, events):
        text = self.records.get(game_id)
        if text is None or json.loads(text)["version"] != expected_version:
            return False
        self.records[game_id] = json.dumps(live.to_dict())
        self.events_[game_id].extend(json.dumps(e) for e in events)
        self._notify(game_id)
        return True

    async def delete(self, game_id):
        if self.records.pop(game_id, None) is None:
            return False
        del self.events_[game_id]
        self._notify(game_id)
        return True

    async def events(self, game_id, after_version):
        events = self.events_.get(game_id)
        return None if events is None else [json.loads(e) for e in events[after_version:]]

    async def find_request(self, game_id, request_id):
        for event in await self.events(game_id, 0) or []:
            if event.get("request", {}).get("id") == request_id:
                return event
        return None

    async def count(self):
        return len(self.records)

    async def count_created_by(self, creator):
        return sum(json.loads(t).get("creator") == creator for t in self.records.values())

    async def count_finished(self):
        return sum(json.loads(t)["finished"] is not None for t in self.records.values())

    async def expire_finished(self, before, limit=1000):
        done = [r["id"] for r in map(json.loads, self.records.values()) if (r["finished"] or before) < before]
        for game_id in done[:limit]:
            await self.delete(game_id)
        return done[:limit]

    async def bot_turn_games(self, limit=10000):
        return [r["id"] for r in map(json.loads, self.records.values()) if r["bot_to_move"]][:limit]

    async def wait(self, game_id, version, timeout):
        live = await self.get_live(game_id)
        if live is None or live.version != version:
            return
        event = self.changed.setdefault(game_id, asyncio.Event())
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except asyncio.TimeoutError:
            pass

    def _notify(self, game_id):
        event = self.changed.pop(game_id, None)
        if event:
            event.set()


def test_the_server_runs_on_a_store_of_json_records():
    from boardbot.server.app import BackgroundServer

    with BackgroundServer(store=RecordStore()) as srv, Client(srv.address) as c:
        game = c.create_game("frogriders", seats=["human", "random"], seed=4)
        view = play_randomly(game.seat(0), random.Random(4))
        assert view.finished and c.get_game(game.game_id).version == view.version
        versions = [event.version for event, _ in game.seat(0).watch(from_version=0) if event is not None]
        assert versions == list(range(1, view.version + 1))


@pytest.mark.parametrize("name", registry.names())
def test_reading_a_state_never_changes_it(name):
    """The store shares one State per version with every call: view, legal moves, texts,
    result, sample_for and copy-then-apply must leave it as it was."""
    game = registry.get(name)
    for cfg in game.configurations()[:3]:
        state = game.new_state(cfg, 8)
        rng = random.Random(8)
        while True:
            before = json.dumps(state.to_dict(), sort_keys=True)
            for seat in [None, *range(state.num_seats)]:
                state.view(seat)
            state.result()
            decider = state.decider()
            if decider != TERMINAL:
                moves = state.legal_moves()
                for move in moves:
                    state.move_text(move)
                    for observer in [None, *range(state.num_seats)]:
                        state.public_move_text(move, observer)
                state.sample_for(decider, rng)
                other = state.copy()
                other.apply(moves[-1])
            assert json.dumps(state.to_dict(), sort_keys=True) == before
            if decider == TERMINAL:
                break
            state.apply(moves[rng.randrange(len(moves))])


def test_the_master_plays_a_whole_game_on_each_store(make):
    """Moves with request ids, a resignation (the record's seats change), a retry, a watch
    from version 0: the same through the master on every store, and kept across a reopen."""
    from boardbot.server.calls import Call
    from boardbot.server.master import GameMaster
    from boardbot.v1 import common_pb2
    from boardbot.v1 import game_service_pb2 as pb

    async def go():
        store = await make()
        master = GameMaster(store)
        created = await master.create_game(pb.CreateGameRequest(game="czech-pub", seed=11), Call())
        game_id = created.game.game_id
        calls = {t.seat: Call.with_token(t.token) for t in created.seat_tokens}
        rng = random.Random(11)
        first = None
        while True:
            game = (await master.get_game(pb.GetGameRequest(game_id=game_id), Call())).game
            if game.status == common_pb2.GAME_STATUS_FINISHED:
                break
            if game.version == 10:
                await master.resign(pb.ResignRequest(game_id=game_id, seat=1), calls[1])
                continue
            seat = game.decider
            view = (await master.get_view(pb.GetViewRequest(game_id=game_id, seat=seat), calls[seat])).view
            if not view.legal_moves:  # the resigned seat: the master plays it (the view may be newer
                await store.wait(game_id, game.version, 5.0)  # than the game read: wait on the game's)
                continue
            request = pb.SubmitMoveRequest(game_id=game_id, seat=seat, move_id=rng.randrange(len(view.legal_moves)),
                                           request_id=f"r{view.version}", response_view=pb.RESPONSE_VIEW_AFTER_MOVE)
            reply = await master.submit_move(request, calls[seat])
            first = first or (request, seat, reply)
        request, seat, reply = first
        assert await master.submit_move(request, calls[seat]) == reply  # replayed from the events
        items = [item async for item in master.watch_game(pb.WatchGameRequest(game_id=game_id, from_version=0),
                                                          Call())]
        assert [i.view.version for i in items] == list(range(game.version + 1))
        kinds = [i.game_event.kind for i in items[1:]]
        assert kinds.count(common_pb2.EVENT_KIND_RESIGN) == 1 and game.seats[1].resigned
        await master.close()
        master.bots.close()
        if make.kind == "memory":
            return
        await store.close()
        again = await make()
        master = GameMaster(again)
        kept = (await master.get_game(pb.GetGameRequest(game_id=game_id), Call())).game
        assert kept == game and kept.seats[1].resigned
        assert await master.submit_move(request, calls[seat]) == reply
        await master.close()
        master.bots.close()
        await again.close()

    run(go())


def test_sqlite_commits_of_one_turn_share_a_transaction_and_keep_their_compare_and_set(tmp_path):
    async def go():
        store = SqliteStore(str(tmp_path / "games.sqlite3"), max_games=12)
        await store.open()
        lives = await asyncio.gather(*(store.create_live(new_live(f"g{i}")) for i in range(10)))
        with pytest.raises(StoreFull):  # the creates of one turn cannot overshoot the cap together
            await asyncio.gather(*(store.create_live(new_live(f"x{i}")) for i in range(3)))
        assert await store.count() == 12
        rng = random.Random(9)
        nexts = [next_live(live, rng) for live in lives]
        rival, rival_event = next_live(lives[0], rng)  # a second commit of g0 from version 0, in the same turn
        results = await asyncio.gather(*(store.commit_live(live.game_id, 0, nxt, [event])
                                         for live, (nxt, event) in zip(lives, nexts)),
                                       store.commit_live("g0", 0, rival, [rival_event]))
        assert results == [True] * 10 + [False]
        # a commit whose caller is cancelled while it waits for the turn's transaction still stands,
        # and what this store serves afterwards says so
        one, _ = nexts[1]
        two, event = next_live(one, rng)
        waiting = asyncio.ensure_future(store.commit_live("g1", 1, two, [event]))
        await asyncio.sleep(0)
        waiting.cancel()
        await asyncio.sleep(0.01)
        assert (await store.get_live("g1")).version == 2
        await store.close()
        again = SqliteStore(str(tmp_path / "games.sqlite3"))
        await again.open()
        assert [(await again.get_live(f"g{i}")).version for i in range(3)] == [1, 2, 1]
        assert (await again.get_live("g0")).state.to_dict() == nexts[0][0].state.to_dict()
        await again.close()

    run(go())


def test_concurrent_retries_of_one_request_on_redis_all_get_the_answer(redis_server):
    """Issue 54: 40 retries of one SubmitMove (one request id) at once, through a real server on
    a real Redis. The losers' failed compare-and-set drops the game from the process's cache
    while other retries are reading it; every retry still gets the first one's answer, never
    INTERNAL (once a KeyError in RedisStore.get_live_and_request: about 1 call in 400)."""
    import grpc
    import redis

    from boardbot.server import logs
    from boardbot.server.app import BackgroundServer
    from boardbot.v1 import common_pb2, game_service_pb2 as pb, game_service_pb2_grpc

    with redis.Redis.from_url(redis_server.url) as r:
        r.flushdb()
    logs.configure(enabled=False)
    rng = random.Random(54)

    async def retries(address: str) -> collections.Counter:
        answers = collections.Counter()
        async with grpc.aio.insecure_channel(address) as channel:
            stub = game_service_pb2_grpc.GameServiceStub(channel)
            human = common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_HUMAN)
            for game_number in range(8):
                created = await stub.CreateGame(pb.CreateGameRequest(game="czech-pub", seats=[human] * 3), timeout=10)
                game_id, tokens = created.game.game_id, {t.seat: t.token for t in created.seat_tokens}
                for move_number in range(10):
                    view = (await stub.GetView(pb.GetViewRequest(game_id=game_id), timeout=10)).view
                    request = pb.SubmitMoveRequest(game_id=game_id, seat=view.decider, move_id=0,
                                                   request_id=f"m{move_number}")
                    metadata = [("authorization", f"Bearer {tokens[view.decider]}")]

                    async def retry(delay: float):
                        await asyncio.sleep(delay)  # spread over 4 ms: some read while others commit
                        try:
                            return (await stub.SubmitMove(request, metadata=metadata, timeout=30)).version
                        except grpc.RpcError as err:
                            return err.code().name
                    got = await asyncio.gather(*(retry(rng.random() * 0.004) for _ in range(40)))
                    answers.update(got)
                    assert set(got) == {view.version + 1}, collections.Counter(got)
        return answers

    with BackgroundServer(store=RedisStore(redis_server.url)) as srv:
        answers = asyncio.run(retries(srv.address))
    assert sum(answers.values()) == 3200


def test_moves_tried_on_a_stale_copy_on_redis_answer_as_a_read_would(redis_server):
    """Issue 50: on Redis a SubmitMove is tried on the process's own copy of the game and committed
    in one round trip. Two servers on one Redis, each move sent to the other one than the last (so
    each one's copy is one version behind): every move lands, a retry of a request through the
    other server gets the first answer (its event's version), a stale expected_version is ABORTED
    with the current version, a move of the seat not to decide is refused, and the store holds
    exactly one event per move."""
    import grpc
    import redis

    from boardbot.server import logs
    from boardbot.server.app import BackgroundServer
    from boardbot.v1 import common_pb2, game_service_pb2 as pb, game_service_pb2_grpc

    with redis.Redis.from_url(redis_server.url) as r:
        r.flushdb()
    logs.configure(enabled=False)

    async def play(addresses: list[str]) -> int:
        channels = [grpc.aio.insecure_channel(a) for a in addresses]
        stubs = [game_service_pb2_grpc.GameServiceStub(c) for c in channels]
        human = common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_HUMAN)
        created = await stubs[0].CreateGame(pb.CreateGameRequest(game="frogriders", seats=[human] * 2), timeout=10)
        game_id, tokens = created.game.game_id, {t.seat: t.token for t in created.seat_tokens}
        for stub in stubs:  # both hold a copy
            await stub.GetView(pb.GetViewRequest(game_id=game_id), timeout=10)
        version, moves = 0, 0
        while moves < 30:
            view = (await stubs[moves % 2].GetView(pb.GetViewRequest(game_id=game_id), timeout=10)).view
            if view.status != common_pb2.GAME_STATUS_RUNNING:
                break
            assert view.version == version
            seat = view.decider
            other = stubs[(moves + 1) % 2]
            metadata = [("authorization", f"Bearer {tokens[seat]}")]
            view = (await stubs[moves % 2].GetView(pb.GetViewRequest(game_id=game_id, seat=seat), metadata=metadata,
                                                   timeout=10)).view
            wrong = [("authorization", f"Bearer {tokens[1 - seat]}")]
            with pytest.raises(grpc.aio.AioRpcError) as refused:  # the other seat's turn is not yet
                await other.SubmitMove(pb.SubmitMoveRequest(game_id=game_id, seat=1 - seat, move_id=0),
                                       metadata=wrong, timeout=10)
            assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION
            if version:
                with pytest.raises(grpc.aio.AioRpcError) as stale:
                    await other.SubmitMove(pb.SubmitMoveRequest(game_id=game_id, seat=seat, move_id=0,
                                                                expected_version=version - 1),
                                           metadata=metadata, timeout=10)
                assert stale.value.code() == grpc.StatusCode.ABORTED
            request = pb.SubmitMoveRequest(game_id=game_id, seat=seat, move_id=len(view.legal_moves) - 1,
                                           expected_version=version, request_id=f"m{moves}")
            first = await other.SubmitMove(request, metadata=metadata, timeout=10)
            again = await stubs[moves % 2].SubmitMove(request, metadata=metadata, timeout=10)
            assert first.version == again.version == version + 1 and first.move_text == again.move_text
            version, moves = version + 1, moves + 1
        # moves through one server, whose copy is then current: one round trip each (one script)
        with redis.Redis.from_url(redis_server.url) as r:
            view = (await stubs[0].GetView(pb.GetViewRequest(game_id=game_id), timeout=10)).view
            scripts = r.info("commandstats")["cmdstat_evalsha"]["calls"]
            for _ in range(4):
                if view.status != common_pb2.GAME_STATUS_RUNNING:
                    break
                metadata = [("authorization", f"Bearer {tokens[view.decider]}")]
                view = (await stubs[0].SubmitMove(pb.SubmitMoveRequest(
                    game_id=game_id, seat=view.decider, move_id=0, expected_version=version,
                    response_view=pb.RESPONSE_VIEW_AFTER_MOVE), metadata=metadata, timeout=10)).view
                version, moves = version + 1, moves + 1
                assert r.info("commandstats")["cmdstat_evalsha"]["calls"] == scripts + 1
                scripts += 1
            assert r.llen(f"boardbot:e:{game_id}") == version and int(r.hget(f"boardbot:g:{game_id}", "v")) == version
        for c in channels:
            await c.close()
        return moves

    with BackgroundServer(store=RedisStore(redis_server.url)) as one, \
            BackgroundServer(store=RedisStore(redis_server.url)) as two:
        assert asyncio.run(play([one.address, two.address])) >= 10


def same_game(a: Live, b: Live) -> None:
    """``a`` and ``b`` are the same game at the same version (its fields, record and state)."""
    assert (a.version, a.updated, a.finished, a.bot_to_move, a.seq) == (b.version, b.updated, b.finished,
                                                                         b.bot_to_move, b.seq)
    assert a.record == b.record and a.state.to_dict() == b.state.to_dict()


# --- schema versions: a store opens the older layouts it knows and refuses newer ones ---------------
def test_a_record_without_its_rules_version_was_played_under_the_first_rules():
    from boardbot.server.records import FIRST_RULES_VERSION

    live = new_live()
    stored = live.to_dict()
    assert stored["rules_version"] == live.record.rules_version == FIRST_RULES_VERSION == 1
    del stored["rules_version"]  # as every server before rules versions stored it
    assert Live.from_dict(stored).record == live.record
    bumped = dataclasses.replace(live.record, rules_version=7)
    assert GameRecord.from_dict(bumped.to_dict()).rules_version == 7


def test_a_sqlite_file_of_schema_2_opens_as_4_and_a_newer_one_is_refused(tmp_path):
    import fcntl
    import sqlite3

    from boardbot.server.store import NewerSchema

    async def go():
        path = str(tmp_path / "games.sqlite3")
        store = SqliteStore(path)
        await store.open()
        await store.create_live(new_live("old"))
        await store.close()
        with sqlite3.connect(path) as db:  # as schema 2 wrote it: records without their rules_version
            static = json.loads(db.execute("SELECT record FROM games").fetchone()[0])
            del static["rules_version"]
            db.execute("UPDATE games SET record = ?", (json.dumps(static).encode(),))
            db.execute("UPDATE meta SET value = 2 WHERE key = 'schema'")
        again = SqliteStore(path)
        await again.open()
        assert (await again.get_live("old")).record.rules_version == 1
        await again.close()
        with sqlite3.connect(path) as db:
            assert db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()[0] == SCHEMA_VERSION == 8  # 2..8
            db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (SCHEMA_VERSION + 1,))
        newer = SqliteStore(path)
        with pytest.raises(NewerSchema) as refused:
            await newer.open()
        assert str(refused.value) == (
            f"{path} holds games in store schema version 9, newer than this server's 8: a newer boardbot wrote "
            "them. Run that version (or newer) on it, or give this one another --store")
        with open(path + ".lock", "a") as lock:  # refused, it let the file go
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        with sqlite3.connect(path) as db:  # and changed nothing
            assert db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()[0] == 9
            assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"

    run(go())


def test_the_redis_layout_carries_its_schema_version(redis_server):
    import redis

    from boardbot.server import redis_store
    from boardbot.server.store import NewerSchema, StoreUnavailable

    url = redis_server.url

    async def opened() -> RedisStore:
        store = RedisStore(url)
        await store.open()
        return store

    async def go():
        with redis.Redis.from_url(url) as r:
            r.flushdb()
            store = await opened()  # a new database is written in this server's layout
            assert r.get("boardbot:schema") == b"7" == str(redis_store.SCHEMA_VERSION).encode()
            await store.create_live(new_live("old"))
            await store.close()
            # as a server before schema versions left it: no schema key, a record without its rules_version
            r.delete("boardbot:schema")
            static = json.loads(r.hget("boardbot:g:old", "r"))
            del static["rules_version"]
            r.hset("boardbot:g:old", "r", json.dumps(static))
            stores = await asyncio.gather(opened(), opened())  # two processes take it up at once
            # 1 -> ... -> 7 (3: seat events and clocks, 4: search notes, 5: take-backs, 6: snapshots, 7: deals)
            assert r.get("boardbot:schema") == b"7"
            assert (await stores[1].get_live("old")).record.rules_version == 1
            for store in stores:
                await store.close()
            r.set("boardbot:schema", 8)
            with pytest.raises(NewerSchema) as refused:
                await opened()
            assert str(refused.value).startswith(f"the Redis store at {url} holds games in store schema version 8, "
                                                 "newer than this server's 7: a newer boardbot wrote them")
            assert r.get("boardbot:schema") == b"8" and r.exists("boardbot:g:old")
            r.set("boardbot:schema", "x")
            with pytest.raises(StoreUnavailable, match="which no boardbot wrote"):
                await opened()
            r.flushdb()

    run(go())


def test_a_redis_copy_behind_catches_up_by_the_events_after_it(redis_server):
    """Issue 50: a process whose copy of a game is a few versions behind Redis (another process
    moved) gets only the events after it and applies them, without the state: the game it then
    holds is the one a fresh read gives (state, version, fields, record, a resignation's too),
    and a copy further behind than CATCH_UP_EVENTS, or of a game deleted, is read again."""
    import redis

    from boardbot.server import redis_store

    with redis.Redis.from_url(redis_server.url) as r:
        r.flushdb()
    same = same_game

    async def go():
        behind, mover = RedisStore(redis_server.url), RedisStore(redis_server.url)
        await behind.open()
        await mover.open()
        rng = random.Random(4)
        await behind.create_live(new_live("c1", "frogriders", 4))
        assert (await mover.get_live("c1")).version == 0
        reads = []  # the state read and parsed: a copy not caught up
        parse = behind._live_of
        behind._live_of = lambda *fields: reads.append(fields[0]) or parse(*fields)
        for steps in (1, 3, redis_store.CATCH_UP_EVENTS, redis_store.CATCH_UP_EVENTS + 1):
            held = await behind.get_live("c1")
            for _ in range(steps):
                current = await mover.get_live("c1")
                if current.state.decider() == TERMINAL:
                    break
                nxt, event = next_live(current, rng)
                assert await mover.commit_live("c1", current.version, nxt, [event])
            caught = await behind.get_live("c1")
            reader = RedisStore(redis_server.url)
            await reader.open()
            fresh = await reader.get_live("c1")
            await reader.close()
            same(caught, fresh)
            assert caught.version > held.version
            if steps <= redis_store.CATCH_UP_EVENTS:
                assert caught.record is held.record and not reads  # (the static part unchanged: not parsed again)
            else:
                assert reads == ["c1"]
        # an event that changes the record (here its entrants): caught up too, the record parsed again
        current = await mover.get_live("c1")
        changed = dataclasses.replace(current.record, rated=("someone",))
        nxt = current.replace(version=current.version + 1, record=changed, bot_to_move=True)
        assert await mover.commit_live("c1", current.version, nxt, [
            {"version": nxt.version, "kind": "resign", "seat": 0, "by_bot": False, "move": None, "time": 2.5}])
        caught = await behind.get_live("c1")
        assert caught.version == nxt.version and caught.bot_to_move and caught.state.to_dict() == nxt.state.to_dict()
        assert caught.record == changed and reads == ["c1"]
        await mover.delete("c1")
        assert await behind.get_live("c1") is None
        for store in (behind, mover):
            await store.close()

    run(go())


async def read_anew(url: str, game_id: str) -> Live | None:
    """The game as a new process on the Redis at ``url`` reads it (no copy of its own)."""
    reader = RedisStore(url)
    await reader.open()
    try:
        return await reader.get_live(game_id)
    finally:
        await reader.close()


def test_redis_appends_the_event_per_move_and_replays_what_follows_its_snapshot(redis_server):
    """Issue 50: on Redis a move appends its event and writes the game's state (its snapshot) only
    every SNAPSHOT_EVERY events and when the game finishes; a store without a current copy (a new
    process, a commit refused on a copy far behind) takes the snapshot and replays the events
    after it: the same game as the one committed."""
    import redis

    from boardbot.server.redis_store import CATCH_UP_EVENTS, SNAPSHOT_EVERY

    url = redis_server.url
    key = "boardbot:g:s1"

    async def go():
        store, behind = RedisStore(url), RedisStore(url)
        await store.open()
        await behind.open()
        live = await store.create_live(new_live("s1", "froccs", 7))
        with redis.Redis.from_url(url) as r:
            assert r.hget(key, "sv") == b"0" and not r.hexists(key, "s")  # the initial state, stored once
            same_game(await read_anew(url, "s1"), live)
            held = await behind.get_live("s1")  # a copy at version 0
            rng = random.Random(5)
            moves = SNAPSHOT_EVERY + 5
            assert moves > CATCH_UP_EVENTS  # (so the copy at 0 is not caught up by the events alone)
            for _ in range(moves):
                nxt, event = next_live(live, rng)
                assert await store.commit_live("s1", live.version, nxt, [event])
                live = nxt
                if live.version == SNAPSHOT_EVERY:
                    at_snapshot = live.state.to_dict()
                assert int(r.hget(key, "sv")) == (SNAPSHOT_EVERY if live.version >= SNAPSHOT_EVERY else 0)
                assert r.hexists(key, "s") == (live.version >= SNAPSHOT_EVERY)
            assert live.state.decider() != TERMINAL
            assert json.loads(r.hget(key, "s")) == at_snapshot and r.llen("boardbot:e:s1") == moves
            same_game(await read_anew(url, "s1"), live)  # the snapshot and the 5 events after it
            # a commit tried on a copy far behind is refused; its answer is the game as stored
            stale, event = next_live(held, rng)
            assert not await behind.commit_live("s1", 0, stale, [event])
            same_game(behind.speculative_live("s1"), live)
            nxt, event = next_live(behind.speculative_live("s1"), rng)  # and it plays on from there
            assert await behind.commit_live("s1", moves, nxt, [event])
            assert int(r.hget(key, "sv")) == SNAPSHOT_EVERY
            same_game(await store.get_live("s1"), nxt)  # (caught up by the event)
            # the game's end writes its snapshot: a finished game reads without a replay
            last, events = finished_live(nxt, 9.0, rng)
            assert await behind.commit_live("s1", nxt.version, last, events)
            assert int(r.hget(key, "sv")) == last.version == int(r.hget(key, "v")) == r.llen("boardbot:e:s1")
            assert json.loads(r.hget(key, "s")) == last.state.to_dict()
            same_game(await read_anew(url, "s1"), last)
            r.flushdb()
        for opened in (store, behind):
            await opened.close()

    run(go())


def write_as_schema_5(r, live: Live, events: list[dict], seq: int) -> None:
    """``live`` and its ``events`` written to Redis in schema 5's layout, as main's scripts at
    412ad40 wrote a game (``_CREATE``, then ``_COMMIT``): the state at the game's version in ``s``,
    no snapshot version."""
    from boardbot.server.store import dumps, pack_event, request_id_of, static_part

    game_id, name = live.game_id, live.record.game
    static = static_part(live.record)
    del static["id"]
    r.hset(f"boardbot:g:{game_id}", mapping={
        "v": live.version, "r": dumps(static), "s": dumps(live.state.to_dict()), "i": dumps(live.record.initial),
        "q": seq, "n": name, "m": dumps({"updated": live.updated, "finished": live.finished,
                                         "bot_to_move": live.bot_to_move})})
    for event in events:
        r.rpush(f"boardbot:e:{game_id}", pack_event(event))
        if request_id_of(event):
            r.hset(f"boardbot:r:{game_id}", request_id_of(event), event["version"])
    r.zadd("boardbot:games", {game_id: seq})
    r.zadd(f"boardbot:games:{name}", {game_id: seq})
    if live.finished is not None:
        r.zadd("boardbot:finished", {game_id: live.finished})
    r.set("boardbot:seq", seq)


def test_a_redis_database_of_schema_5_is_taken_up_with_every_game(redis_server):
    """Issue 50: games the previous layout (schema 5: every game's state at its version) holds are
    taken up by one script when stores open it (two at once here): each game's state becomes the
    snapshot of its version; every game (running past a snapshot's interval, just created,
    finished) reads as stored, answers a retried request, plays on and reads back the same."""
    import redis

    from boardbot.server.redis_store import SNAPSHOT_EVERY

    url = redis_server.url
    rng = random.Random(50)
    stored: dict[str, Live] = {}
    with redis.Redis.from_url(url) as r:
        r.flushdb()
        for seq, (game_id, name, moves, finished) in enumerate(
                [("run", "froccs", SNAPSHOT_EVERY + 8, False), ("new", "frogriders", 0, False),
                 ("done", "frogriders", 0, True)], 1):
            live, events = new_live(game_id, name, seq).replace(seq=seq), []
            for _ in range(moves):
                live, event = next_live(live, rng)
                event["request"] = {"id": f"m{live.version}", "fp": "f"}
                events.append(event)
            if finished:
                live, more = finished_live(live, 7.0, rng)
                events += more
            write_as_schema_5(r, live, events, seq)
            stored[game_id] = live
        r.set("boardbot:schema", 5)

        async def go():
            opened = [RedisStore(url), RedisStore(url)]
            await asyncio.gather(*(store.open() for store in opened))
            assert r.get("boardbot:schema") == b"7"
            for game_id, live in stored.items():
                assert int(r.hget(f"boardbot:g:{game_id}", "sv")) == live.version
                for store in opened:
                    same_game(await store.get_live(game_id), live)
            assert stored["done"].finished == 7.0 and await opened[0].count_finished() == 1
            retried = await opened[1].find_request("run", "m3")
            assert retried["version"] == 3 and retried["request"] == {"id": "m3", "fp": "f"}
            for game_id in ("run", "new"):  # they play on: events after the snapshot of their version
                live = await opened[0].get_live(game_id)
                for _ in range(3):
                    nxt, event = next_live(live, rng)
                    assert await opened[0].commit_live(game_id, live.version, nxt, [event])
                    live = nxt
                assert int(r.hget(f"boardbot:g:{game_id}", "sv")) == stored[game_id].version
                same_game(await read_anew(url, game_id), live)
                same_game(await opened[1].get_live(game_id), live)
            for store in opened:
                await store.close()
            r.flushdb()

        run(go())


async def until(condition, within: float = 10.0) -> None:
    """Poll ``condition`` until it holds (it fails past ``within`` seconds): no fixed pause, which load breaks."""
    deadline = asyncio.get_running_loop().time() + within
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, f"not so within {within} s"
        await asyncio.sleep(0.02)


def listeners(r, game_id: str) -> int:
    """How many connections Redis counts on the game's channel."""
    from boardbot.server import redis_store

    channel = f"{redis_store.CHANNEL}:{game_id}"
    return dict(r.pubsub_numsub(channel))[channel.encode()]


def test_a_redis_commit_wakes_only_the_processes_waiting_on_its_game(redis_server, monkeypatch):
    """Issue 50: a commit publishes on its game's channel, which a process subscribes to while it
    waits on the game (and a minute after): a wait in one process wakes at once when another
    commits, a process that waits on nothing hears nothing, a lost subscription connection wakes
    every waiter and subscribes their channels again, and an idle channel is unsubscribed."""
    import redis

    from boardbot.server import redis_store

    url = redis_server.url

    async def go():
        waiter, mover = RedisStore(url), RedisStore(url)
        await waiter.open()
        await mover.open()
        live = await mover.create_live(new_live("w1"))
        rng = random.Random(8)
        with redis.Redis.from_url(url) as r:
            assert listeners(r, "w1") == 0  # nobody waits: a commit wakes no process
            for _ in range(2):
                waiting = asyncio.ensure_future(waiter.wait("w1", live.version, 20.0))
                await until(lambda: listeners(r, "w1") == 1)
                assert not waiting.done()
                nxt, event = next_live(live, rng)
                started = asyncio.get_running_loop().time()
                assert await mover.commit_live("w1", live.version, nxt, [event])
                await asyncio.wait_for(waiting, 5.0)
                assert asyncio.get_running_loop().time() - started < 2.0
                live = nxt
            # the subscription's connection dropped: the waiter wakes, and its channel is back
            waiting = asyncio.ensure_future(waiter.wait("w1", live.version, 20.0))
            await until(lambda: listeners(r, "w1") == 1)
            r.client_kill_filter(_type="pubsub")
            await asyncio.wait_for(waiting, 5.0)
            # (Redis may count the lost connection a moment longer: the new one is the listener's, once
            # it confirmed the channel, which wakes its waiters again: after that, nothing else does)
            await until(lambda: waiter._pubsub is not None and waiter._channels["w1"].done()
                        and listeners(r, "w1") == 1)
            waiting = asyncio.ensure_future(waiter.wait("w1", live.version, 20.0))
            await until(lambda: "w1" in waiter._waiters.games())
            nxt, event = next_live(live, rng)
            assert await mover.commit_live("w1", live.version, nxt, [event])
            await asyncio.wait_for(waiting, 5.0)
            # a channel no wait used for WATCH_KEPT seconds is unsubscribed (at the next new channel)
            monkeypatch.setattr(redis_store, "WATCH_KEPT", 0.1)
            await asyncio.sleep(0.3)  # (at least that long: it has aged past WATCH_KEPT)
            await mover.create_live(new_live("w2"))
            await waiter.wait("w2", 0, 0.05)
            await until(lambda: listeners(r, "w1") == 0 and listeners(r, "w2") == 1)
            r.flushdb()
        for store in (waiter, mover):
            await store.close()

    run(go())


def test_a_redis_wait_while_the_subscription_reconnects_hears_a_commit_made_meanwhile(redis_server, monkeypatch):
    """A wait that starts while the subscription connection is down (between the lost one and
    the next) is subscribed on the next connection and reads the version only then, so a commit
    made in that window wakes it; a wait that gave up waiting for its subscription (a poll until
    then) is woken by the new connection's confirmation. Neither trusts the lost connection's
    confirmation (the flaky failure of issue 50: such a wait heard nothing until its timeout)."""
    import redis

    from boardbot.server import redis_store

    monkeypatch.setattr(redis_store, "RESUBSCRIBE_PAUSE", 4.0)  # a window wide enough to act in, under load too
    url = redis_server.url

    async def go():
        waiter, mover = RedisStore(url), RedisStore(url)
        await waiter.open()
        await mover.open()
        live = await mover.create_live(new_live("w1"))
        rng = random.Random(9)
        with redis.Redis.from_url(url) as r:
            for subscribe_wait in (redis_store.SUBSCRIBE_WAIT, 0.1):
                monkeypatch.setattr(redis_store, "SUBSCRIBE_WAIT", subscribe_wait)
                waiting = asyncio.ensure_future(waiter.wait("w1", live.version, 30.0))
                await until(lambda: waiter._pubsub is not None and listeners(r, "w1") == 1)
                r.client_kill_filter(_type="pubsub")
                await asyncio.wait_for(waiting, 5.0)  # the lost connection woke it
                assert waiter._pubsub is None  # the window: the listener waits to connect again
                waiting = asyncio.ensure_future(waiter.wait("w1", live.version, 30.0))
                await asyncio.sleep(0.3)  # the wait under way (or past its SUBSCRIBE_WAIT, a poll)
                nxt, event = next_live(live, rng)
                assert await mover.commit_live("w1", live.version, nxt, [event])
                assert waiter._pubsub is None  # the commit was made in the window
                live = nxt
                await asyncio.wait_for(waiting, redis_store.RESUBSCRIBE_PAUSE + 5.0)
                assert waiter._pubsub is not None  # woken once the new connection is up
                await until(lambda: listeners(r, "w1") == 1)
                # and the next commit wakes the next wait as before
                waiting = asyncio.ensure_future(waiter.wait("w1", live.version, 30.0))
                await until(lambda: "w1" in waiter._waiters.games())
                nxt, event = next_live(live, rng)
                assert await mover.commit_live("w1", live.version, nxt, [event])
                await asyncio.wait_for(waiting, 5.0)
                live = nxt
            r.flushdb()
        for store in (waiter, mover):
            await store.close()

    run(go())
