"""What each store costs per move: the game master's calls made directly, on each store.

    python bench/store_cost.py [--moves 3000] [--stores memory,sqlite,sqlite-full,redis]
                               [--game frogriders] [--redis redis://HOST:PORT/DB] [--clients 1]

Plays games of one client seat against the random bot through
``GameMaster.submit_move`` with RESPONSE_VIEW_NEXT_DECISION (one call per
client move: the client's move and the bot's reply, two commits, and the next
view), one call after another on one event loop (``--clients N``: N such
clients at once, so the commits of one loop turn share SQLite's transaction),
and prints per call the wall time and this process's CPU (the master and the
store's client side), for each store:

* ``memory``: ``InMemoryStore``;
* ``sqlite``: ``SqliteStore`` in a temporary directory, ``synchronous=normal``
  (the default: a commit reaches the operating system before the answer);
* ``sqlite-full``: the same with ``synchronous=full`` (an fsync per commit);
* ``redis``: ``RedisStore`` on ``--redis``, or on a ``redis-server`` started here
  on a free port (no persistence) when that is on the PATH; the Redis server's
  own CPU per call is printed beside it.

Then the stored size: bytes on disk per finished game (SQLite, after a
checkpoint) and Redis's memory per finished game (``INFO memory``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time

from boardbot.server import logs
from boardbot.server.calls import Call
from boardbot.server.master import GameMaster
from boardbot.server.memory_store import InMemoryStore
from boardbot.v1 import common_pb2
from boardbot.v1 import game_service_pb2 as pb

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def play(master: GameMaster, game: str, moves: int, seed: int) -> tuple[int, int]:
    """``moves`` client moves (whole games, the last one finished); returns (moves, games)."""
    rng = random.Random(seed)
    done = games = 0
    human = common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_HUMAN)
    bot = common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_BOT, bot="random")
    while done < moves:
        created = await master.create_game(pb.CreateGameRequest(game=game, seed=rng.getrandbits(32),
                                                                seats=[human, bot]), Call())
        games += 1
        game_id = created.game.game_id
        call = Call.with_token(created.seat_tokens[0].token, time.monotonic() + 3600)
        view = (await master.get_view(pb.GetViewRequest(game_id=game_id, seat=0), call)).view
        while view.status != common_pb2.GAME_STATUS_FINISHED:
            reply = await master.submit_move(pb.SubmitMoveRequest(
                game_id=game_id, seat=0, move_id=rng.randrange(len(view.legal_moves)),
                expected_version=view.version, request_id=f"{game_id}:{view.version}",
                response_view=pb.RESPONSE_VIEW_NEXT_DECISION), call)
            done += 1
            view = reply.view
    return done, games


async def measure(name: str, store, game: str, moves: int, redis_pid: int | None, clients: int = 1) -> dict:
    await store.open()
    master = GameMaster(store)
    try:
        await play(master, game, min(200, moves), 1)  # warm up: caches, the first games
        wall, cpu = time.perf_counter(), time.process_time()
        redis_cpu = cpu_seconds(redis_pid) if redis_pid else None
        played = await asyncio.gather(*(play(master, game, moves // clients, 2 + i) for i in range(clients)))
        done, games = sum(p[0] for p in played), sum(p[1] for p in played)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        out = {"store": name, "moves": done, "games": games, "wall_us": wall / done * 1e6, "cpu_us": cpu / done * 1e6}
        if redis_pid:
            out["redis_cpu_us"] = (cpu_seconds(redis_pid) - redis_cpu) / done * 1e6
        out["stored_games"] = await store.count()
        return out
    finally:
        await master.close()
        master.bots.close()
        await store.close()  # SQLite: a checkpoint (TRUNCATE) folds the WAL into the file


def print_row(row: dict) -> None:
    extra = f", redis-server {row['redis_cpu_us']:.0f} µs CPU" if "redis_cpu_us" in row else ""
    print(f"{row['store']:<12} {row['moves']:>6} SubmitMoves ({row['games']} games): {row['wall_us']:7.0f} µs wall, "
          f"{row['cpu_us']:6.0f} µs CPU per call{extra}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--stores", default="memory,sqlite,sqlite-full,redis")
    parser.add_argument("--game", default="frogriders")
    parser.add_argument("--redis", default=None, help="a Redis to use (its db is flushed); default: start one")
    parser.add_argument("--clients", type=int, default=1, help="clients playing at once (default 1)")
    args = parser.parse_args()
    logs.configure(enabled=False)
    work = tempfile.mkdtemp(prefix="boardbot-store-cost-")
    redis_proc = None
    print(f"{args.game}, one client seat against the random bot, SubmitMove with RESPONSE_VIEW_NEXT_DECISION "
          f"(two commits per call), {args.clients} client(s) each making one call at a time", flush=True)
    try:
        for name in args.stores.split(","):
            redis_pid = None
            if name == "memory":
                store = InMemoryStore()
            elif name.startswith("sqlite"):
                from boardbot.server.sqlite_store import SqliteStore

                path = os.path.join(work, f"{name}.sqlite3")
                store = SqliteStore(path, "full" if name == "sqlite-full" else "normal")
            elif name == "redis":
                import redis

                from boardbot.server.redis_store import RedisStore

                url = args.redis
                if url is None:
                    binary = shutil.which("redis-server")
                    if binary is None:
                        print("redis: no --redis and no redis-server on the PATH; skipped")
                        continue
                    port = free_port()
                    redis_proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                                   "--appendonly", "no", "--dir", work],
                                                  stdout=subprocess.DEVNULL)
                    url = f"redis://127.0.0.1:{port}/0"
                    redis_pid = redis_proc.pid
                    time.sleep(0.5)
                with redis.Redis.from_url(url) as r:
                    r.flushdb()
                    before = r.info("memory")["used_memory"]
                store = RedisStore(url)
            else:
                raise SystemExit(f"unknown store {name!r}")
            row = asyncio.run(measure(name, store, args.game, args.moves, redis_pid, args.clients))
            print_row(row)
            if name.startswith("sqlite"):
                size = sum(os.path.getsize(path + suffix) for suffix in ("", "-wal") if os.path.exists(path + suffix))
                print(f"{'':<12} on disk: {size / row['stored_games'] / 1024:.1f} KiB per game "
                      f"({row['stored_games']} games, {size / 1e6:.1f} MB)", flush=True)
            if name == "redis":
                with redis.Redis.from_url(url) as r:
                    used = r.info("memory")["used_memory"] - before
                print(f"{'':<12} Redis memory: {used / row['stored_games'] / 1024:.1f} KiB per game "
                      f"({row['stored_games']} games)", flush=True)
    finally:
        if redis_proc is not None:
            redis_proc.terminate()
            redis_proc.wait()
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
