"""SuggestMove latency at each preset, on servers side by side (issue 47: what one tree costs).

    python bench/preset_latency.py [--target NAME=HOST:PORT ...] [--game froccs] [--players 2,6]
                                   [--bots ismcts:easy,ismcts:medium,ismcts:hard] [--calls 7]
                                   [--concurrency 1,2] [--moves 12]

Each ``--target`` is a running ``boardbot serve`` (give two to compare two versions: the
first is the reference); without one the script starts one from this checkout with
``--ai-workers 2``. For each table size it creates the same game on every target (a
reproducible seed, every seat human), plays ``--moves`` moves into it (the same moves on
every target) to a decision with a choice, and asks SuggestMove there with each bot and its
own budget (the preset's at that table: since 2026-12-05 at most its time and its iterations,
managed; name an iteration budget in ``--bots``, e.g. ``ismcts:hard,iterations=2500``, for
calls that each do the same work) and a fixed seed. The targets take turns call by call, so a busy moment of the shared machine
falls on all of them alike. With a concurrency of k, k callers ask at once (the same
position; their seeds differ): one search per worker process, or trees that share them.

It prints, per table, bot and concurrency, each target's median latency over its calls, the
fastest and slowest, the iterations and search trees (workers) of the answers, and the
median's ratio to the first target's. Figures only: nothing here asserts. The machine is
what it is: note its load (printed) when comparing runs.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import time

import grpc

from boardbot.ai.bot_specs import split_seat_specs
from boardbot.v1 import bot_service_pb2, bot_service_pb2_grpc, common_pb2, game_service_pb2, game_service_pb2_grpc

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from suggest_latency import start_server, wait_ready  # noqa: E402 (a server of this checkout, as there)


async def position(games, game: str, players: int, moves: int, seed: int) -> tuple[str, int, tuple]:
    """A game of ``players`` humans on one target, ``moves`` moves in (the same on every target:
    the game is reproducible and the moves are chosen by their index), at a decision with a
    choice: its id, the deciding seat and that seat's token metadata."""
    config = common_pb2.GameConfig()
    getattr(config, game.replace("-", "_")).players = players
    made = await games.CreateGame(game_service_pb2.CreateGameRequest(
        game=game, config=config, seed=seed, reproducible=True,
        seats=[common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_HUMAN)] * players), timeout=30)
    game_id = made.game.game_id
    tokens = {t.seat: (("authorization", f"Bearer {t.token}"),) for t in made.seat_tokens}
    rng = random.Random(seed)
    played = 0
    while True:
        decider = (await games.GetGame(game_service_pb2.GetGameRequest(game_id=game_id), timeout=30)).game.decider
        view = (await games.GetView(game_service_pb2.GetViewRequest(game_id=game_id, seat=decider),
                                    metadata=tokens[decider], timeout=30)).view
        if played >= moves and len(view.legal_moves) > 1:
            return game_id, decider, tokens[decider]
        move = view.legal_moves[rng.randrange(len(view.legal_moves))]
        await games.SubmitMove(game_service_pb2.SubmitMoveRequest(game_id=game_id, seat=decider, move_id=move.id),
                               metadata=tokens[decider], timeout=30)
        played += 1


async def suggest(bots, where: tuple, bot: str, seed: int) -> tuple[float, int, int]:
    game_id, seat, token = where
    started = time.monotonic()
    reply = await bots.SuggestMove(bot_service_pb2.SuggestMoveRequest(game_id=game_id, seat=seat, bot=bot, seed=seed),
                                   metadata=token, timeout=120)
    return time.monotonic() - started, reply.stats.iterations, reply.stats.workers


async def main_async(args) -> int:
    procs = []
    targets = []
    for item in args.target or []:
        name, _, address = item.partition("=")
        targets.append((name, address))
    if not targets:
        proc, address = start_server(argparse.Namespace(ai_workers=2, max_searches=None, search_queue_limit=None,
                                                        server_log=None))
        procs.append(proc)
        targets.append(("this checkout", address))
    try:
        stubs = []
        for name, address in targets:
            await wait_ready(address, procs[0] if procs else None)
            channel = grpc.aio.insecure_channel(address)
            stubs.append((name, game_service_pb2_grpc.GameServiceStub(channel), bot_service_pb2_grpc.BotServiceStub(channel)))
        workers = [(await b.GetServingStats(bot_service_pb2.GetServingStatsRequest(), timeout=10)).workers
                   for _, _, b in stubs]
        print(f"{args.game}; targets: " + ", ".join(f"{n} ({w} search workers)" for (n, _, _), w in zip(stubs, workers))
              + f"; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs", flush=True)
        print(f"{'players':>7} {'bot':<15} {'conc':>4} {'target':<14} {'median ms':>10} {'min ms':>8} {'max ms':>8} "
              f"{'iterations':>10} {'trees':>5} {'ratio':>6}")
        for players in args.players:
            places = [await position(g, args.game, players, args.moves, args.seed) for _, g, _ in stubs]
            for bot in args.bots:
                for concurrency in args.concurrency:
                    samples: list[list[tuple]] = [[] for _ in stubs]
                    for call in range(args.calls):
                        for t, (_, _, bots) in enumerate(stubs):  # the targets take turns
                            seeds = [1000 * call + k for k in range(concurrency)]
                            samples[t] += await asyncio.gather(*(suggest(bots, places[t], bot, s) for s in seeds))
                    reference = None
                    for (name, _, _), got in zip(stubs, samples):
                        latencies = [s[0] * 1000 for s in got]
                        median = statistics.median(latencies)
                        reference = reference or median
                        print(f"{players:>7} {bot:<15} {concurrency:>4} {name:<14} {median:>10.1f} {min(latencies):>8.1f} "
                              f"{max(latencies):>8.1f} {statistics.median(s[1] for s in got):>10.0f} "
                              f"{max(s[2] for s in got):>5} {median / reference:>6.2f}", flush=True)
        print(f"load average {os.getloadavg()[0]:.1f} at the end")
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(10)
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--target", action="append", metavar="NAME=HOST:PORT",
                    help="a running server (repeat to compare; the first is the reference)")
    ap.add_argument("--game", default="froccs")
    ap.add_argument("--players", type=lambda s: [int(x) for x in s.split(",")], default=[2, 6])
    ap.add_argument("--bots", type=split_seat_specs, default=["ismcts:easy", "ismcts:medium", "ismcts:hard"],
                    help="bot specs, split as --seats are (ismcts:hard,workers=2 is one bot; ';' always splits)")
    ap.add_argument("--calls", type=int, default=7, help="calls per target, bot and table")
    ap.add_argument("--concurrency", type=lambda s: [int(x) for x in s.split(",")], default=[1],
                    help="callers asking at once (comma-separated: one row each)")
    ap.add_argument("--moves", type=int, default=12, help="moves played into the game before the decision asked")
    ap.add_argument("--seed", type=int, default=17)
    return asyncio.run(main_async(ap.parse_args(argv)))


if __name__ == "__main__":
    sys.exit(main())
