"""Connection floods (issue 19): open connections are bounded on both ports, per client
address on the browser port, and a request head must arrive in time, so that idle or
half-sent connections from one caller cannot use up the process's file descriptors
(which once left a new gRPC client answered INTERNAL, "Too many open files")."""

import http.client
import json
import pathlib
import signal
import socket
import subprocess
import sys
import time

import grpc
import pytest

from boardbot.server import connections
from boardbot.server.app import BackgroundServer
from boardbot.server.limits import Limits
from boardbot.v1 import game_service_pb2, game_service_pb2_grpc
from tests.test_external import process_env
from tests.test_tls import ROOT, free_port

HALF_REQUEST = b"POST /boardbot.v1.GameService/ListGameTypes HTTP/1.1\r\nHost: x\r\n"  # the head never ends


def held(port: int, count: int, source: str = "127.0.0.1") -> list[socket.socket]:
    """``count`` connections that send half a request head and wait."""
    out = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port), 5, source_address=(source, 0))
        s.sendall(HALF_REQUEST)
        out.append(s)
    return out


def is_reset(s: socket.socket, within: float = 5.0) -> bool:
    """Whether the server closed ``s`` (reset or end of stream) within the time."""
    s.settimeout(within)
    try:
        return s.recv(1) == b""
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False


def list_types_http(port: int, source: str = "127.0.0.1") -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    conn.request("POST", "/boardbot.v1.GameService/ListGameTypes", b"{}", {"Content-Type": "application/json"})
    body = json.loads(conn.getresponse().read())
    conn.close()
    return len(body["gameTypes"])


def list_types_grpc(address: str) -> int:
    with grpc.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)]) as channel:
        stub = game_service_pb2_grpc.GameServiceStub(channel)
        return len(stub.ListGameTypes(game_service_pb2.ListGameTypesRequest(), timeout=10).game_types)


def wait_until(condition, within: float = 5.0) -> None:
    """The server accepts connections on its own loop: wait for it to have seen them."""
    deadline = time.monotonic() + within
    while not condition():
        assert time.monotonic() < deadline, "the server did not catch up"
        time.sleep(0.02)


def close_all(sockets) -> None:
    for s in sockets:
        s.close()


def test_a_flood_of_half_sent_requests_from_one_address_leaves_everyone_else_served():
    """The finding, with the defaults of `boardbot serve`: 1,000 half-sent requests from
    one address hold 128 connections (the rest are reset on arrival); a new gRPC client
    and a browser call from another address are answered."""
    connections.raise_open_files_limit()  # this process holds the 1,000 sockets
    grpc_port, http_port = free_port(), free_port()
    proc = subprocess.Popen([sys.executable, "-m", "boardbot.tools.cli", "serve", "--address",
                             f"127.0.0.1:{grpc_port}", "--http-address", f"127.0.0.1:{http_port}",
                             "--ai-workers", "0", "--store", "memory"],
                            cwd=ROOT, env=process_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    flood = []
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                assert list_types_http(http_port) == 5
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)
        for _ in range(1000):
            try:
                s = socket.create_connection(("127.0.0.1", http_port), 5)
                s.sendall(HALF_REQUEST)
                flood.append(s)
            except (ConnectionResetError, BrokenPipeError):
                pass
        alive, deadline = flood, time.monotonic() + 15
        while len(alive) > Limits().max_connections_per_client and time.monotonic() < deadline:
            alive = [s for s in alive if not is_reset(s, 0.01)]  # the server resets the rest as it accepts them
        assert len(alive) == Limits().max_connections_per_client
        open_files = len(list(pathlib.Path(f"/proc/{proc.pid}/fd").iterdir()))
        assert open_files < 400, open_files
        assert list_types_grpc(f"127.0.0.1:{grpc_port}") == 5
        assert list_types_http(http_port, source="127.0.0.2") == 5
        with pytest.raises((ConnectionResetError, http.client.RemoteDisconnected, BrokenPipeError)):
            list_types_http(http_port)  # the flooding address itself: at its limit
        assert proc.poll() is None
    finally:
        close_all(flood)
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)


@pytest.fixture
def small_server(monkeypatch):
    monkeypatch.setattr(connections, "REQUEST_HEAD_SECONDS", 1.0)
    limits = Limits(max_connections=12, max_connections_per_client=4)
    with BackgroundServer(http_address="127.0.0.1:0", limits=limits) as srv:
        yield srv, limits


def test_the_browser_port_counts_connections_per_client_and_in_all(small_server):
    srv, limits = small_server
    port = srv.running.http.port
    guard = srv.running.http.guard
    mine = held(port, limits.max_connections_per_client)
    wait_until(lambda: guard.open == limits.max_connections_per_client)
    extra = socket.create_connection(("127.0.0.1", port), 5)
    assert is_reset(extra)  # a fifth from the same address
    assert list_types_http(port, source="127.0.0.2") == 5  # another address is served
    others = held(port, 4, "127.0.0.2") + held(port, 4, "127.0.0.3")
    wait_until(lambda: guard.open == limits.max_connections)
    late = socket.create_connection(("127.0.0.1", port), 5, source_address=("127.0.0.4", 0))
    assert is_reset(late)  # the port is full, whoever asks
    assert guard.refused == {"max_connections_per_client": 1, "max_connections": 1}
    close_all(mine)
    wait_until(lambda: guard.open == 8)
    assert list_types_http(port) == 5  # its slots came back
    close_all(others + [extra, late])


def test_a_request_head_must_arrive_in_time(small_server):
    """A connection that has not sent a whole request head within REQUEST_HEAD_SECONDS of
    opening, or of its last answer, is closed: a slow-loris caller cannot keep one."""
    srv, _ = small_server
    port = srv.running.http.port
    (slow,) = held(port, 1)
    started = time.monotonic()
    assert is_reset(slow, within=5.0)
    assert 0.8 < time.monotonic() - started < 4.0
    # kept alive after an answer, the next head has the same time
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("POST", "/boardbot.v1.GameService/ListGameTypes", b"{}", {"Content-Type": "application/json"})
    assert conn.getresponse().read()
    conn.sock.sendall(HALF_REQUEST)
    assert is_reset(conn.sock, within=5.0)
    conn.close()
    assert srv.running.http.guard.open == 0


def test_the_grpc_port_takes_at_most_max_connections():
    limits = Limits(max_connections=3)
    with BackgroundServer(limits=limits) as srv:
        channels = [grpc.insecure_channel(srv.address, options=[("grpc.use_local_subchannel_pool", 1)])
                    for _ in range(3)]
        try:
            for channel in channels:
                grpc.channel_ready_future(channel).result(10)
            with pytest.raises(grpc.RpcError) as err:
                with grpc.insecure_channel(srv.address, options=[("grpc.use_local_subchannel_pool", 1)]) as extra:
                    game_service_pb2_grpc.GameServiceStub(extra).ListGameTypes(
                        game_service_pb2.ListGameTypesRequest(), timeout=3)
            assert err.value.code() in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED)
            stub = game_service_pb2_grpc.GameServiceStub(channels[0])
            assert len(stub.ListGameTypes(game_service_pb2.ListGameTypesRequest(), timeout=5).game_types) == 5
        finally:
            for channel in channels:
                channel.close()
        time.sleep(0.5)
        assert list_types_grpc(srv.address) == 5  # a slot came back


def test_the_open_files_limit_is_lifted_to_the_hard_limit():
    import resource

    soft, hard = connections.raise_open_files_limit()
    assert (soft, hard) == resource.getrlimit(resource.RLIMIT_NOFILE)
    assert soft == hard or hard == resource.RLIM_INFINITY
