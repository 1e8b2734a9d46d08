"""Daily quotas per token class (issue 49 item 7), end to end: calls past a class's limit are
RESOURCE_EXHAUSTED with retry information on the gRPC and the browser port, which count one
client alike; a seat's token has its own count; AI seconds are charged by SuggestMove,
ChooseMove and a game's searching seats and refused once spent; the metrics show it; the
count survives a restart on SQLite and is one for two processes on Redis."""

import time

import grpc
import pytest
from google.rpc import error_details_pb2

from boardbot.client import Client, error_details
from boardbot.server import quotas
from boardbot.server.app import BackgroundServer
from boardbot.server.limits import Limits
from boardbot.server.memory_store import InMemoryStore
from boardbot.server.quotas import QuotaClass, parse_quota
from conftest import wait_until_finished
from test_external import free_port
from test_http_port import detail, post
from test_metrics import scrape
from tests.processes import RedisServer, Serve


def limits(**classes) -> Limits:
    return Limits(quotas=tuple(classes.items()), creates_per_second_per_client=0)


def exhausted(err: grpc.RpcError, reason: str, subject: str) -> float:
    """Check a quota refusal over gRPC; its retry delay in seconds."""
    assert err.code() == grpc.StatusCode.RESOURCE_EXHAUSTED, err
    details = error_details(err)
    assert details["ErrorInfo"].reason == reason
    assert details["QuotaFailure"].violations[0].subject == subject
    delay = details["RetryInfo"].retry_delay.ToTimedelta().total_seconds()
    assert 0 < delay <= 86400  # until the UTC day ends
    return delay


def test_parse_quota():
    assert parse_quota("client=calls:100,ai:30.5") == ("client", QuotaClass(100, 30.5))
    assert parse_quota("seat=calls:7") == ("seat", QuotaClass(7, 0))
    for bad in ("robot=calls:1", "client=calls:-1", "client=cpu:1", "client=calls:x", "client=ai:inf"):
        with pytest.raises(ValueError):
            parse_quota(bad)


def test_calls_past_the_clients_quota_are_refused_with_retry_information_on_both_ports():
    metrics_address = f"127.0.0.1:{free_port()}"
    with BackgroundServer(store=InMemoryStore(), limits=limits(client=QuotaClass(calls_per_day=6)),
                          http_address="127.0.0.1:0", metrics_address=metrics_address) as srv, \
            Client(srv.address) as c:
        before = scrape(metrics_address)
        for _ in range(4):
            c.game_types()
        for _ in range(2):  # the browser port counts the same client
            status, _, _ = post(srv, "ListGameTypes", {})
            assert status == 200
        with pytest.raises(grpc.RpcError) as refused:
            c.game_types()
        delay = exhausted(refused.value, "CALL_QUOTA", "calls/client")
        status, _, body = post(srv, "GetGame", {"gameId": "x"})
        assert status == 429 and body["code"] == "resource_exhausted"
        assert detail(body, error_details_pb2.ErrorInfo).reason == "CALL_QUOTA"
        assert abs(detail(body, error_details_pb2.RetryInfo).retry_delay.ToTimedelta().total_seconds() - delay) < 60
        after = scrape(metrics_address)

        def grew(name, **labels):
            key = (name, tuple(sorted(labels.items())))
            return after.get(key, 0) - before.get(key, 0)

        assert grew("boardbot_quota_calls_total", token_class="client") == 6
        assert grew("boardbot_quota_refusals_total", token_class="client", quota="calls") == 2


def test_a_seat_token_has_its_own_count():
    with BackgroundServer(store=InMemoryStore(), limits=limits(seat=QuotaClass(calls_per_day=3))) as srv, \
            Client(srv.address) as c:
        game = c.create_game("frogriders", seats=["human", "human"])
        me, other = game.seat(0), game.seat(1)
        for _ in range(3):
            me.view()
        with pytest.raises(grpc.RpcError) as refused:
            me.view()
        exhausted(refused.value, "CALL_QUOTA", "calls/seat")
        other.view()  # another token, another count
        c.get_game(game.game_id)  # no token: the client class, which has no limit here


def test_ai_seconds_are_charged_and_refused_once_spent():
    with BackgroundServer(store=InMemoryStore(), limits=limits(client=QuotaClass(ai_seconds_per_day=0.05))) as srv, \
            Client(srv.address) as c:
        game = c.create_game("froccs", seats=["human", "human"])
        seat = game.seat(game.info().decider)
        seat.suggest("random")  # no search: nothing to charge
        spent = 0.0
        while spent < 0.05:
            spent += seat.suggest("ismcts", seconds=0.03).stats.duration.ToTimedelta().total_seconds()
        with pytest.raises(grpc.RpcError) as refused:
            seat.suggest("ismcts", iterations=10)
        exhausted(refused.value, "AI_QUOTA", "ai_seconds/client")
        with pytest.raises(grpc.RpcError) as refused:
            c.choose_move("froccs", seat.view(), bot="ismcts", iterations=10)
        exhausted(refused.value, "AI_QUOTA", "ai_seconds/client")
        with pytest.raises(grpc.RpcError) as refused:  # a game with a searching seat: the creator's seconds
            c.create_game("froccs", seats=["human", "ismcts:easy"])
        exhausted(refused.value, "AI_QUOTA", "ai_seconds/client")
        c.create_game("froccs", seats=["human", "greedy"])  # a bot that does not search is no AI compute
        seat.suggest("greedy")


