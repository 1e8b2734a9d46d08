"""Real processes for end-to-end tests: `boardbot serve`, and a `redis-server` of the test's own."""

from __future__ import annotations

import shutil
import signal
import subprocess
import time

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from tests.test_external import ROOT, boardbot_command, free_port, process_env

START_SECONDS = 30.0


class Serve:
    """`boardbot serve ARGS` with its log in a file; returns once its health service says SERVING."""

    def __init__(self, args: list[str], log_path, address: str | None = None, **env):
        self.address = address or f"127.0.0.1:{free_port()}"
        self.log_path = log_path
        self.log = open(log_path, "a")
        self.proc = subprocess.Popen(boardbot_command() + ["serve", "--address", self.address, *args], cwd=ROOT,
                                     env=process_env(**env), stdout=subprocess.DEVNULL, stderr=self.log)
        self.wait_serving()

    def wait_serving(self) -> None:
        deadline = time.monotonic() + START_SECONDS
        with grpc.insecure_channel(self.address) as channel:
            health = health_pb2_grpc.HealthStub(channel)
            while True:
                if self.proc.poll() is not None:
                    raise AssertionError(f"boardbot serve exited ({self.proc.returncode}): {self.log_text()}")
                try:
                    if health.Check(health_pb2.HealthCheckRequest(), timeout=1).status == \
                            health_pb2.HealthCheckResponse.SERVING:
                        return
                except grpc.RpcError:
                    pass
                if time.monotonic() > deadline:
                    raise AssertionError(f"boardbot serve did not start: {self.log_text()}")
                time.sleep(0.1)

    def log_text(self) -> str:
        self.log.flush()
        with open(self.log_path) as f:
            return f.read()[-4000:]

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, nothing the process could do about it."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


def redis_server_binary() -> str:
    """The Debian redis-server (scripts/test installs it); the test fails without it
    unless BOARDBOT_REQUIRE_REDIS is unset, when it skips."""
    import os

    binary = shutil.which("redis-server")
    if binary is None:
        if os.environ.get("BOARDBOT_REQUIRE_REDIS") == "1":
            raise AssertionError("redis-server is required here (BOARDBOT_REQUIRE_REDIS=1) but not installed")
        pytest.skip("redis-server is not installed (apt-get install redis-server; scripts/test does)")
    return binary


class RedisServer:
    """A `redis-server` on a free loopback port, in memory only (no dump, no AOF)."""

    def __init__(self, directory, port: int | None = None):
        self.port = port or free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc = subprocess.Popen([redis_server_binary(), "--port", str(self.port), "--bind", "127.0.0.1",
                                      "--save", "", "--appendonly", "no", "--dir", str(directory)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        import redis

        deadline = time.monotonic() + START_SECONDS
        with redis.Redis(port=self.port) as r:
            while True:
                try:
                    r.ping()
                    return
                except redis.ConnectionError:
                    if time.monotonic() > deadline or self.proc.poll() is not None:
                        raise AssertionError("redis-server did not start") from None
                    time.sleep(0.05)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)
