"""The floor: CPU per unary call of a bare gRPC server and client on this machine.

    python bench/grpc_floor.py --server aio|sync --client aio|sync --clients 64 --rate 1500 --seconds 10

Starts an echo server in a process of its own (a generic unary handler that
returns a fixed ``--response-bytes`` payload: no protobuf, no work), then
drives it from this process with ``--clients`` concurrent callers, each paced
so that together they offer ``--rate`` calls a second (0: closed loop, as
fast as they go). Prints the calls made and the CPU µs per call of each
side (utime + stime from /proc, all threads). ``--server-option k=v`` adds a
channel argument to the server, ``--client-option k=v`` to the client's
channel (e.g. ``grpc.optimization_target=throughput``); ``--loop uvloop`` runs
both aio sides on uvloop. gRPC core reads $GRPC_EXPERIMENTS in both processes
(``boardbot serve`` and ``loadtest`` set ``-event_engine_client,-event_engine_listener``;
see server/cli.py).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import sys
import threading
import time

import grpc

METHOD = "/floor.Echo/Call"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int, part: str = "both") -> float:
    with open(f"/proc/{pid}/stat", "rb") as f:
        fields = f.read().decode().rsplit(")", 1)[1].split()
    user, system = int(fields[11]), int(fields[12])
    return {"both": user + system, "user": user, "sys": system}[part] / CLOCK_TICKS


def _options(items: list[str]) -> list[tuple[str, object]]:
    out = []
    for item in items:
        key, _, value = item.partition("=")
        out.append((key, int(value) if value.lstrip("-").isdigit() else value))
    return out


def _handler(payload: bytes):
    def echo(request, context):
        return payload

    async def aecho(request, context):
        return payload

    return echo, aecho


def _run(coro, loop: str):
    if loop == "uvloop":
        import uvloop

        return uvloop.run(coro)
    return asyncio.run(coro)


def run_server(kind: str, port_out, payload_size: int, options: list, threads: int, loop: str,
               address: str = "127.0.0.1:0") -> None:
    """An echo server on ``address`` (port 0: a free one; gRPC binds with SO_REUSEPORT, so
    several processes may serve one port: bench/call_cost.py's ``echo2``); its port into
    ``port_out``."""
    payload = b"x" * payload_size
    echo, aecho = _handler(payload)
    if kind == "aio":
        async def main():
            server = grpc.aio.server(options=options)
            server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(
                "floor.Echo", {"Call": grpc.unary_unary_rpc_method_handler(aecho)}),))
            port_out.value = server.add_insecure_port(address)
            await server.start()
            await server.wait_for_termination()
        _run(main(), loop)
    else:
        from concurrent.futures import ThreadPoolExecutor
        server = grpc.server(ThreadPoolExecutor(threads), options=options)
        server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(
            "floor.Echo", {"Call": grpc.unary_unary_rpc_method_handler(echo)}),))
        port_out.value = server.add_insecure_port(address)
        server.start()
        server.wait_for_termination()


def _schedule(t0: float, j: int, clients: int, rate: float):
    """Caller j's pacing: a function of the time now giving the seconds to wait before its
    next call (every clients/rate seconds, the callers 1/rate apart; rate 0: never)."""
    if not rate:
        return lambda now: 0.0
    next_t = [t0 + j / rate]
    interval = clients / rate

    def wait(now: float) -> float:
        delay = next_t[0] - now
        next_t[0] += interval
        return delay

    return wait


async def aio_client(target: str, clients: int, rate: float, seconds: float, request: bytes, options, mark) -> int:
    channel = grpc.aio.insecure_channel(target, options=options)
    await channel.channel_ready()
    call = channel.unary_unary(METHOD)
    for _ in range(200):
        await call(request)
    mark()
    count = 0
    loop = asyncio.get_running_loop()
    t0 = loop.time() + 0.05
    end = t0 + seconds

    async def one(j: int) -> None:
        nonlocal count
        wait = _schedule(t0, j, clients, rate)
        while True:
            delay = wait(loop.time())
            if delay > 0:
                await asyncio.sleep(delay)
            if loop.time() >= end:
                return
            await call(request, timeout=10)
            count += 1

    await asyncio.gather(*(one(j) for j in range(clients)))
    await channel.close()
    return count


def sync_client(target: str, clients: int, rate: float, seconds: float, request: bytes, options, mark) -> int:
    channel = grpc.insecure_channel(target, options=options)
    grpc.channel_ready_future(channel).result(10)
    call = channel.unary_unary(METHOD)
    for _ in range(200):
        call(request)
    mark()
    counts = [0] * clients
    t0 = time.monotonic() + 0.05
    end = t0 + seconds

    def one(j: int) -> None:
        wait = _schedule(t0, j, clients, rate)
        while True:
            delay = wait(time.monotonic())
            if delay > 0:
                time.sleep(delay)
            if time.monotonic() >= end:
                return
            call(request, timeout=10)
            counts[j] += 1

    threads = [threading.Thread(target=one, args=(j,)) for j in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    channel.close()
    return sum(counts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", choices=("aio", "sync"), default="aio")
    parser.add_argument("--server-threads", type=int, default=8)
    parser.add_argument("--client", choices=("aio", "sync"), default="aio")
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--rate", type=float, default=1500.0, help="calls a second offered in all (0: closed loop)")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--request-bytes", type=int, default=60)
    parser.add_argument("--response-bytes", type=int, default=1500)
    parser.add_argument("--loop", choices=("asyncio", "uvloop"), default="asyncio",
                        help="the event loop of the aio server and client")
    parser.add_argument("--server-option", action="append", default=[])
    parser.add_argument("--client-option", action="append", default=[])
    args = parser.parse_args()

    ctx = multiprocessing.get_context("spawn")
    port = ctx.Value("i", 0)
    proc = ctx.Process(target=run_server, args=(args.server, port, args.response_bytes,
                                                _options(args.server_option), args.server_threads, args.loop),
                       daemon=True)
    proc.start()
    while port.value == 0:
        time.sleep(0.05)
    target = f"127.0.0.1:{port.value}"
    request = b"r" * args.request_bytes
    copts = _options(args.client_option)
    me = os.getpid()
    start = []

    def mark() -> None:  # after the connection and 200 warm-up calls
        start.extend((cpu_seconds(proc.pid), cpu_seconds(me), time.monotonic(),
                      cpu_seconds(proc.pid, "sys"), cpu_seconds(me, "sys")))

    if args.client == "aio":
        n = _run(aio_client(target, args.clients, args.rate, args.seconds, request, copts, mark), args.loop)
    else:
        n = sync_client(target, args.clients, args.rate, args.seconds, request, copts, mark)
    s1, c1, w1 = cpu_seconds(proc.pid), cpu_seconds(me), time.monotonic()
    ss1, cs1 = cpu_seconds(proc.pid, "sys"), cpu_seconds(me, "sys")
    s0, c0, w0, ss0, cs0 = start
    proc.terminate()
    proc.join(5)
    wall = w1 - w0
    print(f"server={args.server} client={args.client} loop={args.loop} clients={args.clients} rate={args.rate:g} "
          f"sopts={args.server_option} copts={args.client_option}: {n} calls, {n / wall:,.0f}/s; "
          f"server {1e6 * (s1 - s0) / n:.0f} µs/call (sys {1e6 * (ss1 - ss0) / n:.0f}; {(s1 - s0) / wall:.2f} cores), "
          f"client {1e6 * (c1 - c0) / n:.0f} µs/call (sys {1e6 * (cs1 - cs0) / n:.0f}; {(c1 - c0) / wall:.2f} cores)", flush=True)


if __name__ == "__main__":
    sys.exit(main())
