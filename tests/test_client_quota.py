"""The games one client may hold in the store (issue 19; docs/security.md), end to end:
the cap answers RESOURCE_EXHAUSTED with its details on the gRPC and the browser port,
which count the same client alike; another client address is not affected; DeleteGame
and retention expiry give slots back; the count survives a restart on SQLite and is one
count for two server processes on one Redis."""

import http.client
import json
import time

import grpc
import pytest
from google.rpc import error_details_pb2

from boardbot.client import Client, error_details
from boardbot.server import logs
from boardbot.server.app import BackgroundServer
from boardbot.server.limits import Limits, client_of, real_client, trusted_networks
from boardbot.server.rpc import peer_host
from boardbot.v1 import game_service_pb2 as gs
from boardbot.v1 import game_service_pb2_grpc as gs_grpc
from conftest import wait_until_finished
from tests.processes import RedisServer, Serve
from tests.test_http_port import detail

LIMIT = 3


def test_a_client_is_its_address_the_same_on_both_ports():
    # gRPC's peer strings, then what the browser port's server reports (host:port, no brackets)
    assert client_of(peer_host("ipv4:127.0.0.1:5678")) == "127.0.0.1"
    assert client_of(peer_host("ipv6:%5B::1%5D:5678")) == client_of("::1") == "::1"
    assert client_of(peer_host("ipv6:%5B::ffff:10.1.2.3%5D:5678")) == "10.1.2.3"  # a dual-stack listener's IPv4
    # one IPv6 host or home network has a /64 to pick addresses from: it is one client
    assert client_of("2001:db8:1:2:aaaa::1") == client_of("2001:DB8:1:2::bbbb") == "2001:db8:1:2::/64"
    assert client_of("2001:db8:1:3::1") != client_of("2001:db8:1:2::1")
    assert client_of("fe80::1%eth0") == "fe80::/64"
    assert peer_host("unix:/tmp/boardbot.sock") is None and client_of(None) is None


def test_behind_a_trusted_proxy_the_client_is_the_hop_it_forwarded():
    proxies = trusted_networks(["10.0.0.0/8", "192.168.1.5,::1"])
    # not from a trusted proxy: the header is the caller's own writing and is ignored
    assert real_client("203.0.113.9", "198.51.100.1", proxies) == "203.0.113.9"
    assert real_client("203.0.113.9", "198.51.100.1", ()) == "203.0.113.9"
    # from a trusted proxy: the hop it appended, whatever the caller wrote left of it
    assert real_client("10.1.2.3", "198.51.100.1", proxies) == "198.51.100.1"
    assert real_client("10.1.2.3", "6.6.6.6, 198.51.100.1", proxies) == "198.51.100.1"
    # a chain of trusted proxies is walked to the first hop that is not one
    assert real_client("10.1.2.3", "6.6.6.6, 198.51.100.1, 192.168.1.5, 10.9.9.9", proxies) == "198.51.100.1"
    assert real_client("::1", "2001:db8:5:6::7", proxies) == "2001:db8:5:6::/64"  # then as client_of says
    assert real_client("::ffff:10.0.0.1", "198.51.100.1", proxies) == "198.51.100.1"  # IPv4-mapped is IPv4
    # a garbled hop stops the walk at the last proxy that could be trusted
    assert real_client("10.1.2.3", "198.51.100.1, unknown", proxies) == "10.1.2.3"
    assert real_client("10.1.2.3", "198.51.100.1, 10.0.0.7, " + "x" * 5000, proxies) == "10.1.2.3"
    # a header of only trusted hops: the last one, the farthest proxy
    assert real_client("10.1.2.3", "10.0.0.7", proxies) == "10.0.0.7"
    # padding past MAX_FORWARDED_HOPS is never read
    assert real_client("10.1.2.3", ", ".join(["198.51.100.1"] + ["10.0.0.7"] * 40), proxies) == "10.0.0.7"
    assert real_client(None, "198.51.100.1", proxies) is None  # in process: no client
    with pytest.raises(ValueError, match="'nginx' is not an address"):
        trusted_networks(["10.0.0.0/8,nginx"])


