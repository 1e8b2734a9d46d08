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


def wait_healthy(address: str, proc: subprocess.Popen, name: str, log_text) -> None:
    """Returns once the gRPC health service at ``address`` says SERVING (through a proxy: the server
    behind it); fails with ``log_text()`` if ``proc`` exits or START_SECONDS pass first."""
    deadline = time.monotonic() + START_SECONDS
    with grpc.insecure_channel(address) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        while True:
            if proc.poll() is not None:
                raise AssertionError(f"{name} exited ({proc.returncode}): {log_text()}")
            try:
                if health.Check(health_pb2.HealthCheckRequest(), timeout=1).status == \
                        health_pb2.HealthCheckResponse.SERVING:
                    return
            except grpc.RpcError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError(f"{name} did not start: {log_text()}")
            time.sleep(0.05)


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
        wait_healthy(self.address, self.proc, "boardbot serve", self.log_text)

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


NGINX_CONF = ROOT / "deploy" / "nginx.conf"
# the temp directories nginx's http module wants (Debian builds them under /var/lib/nginx)
NGINX_TEMP_PATHS = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")


def nginx_binary() -> str:
    """Debian's nginx (scripts/test installs it; /usr/sbin is not on every user's PATH);
    the test fails without it under BOARDBOT_REQUIRE_NGINX=1, skips otherwise."""
    import os

    binary = shutil.which("nginx") or ("/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None)
    if binary is None:
        if os.environ.get("BOARDBOT_REQUIRE_NGINX") == "1":
            raise AssertionError("nginx is required here (BOARDBOT_REQUIRE_NGINX=1) but not installed")
        pytest.skip("nginx is not installed (apt-get install nginx; scripts/test does)")
    return binary


def render_nginx_conf(shipped: str, listen: str, upstreams: list[str], directory, bind: str | None = None) -> str:
    """deploy/nginx.conf for a run on loopback: its upstream's `server` line becomes one per
    address, it listens on ``listen``, and the pid file, logs and temp directories go to
    ``directory`` (writable without root); ``bind``: the address it calls the servers from
    (a loopback address apart from the clients', as a proxy's own address is). Everything
    else is the shipped file; each edit must match exactly once, so a change to the file
    that the rendering misses fails here."""
    edits = [
        ("server boardbot:50051;", " ".join(f"server {address};" for address in upstreams)),
        *([("grpc_pass grpc://boardbot;", f"grpc_pass grpc://boardbot;\n            grpc_bind {bind};")]
          if bind else []),
        ("listen 50051 http2;", f"listen {listen} http2;"),
        ("http {", "http {\n    access_log %s;\n%s" % (directory / "access.log", "".join(
            f"    {name}_temp_path {directory / name};\n" for name in NGINX_TEMP_PATHS))),
    ]
    text = shipped
    for old, new in edits:
        assert text.count(old) == 1, f"deploy/nginx.conf should have {old!r} once"
        text = text.replace(old, new)
    return f"pid {directory / 'nginx.pid'};\nerror_log {directory / 'error.log'} notice;\n{text}"


class Nginx:
    """deploy/nginx.conf, rendered for loopback, in front of ``upstreams`` (HOST:PORT);
    ``check()`` is `nginx -t`, ``start()`` runs it in the foreground (daemon off)."""

    def __init__(self, upstreams: list[str], directory, bind: str | None = None):
        self.directory = directory
        self.address = f"127.0.0.1:{free_port()}"
        self.conf = directory / "nginx.conf"
        self.conf.write_text(render_nginx_conf(NGINX_CONF.read_text(), self.address, upstreams, directory, bind))
        self.command = [nginx_binary(), "-p", str(directory), "-e", str(directory / "error.log"),
                        "-c", str(self.conf)]
        self.proc = None

    def check(self) -> subprocess.CompletedProcess:
        return subprocess.run(self.command + ["-t"], capture_output=True, text=True, timeout=30)

    def start(self) -> None:
        """Returns once a health check through nginx reaches a server."""
        self.proc = subprocess.Popen(self.command + ["-g", "daemon off;"], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        wait_healthy(self.address, self.proc, "nginx", self.error_log)

    def error_log(self) -> str:
        path = self.directory / "error.log"
        return path.read_text()[-4000:] if path.exists() else ""

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()  # SIGTERM: nginx's fast shutdown, workers included
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
