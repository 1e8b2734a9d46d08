"""``boardbot serve --front native``: the C++ front on the public address.

The front (``front/``, built with cmake) takes the gRPC calls and hands them
to the Python server over Unix sockets (``boardbot.server.bridge``); the Python gRPC
server then listens only on a Unix socket of its own (reflection, debugging
with ``grpcurl -unix``). With
``--processes N`` the front feeds N server processes, every call of one
client connection to the same one (``front/README.md``). See
docs/performance.md for why.
"""

from __future__ import annotations

import json
import os
import pathlib
import selectors
import signal
import subprocess
import threading
import time

import structlog

log = structlog.get_logger("boardbot.server")

ROOT = pathlib.Path(__file__).resolve().parent.parent
BINARY_ENV = "BOARDBOT_FRONT_BINARY"
DEFAULT_BINARY = ROOT / "build" / "front" / "boardbot-front"
BUILD_HINT = ("build it with: apt-get install -y libgrpc++-dev libabsl-dev pkg-config cmake g++ && "
              "cmake -S front -B build/front -DCMAKE_BUILD_TYPE=Release && cmake --build build/front -j2")
START_SECONDS = 15.0
STOP_SECONDS = 10.0


def front_binary(given: str | None = None) -> str:
    """The front's path: the flag, else $BOARDBOT_FRONT_BINARY, else build/front/boardbot-front."""
    path = given or os.environ.get(BINARY_ENV) or str(DEFAULT_BINARY)
    if not os.access(path, os.X_OK):
        raise SystemExit(f"boardbot serve --front native: no front binary at {path}; {BUILD_HINT}")
    return path


def bridge_path(run_dir: str, index: int = 0) -> str:
    return os.path.join(run_dir, f"bridge-p{index}.sock")


def _connection_args(connections) -> list[str]:
    ms = lambda seconds: str(max(0, int(seconds * 1000)))  # noqa: E731
    keepalive, age = connections.keepalive_time > 0, connections.max_connection_age > 0
    return ["--keepalive-time-ms", ms(connections.keepalive_time),
            "--keepalive-timeout-ms", ms(connections.keepalive_timeout if keepalive else 0),
            "--max-connection-age-ms", ms(connections.max_connection_age),
            "--max-connection-age-grace-ms", ms(connections.max_connection_age_grace if age else 0),
            "--min-ping-interval-ms", ms(connections.min_client_ping_interval)]


def launch(binary: str, address: str, backends: list[str], connections) -> subprocess.Popen:
    """Start the front on ``address`` feeding ``backends`` (Unix socket paths that
    already listen) and return once it says it serves; raise OSError with what
    happened otherwise."""
    # GRPC_EXPERIMENTS is set for the Python server's grpcio; the front's gRPC does not know those names
    env = {k: v for k, v in os.environ.items() if k != "GRPC_EXPERIMENTS"}
    proc = subprocess.Popen([binary, "--listen", address, "--backend", ",".join(backends),
                             *_connection_args(connections)], stdout=subprocess.PIPE, env=env)
    deadline = time.monotonic() + START_SECONDS
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not sel.select(left):
                proc.kill()
                proc.wait()
                raise OSError(f"the front did not start on {address} within {START_SECONDS:g} s")
            line = proc.stdout.readline()
            if not line:
                raise OSError(f"the front exited at start (status {proc.wait()}) on {address}")
            try:
                if json.loads(line).get("event") == "front_serving":
                    break
            except ValueError:
                continue
    # nothing else is expected on stdout, but a full pipe would stall the front: keep reading
    threading.Thread(target=_drain, args=(proc.stdout,), name="front-stdout", daemon=True).start()
    log.info("front_serving", address=address, front_pid=proc.pid, backends=backends)
    return proc


def _drain(stream) -> None:
    for line in stream:
        log.info("front", line=line.decode(errors="replace").rstrip())


def stop(proc: subprocess.Popen) -> int:
    """SIGTERM: the front stops taking calls and lets in-flight calls finish (they
    still need the Python side, so stop the front first)."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(STOP_SECONDS)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    return proc.returncode