def _create_forwarded(address: str, forwarded_for: str) -> grpc.RpcError | None:
    """CreateGame over gRPC with an X-Forwarded-For header; the error, if refused."""
    with grpc.insecure_channel(address) as channel:
        stub = gs_grpc.GameServiceStub(channel)
        try:
            stub.CreateGame(gs.CreateGameRequest(game="frogriders"), metadata=[("x-forwarded-for", forwarded_for)],
                            timeout=30)
        except grpc.RpcError as err:
            return err
    return None


def _post_forwarded(srv: BackgroundServer, forwarded_for: str) -> int:
    host, port = srv.running.http.address.rsplit(":", 1)
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    conn.request("POST", "/boardbot.v1.GameService/CreateGame", json.dumps({"game": "frogriders"}),
                 {"Content-Type": "application/json", "X-Forwarded-For": forwarded_for})
    status = conn.getresponse().status
    conn.close()
    return status


def test_a_forwarded_client_counts_only_behind_a_trusted_proxy():
    """Loopback stands for the proxy: trusted, each forwarded address is a client of its own on
    both ports; untrusted (the default), a caller writing the header is still itself."""
    logs.configure(enabled=False)
    srv = BackgroundServer(limits=Limits(max_games_per_client=2, trusted_proxies=trusted_networks(["127.0.0.1"])),
                           http_address="127.0.0.1:0")
    try:
        for forwarded in ("198.51.100.1", "6.6.6.6, 198.51.100.1"):  # the second: one the caller prepended
            assert _create_forwarded(srv.address, forwarded) is None
        err = _create_forwarded(srv.address, "198.51.100.1")
        _check_exhausted_over_grpc(err, 2, client="198.51.100.1")
        assert _post_forwarded(srv, "198.51.100.1") == 429  # the browser port counts the same client
        assert _post_forwarded(srv, "198.51.100.2") == 200  # another one behind the same proxy
        assert _create_forwarded(srv.address, "198.51.100.2") is None
        store = srv.running.master.store
        assert srv.call(store.count_created_by("198.51.100.1")) == 2
        assert srv.call(store.count_created_by("198.51.100.2")) == 2
        assert srv.call(store.count_created_by("127.0.0.1")) == 0
    finally:
        srv.stop()
    srv = BackgroundServer(limits=Limits(max_games_per_client=2), http_address="127.0.0.1:0")
    try:
        assert _create_forwarded(srv.address, "198.51.100.1") is None
        assert _post_forwarded(srv, "198.51.100.2") == 200
        _check_exhausted_over_grpc(_create_forwarded(srv.address, "198.51.100.3"), 2)  # 127.0.0.1 all along
        assert srv.call(srv.running.master.store.count_created_by("127.0.0.1")) == 2
    finally:
        srv.stop()


def _check_exhausted_over_grpc(err: grpc.RpcError, limit: int, client: str = "127.0.0.1") -> None:
    assert err.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert f"client {client} holds its maximum of {limit} stored games" in err.details()
    assert "DeleteGame" in err.details()
    details = error_details(err)
    assert details["ErrorInfo"].reason == "CLIENT_GAME_LIMIT_REACHED"
    assert dict(details["ErrorInfo"].metadata) == {"max_games_per_client": str(limit), "client": client}
    [violation] = details["QuotaFailure"].violations
    assert violation.subject == "games/peer" and "DeleteGame" in violation.description


def _post_create(srv: BackgroundServer, source: str = "127.0.0.1"):
    """CreateGame on the browser port (Connect, JSON) from the loopback address ``source``."""
    host, port = srv.running.http.address.rsplit(":", 1)
    conn = http.client.HTTPConnection(host, int(port), timeout=30, source_address=(source, 0))
    conn.request("POST", "/boardbot.v1.GameService/CreateGame",
                 json.dumps({"game": "frogriders", "seats": [{"kind": "SEAT_KIND_HUMAN"}] * 2}),
                 {"Content-Type": "application/json"})
    response = conn.getresponse()
    status, body = response.status, json.loads(response.read())
    conn.close()
    return status, body


@pytest.fixture
def quota_server():
    logs.configure(enabled=False)
    srv = BackgroundServer(limits=Limits(max_games_per_client=LIMIT), http_address="127.0.0.1:0", retention=0.5)
    yield srv
    srv.stop()


