"""Fair shares of the search slots: another caller's SuggestMoves while one caller floods.

    python bench/search_fairness.py [--flood 200] [--rate 8] [--seconds 20] [--budget 0.25]

Starts ``boardbot serve`` (its default search workers and limits; ``--trusted-proxy
127.0.0.1``, so that each caller is the address its ``X-Forwarded-For`` names, as
behind a proxy) and two callers with games of their own, each from its own
process:

* the **flood**, 198.51.100.1: ``--flood`` SuggestMoves in flight at once, each
  sent again as soon as it is answered or refused (RetryInfo ignored, as a
  hostile caller would);
* the **other caller**, 203.0.113.7: ``--rate`` SuggestMoves a second, sent on
  time whatever the answers (a refused one is not sent again).

Every search asks ``--budget`` seconds. The other caller runs alone first (what it
gets with the server to itself), then under the flood, ``--seconds`` each. Printed
for each: the searches answered a second, how many calls were admitted (answered
rather than refused RESOURCE_EXHAUSTED), the median wait for a running slot and
the median answer time. The other caller's fair share under the flood is what it
asks for, up to half of what the server answers (two callers): ``min(its calls,
all answered / 2)``; its share is what it got of that.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import socket
import subprocess
import sys
import time

import grpc
from google.protobuf import duration_pb2

from boardbot.v1 import bot_service_pb2, bot_service_pb2_grpc, common_pb2, game_service_pb2 as pb, game_service_pb2_grpc

HUMAN = common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_HUMAN)
FLOOD, VICTIM = "198.51.100.1", "203.0.113.7"
LEAD = 2.0  # seconds the flood runs before and after the other caller


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def caller(address: str, client: str, in_flight: int, seconds: float, budget: float, rate: float) -> dict:
    """SuggestMoves for ``seconds`` as ``client``: ``in_flight`` loops, each sending again at once
    (``rate`` 0), or ``rate`` a second, on time; the counts of what came back."""
    counts: collections.Counter = collections.Counter()
    waits, latencies = [], []
    async with grpc.aio.insecure_channel(address) as channel:
        games = game_service_pb2_grpc.GameServiceStub(channel)
        bots = bot_service_pb2_grpc.BotServiceStub(channel)
        created = await games.CreateGame(pb.CreateGameRequest(game="czech-pub", seats=[HUMAN] * 3),
                                         metadata=[("x-forwarded-for", client)], timeout=30)
        seat = created.game.decider
        token = next(t.token for t in created.seat_tokens if t.seat == seat)
        metadata = [("x-forwarded-for", client), ("authorization", f"Bearer {token}")]
        request = bot_service_pb2.SuggestMoveRequest(
            game_id=created.game.game_id, seat=seat, bot="ismcts",
            budget=bot_service_pb2.SearchBudget(time=duration_pb2.Duration(seconds=int(budget),
                                                                  nanos=int(budget % 1 * 1e9))))
        end = time.monotonic() + seconds

        async def call():
            started = time.monotonic()
            try:
                answer = await bots.SuggestMove(request, metadata=metadata, timeout=60)
                counts["answered"] += 1
                waits.append(answer.stats.queue_time.ToNanoseconds() / 1e6)
                latencies.append((time.monotonic() - started) * 1000)
            except grpc.RpcError as err:
                counts[err.code().name] += 1
                if err.code() != grpc.StatusCode.RESOURCE_EXHAUSTED:
                    await asyncio.sleep(0.05)

        async def loop():
            while time.monotonic() < end:
                await call()
        if rate:
            calls = []
            for n in range(int(seconds * rate)):
                await asyncio.sleep(max(0.0, end - seconds + n / rate - time.monotonic()))
                calls.append(asyncio.ensure_future(call()))
            await asyncio.gather(*calls)
        else:
            await asyncio.gather(*(loop() for _ in range(in_flight)))
    median = lambda values: sorted(values)[len(values) // 2] if values else float("nan")  # noqa: E731
    return dict(counts, wait_ms=median(waits), latency_ms=median(latencies))


def figures(counts: dict, seconds: float) -> str:
    answered, refused = counts.get("answered", 0), counts.get("RESOURCE_EXHAUSTED", 0)
    others = {k: v for k, v in counts.items() if k not in ("answered", "RESOURCE_EXHAUSTED", "wait_ms", "latency_ms")}
    return (f"{answered / seconds:6.1f} searches/s; {answered} of {answered + refused} calls admitted "
            f"({100 * answered / max(1, answered + refused):.1f} %); median wait for a slot "
            f"{counts['wait_ms']:.0f} ms, answer {counts['latency_ms']:.0f} ms"
            + (f"; other answers {others}" if others else ""))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flood", type=int, default=200, help="the flood's SuggestMoves in flight")
    parser.add_argument("--rate", type=float, default=8.0, help="the other caller's SuggestMoves a second")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--budget", type=float, default=0.25, help="seconds each search asks for")
    parser.add_argument("--caller", nargs=4, help=argparse.SUPPRESS)  # ADDRESS CLIENT IN_FLIGHT RATE
    args = parser.parse_args(argv)
    if args.caller:
        address, client, in_flight, rate = args.caller
        print(json.dumps(asyncio.run(caller(address, client, int(in_flight), args.seconds, args.budget,
                                            float(rate)))))
        return 0
    port = free_port()
    address = f"127.0.0.1:{port}"
    server = subprocess.Popen([sys.executable, "-m", "boardbot.tools.cli", "serve", "--address", address,
                               "--http-address", "off", "--rpc-log-every", "0", "--trusted-proxy", "127.0.0.1"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def run(client: str, in_flight: int, rate: float, seconds: float) -> subprocess.Popen:
        return subprocess.Popen([sys.executable, __file__, "--caller", address, client, str(in_flight), str(rate),
                                 "--seconds", str(seconds), "--budget", str(args.budget)],
                                stdout=subprocess.PIPE, text=True)
    try:
        with grpc.insecure_channel(address) as channel:
            grpc.channel_ready_future(channel).result(60)
            stats = bot_service_pb2_grpc.BotServiceStub(channel).GetServingStats(
                bot_service_pb2.GetServingStatsRequest(), timeout=10)
        print(f"server: {stats.workers} search workers, {stats.max_running} searches running at most, "
              f"{stats.queue_limit} waiting; {os.cpu_count()} CPUs; searches of {args.budget:g} s; "
              f"{args.seconds:g} s a phase")
        alone = json.loads(run(VICTIM, 0, args.rate, args.seconds).communicate()[0])
        flood = run(FLOOD, args.flood, 0, args.seconds + 2 * LEAD)
        time.sleep(LEAD)  # the flood fills the slots first, and lasts past the other caller
        during = json.loads(run(VICTIM, 0, args.rate, args.seconds).communicate()[0])
        flooded = json.loads(flood.communicate()[0])
    finally:
        server.terminate()
        server.wait(20)
    seconds = args.seconds
    flood_seconds = seconds + 2 * LEAD
    answered = during.get("answered", 0)
    total = answered + flooded.get("answered", 0) * seconds / flood_seconds  # while the other caller ran
    sent = int(seconds * args.rate)
    fair = min(sent, total / 2)
    print(f"other caller alone ({args.rate:g} calls/s):        {figures(alone, seconds)}")
    print(f"other caller under the flood ({args.rate:g} calls/s): {figures(during, seconds)}")
    print(f"the flood ({args.flood} in flight):                {figures(flooded, flood_seconds)}")
    print(f"the other caller's share under the flood: {answered / fair:.2f} of its fair share "
          f"(min(its {sent} calls, half of {total:.0f} answered) = {fair:.0f} searches)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
