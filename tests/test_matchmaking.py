"""Matchmaking end to end: a queue per game configuration, players matched with each
other, a queue whose empty seat a bot fills after the wait, and the same across two
server processes on one Redis store; hostile input answered with clear statuses."""

import random
import threading
import time

import grpc
import pytest

from boardbot.client import Client, Ticket
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
