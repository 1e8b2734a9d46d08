"""SubmitMove load from the native generator, with the server's CPU over the same window.

    python bench/native_submit.py --target 127.0.0.1:50071 --rates 1000,2000,3000 --duration 10 --warmup 3

Runs ``boardbot-loadgen`` (bench/native_loadgen: C++, gRPC over HTTP/2 from one
event-loop thread, a few tens of µs of CPU per call instead of the Python
generator's ~200) once per rate, and samples the server's CPU (utime + stime
from /proc, the process trees of every process listening on the target's port,
or of ``--server-pid``) when the binary says its measured window opens and
closes. Prints one row per rate: offered and reached SubmitMoves/s, latency
percentiles from the actual and from the intended send time, the server's cores
and CPU per SubmitMove (and per RPC, every call counted, as ``boardbot
loadtest`` reports it), the generator's CPU per SubmitMove, errors. ``--json-out``
writes the binary's JSON and the server's figures for every rate.

Builds the binary first when it is missing or older than its sources
(``cmake -S bench/native_loadgen -B build/native_loadgen``; the Debian packages
are listed in docs/loadtest.md, "Native generator"). Benchmarks only: CI does
not build it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from boardbot.tools.loadtest import procstat  # noqa: E402

SOURCE_DIR = os.path.join(ROOT, "bench", "native_loadgen")
BUILD_DIR = os.path.join(ROOT, "build", "native_loadgen")
BINARY = "boardbot-loadgen"
APT = ("apt-get install -y libgrpc++-dev libprotobuf-dev protobuf-compiler protobuf-compiler-grpc "
       "libnghttp2-dev pkg-config cmake g++")
PKG_CONFIG_MODULES = ("grpc++", "protobuf", "absl_synchronization", "libnghttp2")


class BuildError(Exception):
    pass


def _sources() -> list[str]:
    out = [os.path.join(SOURCE_DIR, name) for name in os.listdir(SOURCE_DIR)]
    proto = os.path.join(ROOT, "proto", "boardbot", "v1")
    out += [os.path.join(proto, name) for name in os.listdir(proto) if name.endswith(".proto")]
    return out


def missing_tools() -> list[str]:
    missing = [tool for tool in ("cmake", "g++", "protoc", "grpc_cpp_plugin", "pkg-config") if not shutil.which(tool)]
    if shutil.which("pkg-config"):
        for module in PKG_CONFIG_MODULES:
            if subprocess.run(["pkg-config", "--exists", module]).returncode != 0:
                missing.append(f"pkg-config module {module}")
    return missing


def ensure_binary(build_dir: str, quiet: bool = False) -> str:
    """The binary's path; (re)built when missing or older than its sources."""
    binary = os.path.join(build_dir, BINARY)
    if os.path.exists(binary) and os.path.getmtime(binary) >= max(os.path.getmtime(p) for p in _sources()):
        return binary
    missing = missing_tools()
    if missing:
        raise BuildError(f"cannot build {BINARY}: missing {', '.join(missing)}.\nInstall the build tools with:\n"
                         f"    {APT}")
    log = sys.stderr if not quiet else subprocess.DEVNULL
    print(f"native_submit: building {binary}", file=sys.stderr)
    for cmd in (["cmake", "-S", SOURCE_DIR, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release"],
                ["cmake", "--build", build_dir, "-j2"]):
        if subprocess.run(cmd, stdout=log, stderr=log).returncode != 0:
            raise BuildError(f"cannot build {BINARY}: '{' '.join(cmd)}' failed")
    if not os.path.exists(binary):
        raise BuildError(f"cannot build {BINARY}: {binary} not found after the build")
    return binary


def server_pids(target: str, given: list[int]) -> tuple[list[int], str | None]:
    """The server's processes: --server-pid, or every process listening on the target's port
    (several with SO_REUSEPORT). Their descendants are counted too (procstat.ProcessCPU)."""
    if given:
        return given, None
    host, port = procstat.split_target(target)
    if not procstat.is_local(host):
        return [], f"server CPU not measured: {host} is not this machine (give --server-pid if it is)"
    pids = procstat.server_roots(procstat.find_listeners(port))
    if not pids:
        return [], f"server CPU not measured: no visible process listens on port {port} (give --server-pid)"
    return pids, None


def binary_args(args, rate: float, json_path: str, latencies: str | None) -> list[str]:
    out = ["--target", args.target, "--clients", str(args.clients), "--rate", f"{rate:g}",
           "--duration", f"{args.duration:g}", "--warmup", f"{args.warmup:g}", "--game", args.game,
           "--players", str(args.players), "--bot", args.bot, "--seed", str(args.seed),
           "--timeout", f"{args.timeout:g}", "--transport", args.transport, "--threads", str(args.threads),
           "--parse", args.parse, "--json-out", json_path, "--marks"]
    if latencies:
        out += ["--latencies-out", latencies]
    return out


def run_one(binary: str, args, rate: float, pids: list[int], latencies: str | None) -> dict:
    """One run of the binary at one rate, the server's CPU sampled at its window marks."""
    cpu = procstat.ProcessCPU(pids, rescan_seconds=3600.0) if pids else None
    if cpu is not None:
        cpu.read()  # finds the process trees now, not at the marks
    marks: dict[str, tuple[float, float | None]] = {}
    with tempfile.TemporaryDirectory(prefix="native_submit") as tmp:
        json_path = os.path.join(tmp, "run.json")
        cmd = [binary] + binary_args(args, rate, json_path, latencies)
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, bufsize=1)
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("mark "):
                name = line.split()[1]
                value = cpu.read() if cpu is not None else None
                marks[name] = (time.monotonic(), value)
            elif not args.quiet:
                sys.stderr.write(line)
        rc = proc.wait()
        if rc != 0:
            raise RuntimeError(f"{BINARY} exited with status {rc}")
        with open(json_path) as f:
            loadgen = json.load(f)
    server: dict = {"pids": pids}
    start, end = marks.get("window_start"), marks.get("window_end")
    if start and end and start[1] is not None and end[1] is not None and end[0] > start[0]:
        used = end[1] - start[1]
        seconds = end[0] - start[0]
        server.update(cpu_s=round(used, 4), seconds=round(seconds, 4), cores=round(used / seconds, 4))
        if loadgen["count"]:
            server["cpu_us_per_call"] = round(used / loadgen["count"] * 1e6, 1)
        if loadgen["rpcs"]:
            server["cpu_us_per_rpc"] = round(used / loadgen["rpcs"] * 1e6, 1)
    return {"rate": rate, "loadgen": loadgen, "server": server}


