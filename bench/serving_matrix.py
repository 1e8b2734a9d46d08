"""The SubmitMove target on every store, in one run.

    python bench/serving_matrix.py [--rates 1000,2000,3000] [--duration 10] [--warmup 3]
                                   [--configs memory,sqlite,redis2]

For each configuration, starts ``boardbot serve`` on a free port (a
``redis-server`` of its own, no persistence, for the Redis ones), waits until
it serves, and drives it with the native load generator (bench/native_submit.py:
64 clients playing Frogriders against the server's random bot, SubmitMove with
RESPONSE_VIEW_NEXT_DECISION, each rate in turn), then stops it. Prints one
table: per configuration and rate, the reached rate, the SubmitMove latency
percentiles, and the server's CPU (the server's process tree, plus
redis-server's for the Redis ones) per SubmitMove.

Configurations: ``memory``/``sqlite``: one server process on that store
(neither can be shared by processes); ``redis2``: ``--processes 2`` on Redis, the
default install's way to use two cores. (The ``-front`` configurations of
docs/performance.md ran the native C++ front, removed after that measurement;
this bench as it was then is in the history, with the front: ``git show
399f633:bench/serving_matrix.py``.)
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import grpc  # noqa: E402
from grpc_health.v1 import health_pb2, health_pb2_grpc  # noqa: E402

import native_submit  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONFIGS = {
    "memory": ["--store", "memory"],
    "sqlite": ["--store", "sqlite:{dir}/games.sqlite3"],
    "redis2": ["--store", "{redis}", "--processes", "2"],
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_serving(address: str, proc: subprocess.Popen, log_path: str) -> None:
    deadline = time.monotonic() + 60
    with grpc.insecure_channel(address) as channel:
        while True:
            try:
                if health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=1).status == 1:
                    return
            except grpc.RpcError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                with open(log_path) as f:
                    raise SystemExit(f"the server did not start: {f.read()[-2000:]}")
            time.sleep(0.2)


def run_config(name: str, args, binary: str, work: str) -> list[dict]:
    redis_proc = None
    pids = []
    flags = list(CONFIGS[name])
    if "{redis}" in flags:
        port = free_port()
        redis_proc = subprocess.Popen([shutil.which("redis-server"), "--port", str(port), "--bind", "127.0.0.1",
                                       "--save", "", "--appendonly", "no", "--dir", work], stdout=subprocess.DEVNULL)
        pids.append(redis_proc.pid)
        flags = [f.replace("{redis}", f"redis://127.0.0.1:{port}/0") for f in flags]
    flags = [f.replace("{dir}", tempfile.mkdtemp(dir=work)) for f in flags]
    address = f"127.0.0.1:{free_port()}"
    log_path = os.path.join(work, f"{name}.log")
    cmd = [sys.executable, "-m", "boardbot.tools.cli", "serve", "--address", address, "--ai-workers", "0",
           "--rpc-log-every", "1", *flags]
    print(f"{name}: {' '.join(['boardbot serve', '--address', address, *cmd[6:]])}", file=sys.stderr, flush=True)
    with open(log_path, "w") as log:
        server = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log)
    try:
        wait_serving(address, server, log_path)
        time.sleep(1.0)
        pids.insert(0, server.pid)
        args.target = address
        runs = []
        for i, rate in enumerate(args.rate_list):
            if i:
                time.sleep(args.pause)
            run = native_submit.run_one(binary, args, rate, pids, None)
            run["config"] = name
            runs.append(run)
        return runs
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        if redis_proc is not None:
            redis_proc.terminate()
            redis_proc.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--configs", default=",".join(CONFIGS))
    parser.add_argument("--rates", default="1000,2000,3000")
    parser.add_argument("--duration", type=float, default=10.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--pause", type=float, default=2.0)
    own = parser.parse_args()
    args = native_submit.parse_args(["--rates", own.rates, "--duration", str(own.duration), "--warmup",
                                     str(own.warmup), "--clients", str(own.clients), "--pause", str(own.pause),
                                     "--quiet"])
    binary = native_submit.ensure_binary(native_submit.BUILD_DIR, quiet=True)
    work = tempfile.mkdtemp(prefix="boardbot-matrix-")
    rows = []
    load_before = os.getloadavg()
    try:
        for name in own.configs.split(","):
            rows += run_config(name, args, binary, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    load = os.getloadavg()
    print(f"\n{own.clients} clients, frogriders 2 players vs random, SubmitMove NEXT_DECISION, {own.duration:g} s per "
          f"rate (warmup {own.warmup:g} s); {os.cpu_count()} cores; load average before {load_before[0]:.2f}, "
          f"after {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print("| configuration | offered/s | reached/s | p50 / p95 / p99 ms | server cores | server µs per move | errors |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for run in rows:
        g, s = run["loadgen"], run["server"]
        lat = g["submit_move"]["latency"]
        print(f"| {run['config']} | {g['offered_rate']:,.0f} | {g['reached_rate']:,.0f} | "
              f"{lat['p50_us'] / 1000:.2f} / {lat['p95_us'] / 1000:.2f} / {lat['p99_us'] / 1000:.2f} | "
              f"{s.get('cores', 0):.2f} | {s.get('cpu_us_per_call', 0):,.0f} | {g['errors_total']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