def test_the_cap_on_both_ports_spares_other_clients_and_delete_frees_a_slot(quota_server):
    srv = quota_server
    with Client(srv.address) as c:
        games = [c.create_game("frogriders", seats=["human", "human"], seed=s) for s in (1, 2)]
        status, body = _post_create(srv)  # the browser port: the same client, the same count
        assert status == 200, body
        with pytest.raises(grpc.RpcError) as full:
            c.create_game("frogriders", seed=3)
        _check_exhausted_over_grpc(full.value, LIMIT)
        status, body = _post_create(srv)
        assert (status, body["code"]) == (429, "resource_exhausted")
        info = detail(body, error_details_pb2.ErrorInfo)
        assert info.reason == "CLIENT_GAME_LIMIT_REACHED" and info.metadata["max_games_per_client"] == str(LIMIT)
        assert detail(body, error_details_pb2.QuotaFailure).violations[0].subject == "games/peer"
        status, body = _post_create(srv, source="127.0.0.2")  # another client address
        assert status == 200, body
        games[0].delete()
        c.create_game("frogriders", seed=4)  # the deleted game's slot
        with pytest.raises(grpc.RpcError) as full:
            c.create_game("frogriders", seed=5)
        _check_exhausted_over_grpc(full.value, LIMIT)
        assert srv.call(srv.running.master.store.count_created_by("127.0.0.1")) == LIMIT
        assert srv.call(srv.running.master.store.count_created_by("127.0.0.2")) == 1


def test_a_finished_game_counts_until_it_expires(quota_server):
    srv = quota_server
    with Client(srv.address) as c:
        c.create_game("frogriders", seats=["human", "human"], seed=1)
        bots = [c.create_game("frogriders", seats=["random", "random"], seed=s) for s in (2, 3)]
        for game in bots:  # the bots play them to the end at once; finished, they still count
            wait_until_finished(game)
        with pytest.raises(grpc.RpcError) as full:
            c.create_game("frogriders", seed=4)
        _check_exhausted_over_grpc(full.value, LIMIT)
        deadline = time.monotonic() + 10  # expired 0.5 s after they finished: two slots back
        while srv.call(srv.running.master.store.count_created_by("127.0.0.1")) > 1:
            assert time.monotonic() < deadline, "the finished games did not expire"
            time.sleep(0.05)
        c.create_game("frogriders", seed=5)
        c.create_game("frogriders", seed=6)


def _fill(address: str, count: int) -> list:
    with Client(address) as c:
        return [c.create_game("frogriders", seats=["human", "human"], seed=s) for s in range(count)]


def _refused(address: str, limit: int) -> None:
    with Client(address) as c, pytest.raises(grpc.RpcError) as full:
        c.create_game("frogriders", seed=99)
    _check_exhausted_over_grpc(full.value, limit)


def test_the_count_survives_a_restart_on_sqlite(tmp_path):
    args = ["--store", f"sqlite:{tmp_path / 'games.sqlite3'}", "--ai-workers", "0", "--max-games-per-client", "2"]
    first = Serve(args, tmp_path / "first.log")
    try:
        games = _fill(first.address, 2)
        _refused(first.address, 2)
    finally:
        first.stop()
    again = Serve(args, tmp_path / "again.log")
    try:
        _refused(again.address, 2)  # the file says whose games they are
        with Client(again.address) as c:
            c.delete_game(games[0].game_id, games[0].owner_token)
            c.create_game("frogriders", seed=7)
        _refused(again.address, 2)
    finally:
        again.stop()


def test_two_processes_on_one_redis_share_the_count(tmp_path):
    redis_server = RedisServer(tmp_path)
    servers = []
    try:
        args = ["--store", redis_server.url, "--ai-workers", "0", "--max-games-per-client", "3"]
        servers = [Serve(args, tmp_path / f"serve{i}.log") for i in range(2)]
        one, two = (s.address for s in servers)
        games = _fill(one, 2) + _fill(two, 1)
        _refused(one, 3)
        _refused(two, 3)
        with Client(two) as c:  # deleted through one process, the slot is free in the other
            c.delete_game(games[0].game_id, games[0].owner_token)
        _fill(one, 1)
        _refused(two, 3)
    finally:
        for server in servers:
            server.stop()
        redis_server.stop()
