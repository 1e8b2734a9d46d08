"""A created game keeps its seed, not its state at version 0 (store.initial_state deals it again).

Games of every type created through the game master and never moved: what another process on
the same SQLite file, a restarted server and another process on the same Redis read of them (the
state, each seat's and the spectator's view, the game and its record) is what the process that
created them answers, and the stores hold no initial state for them. A server whose engine does
not play the game's rules version cannot deal it: a game never snapshotted is FAILED_PRECONDITION
there (ListGames leaves it out) until a server of its rules closes, which writes its state.
"""

import asyncio
import time

import pytest

from boardbot.engine import registry
from boardbot.server.calls import Call
from boardbot.server.errors import ServiceError
from boardbot.server.master import GameMaster
from boardbot.server.redis_store import RedisStore
from boardbot.server.sqlite_store import SqliteStore
from boardbot.server.store import initial_state
from boardbot.v1 import common_pb2
from boardbot.v1 import game_service_pb2 as pb

from conftest import patchable_game


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory):
    from tests.processes import RedisServer

    server = RedisServer(tmp_path_factory.mktemp("redis"))
    yield server
    server.stop()


async def created_games(master: GameMaster) -> dict[str, list]:
    """A game of each type (its default config), as its creator answers: game id -> its tokens."""
    out = {}
    for i, name in enumerate(registry.names()):
        created = await master.create_game(pb.CreateGameRequest(game=name, seed=100 + i), Call())
        out[created.game.game_id] = [Call.with_token(t.token) for t in created.seat_tokens]
    return out


async def answers(master: GameMaster, games: dict[str, list]) -> dict[str, list]:
    """Every seat's and the spectator's view, the game and the spectator's record, serialized."""
    out = {}
    for game_id, calls in games.items():
        got = [(await master.get_game(pb.GetGameRequest(game_id=game_id), Call())).game.SerializeToString()]
        for seat, call in enumerate(calls):
            got.append((await master.get_view(pb.GetViewRequest(game_id=game_id, seat=seat), call)).view
                       .SerializeToString())
        got.append((await master.get_view(pb.GetViewRequest(game_id=game_id), Call())).view.SerializeToString())
        got.append((await master.get_game_record(pb.GetGameRecordRequest(game_id=game_id), Call()))
                   .game_record.SerializeToString())
        out[game_id] = got
    return out


async def states(store, games) -> dict[str, dict]:
    return {game_id: (await store.get_live(game_id)).state.to_dict() for game_id in games}


async def closed(master: GameMaster, store) -> None:
    await master.close()
    master.bots.close()
    await store.close()


def test_a_dealt_game_reads_the_same_from_another_sqlite_process_and_after_a_restart(tmp_path):
    path = str(tmp_path / "games.sqlite3")

    async def go():
        first = SqliteStore(path, shared=True)
        await first.open()
        master = GameMaster(first)
        games = await created_games(master)
        seen, dealt = await answers(master, games), await states(first, games)
        for game_id in games:  # the deal again, as the record's seed and config give it
            live = await first.get_live(game_id)
            assert live.record.initial is None and dealt[game_id] == initial_state(live.record).to_dict()
        assert first._db.execute("SELECT count(*) FROM initials").fetchone()[0] == 0
        assert first._db.execute("SELECT count(*) FROM states").fetchone()[0] == 0
        # another process on the file (the first not closed: as after a crash)
        other = SqliteStore(path, shared=True)
        await other.open()
        reader = GameMaster(other)
        assert await states(other, games) == dealt and await answers(reader, games) == seen
        await closed(reader, other)
        await closed(master, first)  # a close writes each dealt game's state (a server of other rules reads it)
        again = SqliteStore(path)
        await again.open()
        assert again._db.execute("SELECT count(*) FROM states").fetchone()[0] == len(games)
        master = GameMaster(again)
        assert await states(again, games) == dealt and await answers(master, games) == seen
        await closed(master, again)

    asyncio.run(go())


def test_a_dealt_game_reads_the_same_from_another_redis_process(redis_server):
    import redis

    with redis.Redis.from_url(redis_server.url) as r:
        r.flushdb()

    async def go():
        first = RedisStore(redis_server.url)
        await first.open()
        master = GameMaster(first)
        games = await created_games(master)
        seen, dealt = await answers(master, games), await states(first, games)
        with redis.Redis.from_url(redis_server.url) as r:
            assert all(not r.hexists(f"boardbot:g:{game_id}", "i") and not r.hexists(f"boardbot:g:{game_id}", "s")
                       for game_id in games)
        other = RedisStore(redis_server.url)
        await other.open()
        reader = GameMaster(other)
        assert await states(other, games) == dealt and await answers(reader, games) == seen
        await closed(reader, other)
        await closed(master, first)

    asyncio.run(go())


def test_a_dealt_game_under_rules_this_server_does_not_play(tmp_path, monkeypatch):
    """Its clock running (so the driver and the clocks' resumption after a gap look at it), a
    server of other rules starts, answers RULES_VERSION_CHANGED for it, lists it not."""
    name, _ = patchable_game()
    game = registry.get(name)
    path = str(tmp_path / "games.sqlite3")

    async def go():
        first = SqliteStore(path, shared=True)
        await first.open()
        master = GameMaster(first)
        clock = common_pb2.ClockOptions(kind=common_pb2.CLOCK_KIND_INCREMENT)
        clock.initial_time.FromSeconds(600)
        created = await master.create_game(pb.CreateGameRequest(game=name, seed=5, clock=clock), Call())
        game_id = created.game.game_id
        assert await first.bot_turn_games() == [game_id]  # (its clock runs)
        dealt = (await first.get_live(game_id)).state.to_dict()
        await first.mark_alive(time.time() - 3600)  # no server ran for an hour: clocks resume at a start
        with monkeypatch.context() as patched:  # another process, of the next rules: it cannot deal it
            patched.setattr(game, "rules_version", game.rules_version + 1)
            other = SqliteStore(path, shared=True)
            await other.open()
            starting = GameMaster(other)
            await starting.start()  # the clocks' resumption and the driver pass it by
            await asyncio.sleep(0.05)
            with pytest.raises(ServiceError) as refused:
                await other.get_live(game_id)
            assert refused.value.reason == "RULES_VERSION_CHANGED"
            assert [live.game_id for live in await other.list_live(0, 10)] == []
            await closed(starting, other)
        await closed(master, first)  # the close writes its state
        with monkeypatch.context() as patched:
            patched.setattr(game, "rules_version", game.rules_version + 1)
            other = SqliteStore(path)
            await other.open()
            assert (await other.get_live(game_id)).state.to_dict() == dealt
            assert [live.game_id for live in await other.list_live(0, 10)] == [game_id]
            await other.close()

    asyncio.run(go())


def test_the_deal_again_is_the_deal_for_every_game_and_config():
    """``initial_state`` deals from the record's (validated) config: validating it again
    changes nothing, so the state is the one CreateGame dealt."""
    for name in registry.names():
        game = registry.get(name)
        for config in game.configurations():
            cfg = game.validate(config)
            assert game.validate(cfg) == cfg
            for seed in (0, 7, 2**63 - 1):
                assert (game.new_state(cfg, seed, game.rules_version).to_dict()
                        == game.new_validated_state(cfg, seed).to_dict())
