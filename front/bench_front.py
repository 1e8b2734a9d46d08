"""CPU per call of boardbot-front (and of the fake backend) at a fixed call rate, with h2load.

    python front/bench_front.py [--binary build/front/boardbot-front] [--rate 3000]
        [--seconds 10] [--clients 64] [--request-bytes 60] [--reply-bytes 1500] [--connections 1]
        [--backends 1]

Starts --backends front/fake_backend.py processes (every /test.Echo/Unary answered with
--reply-bytes bytes) and the front (--backend with all their sockets), drives unary calls with
h2load (nghttp2-client) at --rate calls/s spread over --clients HTTP/2 connections, and prints
one JSON line: calls done, the front's and the backends' CPU µs per call (utime+stime from
/proc/PID/stat over the run; backends summed, and each one's share, which shows how the
client connections were spread), and the load average (other work on the machine skews the
figures).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime + stime


def first_line(proc: subprocess.Popen) -> dict:
    line = proc.stdout.readline()
    if not line:
        sys.exit(f"{proc.args[0]} exited with {proc.wait()}")
    return json.loads(line)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(os.path.dirname(HERE), "build", "front", "boardbot-front"))
    ap.add_argument("--rate", type=int, default=3000)
    ap.add_argument("--seconds", type=int, default=10)
    ap.add_argument("--clients", type=int, default=64)
    ap.add_argument("--request-bytes", type=int, default=60)
    ap.add_argument("--reply-bytes", type=int, default=1500)
    ap.add_argument("--connections", type=int, default=1, help="front-to-backend connections, per backend")
    ap.add_argument("--backends", type=int, default=1, help="fake backend processes")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        socks = [os.path.join(tmp, f"backend-{k}.sock") for k in range(args.backends)]
        body = os.path.join(tmp, "body.bin")
        with open(body, "wb") as f:  # one gRPC message: flag byte, u32 length, payload
            f.write(b"\0" + struct.pack(">I", args.request_bytes) + b"q" * args.request_bytes)
        backends = [subprocess.Popen(
            [sys.executable, os.path.join(HERE, "fake_backend.py"), "--socket", sock, "--reply-bytes", str(args.reply_bytes)],
            stdout=subprocess.PIPE, text=True) for sock in socks]
        for backend in backends:
            first_line(backend)
        front = subprocess.Popen(
            [args.binary, "--listen", "127.0.0.1:0", "--backend", ",".join(socks), "--connections", str(args.connections)],
            stdout=subprocess.PIPE, text=True)
        address = first_line(front)["address"]
        try:
            rps = max(1, round(args.rate / args.clients))
            cmd = ["h2load", "-c", str(args.clients), "-m", "1", "--rps", str(rps), "-D", str(args.seconds),
                   "-d", body, "-H", "content-type: application/grpc", "-H", "te: trailers",
                   f"http://{address}/test.Echo/Unary"]
            # a short warm-up, so connection setup is not counted
            subprocess.run(cmd[:cmd.index("-D")] + ["-n", str(args.clients * 20)] + cmd[cmd.index("-D") + 2:],
                           capture_output=True, check=True)
            f0, b0, t0 = cpu_seconds(front.pid), [cpu_seconds(b.pid) for b in backends], time.monotonic()
            out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
            f1, b1, t1 = cpu_seconds(front.pid), [cpu_seconds(b.pid) for b in backends], time.monotonic()
        finally:
            for proc in (front, *backends):
                proc.send_signal(signal.SIGTERM)
                proc.wait()
    done = int(re.search(r"requests: \d+ total, \d+ started, (\d+) done", out).group(1))
    latency = re.search(r"time for request:\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)", out)
    print(json.dumps({
        "calls": done,
        "calls_per_s": round(done / (t1 - t0)),
        "front_cpu_us_per_call": round((f1 - f0) / done * 1e6, 1),
        "backends": args.backends,
        "backend_cpu_us_per_call": round((sum(b1) - sum(b0)) / done * 1e6, 1),
        "backend_cpu_share": [round((e - s) / max(sum(b1) - sum(b0), 1e-9), 2) for s, e in zip(b0, b1)],
        "latency_min_max_mean_sd": latency.groups() if latency else None,
        "loadavg": os.getloadavg(),
    }))


if __name__ == "__main__":
    main()
