"""The server's CPU per call with traces off, against another checkout (before a change), and on.

    python bench/tracing_overhead.py --baseline /path/to/other/checkout/.venv/bin/python \\
        [--rounds 5] [--seconds 8] [--clients 16] [--game frogriders] [--traced]

Each round starts `boardbot serve` (in-memory store, no browser port, searches in threads)
once per variant, one after the other, and drives it for ``--seconds`` with `boardbot
loadtest` (this checkout's, the same for every variant: ``--clients`` games of random moves
against the random bot); the server's CPU per call (utime + stime of its process, as the
load tester reports it) and its calls a second are kept. Variants: ``baseline`` (the other
checkout's server, through ``--baseline``'s Python), ``off`` (this checkout, no OTEL_*
setting: tracing off, as without the tracing extra) and with ``--traced`` ``on`` (this
checkout exporting every span over OTLP to a collector in this process that drops them).
Prints the median and the spread of each variant; the machine is shared, so compare
variants of the same run only.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from concurrent import futures
from pathlib import Path

import grpc

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.processes import Serve  # noqa: E402  (starts `boardbot serve`, waits for its health)
from tests.test_external import free_port  # noqa: E402


def sink() -> tuple[grpc.Server, int]:
    """An OTLP/gRPC trace collector that accepts every export and keeps nothing."""
    from opentelemetry.proto.collector.trace.v1 import trace_service_pb2, trace_service_pb2_grpc

    class Drop(trace_service_pb2_grpc.TraceServiceServicer):
        def Export(self, request, context):
            return trace_service_pb2.ExportTraceServiceResponse()

    port = free_port()
    server = grpc.server(futures.ThreadPoolExecutor(2))
    trace_service_pb2_grpc.add_TraceServiceServicer_to_server(Drop(), server)
    server.add_insecure_port(f"127.0.0.1:{port}")
    server.start()
    return server, port


class ServeWith(Serve):
    """`boardbot serve` run by a given Python (another checkout's virtualenv)."""

    def __init__(self, python: str, args: list[str], log_path, **env):
        import tests.processes as processes

        command = processes.boardbot_command
        processes.boardbot_command = lambda: [python, "-m", "boardbot.tools.cli"]
        try:
            super().__init__(args, log_path, **env)
        finally:
            processes.boardbot_command = command


def one_run(python: str, env: dict, args: argparse.Namespace, work: Path) -> tuple[float, float]:
    """(server CPU µs per call, calls a second) of one loadtest against a fresh server."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("OTEL_")}
    os.environ.clear()
    os.environ.update(clean)
    server = ServeWith(python, ["--store", "memory", "--http-address", "off", "--ai-workers", "0"],
                       work / "serve.log", **env)
    report = work / "report.json"
    try:
        subprocess.run([sys.executable, "-m", "boardbot.tools.cli", "loadtest", "--target", server.address,
                        "--server-pid", str(server.proc.pid), "--game", args.game, "--clients", str(args.clients),
                        "--duration", str(args.seconds), "--quiet", "--json-out", str(report)],
                       check=True, cwd=ROOT, timeout=args.seconds * 10 + 120, stdout=subprocess.DEVNULL)
    finally:
        server.stop()
    run = json.loads(report.read_text())["runs"][0]
    calls = sum(entry["count"] for entry in run["calls"].values())
    return run["cpu"]["server"]["cpu_us_per_call"], calls / args.seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", required=True, help="the Python of another checkout's virtualenv")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--game", default="frogriders")
    parser.add_argument("--traced", action="store_true", help="also this checkout with every span exported")
    args = parser.parse_args()
    variants = {"baseline": (args.baseline, {}), "off": (sys.executable, {})}
    collector = None
    if args.traced:
        collector, port = sink()
        variants["on"] = (sys.executable, {"OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{port}"})
    figures: dict[str, list[tuple[float, float]]] = {name: [] for name in variants}
    with tempfile.TemporaryDirectory() as tmp:
        for round_ in range(args.rounds):
            order = list(variants) if round_ % 2 == 0 else list(reversed(variants))  # alternate who goes first
            for name in order:
                python, env = variants[name]
                figures[name].append(one_run(python, env, args, Path(tmp)))
                print(f"round {round_ + 1} {name}: {figures[name][-1][0]:.0f} us CPU per call, "
                      f"{figures[name][-1][1]:.0f} calls/s", flush=True)
    if collector is not None:
        collector.stop(0)
    print(f"\n{args.game}, {args.clients} clients, {args.seconds:g} s a run, {args.rounds} rounds "
          f"(median, min-max of the server's CPU per call; calls/s median):")
    for name, runs in figures.items():
        cpu = [c for c, _ in runs]
        print(f"  {name:8s} {statistics.median(cpu):6.0f} us  ({min(cpu):.0f}-{max(cpu):.0f})  "
              f"{statistics.median(r for _, r in runs):6.0f} calls/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
