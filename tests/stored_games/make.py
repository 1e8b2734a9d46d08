"""Write the stored-games fixture: games as a server wrote them to SQLite and Redis, and
what the server answered about them then (tests/test_stored_games.py reads them back).

    python tests/stored_games/make.py OUT_DIR

Made at commit 917ee18 (records as plain dicts, before ``boardbot.server.records``):
``sqlite.json`` (the SQLite file: its schema and each table's rows, blobs as their UTF-8 text), ``redis.json`` (every key the Redis store
wrote, its type and value), ``expected.json`` (per game: its tokens, the GetGame
response, the SHA-256 of every seat's view and of a watch from version 0, a request
it committed and the answer). Runs on any version of the server: only its API is used.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import random
import sqlite3
import sys
import tempfile

import redis
from google.protobuf import json_format

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from boardbot.server.master import Call, GameMaster  # noqa: E402
from boardbot.server.redis_store import RedisStore  # noqa: E402
from boardbot.server.sqlite_store import SqliteStore  # noqa: E402
from boardbot.v1 import common_pb2  # noqa: E402
from boardbot.v1 import game_service_pb2 as pb  # noqa: E402

HUMAN = common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_HUMAN)


def bot(spec: str) -> common_pb2.SeatSpec:
    return common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_BOT, bot=spec)


# (game, seats, moves to play (None: to the end), seat that resigns at move 3 (or None),
# reproducible, the creator's address (None: an in-process caller))
GAMES = [
    ("froccs", [HUMAN, bot("random")], 8, None, False, "10.0.0.1"),
    ("czech-pub", [HUMAN, HUMAN, HUMAN], 9, 1, True, None),
    ("frogriders", [HUMAN, HUMAN], None, None, False, "10.0.0.2"),
    ("dulore-jutunk", [HUMAN], 6, None, False, None),
    ("fritanga", [HUMAN, bot("greedy"), HUMAN], 7, None, False, "10.0.0.1"),
]


def digest(message) -> str:
    return hashlib.sha256(message.SerializeToString(deterministic=True)).hexdigest()


async def play(master: GameMaster, index: int) -> dict:
    name, seats, moves, resigner, reproducible, address = GAMES[index]
    rng = random.Random(index)
    created = await master.create_game(pb.CreateGameRequest(
        game=name, seats=seats, seed=1000 + index, reproducible=reproducible), Call(address=address))
    game_id = created.game.game_id
    tokens = {t.seat: t.token for t in created.seat_tokens}
    calls = {seat: Call.with_token(token) for seat, token in tokens.items()}
    request = answer = None
    played = 0
    while moves is None or played < moves:
        game = (await master.get_game(pb.GetGameRequest(game_id=game_id), Call())).game
        if game.status == common_pb2.GAME_STATUS_FINISHED:
            break
        if played == 3 and resigner is not None and not game.seats[resigner].resigned:
            await master.resign(pb.ResignRequest(game_id=game_id, seat=resigner), calls[resigner])
            continue
        seat = game.decider
        if seat not in calls or game.seats[seat].resigned:  # the master plays it
            await master.store.wait(game_id, game.version, 5.0)
            continue
        view = (await master.get_view(pb.GetViewRequest(game_id=game_id, seat=seat), calls[seat])).view
        move = pb.SubmitMoveRequest(game_id=game_id, seat=seat, move_id=rng.randrange(len(view.legal_moves)),
                                    request_id=f"{game_id}-r{view.version}",
                                    response_view=pb.RESPONSE_VIEW_AFTER_MOVE)
        reply = await master.submit_move(move, calls[seat])
        if request is None:
            request, answer = (seat, move), reply
        played += 1
    for _ in range(100):  # let the bots' moves land
        game = (await master.get_game(pb.GetGameRequest(game_id=game_id), Call())).game
        if game.status == common_pb2.GAME_STATUS_FINISHED or not game.seats[game.decider].kind == \
                common_pb2.SEAT_KIND_BOT:
            break
        await master.store.wait(game_id, game.version, 1.0)
    return {"game_id": game_id, "tokens": {str(s): t for s, t in tokens.items()},
            "owner_token": created.owner_token, "request_seat": request[0],
            "request": json_format.MessageToDict(request[1]), "answer": digest(answer)}


async def expected_of(master: GameMaster, played: dict) -> dict:
    game_id = played["game_id"]
    game = (await master.get_game(pb.GetGameRequest(game_id=game_id), Call())).game
    views = {}
    for seat in [None, *range(len(game.seats))]:
        call = Call() if seat is None or str(seat) not in played["tokens"] else Call.with_token(
            played["tokens"][str(seat)])
        if seat is not None and str(seat) not in played["tokens"]:
            continue
        request = pb.GetViewRequest(game_id=game_id) if seat is None else pb.GetViewRequest(game_id=game_id, seat=seat)
        views["spectator" if seat is None else str(seat)] = digest((await master.get_view(request, call)).view)
    watch = hashlib.sha256()
    async for item in master.watch_game(pb.WatchGameRequest(game_id=game_id, from_version=0), Call()):
        watch.update(item.SerializeToString(deterministic=True))
        if item.view.version == game.version:
            break
    return dict(played, game=json_format.MessageToDict(game), views=views, watch=watch.hexdigest())


async def write(store, master_of) -> list[dict]:
    await store.open()
    master = master_of(store)
    await master.start()
    played = [await play(master, i) for i in range(len(GAMES))]
    out = [await expected_of(master, p) for p in played]
    await master.close()
    master.bots.close()
    await store.close()
    return out


def write_json(tree: dict, f) -> None:
    """``tree`` as JSON with each item of its values on a line of its own (readable, diffable)."""
    f.write("{\n")
    for i, (key, value) in enumerate(sorted(tree.items())):
        items = sorted(value.items()) if isinstance(value, dict) else list(enumerate(value))
        f.write(f" {json.dumps(key)}: {'{' if isinstance(value, dict) else '['}\n")
        for j, (k, item) in enumerate(items):
            head = f"{json.dumps(k)}: " if isinstance(value, dict) else ""
            f.write(f"  {head}{json.dumps(item, sort_keys=True, ensure_ascii=False)}{',' if j < len(items) - 1 else ''}\n")
        f.write(f" {'}' if isinstance(value, dict) else ']'}{',' if i < len(tree) - 1 else ''}\n")
    f.write("}\n")


def dump_sqlite(db: sqlite3.Connection) -> dict:
    schema = [sql for (sql,) in db.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL "
                                           "AND name NOT LIKE 'sqlite_%' ORDER BY rowid")]
    out = {"schema": schema}
    for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"):
        out[f"rows:{table}"] = [[{"blob": v.decode()} if isinstance(v, bytes) else v for v in row]
                       for row in db.execute(f"SELECT * FROM {table}")]
    return out


def dump_redis(url: str) -> dict:
    with redis.Redis.from_url(url) as r:
        out = {}
        for key in sorted(r.keys("*")):
            kind = r.type(key).decode()
            if kind == "string":
                value = r.get(key).decode()
            elif kind == "hash":
                value = {k.decode(): v.decode() for k, v in sorted(r.hgetall(key).items())}
            elif kind == "list":
                value = [v.decode() for v in r.lrange(key, 0, -1)]
            elif kind == "set":
                value = sorted(v.decode() for v in r.smembers(key))
            elif kind == "zset":
                value = [[m.decode(), s] for m, s in r.zrange(key, 0, -1, withscores=True)]
            else:
                raise ValueError(f"{key}: {kind}")
            if not key.startswith(b"boardbot:lease:"):
                out[key.decode()] = {"type": kind, "value": value}
        return out


def main() -> int:
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    new_id = iter(f"game{i:02d}" for i in range(100))
    master_of = lambda store: GameMaster(store, new_game_id=lambda: next(new_id))  # noqa: E731
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "games.sqlite3")
        sqlite_expected = asyncio.run(write(SqliteStore(path), master_of))
        with sqlite3.connect(path) as db, open(os.path.join(out, "sqlite.json"), "w") as f:
            write_json(dump_sqlite(db), f)
        from tests.processes import RedisServer

        server = RedisServer(tmp)
        try:
            redis_expected = asyncio.run(write(RedisStore(server.url), master_of))
            dump = dump_redis(server.url)
        finally:
            server.stop()
    with open(os.path.join(out, "redis.json"), "w") as f:
        write_json(dump, f)
    with open(os.path.join(out, "expected.json"), "w") as f:
        json.dump({"sqlite": sqlite_expected, "redis": redis_expected}, f, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
