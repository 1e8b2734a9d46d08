"""The store: live games in memory, the record interface for a durable store, and the
engine contract the shared live states rely on (reading a state never changes it)."""

import asyncio
import json
import random

import pytest

from boardbot.client import Client
from boardbot.engine import registry
from boardbot.engine.core import TERMINAL
from boardbot.server.store import GameStore, InMemoryStore, Live

from conftest import play_randomly


def new_live(game_id="g1", name="frogriders", seed=1) -> Live:
    state = registry.get(name).new_state({}, seed)
    return Live({"id": game_id, "game": name, "config": state.config, "seed": seed, "version": 0,
                 "seats": [], "initial": state.to_dict(), "requests": {}}, state)


def next_live(live: Live, rng: random.Random) -> tuple[Live, dict]:
    state = live.state.copy()
    moves = state.legal_moves()
    state.apply(moves[rng.randrange(len(moves))])
    version = live.version + 1
    return Live(dict(live.record, version=version), state), {"version": version, "kind": "move"}


def run(coro):
    return asyncio.run(coro)


def test_live_games_compare_and_set_and_share_read_only_objects():
    async def go():
        store = InMemoryStore()
        created = await store.create_live(new_live())
        assert created.record["seq"] == 1 and created.version == 0
        live = await store.get_live("g1")
        assert live is created  # no copy, no parsing: read-only by contract
        rng = random.Random(1)
        one, event = next_live(live, rng)
        assert await store.commit_live("g1", 0, one, [event])
        stale, event2 = next_live(live, rng)
        assert not await store.commit_live("g1", 0, stale, [event2])  # lost the race: nothing changes
        assert (await store.get_live("g1")).state is one.state
        assert live.state.to_dict() == created.state.to_dict()  # the old version is untouched
        with pytest.raises(ValueError):
            bad, _ = next_live(one, rng)
            await store.commit_live("g1", 1, bad, [{"version": 5, "kind": "move"}])
        assert await store.events("g1", 0) == [event]
        # the record interface: private copies with the state's dict form
        record = await store.get("g1")
        assert record["state"] == one.state.to_dict() and record["version"] == 1 and record["seq"] == 1
        record["seats"].append("junk")
        record["state"]["junk"] = 1
        assert (await store.get("g1"))["seats"] == []
        assert [r["id"] for r in await store.list(0, 10)] == ["g1"]
        assert await store.delete("g1") and await store.get_live("g1") is None and await store.events("g1", 0) is None

    run(go())


def test_wait_wakes_on_a_commit_or_a_delete_and_times_out():
    async def go():
        store = InMemoryStore()
        live = await store.create_live(new_live())
        loop = asyncio.get_running_loop()
        waiters = [asyncio.ensure_future(store.wait("g1", 0, 5.0)) for _ in range(3)]
        await asyncio.sleep(0)
        started = loop.time()
        one, event = next_live(live, random.Random(2))
        await store.commit_live("g1", 0, one, [event])
        await asyncio.gather(*waiters)
        assert loop.time() - started < 1.0
        started = loop.time()
        await store.wait("g1", 1, 0.05)
        assert 0.04 <= loop.time() - started < 1.0
        waiter = asyncio.ensure_future(store.wait("g1", 1, 5.0))
        await asyncio.sleep(0)
        await store.delete("g1")
        await asyncio.wait_for(waiter, 1.0)
        await store.wait("g1", 1, 5.0)  # gone: at once

    run(go())


def test_a_subclass_overriding_a_record_method_is_used_by_the_live_methods():
    class Counting(InMemoryStore):
        gets = 0

        async def get(self, game_id):
            Counting.gets += 1
            return await super().get(game_id)

    async def go():
        store = Counting()
        await store.create_live(new_live())
        live = await store.get_live("g1")
        assert Counting.gets == 1 and live.state.to_dict() == new_live().state.to_dict()

    run(go())


class RecordStore(GameStore):
    """A store that only keeps JSON records and events, as a database would: the
    server must work through the record interface alone."""

    def __init__(self):
        self.records, self.events_, self.changed, self.seq = {}, {}, {}, 0

    async def create(self, record):
        self.seq += 1
        record = dict(record, seq=self.seq, version=0)
        self.records[record["id"]], self.events_[record["id"]] = json.dumps(record), []
        return json.loads(self.records[record["id"]])

    async def get(self, game_id):
        text = self.records.get(game_id)
        return None if text is None else json.loads(text)

    async def list(self, after_seq, limit, game=""):
        out = [json.loads(t) for t in self.records.values()]
        return [r for r in out if r["seq"] > after_seq and (not game or r["game"] == game)][:limit]

    async def commit(self, game_id, expected_version, record, events):
        text = self.records.get(game_id)
        if text is None or json.loads(text)["version"] != expected_version:
            return False
        self.records[game_id] = json.dumps(record)
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

    async def wait(self, game_id, version, timeout):
        record = await self.get(game_id)
        if record is None or record["version"] != version:
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
