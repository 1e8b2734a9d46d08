"""What a game's record costs to make: CPU per GetGameRecord and its size, per game.

    python bench/record_cost.py [--repeats 5]

One game of each type with every seat the random bot, played through the game
master on the memory store; then GetGameRecord of the finished game (complete: every
event replayed through the engine to describe it, server/game_records.py), the median
CPU time of ``--repeats`` calls and the record's size in bytes. A record is made from
the stored events each time it is asked for; nothing is cached.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from boardbot.server.calls import Call
from boardbot.server.master import GameMaster
from boardbot.server.memory_store import InMemoryStore
from boardbot.v1 import common_pb2
from boardbot.v1 import game_service_pb2 as gs

TABLES = (("froccs", 4), ("czech-pub", 4), ("fritanga", 4), ("frogriders", 4), ("dulore-jutunk", 2))


async def main(repeats: int) -> None:
    store = InMemoryStore()
    await store.open()
    master = GameMaster(store)
    await master.start()
    try:
        for name, seats in TABLES:
            request = gs.CreateGameRequest(game=name)
            for _ in range(seats):
                request.seats.add(kind=common_pb2.SEAT_KIND_BOT, bot="random")
            game = (await master.create_game(request, Call())).game
            while (await store.get_live(game.game_id)).finished is None:
                await asyncio.sleep(0.01)
            times = []
            for _ in range(repeats):
                started = time.process_time()
                record = (await master.get_game_record(gs.GetGameRecordRequest(game_id=game.game_id),
                                                       Call())).game_record
                times.append(time.process_time() - started)
            print(f"{name} ({seats} seats): {len(record.events)} events, "
                  f"{statistics.median(times) * 1000:.1f} ms CPU per GetGameRecord, "
                  f"{len(record.SerializeToString()) / 1024:.1f} KiB")
    finally:
        await master.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    asyncio.run(main(parser.parse_args().repeats))
