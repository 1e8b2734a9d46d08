"""SuggestMove latency over gRPC against its time budget.

    python bench/suggest_latency.py [--quick] [--budgets 0.1,0.25,0.5] [--concurrency 1,8,32]
                                    [--calls 40] [--target HOST:PORT] [--ai-workers N]

Without ``--target`` it starts ``boardbot serve`` on a free loopback port
(with ``--ai-workers``, ``--max-searches``, ``--search-queue-limit`` passed
on) and stops it at the end. For each budget and concurrency, that many
clients each hold a game of two human seats and loop: SuggestMove for the
seat to move with ``budget.time`` = the budget (the call's deadline is
the budget + 5 s, so the deadline does not cut the search), then SubmitMove
of the suggested move (not timed), a new game when one ends. It prints, per
row: calls, errors by status code, p50 and p99 latency, p50/p99/max of
(latency - budget) -- the issue's target is p99 at most 50 ms -- the p99
of the server's own part of it (``srv``: the search's seconds plus its
queue wait, from the reply's stats, minus the budget; the rest is gRPC,
the server's reply path and this client), the mean iterations per search (the quality the load leaves), and the server's
event-loop lag over the last 10 s (p99, max; GetServingStats): how late the
server process ran a 50 ms timer, i.e. what a busy or CPU-starved server
process adds to every answer. Percentiles are nearest-rank over every
sample. Then the server's GetServingStats.

Figures only: nothing here asserts. The machine is what it is: note its
load (printed) when comparing runs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

import grpc  # noqa: E402
from google.protobuf import json_format  # noqa: E402

from boardbot.ai.stats import percentile  # noqa: E402
from boardbot.v1 import (bot_service_pb2, bot_service_pb2_grpc, common_pb2, game_service_pb2,  # noqa: E402
                         game_service_pb2_grpc)

FINISHED = common_pb2.GAME_STATUS_FINISHED


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(args) -> tuple[subprocess.Popen, str]:
    address = f"127.0.0.1:{free_port()}"
    # searches are measured here, not the store: games in memory, no file shared with another run
    cmd = [sys.executable, "-m", "boardbot.tools.cli", "serve", "--address", address, "--store", "memory",
           "--http-address", "off"]
    for flag, value in (("--ai-workers", args.ai_workers), ("--max-searches", args.max_searches),
                        ("--search-queue-limit", args.search_queue_limit)):
        if value is not None:
            cmd += [flag, str(value)]
    env = dict(os.environ)
    log = open(args.server_log, "w") if args.server_log else subprocess.DEVNULL
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log)
    return proc, address


def budget_of(seconds: float) -> bot_service_pb2.SearchBudget:
    budget = bot_service_pb2.SearchBudget()
    budget.time.FromNanoseconds(int(seconds * 1e9))
    return budget


async def wait_ready(address: str, proc, timeout: float = 60.0) -> None:
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    deadline = time.monotonic() + timeout
    async with grpc.aio.insecure_channel(address) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        while True:
            try:
                reply = await stub.Check(health_pb2.HealthCheckRequest(), timeout=1)
                if reply.status == health_pb2.HealthCheckResponse.SERVING:
                    return
            except grpc.aio.AioRpcError:
                pass
            if (proc is not None and proc.poll() is not None) or time.monotonic() > deadline:
                raise SystemExit("the server did not start")
            await asyncio.sleep(0.1)


class Client:
    """One simulated caller: a game of two humans, SuggestMove then SubmitMove."""

    def __init__(self, games, bots, name: str, seed: int):
        self.games, self.bots, self.name = games, bots, name
        self.rng = random.Random(seed)
        self.game_id = None
        self.tokens = {}

    async def new_game(self) -> None:
        reply = await self.games.CreateGame(game_service_pb2.CreateGameRequest(
            game=self.name, seed=self.rng.getrandbits(62),
            seats=[common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_HUMAN)] * 2), timeout=30)
        self.game_id = reply.game.game_id
        self.tokens = {t.seat: (("authorization", f"Bearer {t.token}"),) for t in reply.seat_tokens}

    async def step(self, bot: str, budget: float, samples: list, errors: dict) -> None:
        if self.game_id is None:
            await self.new_game()
        info = (await self.games.GetGame(game_service_pb2.GetGameRequest(game_id=self.game_id), timeout=30)).game
        if info.status == FINISHED:
            self.game_id = None
            return
        seat = info.decider
        request = bot_service_pb2.SuggestMoveRequest(game_id=self.game_id, seat=seat, bot=bot,
                                                     budget=budget_of(budget),
                                                     seed=self.rng.getrandbits(62))
        started = time.monotonic()
        try:
            reply = await self.bots.SuggestMove(request, metadata=self.tokens[seat], timeout=budget + 5.0)
        except grpc.aio.AioRpcError as err:
            errors[err.code().name] = errors.get(err.code().name, 0) + 1
            await asyncio.sleep(0.05)
            return
        latency = time.monotonic() - started
        samples.append((latency, reply.stats.iterations, reply.stats.stop,
                        (reply.stats.duration.ToNanoseconds() + reply.stats.queue_time.ToNanoseconds()) / 1e9))
        try:
            await self.games.SubmitMove(game_service_pb2.SubmitMoveRequest(
                game_id=self.game_id, seat=seat, move_id=reply.move.id), metadata=self.tokens[seat], timeout=30)
        except grpc.aio.AioRpcError:
            self.game_id = None


async def run_row(channels, args, budget: float, concurrency: int) -> dict:
    clients = [Client(game_service_pb2_grpc.GameServiceStub(channels[i % len(channels)]),
                      bot_service_pb2_grpc.BotServiceStub(channels[i % len(channels)]), args.game, 1000 * i + 7)
               for i in range(concurrency)]
    samples: list = []
    errors: dict = {}
    calls_each = max(3, -(-args.calls // concurrency))  # every caller makes a few calls

    async def loop(client: Client) -> None:
        done = 0
        while done < calls_each:
            before = len(samples) + sum(errors.values())
            await client.step(args.bot, budget, samples, errors)
            done += (len(samples) + sum(errors.values())) > before

    started = time.monotonic()
    await asyncio.gather(*(loop(c) for c in clients))
    wall = time.monotonic() - started
    lat = [s[0] for s in samples]
    over = [s[0] - budget for s in samples]
    iters = [s[1] for s in samples]
    server_over = [s[3] - budget for s in samples]
    return {
        "budget_s": budget, "concurrency": concurrency, "calls": len(samples), "errors": errors,
        "p50_ms": percentile(lat, 50) * 1000, "p99_ms": percentile(lat, 99) * 1000,
        "over_p50_ms": percentile(over, 50) * 1000, "over_p99_ms": percentile(over, 99) * 1000, "over_max_ms": max(over) * 1000
        if over else float("nan"),
        "iterations_mean": sum(iters) / len(iters) if iters else 0.0, "wall_s": wall,
        "server_over_p99_ms": percentile(server_over, 99) * 1000,
    }


async def main_async(args) -> int:
    proc = None
    address = args.target
    if address is None:
        proc, address = start_server(args)
    try:
        await wait_ready(address, proc)
        channels = [grpc.aio.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)])
                    for _ in range(args.channels)]
        bots = bot_service_pb2_grpc.BotServiceStub(channels[0])
        stats = await bots.GetServingStats(bot_service_pb2.GetServingStatsRequest(), timeout=10)
        print(f"server {address}: {stats.workers} search workers, max_running {stats.max_running}, "
              f"queue_limit {stats.queue_limit}; game {args.game}, bot {args.bot}; "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
        header = (f"{'budget':>7} {'conc':>5} {'calls':>6} {'p50 ms':>8} {'p99 ms':>8} {'over p50':>9} "
                  f"{'over p99':>9} {'over max':>9} {'srv p99':>8} {'iters':>7} {'lag p99':>8} {'lag max':>8}  errors")
        print(header)
        rows = []
        for budget in args.budgets:
            for concurrency in args.concurrency:
                row = await run_row(channels, args, budget, concurrency)
                lag = await bots.GetServingStats(bot_service_pb2.GetServingStatsRequest(), timeout=10)
                row["server_loop_lag_p99_ms"] = lag.loop_lag_p99.ToNanoseconds() / 1e6
                row["server_loop_lag_max_ms"] = lag.loop_lag_max.ToNanoseconds() / 1e6
                rows.append(row)
                print(f"{budget:>7.3f} {concurrency:>5} {row['calls']:>6} {row['p50_ms']:>8.1f} {row['p99_ms']:>8.1f} "
                      f"{row['over_p50_ms']:>9.1f} {row['over_p99_ms']:>9.1f} {row['over_max_ms']:>9.1f} "
                      f"{row['server_over_p99_ms']:>8.1f} {row['iterations_mean']:>7.1f} {row['server_loop_lag_p99_ms']:>8.1f} "
                      f"{row['server_loop_lag_max_ms']:>8.1f}  {row['errors'] or ''}", flush=True)
        stats = await bots.GetServingStats(bot_service_pb2.GetServingStatsRequest(), timeout=10)
        print("serving stats:", json.dumps({
            "counters": json_format.MessageToDict(stats.counters, preserving_proto_field_name=True),
            "stops": json_format.MessageToDict(stats.stops, preserving_proto_field_name=True),
            "peak_queued": stats.peak_queued,
            "wait_p99_ms": round(stats.wait_p99.ToNanoseconds() / 1e6, 1),
            "search_p99_ms": round(stats.search_p99.ToNanoseconds() / 1e6, 1)}))
        worst = max((r["over_p99_ms"] for r in rows if r["calls"]), default=float("nan"))
        print(f"worst p99 of latency - budget: {worst:.1f} ms (target <= 50 ms); "
              f"load average now {os.getloadavg()[0]:.1f}")
        if args.json_out:
            with open(args.json_out, "w") as f:
                json.dump({"rows": rows, "address": address}, f, indent=1)
        for channel in channels:
            await channel.close()
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", default=None, help="a running server (default: start one)")
    parser.add_argument("--game", default="frogriders")
    parser.add_argument("--bot", default="ismcts:medium", help="the SuggestMove bot spec (its budget is replaced)")
    parser.add_argument("--budgets", default="0.1,0.25,0.5", help="seconds, comma-separated")
    parser.add_argument("--concurrency", default="1,8,32", help="concurrent callers, comma-separated")
    parser.add_argument("--calls", type=int, default=None,
                        help="timed calls per row, shared by the callers (default 60, --quick 24)")
    parser.add_argument("--channels", type=int, default=4, help="gRPC connections the callers share")
    parser.add_argument("--ai-workers", type=int, default=None)
    parser.add_argument("--max-searches", type=int, default=None)
    parser.add_argument("--search-queue-limit", type=int, default=None)
    parser.add_argument("--server-log", default=None, help="write the started server's log here")
    parser.add_argument("--json-out", default=None)
    parser.add_argument("--quick", action="store_true", help="budgets 0.1,0.25 and fewer calls")
    args = parser.parse_args(argv)
    if args.quick and args.budgets == "0.1,0.25,0.5":
        args.budgets = "0.1,0.25"
    args.budgets = [float(b) for b in args.budgets.split(",") if b.strip()]
    args.concurrency = [int(c) for c in args.concurrency.split(",") if c.strip()]
    if args.calls is None:
        args.calls = 24 if args.quick else 60
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
