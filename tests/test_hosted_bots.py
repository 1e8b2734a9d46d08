"""Hosted bot seats under hostile use (issue 19): a ceiling on their think time, a share of
the search slots that callers always get past (a flood of bot-seat games cannot fill the
search queue against SuggestMove), and DeleteGame / Resign stop the searches nobody will use."""

import time

import grpc
import pytest

from boardbot.client import Client, error_details
from boardbot.server import logs
from boardbot.server.app import BackgroundServer


@pytest.fixture
def server():
    logs.configure(enabled=False)
    srv = BackgroundServer(max_searches=1, search_queue_limit=1)
    yield srv
    srv.stop()


def stats(client):
    return client.serving_stats()


def test_a_hosted_bot_thinks_at_most_the_ceiling(server):
    with Client(server.address) as client:
        with pytest.raises(grpc.RpcError) as err:
            client.create_game("frogriders", seats=["human", "ismcts:time=60"])
        assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert error_details(err.value)["BadRequest"].field_violations[0].field == "seats[1].bot"
        assert "at most 10 seconds" in err.value.details()


def test_hosted_bots_do_not_crowd_out_callers_and_delete_stops_them(server):
    with Client(server.address) as client:
        flood = [client.create_game("frogriders", seats=["ismcts:time=3", "ismcts:time=3"]) for _ in range(6)]
        time.sleep(0.5)
        busy = stats(client)
        assert busy.running == 1 and busy.queued >= 1, busy  # the bot seats' moves wait their turn
        mine = client.create_game("frogriders", seats=["human", "human"])
        seat = mine.seat(mine.created.decider)
        started = time.monotonic()  # the caller goes first once the running bot move ends (<= 3 s)
        answered = seat.suggest(bot="ismcts", iterations=20, timeout=10)
        assert answered.move.text and time.monotonic() - started < 5
        # Delete while a bot seat's search is surely under way. A queued seat's 3 s count from
        # its request, so one that starts late may have almost none left and end before the
        # delete reaches it: wait for a search still running, alone, 0.5 s after it started.
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            before = stats(client).counters.started
            while stats(client).counters.started == before and time.monotonic() < deadline:
                time.sleep(0.02)
            begun = stats(client).counters
            time.sleep(0.5)
            now = stats(client)
            if now.running == 1 and (now.counters.started, now.counters.answered) == (begun.started, begun.answered):
                break
        assert stats(client).running == 1
        for game in flood:
            game.delete()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            idle = stats(client)
            if idle.running == 0 and idle.queued == 0:
                break
            time.sleep(0.1)
        assert idle.running == 0 and idle.queued == 0, idle
        assert idle.counters.cancelled >= 1


def test_resign_cancels_the_seats_suggestion(server):
    import threading

    with Client(server.address) as client:
        game = client.create_game("czech-pub", seats=["human", "human", "human"])
        decider = game.created.decider
        outcome = {}

        def suggest():
            try:
                game.seat(decider).suggest(bot="ismcts", seconds=8, timeout=20)
                outcome["code"] = "OK"
            except grpc.RpcError as err:
                outcome["code"] = err.code().name

        worker = threading.Thread(target=suggest)
        worker.start()
        time.sleep(0.5)
        started = time.monotonic()
        game.seat(decider).resign()
        worker.join(10)
        assert outcome == {"code": "FAILED_PRECONDITION"}
        assert time.monotonic() - started < 5
