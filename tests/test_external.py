"""The `boardbot` command as a process, reached by clients that are not ours.

`buf curl` (pinned in package.json; scripts/test installs it) checks the
health service and reflection; the log lines are JSON; SIGTERM shuts down
gracefully; `boardbot play` plays a whole game in the terminal.
"""

import json
import os
import pathlib
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from boardbot.client import Client, error_details
from boardbot.engine import registry

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUF = ROOT / "node_modules" / ".bin" / "buf"


def boardbot_command() -> list[str]:
    script = pathlib.Path(sys.executable).parent / "boardbot"
    return [str(script)] if script.exists() else [sys.executable, "-m", "boardbot.tools.cli"]


def process_env(**extra) -> dict:
    """The environment of a `boardbot` process a test starts: a data directory of its own
    (for the default SQLite store), so no two servers share a file and none touches the user's;
    one server process unless the test says otherwise (the default is one per core: tests of
    several processes ask for them, test_processes.py)."""
    env = dict(os.environ, BOARDBOT_DATA=tempfile.mkdtemp(prefix="boardbot-test-data-"), BOARDBOT_PROCESSES="1")
    env.update(extra)
    return env


# below the kernel's ephemeral ports (32768 and up on Linux): a port the kernel handed out could be
# taken by an outgoing connection between this check and the server's bind ("address already in
# use", seen once in a full run); drawn at random, so test processes side by side rarely meet
_PORTS = random.Random()


def free_port() -> int:
    """A loopback port nothing listens on now, for a server a test starts."""
    for _ in range(500):
        port = _PORTS.randrange(20000, 32768)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free loopback port between 20000 and 32767")


class ServeProcess:
    def __init__(self, use_env: bool):
        self.port = free_port()
        self.address = f"127.0.0.1:{self.port}"
        self.http_address = f"127.0.0.1:{free_port()}"
        args = boardbot_command() + ["serve"]
        env = process_env()
        if use_env:
            env["BOARDBOT_ADDRESS"] = self.address
            env["BOARDBOT_HTTP_ADDRESS"] = self.http_address
        else:
            args += ["--address", self.address, "--http-address", self.http_address]
        self.proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True)
        self.wait_serving()

    def _drain(self) -> None:
        """Read the server's output as it comes, into memory: a pipe nobody reads fills up (64 kB)
        and the server stops at its next log line."""
        if getattr(self, "_readers", None) is not None:
            return
        self._output: dict[str, list[str]] = {"stdout": [], "stderr": []}
        self._readers = []
        for name, lines in self._output.items():
            stream = getattr(self.proc, name)
            if stream is not None:  # a pipe (a subclass may send the output elsewhere)
                reader = threading.Thread(target=lines.extend, args=(iter(stream.readline, ""),), daemon=True)
                reader.start()
                self._readers.append(reader)

    def _collected(self) -> tuple[str, str]:
        for reader in self._readers:
            reader.join(timeout=20)
        return "".join(self._output["stdout"]), "".join(self._output["stderr"])

    def wait_serving(self, timeout: float = 20.0) -> None:
        self._drain()
        deadline = time.monotonic() + timeout
        with grpc.insecure_channel(self.address) as channel:
            stub = health_pb2_grpc.HealthStub(channel)
            while True:
                try:
                    reply = stub.Check(health_pb2.HealthCheckRequest(), timeout=1)
                    if reply.status == health_pb2.HealthCheckResponse.SERVING:
                        return
                except grpc.RpcError:
                    pass
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.proc.kill()  # a server still starting would run on
                    self.proc.wait(timeout=20)
                    raise AssertionError(f"boardbot serve did not start: {self._collected()}")
                time.sleep(0.1)

    def stop(self) -> tuple[int, str, str]:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(timeout=20)
        return (self.proc.returncode, *self._collected())


@pytest.fixture(scope="module")
def served():
    proc = ServeProcess(use_env=True)
    yield proc
    if proc.proc.poll() is None:
        proc.proc.kill()
        proc.stop()


