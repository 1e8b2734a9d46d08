"""``boardbot serve --front native``: the C++ front on the public address.

The front (``front/``, built with cmake) takes the gRPC calls and hands them
to this process over a Unix socket (``server.bridge``); the Python gRPC
server then listens only on a Unix socket of its own (reflection and
debugging: ``grpcurl -unix``). See docs/performance.md for why.
"""

from __future__ import annotations

import asyncio
import json
import os
import pathlib
import shutil
import signal
import tempfile

import structlog

from .bridge import BridgeServer

log = structlog.get_logger("boardbot.server")

ROOT = pathlib.Path(__file__).resolve().parent.parent
BINARY_ENV = "BOARDBOT_FRONT_BINARY"
DEFAULT_BINARY = ROOT / "build" / "front" / "boardbot-front"
BUILD_HINT = ("build it with: apt-get install -y libgrpc++-dev pkg-config cmake g++ && "
              "cmake -S front -B build/front -DCMAKE_BUILD_TYPE=Release && cmake --build build/front -j2")
START_SECONDS = 15.0
STOP_SECONDS = 10.0


def front_binary(given: str | None = None) -> str:
    """The front's path: the flag, else $BOARDBOT_FRONT_BINARY, else build/front/boardbot-front."""
    path = given or os.environ.get(BINARY_ENV) or str(DEFAULT_BINARY)
    if not os.access(path, os.X_OK):
        raise SystemExit(f"boardbot serve --front native: no front binary at {path}; {BUILD_HINT}")
    return path


def _connection_args(connections) -> list[str]:
    ms = lambda seconds: str(max(0, int(seconds * 1000)))  # noqa: E731
    return ["--keepalive-time-ms", ms(connections.keepalive_time),
            "--keepalive-timeout-ms", ms(connections.keepalive_timeout if connections.keepalive_time > 0 else 0),
            "--max-connection-age-ms", ms(connections.max_connection_age),
            "--max-connection-age-grace-ms", ms(connections.max_connection_age_grace if connections.max_connection_age > 0
                                                else 0),
            "--min-ping-interval-ms", ms(connections.min_client_ping_interval)]


class Front:
    """The running front process and the bridge it talks to."""

    def __init__(self, proc: asyncio.subprocess.Process, bridge: BridgeServer, run_dir: str):
        self.proc = proc
        self.bridge = bridge
        self.run_dir = run_dir

    @property
    def pid(self) -> int:
        return self.proc.pid

    async def wait(self) -> int:
        return await self.proc.wait()

    async def stop(self) -> None:
        """SIGTERM: the front stops taking calls and lets in-flight calls finish (they
        still need this process), then the bridge closes."""
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), STOP_SECONDS)
            except asyncio.TimeoutError:
                self.proc.kill()
                await self.proc.wait()
        await self.bridge.close()
        shutil.rmtree(self.run_dir, ignore_errors=True)


def private_address() -> tuple[str, str]:
    """A run directory and the Unix-socket address of the Python gRPC server in it."""
    run_dir = tempfile.mkdtemp(prefix="boardbot-front-")
    return run_dir, f"unix:{os.path.join(run_dir, 'grpc.sock')}"


async def start_front(binary: str, address: str, servicers, connections, run_dir: str,
                      backend_connections: int = 1) -> Front:
    """Listen for the front on a Unix socket, start it on ``address``, and
    return once it says it serves (or raise with what it printed)."""
    bridge = BridgeServer(servicers)
    backend = os.path.join(run_dir, "bridge.sock")
    await bridge.start(backend)
    # GRPC_EXPERIMENTS is set for the Python server's grpcio; the front's gRPC does not know those names
    env = {k: v for k, v in os.environ.items() if k != "GRPC_EXPERIMENTS"}
    proc = await asyncio.create_subprocess_exec(
        binary, "--listen", address, "--backend", backend, "--connections", str(backend_connections),
        *_connection_args(connections), stdout=asyncio.subprocess.PIPE, env=env)
    try:
        while True:
            line = await asyncio.wait_for(proc.stdout.readline(), START_SECONDS)
            if not line:
                raise OSError(f"the front exited at start (status {await proc.wait()}) on {address}")
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if event.get("event") == "front_serving":
                break
    except (asyncio.TimeoutError, OSError):
        if proc.returncode is None:
            proc.kill()
        await bridge.close()
        raise
    asyncio.get_running_loop().create_task(_drain(proc.stdout))
    log.info("front_serving", address=address, front_pid=proc.pid, backend=backend)
    return Front(proc, bridge, run_dir)


async def _drain(stream: asyncio.StreamReader) -> None:
    """Pass the front's later stdout lines (JSON events) to our log stream."""
    while line := await stream.readline():
        log.info("front", line=line.decode(errors="replace").rstrip())
