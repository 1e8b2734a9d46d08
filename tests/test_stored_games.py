"""Games an older server stored are read the same by this one, and go on.

tests/stored_games/ holds games as the server at commit 917ee18 wrote them to SQLite
and to Redis (records as plain dicts, before the typed ``GameRecord``), and what it
answered about them then; ``tests/stored_games/make.py`` wrote them and writes them
again from any version. Each store loads them, and the game master answers GetGame,
every seat's view, a watch from version 0 and a retried request exactly as then (GetGame
adds the rules version those games were played under: 1, the first, and each bot seat's
spec typed, the same bot as its string; a running game's views add each seat's live
score); each running game takes its next move, and a resignation rewrites a stored record."""

import asyncio
import json
import pathlib
import random

import pytest
from google.protobuf import json_format

from boardbot.ai.bot_specs import parse_bot_spec
from boardbot.engine import registry
from boardbot.engine.core import Game
from boardbot.server.bot_plans import spec_of
from boardbot.server.calls import Call
from boardbot.server.master import GameMaster
from boardbot.server.redis_store import RedisStore
from boardbot.server.sqlite_store import SqliteStore
from boardbot.v1 import common_pb2
from boardbot.v1 import game_service_pb2 as pb

from tests.stored_games.make import digest

FIXTURE = pathlib.Path(__file__).resolve().parent / "stored_games"
EXPECTED = json.loads((FIXTURE / "expected.json").read_text())


def as_then(message, game: common_pb2.Game):
    """A message holding a view (a SeatView, or an answer with one) as the older server answered
    it: the live scores it did not have yet (SeatView.live_scores, issue 48) checked, one per
    seat while the game runs where the game scores during play, and taken off."""
    view = message if isinstance(message, common_pb2.SeatView) else message.view
    scoring = type(registry.get(game.game_name)).live_scores is not Game.live_scores
    running = view.status == common_pb2.GAME_STATUS_RUNNING
    assert len(view.live_scores) == (len(game.seats) if running and scoring else 0), view.live_scores
    out = type(message).FromString(message.SerializeToString())
    del (out if isinstance(out, common_pb2.SeatView) else out.view).live_scores[:]
    return out


def write_sqlite(path: str) -> None:
    import sqlite3

    dump = json.loads((FIXTURE / "sqlite.json").read_text())
    with sqlite3.connect(path) as db:
        for sql in dump["schema"]:
            db.execute(sql)
        for key, rows in dump.items():
            if key.startswith("rows:") and rows:
                values = [[v["blob"].encode() if isinstance(v, dict) else v for v in row] for row in rows]
                db.executemany(f"INSERT INTO {key[5:]} VALUES ({', '.join('?' * len(values[0]))})", values)


def write_redis(url: str) -> None:
    import redis

    with redis.Redis.from_url(url) as r:
        r.flushdb()
        for key, item in json.loads((FIXTURE / "redis.json").read_text()).items():
            kind, value = item["type"], item["value"]
            if kind == "string":
                r.set(key, value)
            elif kind == "hash":
                r.hset(key, mapping=value)
            elif kind == "list":
                r.rpush(key, *value)
            elif kind == "set":
                r.sadd(key, *value)
            else:
                r.zadd(key, {member: score for member, score in value})


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory):
    from tests.processes import RedisServer

    server = RedisServer(tmp_path_factory.mktemp("redis"))
    yield server
    server.stop()


@pytest.mark.parametrize("kind", ["sqlite", "redis"])
def test_games_an_older_server_stored_read_the_same_and_go_on(kind, tmp_path, request):
    if kind == "sqlite":
        path = str(tmp_path / "games.sqlite3")
        write_sqlite(path)
        make = lambda: SqliteStore(path)  # noqa: E731
    else:
        url = request.getfixturevalue("redis_server").url
        write_redis(url)
        make = lambda: RedisStore(url)  # noqa: E731

    async def go():
        store = make()
        await store.open()
        master = GameMaster(store)
        moved = {}
        for expected in EXPECTED[kind]:
            game_id, tokens = expected["game_id"], expected["tokens"]
            game = (await master.get_game(pb.GetGameRequest(game_id=game_id), Call())).game
            answered = json_format.MessageToDict(game)
            # stored before rules versions: played under the first rules, which this engine still plays
            assert answered.pop("rulesVersion") == 1 and registry.get(game.game_name).plays(1)
            # a bot seat's spec typed as well, since issue 46: the same bot as its string
            for seat in answered["seats"]:
                if seat["kind"] == "SEAT_KIND_BOT":
                    typed = seat.pop("botSpec")
                    assert spec_of(json_format.ParseDict(typed, common_pb2.BotSpec()), "bot_spec") \
                        == parse_bot_spec(seat["bot"])
            assert answered == expected["game"]
            for seat, want in expected["views"].items():
                view = (await master.get_view(
                    pb.GetViewRequest(game_id=game_id) if seat == "spectator" else
                    pb.GetViewRequest(game_id=game_id, seat=int(seat)),
                    Call() if seat == "spectator" else Call.with_token(tokens[seat]))).view
                assert digest(as_then(view, game)) == want, (game_id, seat)
            watched = []
            async for item in master.watch_game(pb.WatchGameRequest(game_id=game_id, from_version=0), Call()):
                watched.append((as_then(item, game) if item.HasField("view") else item)
                               .SerializeToString(deterministic=True))
                if item.view.version == game.version:
                    break
            assert digest_all(watched) == expected["watch"]
            retry = json_format.ParseDict(expected["request"], pb.SubmitMoveRequest())
            answer = await master.submit_move(retry, Call.with_token(tokens[str(expected["request_seat"])]))
            assert digest(as_then(answer, game) if answer.HasField("view") else answer) == expected["answer"]
            # the game goes on: its deciding seat moves (or, in the game with a resignation, resigns)
            if game.status == common_pb2.GAME_STATUS_FINISHED:
                continue
            seat = game.decider
            call = Call.with_token(tokens[str(seat)])
            if any(s.resigned for s in game.seats):
                after = (await master.resign(pb.ResignRequest(game_id=game_id, seat=seat), call)).game
                assert after.seats[seat].resigned
            else:
                view = (await master.get_view(pb.GetViewRequest(game_id=game_id, seat=seat), call)).view
                await master.submit_move(pb.SubmitMoveRequest(
                    game_id=game_id, seat=seat, move_id=random.Random(1).randrange(len(view.legal_moves)),
                    expected_version=game.version), call)
            moved[game_id] = game.version
        assert len(moved) == len(EXPECTED[kind]) - 1  # one of them is finished
        await master.close()  # no more bot moves: what the store holds now stays
        for game_id, version in moved.items():
            moved[game_id] = (await master.get_game(pb.GetGameRequest(game_id=game_id), Call())).game
            assert moved[game_id].version > version
        master.bots.close()
        await store.close()
        again = make()  # what this server wrote over the old records reads back
        await again.open()
        master = GameMaster(again)
        for game_id, game in moved.items():
            assert (await master.get_game(pb.GetGameRequest(game_id=game_id), Call())).game == game
        await master.close()
        master.bots.close()
        await again.close()

    asyncio.run(go())


def digest_all(items: list[bytes]) -> str:
    import hashlib

    out = hashlib.sha256()
    for item in items:
        out.update(item)
    return out.hexdigest()