def _ms(us) -> str:
    return "-" if us is None else f"{us / 1000:.2f}"


def _num(v, digits=0) -> str:
    return "-" if v is None else f"{v:,.{digits}f}"


def table(runs: list[dict]) -> str:
    head = ["offered/s", "reached/s", "p50 ms", "p95 ms", "p99 ms", "p50i ms", "p95i ms", "p99i ms",
            "srv cores", "srv µs/move", "srv µs/rpc", "gen µs/move", "gen µs/rpc", "errors", "games"]
    rows = []
    for r in runs:
        g, s = r["loadgen"], r["server"]
        lat, fi = g["submit_move"]["latency"], g["submit_move"]["latency_from_intended"]
        rows.append([_num(g["offered_rate"]) if g["offered_rate"] else "closed", _num(g["reached_rate"]),
                     _ms(lat.get("p50_us")), _ms(lat.get("p95_us")), _ms(lat.get("p99_us")),
                     _ms(fi.get("p50_us")), _ms(fi.get("p95_us")), _ms(fi.get("p99_us")),
                     _num(s.get("cores"), 2), _num(s.get("cpu_us_per_call")), _num(s.get("cpu_us_per_rpc")),
                     _num(g["generator"]["cpu_us_per_call"], 1), _num(g["generator"]["cpu_us_per_rpc"], 1),
                     str(g["errors_total"]), str(g["games_finished"])])
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(head)]
    lines = ["  ".join(h.rjust(w) for h, w in zip(head, widths))]
    lines += ["  ".join(c.rjust(w) for c, w in zip(row, widths)) for row in rows]
    return "\n".join(lines)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--target", default="127.0.0.1:50051", help="the GameService, HOST:PORT")
    p.add_argument("--clients", type=int, default=64)
    p.add_argument("--rate", type=float, default=None, help="SubmitMoves a second offered in all (0: closed loop)")
    p.add_argument("--rates", default=None, help="several rates in a row, comma-separated, e.g. 1000,2000,3000")
    p.add_argument("--duration", type=float, default=10.0, help="seconds per run, warmup included")
    p.add_argument("--warmup", type=float, default=3.0)
    p.add_argument("--game", default="frogriders")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--bot", default="random", help="bot spec of the server-side seats")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--timeout", type=float, default=5.0, help="per-call deadline, seconds")
    p.add_argument("--transport", choices=("h2", "grpc"), default="h2")
    p.add_argument("--threads", type=int, default=1, help="h2 event-loop threads")
    p.add_argument("--parse", choices=("lean", "full"), default="lean")
    p.add_argument("--server-pid", default=None,
                   help="the server's pid(s), comma-separated (default: the processes listening on the port)")
    p.add_argument("--pause", type=float, default=2.0, help="seconds between runs")
    p.add_argument("--json-out", default=None)
    p.add_argument("--latencies-out", default=None,
                   help="every measured SubmitMove latency (with several rates: one file per rate, NAME.RATE)")
    p.add_argument("--build-dir", default=BUILD_DIR)
    p.add_argument("--binary", default=None, help="a built boardbot-loadgen (default: build it if needed)")
    p.add_argument("--quiet", action="store_true", help="no per-run summary from the binary")
    args = p.parse_args(argv)
    if args.rates is not None and args.rate is not None:
        p.error("--rate or --rates, not both")
    text = args.rates if args.rates is not None else f"{args.rate if args.rate is not None else 0:g}"
    try:
        args.rate_list = [float(x) for x in text.split(",") if x.strip()]
    except ValueError:
        p.error(f"--rates: not numbers: {text}")
    if not args.rate_list or any(r < 0 for r in args.rate_list):
        p.error("--rates: one or more rates >= 0")
    try:
        args.server_pids = [int(x) for x in args.server_pid.split(",")] if args.server_pid else []
    except ValueError:
        p.error("--server-pid: comma-separated numbers")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    try:
        binary = args.binary or ensure_binary(args.build_dir, args.quiet)
    except BuildError as err:
        print(f"native_submit: {err}", file=sys.stderr)
        return 2
    pids, note = server_pids(args.target, args.server_pids)
    if note:
        print(f"native_submit: {note}", file=sys.stderr)
    runs = []
    for i, rate in enumerate(args.rate_list):
        if i:
            time.sleep(args.pause)
        latencies = args.latencies_out
        if latencies and len(args.rate_list) > 1:
            latencies = f"{latencies}.{rate:g}"
        try:
            runs.append(run_one(binary, args, rate, pids, latencies))
        except RuntimeError as err:
            print(f"native_submit: {err}", file=sys.stderr)
            return 2
    load = os.getloadavg()
    print(f"\nnative SubmitMove load: {args.target}, {args.clients} clients, {args.game} {args.players} players vs "
          f"{args.bot}, {args.duration:g} s per rate (warmup {args.warmup:g} s), transport {args.transport}; "
          f"server pids {pids or '-'}; {os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(table(runs))
    print("(p50i..p99i: from the intended send time; srv µs/rpc and gen µs/rpc: CPU over every measured call, "
          "CreateGame/GetView/DeleteGame included)")
    if args.json_out:
        doc = {"tool": "bench/native_submit.py", "argv": sys.argv, "target": args.target, "binary": binary,
               "machine": {"cores": os.cpu_count(), "load_average": [round(x, 2) for x in load]},
               "server_pids": pids, "notes": [note] if note else [], "runs": runs}
        with open(args.json_out, "w") as f:
            json.dump(doc, f, indent=2)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