def test_a_games_searching_seats_are_charged_to_its_creator():
    with BackgroundServer(store=InMemoryStore(), limits=limits(client=QuotaClass(ai_seconds_per_day=0.02))) as srv, \
            Client(srv.address) as c:
        game = c.create_game("frogriders", seats=["ismcts:easy", "ismcts:easy"])  # allowed: nothing spent yet
        wait_until_finished(game, 120)
        with pytest.raises(grpc.RpcError) as refused:
            c.create_game("frogriders", seats=["ismcts:easy", "random"])
        exhausted(refused.value, "AI_QUOTA", "ai_seconds/client")


def test_the_count_survives_a_restart_on_sqlite(tmp_path):
    args = ["--store", f"sqlite:{tmp_path / 'games.sqlite3'}", "--ai-workers", "0", "--quota", "client=calls:5"]
    first = Serve(args, tmp_path / "first.log")
    try:
        with Client(first.address) as c:
            for _ in range(3):
                c.game_types()
    finally:
        first.stop()  # SIGTERM: the master writes what it counted
    again = Serve(args, tmp_path / "again.log")
    try:
        with Client(again.address) as c:
            for _ in range(2):
                c.game_types()
            with pytest.raises(grpc.RpcError) as refused:
                c.game_types()
            exhausted(refused.value, "CALL_QUOTA", "calls/client")
    finally:
        again.stop()


def test_two_processes_on_one_redis_share_the_count(tmp_path, monkeypatch):
    redis_server = RedisServer(tmp_path)
    servers = []
    try:
        args = ["--store", redis_server.url, "--ai-workers", "0", "--quota", "client=calls:8"]
        servers = [Serve(args, tmp_path / f"serve{i}.log") for i in range(2)]
        one, two = (Client(s.address) for s in servers)
        for _ in range(6):
            one.game_types()
        time.sleep(3 * quotas.FLUSH_SECONDS)  # both processes have written and read the day's count
        two.game_types()
        two.game_types()
        with pytest.raises(grpc.RpcError) as refused:
            two.game_types()
        exhausted(refused.value, "CALL_QUOTA", "calls/client")
        time.sleep(3 * quotas.FLUSH_SECONDS)
        with pytest.raises(grpc.RpcError):
            one.game_types()
        one.close()
        two.close()
    finally:
        for server in servers:
            server.stop()
        redis_server.stop()


def test_the_processes_of_one_sqlite_file_share_the_count(tmp_path):
    from boardbot.v1 import game_service_pb2
    from tests.test_processes import Connection, _process_of

    # a day's quota wide enough for the second process to come up under load (the kernel sends
    # every connection to the first until it listens; at 8 calls a loaded machine spent them all
    # on the first process before the second was up)
    quota = 40
    server = Serve(["--data-dir", str(tmp_path / "data"), "--ai-workers", "0", "--quota", f"client=calls:{quota}",
                    "--processes", "2"], tmp_path / "serve.log")
    conns = []
    try:
        deadline = time.monotonic() + 60
        by_process, asked = {}, 0
        while len(by_process) < 2:  # a connection to each process (the kernel spreads them)
            if asked:
                time.sleep(0.25)
            conn = Connection(server.address)
            conns.append(conn)
            asked += 1  # a BotService call: counted like any call
            by_process.setdefault(_process_of(conn), conn)
            assert time.monotonic() < deadline, server.log_text()
        assert asked < quota - 1, "the connections kept landing on one process"
        one, two = by_process[0].games, by_process[1].games
        calls = lambda stub: stub.ListGameTypes(game_service_pb2.ListGameTypesRequest(), timeout=10)  # noqa: E731
        for _ in range(quota - 1 - asked):  # all but one of the day's calls, most through process 0
            calls(one)
        time.sleep(3 * quotas.FLUSH_SECONDS)  # both processes have written and read the day's count
        calls(two)  # the last one
        with pytest.raises(grpc.RpcError) as refused:  # process 1 alone had counted fewer
            calls(two)
        exhausted(refused.value, "CALL_QUOTA", "calls/client")
    finally:
        for conn in conns:
            conn.channel.close()
        server.stop()
