"""What finished games cost to keep: memory in the memory store, disk in SQLite, memory in Redis.

    python bench/store_size.py [--games 10000] [--game czech-pub] [--disk-games 1000]
                               [--stores memory,sqlite,redis]
    python bench/store_size.py --stores sqlite --game all --disk-games 1000

``--game all`` (SQLite): ``--disk-games`` finished games of every game type,
each type in a file of its own, and what 10,000 of each would take (issue 50:
under 200 MB on SQLite, all types together).

Plays ``--games`` whole games with every seat a random bot through the game
master (its bot drivers, as a server plays bot seats), ``--batch`` at a time,
then prints the process's resident memory before and after (after a garbage
collection) for the memory store, which packs a game when it finishes
(``boardbot.server.store``), with the events and their bytes per game. Then
``--disk-games`` games on SQLite (bytes per game on disk after a checkpoint)
and on Redis (``used_memory`` per game; a ``redis-server`` started here on a
free port when it is on the PATH).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
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

PAGE = os.sysconf("SC_PAGE_SIZE")


def rss_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE


def players(game: str) -> int:
    from boardbot.engine import registry

    return registry.get(game).validate({})["players"]


async def play_games(store, game: str, count: int, batch: int) -> tuple[int, float]:
    """``count`` finished games of random bots in ``store``; (events, seconds)."""
    master = GameMaster(store, retention=None)
    seats = [common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_BOT, bot="random")] * players(game)
    events, started = 0, time.perf_counter()
    try:
        for first in range(0, count, batch):
            ids = []
            for i in range(first, min(count, first + batch)):
                created = await master.create_game(pb.CreateGameRequest(game=game, seed=i, seats=seats), Call())
                ids.append(created.game.game_id)
            for game_id in ids:  # the drivers play them; wait for each to finish
                while True:
                    live = await store.get_live(game_id)
                    if live.finished:
                        events += live.version
                        break
                    await store.wait(game_id, live.version, 5.0)
    finally:
        await master.close()
        master.bots.close()
    return events, time.perf_counter() - started


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--disk-games", type=int, default=1000)
    parser.add_argument("--game", default="czech-pub")
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument("--stores", default="memory,sqlite,redis")
    args = parser.parse_args()
    logs.configure(enabled=False)
    stores = args.stores.split(",")
    if args.game == "all" and stores != ["sqlite"]:
        raise SystemExit("--game all is for --stores sqlite")
    print(f"{args.game}, {'the default number of' if args.game == 'all' else players(args.game)} random bots "
          "per game", flush=True)
    if "memory" in stores:
        store = InMemoryStore(max_games=None)
        gc.collect()
        before = rss_bytes()
        events, seconds = asyncio.run(play_games(store, args.game, args.games, args.batch))
        gc.collect()
        grown = rss_bytes() - before
        packed = sum(len(entry.blob) for entry in store._games.values() if hasattr(entry, "blob"))
        print(f"memory store: {args.games} finished games ({events} events, {events / args.games:.0f} per game, "
              f"played in {seconds:.0f} s): resident memory +{grown / 1e6:.1f} MB "
              f"({grown / args.games / 1024:.1f} KiB per game; packed records and events "
              f"{packed / args.games / 1024:.1f} KiB per game)", flush=True)
        del store
    work = tempfile.mkdtemp(prefix="boardbot-store-size-")
    try:
        if "sqlite" in stores:
            from boardbot.engine import registry
            from boardbot.server.sqlite_store import SqliteStore

            total = 0.0
            for game in (registry.names() if args.game == "all" else [args.game]):
                path = os.path.join(work, f"{game}.sqlite3")
                store = SqliteStore(path)

                async def on_sqlite():
                    await store.open()
                    result = await play_games(store, game, args.disk_games, args.batch)
                    await store.close()  # a checkpoint: the WAL is folded into the file
                    return result

                events, seconds = asyncio.run(on_sqlite())
                size = os.path.getsize(path)
                total += size / args.disk_games * 10_000
                print(f"sqlite store, {game}: {args.disk_games} finished games ({events} events): "
                      f"{size / 1e6:.1f} MB on disk, {size / args.disk_games / 1024:.1f} KiB per game "
                      f"({size / events:.0f} bytes per event)", flush=True)
            if args.game == "all":
                print(f"sqlite store: 10,000 finished games of each game type would take {total / 1e6:.0f} MB",
                      flush=True)
        if "redis" in stores:
            binary = shutil.which("redis-server")
            if binary is None:
                print("redis store: no redis-server on the PATH; skipped")
                return 0
            import redis

            from boardbot.server.redis_store import RedisStore

            port = free_port()
            proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                     "--appendonly", "no", "--dir", work], stdout=subprocess.DEVNULL)
            try:
                url = f"redis://127.0.0.1:{port}/0"
                time.sleep(0.5)
                with redis.Redis.from_url(url) as r:
                    before = r.info("memory")["used_memory"]
                store = RedisStore(url)

                async def on_redis():
                    await store.open()
                    result = await play_games(store, args.game, args.disk_games, args.batch)
                    await store.close()
                    return result

                events, seconds = asyncio.run(on_redis())
                with redis.Redis.from_url(url) as r:
                    used = r.info("memory")["used_memory"] - before
                print(f"redis store: {args.disk_games} finished games ({events} events): used_memory "
                      f"+{used / 1e6:.1f} MB, {used / args.disk_games / 1024:.1f} KiB per game", flush=True)
            finally:
                proc.terminate()
                proc.wait()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