def buf_curl(*args) -> str:
    if not BUF.exists():
        if os.environ.get("BOARDBOT_REQUIRE_BUF") == "1":
            raise AssertionError("node_modules/.bin/buf is missing: run npm ci (scripts/test does)")
        pytest.skip("buf is not installed (npm ci)")
    result = subprocess.run([str(BUF), "curl", "--protocol", "grpc", "--http2-prior-knowledge", *args],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_buf_curl_health_check_is_serving(served):
    reply = json.loads(buf_curl(f"http://{served.address}/grpc.health.v1.Health/Check"))
    assert reply == {"status": "SERVING"}
    reply = json.loads(buf_curl("-d", '{"service": "boardbot.v1.GameService"}',
                                f"http://{served.address}/grpc.health.v1.Health/Check"))
    assert reply == {"status": "SERVING"}


def test_buf_curl_reflection_lists_the_game_service(served):
    services = buf_curl("--list-services", f"http://{served.address}").split()
    assert "boardbot.v1.GameService" in services
    assert "grpc.health.v1.Health" in services
    methods = buf_curl("--list-methods", f"http://{served.address}").split()
    for method in ("CreateGame", "GetGame", "ListGames", "GetView", "SubmitMove", "WatchGame", "Resign",
                   "DeleteGame"):
        assert f"boardbot.v1.GameService/{method}" in methods


def test_buf_curl_plays_through_reflection(served):
    created = json.loads(buf_curl(
        "-d", json.dumps({"game": "frogriders", "seed": "3",
                          "seats": [{"kind": "SEAT_KIND_HUMAN"}, {"kind": "SEAT_KIND_BOT", "bot": "random"}]}),
        f"http://{served.address}/boardbot.v1.GameService/CreateGame"))
    game_id = created["game"]["gameId"]
    token = created["seatTokens"][0]["token"]
    view = json.loads(buf_curl("-H", f"authorization: Bearer {token}", "-d",
                               json.dumps({"gameId": game_id, "seat": 0}),
                               f"http://{served.address}/boardbot.v1.GameService/GetView"))["view"]
    assert view["view"]["frogriders"]["dealtSetCards"] and view["legalMoves"]
    moved = json.loads(buf_curl("-H", f"authorization: Bearer {token}", "-d",
                                json.dumps({"gameId": game_id, "seat": 0, "moveId": 0}),
                                f"http://{served.address}/boardbot.v1.GameService/SubmitMove"))
    assert moved["version"] == "1" and moved["moveText"] == view["legalMoves"][0]["text"]


def test_json_log_line_per_rpc_and_graceful_sigterm():
    proc = ServeProcess(use_env=False)
    try:
        with Client(proc.address) as client:
            game = client.create_game("frogriders", seats=["human", "human"], seed=1)
            game.seat(0).view()
            # a watch stream in flight when SIGTERM arrives ends UNAVAILABLE (its game goes on
            # elsewhere or after the restart), saying where to resume
            outcome = {"messages": 0}

            def watch():
                try:
                    for _ in game.seat(1).watch(resume=False):
                        outcome["messages"] += 1
                except grpc.RpcError as err:
                    outcome["error"] = err.code()
                    outcome["resume"] = error_details(err)["ErrorInfo"].metadata["resume_from_version"]

            watcher = threading.Thread(target=watch)
            watcher.start()
            time.sleep(0.5)
            started = time.monotonic()
            code, out, err = proc.stop()
            watcher.join(10)
    finally:
        if proc.proc.poll() is None:
            proc.proc.kill()
    assert code == 0, err
    assert time.monotonic() - started < 10
    assert outcome == {"messages": 1, "error": grpc.StatusCode.UNAVAILABLE, "resume": "0"}, outcome
    # our log lines are JSON; grpc's C core may add its own plain-text warnings under load
    lines = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    rpcs = [line for line in lines if line.get("event") == "rpc"]
    by_method = {line["method"]: line for line in rpcs}
    assert {"CreateGame", "GetView", "WatchGame"} <= set(by_method)
    view = by_method["GetView"]
    assert view["game"] == "frogriders" and view["seat"] == 0 and view["code"] == "OK"
    assert view["game_id"] == game.game_id and isinstance(view["duration_ms"], float)
    assert any(line.get("event") == "stopped" for line in lines)
    assert lines[0]["event"] == "serving" and lines[0]["address"] == proc.address


def test_play_in_the_terminal_against_a_bot():
    result = subprocess.run(boardbot_command() + ["play", "frogriders", "--vs", "random", "--seed", "5"],
                            input="1\n" * 400, capture_output=True, text=True, cwd=ROOT, env=process_env(),
                            timeout=120)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "you are seat 0" in out
    assert "your dealt set cards" in out  # the hidden card is shown to its owner
    assert "your moves:" in out and "  1. keep set card" in out
    assert "game over" in out and "seat 0 (you)" in out
    assert result.stderr == ""


def test_play_against_a_running_server(served):
    result = subprocess.run(boardbot_command() + ["play", "frogriders", "--vs", "random,random", "--seat", "1",
                                                  "--address", served.address],
                            input="1\n" * 400, capture_output=True, text=True, cwd=ROOT, env=process_env(),
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert "you are seat 1" in result.stdout and "game over" in result.stdout


def test_the_browser_port_of_boardbot_serve(served):
    """What docs/clients.md shows first: the Connect protocol's JSON form, as curl sends it,
    against `boardbot serve` (its browser port set by $BOARDBOT_HTTP_ADDRESS here)."""
    result = subprocess.run(["curl", "-s", "-X", "POST", "-H", "Content-Type: application/json",
                             f"http://{served.http_address}/boardbot.v1.GameService/ListGameTypes", "-d", "{}"],
                            capture_output=True, text=True, timeout=30)
    names = sorted(t["name"] for t in json.loads(result.stdout)["gameTypes"])
    assert names == sorted(registry.names())
    result = subprocess.run(["curl", "-s", "-X", "POST", "-H", "Content-Type: application/json",
                             f"http://{served.http_address}/boardbot.v1.GameService/CreateGame",
                             "-d", '{"game": "chess"}'], capture_output=True, text=True, timeout=30)
    error = json.loads(result.stdout)
    assert error["code"] == "invalid_argument"
    assert error["details"][0]["type"] == "google.rpc.ErrorInfo"
