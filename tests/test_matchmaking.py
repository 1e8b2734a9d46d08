"""Matchmaking end to end: a queue per game configuration, players matched with each
other, a queue whose empty seat a bot fills after the wait, and the same across two
server processes on one Redis store; hostile input answered with clear statuses; joining
within the client's rate of creations; queues nobody waits in deleted after the idle time."""

import asyncio
import random
import threading
import time

import grpc
import pytest

from boardbot.client import OPEN, Client, Ticket, error_details
from boardbot.server import logs
from boardbot.server.app import BackgroundServer
from boardbot.server.limits import Limits
from boardbot.v1 import common_pb2
from boardbot.v1 import game_service_pb2 as pb
from tests.conftest import error_of, play_randomly
from tests.processes import RedisServer, Serve


def reason(details) -> str:
    return details["ErrorInfo"].reason


def test_two_players_in_a_queue_are_matched_into_one_game(server):
    with Client(server.address) as host, Client(server.address) as a, Client(server.address) as b:
        queue = host.create_queue("frogriders", {"players": 2}, backfill_after=60, backfill_bot="random")
        assert queue.players == 2 and queue.waiting == 0 and queue.backfill_bot == "random"
        first = a.join_queue(queue.queue_id, name="Ann")
        assert a.wait_for_match(first, timeout=0.3) is None  # nobody else yet, and no bot before a minute
        second = b.join_queue(queue.queue_id, name="Ben")
        seats = [a.match(first, 10), b.match(second, 10)]
        assert seats[0].game_id == seats[1].game_id and {s.number for s in seats} == {0, 1}
        game = host.get_game(seats[0].game_id)
        assert [s.kind for s in game.seats] == [common_pb2.SEAT_KIND_HUMAN] * 2
        assert sorted(s.player_name for s in game.seats) == ["Ann", "Ben"]
        results = []
        threads = [threading.Thread(target=lambda s=s, i=i: results.append(
            play_randomly(s, random.Random(i), version_check=False))) for i, s in enumerate(seats)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert len(results) == 2 and all(r.finished for r in results)


def test_a_queue_fills_the_empty_seats_with_its_bot_after_the_wait(server):
    with Client(server.address) as client:
        queue = client.create_queue("frogriders", {"players": 3}, backfill_after=1.0, backfill_bot="random",
                                    clock={"kind": "CLOCK_KIND_INCREMENT", "initial_time": "300s"})
        ticket = client.join_queue(queue.queue_id, name="Solo")
        start = time.monotonic()
        seat = client.match(ticket, 15)
        waited = time.monotonic() - start
        assert 0.9 <= waited < 10, waited
        game = client.get_game(seat.game_id)
        kinds = [s.kind for s in game.seats]
        assert kinds.count(common_pb2.SEAT_KIND_HUMAN) == 1 and kinds[seat.number] == common_pb2.SEAT_KIND_HUMAN
        assert [s.bot for s in game.seats if s.kind == common_pb2.SEAT_KIND_BOT] == ["random", "random"]
        assert game.clocks.options.kind == common_pb2.CLOCK_KIND_INCREMENT
        assert game.status == common_pb2.GAME_STATUS_RUNNING
        # the ticket's token is the seat's: it plays at once, to the end, against the bots
        assert play_randomly(seat, random.Random(5), version_check=False).finished
        assert client.wait_for_match(ticket).game_id == seat.game_id  # asking again gives the same seat


def test_hostile_queue_calls_are_refused_with_clear_statuses(server):
    with Client(server.address) as client:
        code, _, details = error_of(client.create_queue, "frogriders", backfill_after=-1)
        assert code == grpc.StatusCode.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == \
            "backfill_after"
        code, _, details = error_of(client.create_queue, "frogriders", backfill_bot="nonsense")
        assert code == grpc.StatusCode.INVALID_ARGUMENT and reason(details) == "BAD_QUEUE"
        code, _, details = error_of(client.create_queue, "frogriders", {"players": 99})
        assert code == grpc.StatusCode.INVALID_ARGUMENT and reason(details) == "BAD_CONFIG"
        code, _, _ = error_of(client.create_queue, "no-such-game")
        assert code == grpc.StatusCode.INVALID_ARGUMENT
        code, _, details = error_of(client.join_queue, "nope")
        assert code == grpc.StatusCode.NOT_FOUND and reason(details) == "QUEUE_NOT_FOUND"
        code, _, details = error_of(client.join_queue, "x" * 500)
        assert code == grpc.StatusCode.INVALID_ARGUMENT
        queue = client.create_queue("frogriders", backfill_after=600)
        code, _, details = error_of(client.join_queue, queue.queue_id, name="n" * 100)
        assert code == grpc.StatusCode.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == \
            "player_name"
        ticket = client.join_queue(queue.queue_id)
        code, _, _ = error_of(client.wait_for_match, Ticket(queue.queue_id, ticket.ticket_id, "wrong"))
        assert code == grpc.StatusCode.UNAUTHENTICATED
        code, _, _ = error_of(client.stub.WaitForMatch, pb.WaitForMatchRequest(queue_id=queue.queue_id,
                                                                               ticket_id=ticket.ticket_id))
        assert code == grpc.StatusCode.UNAUTHENTICATED
        client.leave_queue(ticket)
        code, _, details = error_of(client.wait_for_match, ticket)
        assert code == grpc.StatusCode.NOT_FOUND and reason(details) == "TICKET_NOT_FOUND"


@pytest.fixture
def redis_url(tmp_path):
    redis_server = RedisServer(tmp_path)
    yield redis_server.url
    redis_server.stop()


def test_a_queue_works_across_server_processes_on_redis(tmp_path, redis_url):
    args = ["--store", redis_url, "--ai-workers", "0", "--bot-processes", "0"]
    one = Serve(args, tmp_path / "one.log")
    two = Serve(args, tmp_path / "two.log")
    try:
        with Client(one.address) as a, Client(two.address) as b:
            queue = a.create_queue("frogriders", {"players": 2}, backfill_after=1.5, backfill_bot="greedy")
            # two players, each on another process, matched with each other
            first, second = a.join_queue(queue.queue_id, "A"), b.join_queue(queue.queue_id, "B")
            seats = [a.match(first, 10), b.match(second, 10)]
            assert seats[0].game_id == seats[1].game_id and {s.number for s in seats} == {0, 1}
            assert b.get_game(seats[0].game_id).game_id == a.get_game(seats[0].game_id).game_id
            # a third waits on the second process; the bot fills the empty seat after the wait
            third = b.join_queue(queue.queue_id, "C")
            seat = b.match(third, 15)
            game = a.get_game(seat.game_id)
            assert [s.kind for s in game.seats].count(common_pb2.SEAT_KIND_BOT) == 1
            assert game.seats[seat.number].player_name == "C"
            assert play_randomly(b.seat(seat.game_id, seat.number, seat.token), random.Random(3),
                                 version_check=False).finished
    finally:
        one.stop()
        two.stop()


# --- limits: the rate of joining, and queues nobody waits in -----------------------------------
def _refused_for_rate(fn, *args, subject: str, **kwargs) -> float:
    """``fn`` refused RESOURCE_EXHAUSTED JOIN_RATE with retry information: the seconds to wait."""
    with pytest.raises(grpc.RpcError) as err:
        fn(*args, **kwargs)
    details = error_details(err.value)
    assert err.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED and reason(details) == "JOIN_RATE", details
    assert details["QuotaFailure"].violations[0].subject == subject
    return details["RetryInfo"].retry_delay.ToTimedelta().total_seconds()


def test_joining_games_and_queues_counts_against_the_clients_rate_of_creations():
    logs.configure(enabled=False)
    # one bucket of 4 for the client's games, queues, joined seats and tickets, refilled at 1 a second
    srv = BackgroundServer(limits=Limits(create_burst_per_client=4, creates_per_second_per_client=1))
    try:
        with Client(srv.address) as client:
            game = client.create_game("frogriders", seats=[OPEN, OPEN, OPEN])  # 1
            queue = client.create_queue("frogriders", {"players": 2}, backfill_after=600)  # 2
            client.join_game(game.game_id, name="A")  # 3
            client.join_queue(queue.queue_id, "B")  # 4
            wait = _refused_for_rate(client.join_game, game.game_id, name="C", subject="join_game/peer")
            assert 0 < wait <= 1.0
            assert _refused_for_rate(client.join_queue, queue.queue_id, "D", subject="join_queue/peer") > 0
            # nothing was stored for the refused calls: one seat joined, one ticket waiting
            assert [s.state for s in game.info().seats].count(common_pb2.SEAT_STATE_RESERVED) == 1
            time.sleep(wait + 0.05)  # the retry information is right: the next one goes through
            client.join_game(game.game_id, name="C")
    finally:
        srv.stop()


def _idle_queues(address: str) -> None:
    """A queue nobody waits in is gone once the server's idle time passed; one with a player
    waiting is kept, and goes once its last ticket left."""
    with Client(address) as client:
        idle = client.create_queue("frogriders", {"players": 2}, backfill_after=600)
        busy = client.create_queue("frogriders", {"players": 2}, backfill_after=600)
        ticket = client.join_queue(busy.queue_id, "Waiting")
        time.sleep(1.5)
        with pytest.raises(grpc.RpcError) as err:
            client.join_queue(idle.queue_id, "Late")
        assert err.value.code() == grpc.StatusCode.NOT_FOUND
        assert client.wait_for_match(ticket, timeout=2.0) is None  # still there: a player waits
        client.leave_queue(ticket)
        time.sleep(1.5)
        with pytest.raises(grpc.RpcError) as err:
            client.join_queue(busy.queue_id, "Late")
        assert err.value.code() == grpc.StatusCode.NOT_FOUND


def test_a_queue_nobody_waits_in_is_deleted_after_the_idle_time_in_memory():
    logs.configure(enabled=False)
    srv = BackgroundServer(limits=Limits(creates_per_second_per_client=0, queue_idle_seconds=1))
    try:
        _idle_queues(srv.address)
    finally:
        srv.stop()


@pytest.mark.parametrize("store", ["sqlite", "redis"])
def test_a_queue_nobody_waits_in_is_deleted_after_the_idle_time(tmp_path, store):
    redis_server = RedisServer(tmp_path) if store == "redis" else None
    spec = redis_server.url if redis_server else f"sqlite:{tmp_path / 'games.sqlite3'}"
    server = Serve(["--store", spec, "--ai-workers", "0", "--bot-processes", "0", "--queue-idle-seconds", "1"],
                   tmp_path / "serve.log")
    try:
        _idle_queues(server.address)
    finally:
        server.stop()
        if redis_server is not None:
            redis_server.stop()


def test_the_sqlite_store_deletes_expired_documents(tmp_path):
    from boardbot.server.sqlite_store import SqliteStore

    async def scenario():
        store = SqliteStore(str(tmp_path / "docs.sqlite3"))
        await store.open()
        try:
            assert await store.put_doc("queue:a", 0, {"n": 1}, ttl=0.2)
            assert await store.put_doc("queue:b", 0, {"n": 2}, ttl=0.2)
            assert await store.put_doc("queue:b", 1, {"n": 3})  # written again without a ttl: kept
            await asyncio.sleep(0.3)
            assert await store.get_doc("queue:a") is None and await store.get_doc("queue:b") == (2, {"n": 3})
            assert not await store.put_doc("queue:a", 1, {"n": 4})  # an expired document takes no write ...
            assert await store.expire_docs(time.time()) == 1  # ... and the sweep deletes it
            assert store._db.execute("SELECT key FROM docs").fetchall() == [("queue:b",)]
            assert await store.put_doc("queue:a", 0, {"n": 5})  # its key is free again
        finally:
            await store.close()

    asyncio.run(scenario())
