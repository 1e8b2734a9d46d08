"""Idle watch streams and everyone else: GetGame latency on one game while thousands of
WatchGame streams that never read sit on another game that keeps moving.

    python bench/idle_watchers.py [--watchers 2000] [--seconds 10]

Starts a server in a subprocess (``boardbot serve``'s ``start``, no search
workers, no per-call log); a two-human Frogriders game is the hot game, moved
by one client as fast as it can, and watched by ``--watchers`` streams
opened from another process that never read them; a third client calls
GetGame on a different game, one call at a time, and its latency is
measured: first with no watchers, then with them. Also prints how the idle
streams ended (RESOURCE_EXHAUSTED once too far behind: WATCH_MAX_BEHIND in
server/master.py) and the server's peak memory.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import pathlib
import socket
import subprocess
import sys
import threading
import time

import grpc

from boardbot.ai.stats import percentile
from boardbot.v1 import common_pb2, game_service_pb2 as pb, game_service_pb2_grpc

HUMAN = common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_HUMAN)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(port: int) -> None:
    from boardbot.server import eventloop, logs
    from boardbot.server.app import start
    from boardbot.server.config import ServerConfig

    async def main():
        logs.configure(enabled=False)
        running = await start(ServerConfig(address=f"127.0.0.1:{port}"))  # held: a collected grpc.aio server stops
        await asyncio.Event().wait()
        return running
    eventloop.run(main())


STREAMS_PER_CONNECTION = 50  # idle watchers are many clients: a connection per 50 streams


def idle_watchers(address: str, game_id: str, count: int, hold: float) -> None:
    """Open ``count`` WatchGame streams, read one message each, then never read again
    (grpc's blocking API: each stream is read only when asked to)."""
    channels = [grpc.insecure_channel(address, options=[("grpc.channel_id", i)])
                for i in range(-(-count // STREAMS_PER_CONNECTION))]
    stubs = [game_service_pb2_grpc.GameServiceStub(c) for c in channels]
    streams, refused = [], {}
    for i in range(count):
        stream = stubs[i // STREAMS_PER_CONNECTION].WatchGame(pb.WatchGameRequest(game_id=game_id),
                                                              timeout=hold + 20)
        try:
            next(stream)
            streams.append(stream)
        except grpc.RpcError as err:
            refused[err.code().name] = refused.get(err.code().name, 0) + 1
    print(f"{len(streams)} of {count} watchers open, refused: {refused or 'none'}", flush=True)
    time.sleep(hold)
    codes: dict[str, int] = {}
    for stream in streams:  # drain: how did the idle ones end?
        try:
            for _ in stream:
                pass
            codes["OK"] = codes.get("OK", 0) + 1
        except grpc.RpcError as err:
            codes[err.code().name] = codes.get(err.code().name, 0) + 1
    print(f"idle streams ended: {codes}", flush=True)
    for channel in channels:
        channel.close()


def mover(stub, game_id: str, tokens: dict, stop: threading.Event) -> None:
    while not stop.is_set():
        view = stub.GetView(pb.GetViewRequest(game_id=game_id), timeout=10).view
        if view.status != common_pb2.GAME_STATUS_RUNNING:
            return
        seat = view.decider
        stub.SubmitMove(pb.SubmitMoveRequest(game_id=game_id, seat=seat, move_id=0),
                        metadata=[("authorization", f"Bearer {tokens[seat]}")], timeout=10)


def probe(stub, game_id: str, seconds: float) -> list[float]:
    latencies, end = [], time.monotonic() + seconds
    while time.monotonic() < end:
        started = time.perf_counter()
        stub.GetGame(pb.GetGameRequest(game_id=game_id), timeout=10)
        latencies.append((time.perf_counter() - started) * 1000)
        time.sleep(0.002)
    return sorted(latencies)


def peak_rss_mb(pid: int) -> float:
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--watchers", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--watch", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.serve)
        return 0
    if args.watch:
        idle_watchers(args.watch[0], args.watch[1], args.watchers, args.seconds + 5)
        return 0
    port = free_port()
    address = f"127.0.0.1:{port}"
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(port)])
    try:
        channel = grpc.insecure_channel(address)
        grpc.channel_ready_future(channel).result(30)
        stub = game_service_pb2_grpc.GameServiceStub(channel)
        quiet = stub.CreateGame(pb.CreateGameRequest(game="frogriders", seats=[HUMAN, HUMAN]), timeout=10)
        before = probe(stub, quiet.game.game_id, args.seconds)
        hot = stub.CreateGame(pb.CreateGameRequest(game="czech-pub", seats=[HUMAN] * 3, seed=1), timeout=10)
        tokens = {t.seat: t.token for t in hot.seat_tokens}
        watchers = subprocess.Popen([sys.executable, __file__, "--watch", address, hot.game.game_id,
                                     "--watchers", str(args.watchers), "--seconds", str(args.seconds)],
                                    stdout=subprocess.PIPE, text=True)
        print(watchers.stdout.readline().strip())
        stop = threading.Event()
        moving = threading.Thread(target=mover, args=(stub, hot.game.game_id, tokens, stop))
        moving.start()
        during = probe(stub, quiet.game.game_id, args.seconds)
        stop.set()
        moving.join()
        version = stub.GetGame(pb.GetGameRequest(game_id=hot.game.game_id), timeout=10).game.version
        print(watchers.communicate(timeout=120)[0].strip())
        print(f"GetGame on another game, one call at a time ({args.seconds:g} s each, {os.cpu_count()} CPUs):")
        print(f"  no watchers:                 p50 {percentile(before, 50):.2f} ms  p99 {percentile(before, 99):.2f} ms  "
              f"({len(before)} calls)")
        print(f"  {args.watchers} idle watchers, hot game moving: p50 {percentile(during, 50):.2f} ms  "
              f"p99 {percentile(during, 99):.2f} ms  ({len(during)} calls; the hot game reached version {version})")
        print(f"server peak RSS: {peak_rss_mb(server.pid):.0f} MB")
    finally:
        server.terminate()
        server.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
