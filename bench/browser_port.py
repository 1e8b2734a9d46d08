"""The browser port next to native gRPC: calls per second, p99 and server CPU per call.

    python bench/browser_port.py [--clients 64] [--seconds 5] [--rounds 2]
                                 [--asgi uvicorn|hypercorn] [--protocols grpc,connect,grpc-web]

Starts one server process (``boardbot serve``'s ``start``: the gRPC port and the
browser port on one event loop, no search workers, no per-call log), creates a
two-seat Frogriders game per client, then lets 64 clients call GetView for
their own seat as fast as they can, from Node with the TypeScript client
(bench/browser_load.mjs; build it first: cd clients/typescript && npm ci &&
npm run build), over each protocol in turn, for ``--rounds`` rounds, so the
protocols share the machine's noise. The server's CPU per call comes from its
/proc stat. ``--asgi hypercorn`` serves the same application with Hypercorn
instead of uvicorn (the choice of ASGI server, docs/performance.md).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pathlib
import socket
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def run_server(grpc_port: int, http_port: int, asgi: str) -> None:
    from boardbot.server import logs
    from boardbot.server.app import start
    from boardbot.server.config import ServerConfig
    from boardbot.server.http_port import build_app

    logs.configure(enabled=False)
    if asgi == "uvicorn":
        running = await start(ServerConfig(address=f"127.0.0.1:{grpc_port}", http_address=f"127.0.0.1:{http_port}"))
        await asyncio.Event().wait()  # (holding ``running``: a collected grpc.aio server stops)
    running = await start(ServerConfig(address=f"127.0.0.1:{grpc_port}"))
    from hypercorn.asyncio import serve
    from hypercorn.config import Config

    config = Config()
    config.bind = [f"127.0.0.1:{http_port}"]
    config.accesslog = config.errorlog = None
    await serve(build_app(running.master, running.bot_service.advisor), config)


def cpu_seconds(pid: int) -> float:
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def make_seats(grpc_port: int, count: int) -> list[dict]:
    from boardbot.client import Client

    with Client(f"127.0.0.1:{grpc_port}") as client:
        client.wait_ready(20)
        seats = []
        for _ in range(count):
            game = client.create_game("frogriders", seats=["human", "human"])
            seats.append({"gameId": game.game_id, "seat": 0, "token": game.tokens[0]})
    return seats


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--asgi", choices=("uvicorn", "hypercorn"), default="uvicorn")
    parser.add_argument("--protocols", default="grpc,connect,grpc-web")
    parser.add_argument("--serve", nargs=2, type=int, metavar=("GRPC_PORT", "HTTP_PORT"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        from boardbot.server import eventloop

        eventloop.run(run_server(args.serve[0], args.serve[1], args.asgi))
        return 0
    loader = ROOT / "clients" / "typescript" / "dist" / "node.js"
    if not loader.exists():
        raise SystemExit("build the TypeScript client first: cd clients/typescript && npm ci && npm run build")
    grpc_port, http_port = free_port(), free_port()
    server = subprocess.Popen([sys.executable, __file__, "--asgi", args.asgi, "--serve", str(grpc_port),
                               str(http_port)])
    try:
        seats = make_seats(grpc_port, args.clients)
        urls = {"grpc": f"http://127.0.0.1:{grpc_port}", "connect": f"http://127.0.0.1:{http_port}",
                "grpc-web": f"http://127.0.0.1:{http_port}"}
        protocols = args.protocols.split(",")
        totals = {p: {"calls": 0, "errors": 0, "seconds": 0.0, "cpu": 0.0, "p99": []} for p in protocols}
        with tempfile.NamedTemporaryFile("w", suffix=".json") as seats_file:
            json.dump(seats, seats_file)
            seats_file.flush()
            for _ in range(args.rounds):
                for protocol in protocols:
                    before = cpu_seconds(server.pid)
                    out = subprocess.run(["node", str(ROOT / "bench" / "browser_load.mjs"), protocol, urls[protocol],
                                          str(args.seconds), str(args.clients), seats_file.name],
                                         check=True, capture_output=True, text=True).stdout
                    used = cpu_seconds(server.pid) - before
                    result = json.loads(out.strip().splitlines()[-1])
                    t = totals[protocol]
                    t["calls"] += result["calls"]
                    t["errors"] += result["errors"]
                    t["seconds"] += result["seconds"]
                    t["cpu"] += used
                    t["p99"].append(result["p99_ms"])
    finally:
        server.terminate()
        server.wait(10)
    print(f"GetView, {args.clients} clients, {args.rounds} x {args.seconds:g} s per protocol, "
          f"ASGI server {args.asgi}, {os.cpu_count()} CPUs")
    print(f"{'protocol':<10} {'calls/s':>9} {'p99 ms':>14} {'server CPU/call':>16} {'errors':>7}")
    for protocol, t in totals.items():
        rate = t["calls"] / t["seconds"] if t["seconds"] else 0.0
        cpu_us = t["cpu"] / t["calls"] * 1e6 if t["calls"] else float("nan")
        p99 = "/".join(f"{p:.1f}" for p in t["p99"])
        print(f"{protocol:<10} {rate:>9.0f} {p99:>14} {cpu_us:>13.0f} µs {t['errors']:>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
