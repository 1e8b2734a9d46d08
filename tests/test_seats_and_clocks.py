"""Seats and clocks end to end, through a real server and the Python clients: open seats
two players join from their own clients, reservations that lapse, leaving and coming
back under each leave policy, a rematch, ListOpenGames with filters, clocks running out
under each timeout policy, also across a SIGKILL restart (time does not run while the
server is down), and hostile input answered INVALID_ARGUMENT naming the field."""

import asyncio
import random
import threading
import time

import grpc
import pytest

from boardbot.client import OPEN, Client
from boardbot.v1 import common_pb2
from boardbot.v1 import game_service_pb2 as pb
from tests.conftest import error_of, play_randomly
from tests.processes import RedisServer, Serve

WAITING, RUNNING, FINISHED = (common_pb2.GAME_STATUS_WAITING, common_pb2.GAME_STATUS_RUNNING,
                              common_pb2.GAME_STATUS_FINISHED)


def reason(details) -> str:
    return details["ErrorInfo"].reason


def field(details) -> str:
    return details["BadRequest"].field_violations[0].field


def events_of(seat, from_version=0, until=None):
    """The events of a finished game (or up to version ``until``) as the seat sees them."""
    out = []
    for event, view in seat.watch(from_version=from_version):
        if event is not None:
            out.append(event)
        if view.finished or (until is not None and view.version >= until):
            return out
    return out


def wait_for(predicate, seconds=10.0, what="the condition"):
    deadline = time.monotonic() + seconds
    while not (found := predicate()):
        assert time.monotonic() < deadline, f"{what} did not come within {seconds} s"
        time.sleep(0.02)
    return found


# --- lobby -------------------------------------------------------------------------------
def test_two_players_join_open_seats_from_their_own_clients_and_play_to_the_end(server):
    with Client(server.address) as host, Client(server.address) as alice, Client(server.address) as bob:
        game = host.create_game("frogriders", seats=[OPEN, OPEN], seed=7)
        assert game.tokens == {} and game.created.status == WAITING
        assert [s.state for s in game.created.seats] == [common_pb2.SEAT_STATE_OPEN] * 2
        listed = [g.game_id for g in alice.list_open_games(game="frogriders", players=2)]
        assert game.game_id in listed
        a = alice.join_game(game.game_id, name="Alice")
        b = bob.join_game(game.game_id, name="Bob")
        assert {a.number, b.number} == {0, 1} and a.token != b.token
        info = game.info()
        assert info.status == WAITING and [s.state for s in info.seats] == [common_pb2.SEAT_STATE_RESERVED] * 2
        assert sorted(s.player_name for s in info.seats) == ["Alice", "Bob"]
        # no seat moves while a seat is reserved and not taken up
        assert a.view().legal_moves == [] and game.info().status == WAITING
        b.view()  # both taken up now
        info = game.info()
        assert info.status == RUNNING and [s.state for s in info.seats] == [common_pb2.SEAT_STATE_TAKEN] * 2
        assert game.game_id not in [g.game_id for g in alice.list_open_games(game="frogriders")]
        # the full game is no longer open: a third player cannot join
        code, _, details = error_of(host.join_game, game.game_id)
        assert code == grpc.StatusCode.FAILED_PRECONDITION and reason(details) == "NO_OPEN_SEAT"
        results = {}

        def play(seat, seed):
            results[seat.number] = play_randomly(seat, random.Random(seed), version_check=False)

        threads = [threading.Thread(target=play, args=(s, i)) for i, s in enumerate((a, b))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert results[0].finished and results[1].finished
        kinds = [e.kind for e in events_of(game.spectator())]
        assert kinds[:4].count("seat") == 4  # two joins, two take-ups: versions of their own
        # the finished game's record holds the seat events too, without a move (it is not a game move)
        record = host.game_record(game.game_id)
        assert record.complete and [e.kind for e in record.events[:4]] == [common_pb2.EVENT_KIND_SEAT] * 4
        assert not any(e.HasField("move") for e in record.events[:4])
        assert all(e.HasField("move") for e in record.events[4:] if e.kind == common_pb2.EVENT_KIND_MOVE)


def test_a_reservation_lapses_and_the_seat_is_open_again(server):
    with Client(server.address) as client:
        game = client.create_game("frogriders", seats=["human", OPEN], lobby={"reservation": "1s"})
        late = client.join_game(game.game_id, name="Late")
        info = game.info()
        assert info.seats[1].state == common_pb2.SEAT_STATE_RESERVED
        assert info.seats[1].reservation_expire_time.ToNanoseconds() > 0
        # the server opens the seat again when the reservation lapses: a version of its own
        wait_for(lambda: game.info().seats[1].state == common_pb2.SEAT_STATE_OPEN, 5, "the lapse")
        assert [e.text for e in events_of(game.spectator(), until=2)][-1] == "seat 1 is open again"
        code, _, _ = error_of(late.view)  # the lapsed token holds nothing any more
        assert code == grpc.StatusCode.UNAUTHENTICATED
        other = client.join_game(game.game_id, seat=1, name="Other")
        other.view()
        assert game.info().status == RUNNING


def _play_until_decider(game, seat: int, rng) -> None:
    """Play the game's human seats at random until ``seat`` is to decide."""
    while (info := game.info()).decider != seat:
        assert info.status == RUNNING
        mover = game.seat(info.decider)
        mover.play(move_id=rng.choice(mover.view().legal_moves).id)


def test_a_seat_left_is_played_by_the_stand_in_bot_until_its_player_comes_back(server):
    with Client(server.address) as client:
        game = client.create_game("frogriders", seats=["human", "human"], seed=3,
                                  lobby={"on_leave": "LEAVE_POLICY_STAND_IN", "stand_in_bot": "random"})
        rng = random.Random(3)
        leaver = game.seat(1)
        left = leaver.leave()
        assert left.seats[1].state == common_pb2.SEAT_STATE_LEFT and not left.seats[1].resigned
        _play_until_decider(game, 0, rng)
        start = game.info().version
        game.seat(0).play(move_id=0)
        # the stand-in bot moves for seat 1 whenever it is its decision
        wait_for(lambda: game.info().decider == 0 or game.info().status == FINISHED, what="the stand-in's move")
        moved = [e for e in events_of(game.spectator(), start, game.info().version) if e.kind == "move"]
        assert any(e.seat == 1 and e.by_bot for e in moved)
        code, _, details = error_of(leaver.leave)
        assert code == grpc.StatusCode.FAILED_PRECONDITION and reason(details) == "SEAT_LEFT"
        back = leaver.come_back()
        assert back.seats[1].state == common_pb2.SEAT_STATE_TAKEN
        _play_until_decider(game, 1, rng)
        leaver.play(move_id=0)  # its own player again


def test_a_seat_left_under_the_wait_policy_holds_the_game_until_it_comes_back(server):
    with Client(server.address) as client:
        game = client.create_game("frogriders", seats=["human", "human"], seed=4,
                                  lobby={"on_leave": "LEAVE_POLICY_WAIT"})
        rng = random.Random(4)
        leaver = game.seat(1)
        leaver.leave()
        _play_until_decider(game, 1, rng)
        version = game.info().version
        time.sleep(0.3)
        assert game.info().version == version and game.info().decider == 1  # nobody plays it
        code, _, details = error_of(leaver.play, move_id=0)
        assert code == grpc.StatusCode.FAILED_PRECONDITION and reason(details) == "SEAT_LEFT"
        leaver.come_back()
        leaver.play(move_id=0)
        assert game.info().version == version + 2  # its return, then its move


def test_a_rematch_has_the_same_seats_and_a_new_deal(server):
    with Client(server.address) as client, Client(server.address) as other:
        game = client.create_game("frogriders", seats=["human", "human"], lobby={"stand_in_bot": "random"})
        me, them = game.seat(0), other.seat(game.game_id, 1, game.tokens[1])
        code, _, details = error_of(me.rematch)
        assert code == grpc.StatusCode.FAILED_PRECONDITION and reason(details) == "GAME_NOT_OVER"
        threads = [threading.Thread(target=play_randomly, args=(s, random.Random(i), False))
                   for i, s in enumerate((me, them))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        first = me.view()
        assert first.finished
        mine, theirs = me.rematch(), them.rematch()
        assert mine.game_id == theirs.game_id != game.game_id  # one rematch for both
        assert (mine.token, theirs.token) == (me.token, them.token)
        rematch = client.get_game(mine.game_id)
        assert rematch.status == WAITING and [s.state for s in rematch.seats] == [common_pb2.SEAT_STATE_RESERVED] * 2
        assert rematch.lobby.stand_in_bot == "random"
        mine.view(), theirs.view()
        assert client.get_game(mine.game_id).status == RUNNING
        assert mine.view().message.view != game.created  # a new deal (views differ from the old game's start)
        assert client.get_game(mine.game_id).version == 2  # the two take-ups
        # asking again (either seat, either game) changes nothing
        assert me.rematch().game_id == mine.game_id


def test_list_open_games_filters_and_pages(server):
    with Client(server.address) as client:
        made = {
            "plain2": client.create_game("frogriders", seats=[OPEN, "human"]),
            "plain3": client.create_game("frogriders", {"players": 3}, seats=[OPEN, "human", "random"]),
            "clocked": client.create_game("frogriders", seats=[OPEN, "human"],
                                          clock={"kind": "CLOCK_KIND_INCREMENT", "initial_time": "60s"}),
            "full": client.create_game("frogriders", seats=["human", "human"]),
        }
        ids = {name: g.game_id for name, g in made.items()}

        def listed(**filters):
            return {g.game_id for g in client.list_open_games(page_size=1, **filters)}
        every = listed(game="frogriders")
        assert {ids["plain2"], ids["plain3"], ids["clocked"]} <= every and ids["full"] not in every
        three = listed(game="frogriders", players=3)
        assert ids["plain3"] in three and ids["plain2"] not in three
        clocked = listed(clock=common_pb2.CLOCK_KIND_INCREMENT)
        assert ids["clocked"] in clocked and ids["plain2"] not in clocked
        unclocked = listed(clock=common_pb2.CLOCK_KIND_UNSPECIFIED)
        assert ids["plain2"] in unclocked and ids["clocked"] not in unclocked
        assert not listed(game="czech-pub") & set(ids.values())


# --- clocks --------------------------------------------------------------------------------
def _clocked(client, policy: str, initial: str, increment: str = "0s", seats=("human", "human"), seed=1):
    return client.create_game("frogriders", seats=list(seats), seed=seed,
                              clock={"kind": "CLOCK_KIND_INCREMENT", "initial_time": initial, "increment": increment,
                                     "on_timeout": policy},
                              lobby={"stand_in_bot": "random"})


def test_every_view_shows_the_clocks_with_the_server_time_they_refer_to(server):
    with Client(server.address) as client:
        game = _clocked(client, "TIMEOUT_POLICY_FORFEIT", "60s", "2s")
        info = game.info()
        decider = info.decider
        clocks = info.clocks
        assert clocks.options.kind == common_pb2.CLOCK_KIND_INCREMENT and clocks.running_seat == decider
        assert [d.ToNanoseconds() for d in clocks.remaining] == [60 * 10**9] * 2
        assert clocks.deadline.ToNanoseconds() == clocks.as_of.ToNanoseconds() + 60 * 10**9
        assert abs(clocks.as_of.ToNanoseconds() / 1e9 - time.time()) < 5
        seat = game.seat(decider)
        view = seat.view()
        assert view.message.clocks == clocks
        time.sleep(0.2)
        seat.play(move_id=0)
        after = game.info().clocks
        used = 60 + 2 - after.remaining[decider].ToNanoseconds() / 1e9  # the increment comes after the move
        assert 0.2 <= used < 5
        assert game.spectator().view().message.clocks == after


def test_a_clock_running_out_forfeits_the_seat(server):
    with Client(server.address) as client:
        game = _clocked(client, "TIMEOUT_POLICY_FORFEIT", "1s")
        late = game.info().decider
        start = time.monotonic()
        events = events_of(game.spectator(), until=1)
        assert time.monotonic() - start >= 0.9
        assert [e.kind for e in events] == ["timeout"] and events[0].seat == late
        info = game.info()
        assert info.seats[late].resigned and info.clocks.timeouts[late] == 1
        code, _, details = error_of(game.seat(late).play, move_id=0)
        assert code == grpc.StatusCode.FAILED_PRECONDITION
        # the other seat plays on; the random bot plays the forfeited one
        play_randomly(game.seat(1 - late), random.Random(2), version_check=False)
        final = game.info()
        assert final.status == FINISHED and late not in final.outcome.winners


def test_a_clock_running_out_under_the_stand_in_policy_has_the_bot_move_for_the_seat(server):
    with Client(server.address) as client:
        game = _clocked(client, "TIMEOUT_POLICY_STAND_IN", "1s", "30s")
        late = game.info().decider
        events = events_of(game.spectator(), until=1)
        assert events[0].kind == "move" and events[0].seat == late and events[0].by_bot
        info = game.info()
        assert not info.seats[late].resigned and info.clocks.timeouts[late] == 1
        assert info.clocks.remaining[late].ToNanoseconds() == 30 * 10**9  # 0 left, then the increment
        if info.decider == late:  # its player plays on with what the clock gives it
            game.seat(late).play(move_id=0)


def test_a_move_after_the_deadline_is_refused_out_of_time(server):
    with Client(server.address) as client:
        game = client.create_game("frogriders", seats=["human", "human"],
                                  clock={"kind": "CLOCK_KIND_TIME_BANK", "initial_time": "1s",
                                         "on_timeout": "TIMEOUT_POLICY_STAND_IN"},
                                  lobby={"stand_in_bot": "ismcts:iterations=200000"})
        seat = game.seat(game.info().decider)
        time.sleep(1.2)  # the stand-in's search is slow: the clock has run out, the move is not made yet
        code, _, details = error_of(seat.play, move_id=0)
        assert code == grpc.StatusCode.FAILED_PRECONDITION and reason(details) in ("OUT_OF_TIME", "NOT_YOUR_DECISION")


@pytest.mark.parametrize("store, policy", [("sqlite", "TIMEOUT_POLICY_FORFEIT"), ("sqlite", "TIMEOUT_POLICY_STAND_IN"),
                                           ("redis", "TIMEOUT_POLICY_FORFEIT")])
def test_a_clock_survives_a_sigkill_and_does_not_run_while_the_server_is_down(tmp_path, store, policy):
    args = ["--data-dir", str(tmp_path / "data"), "--ai-workers", "1", "--bot-processes", "0"]
    redis_server = None
    if store == "redis":  # the only server process on the store dies: nobody marks it alive
        redis_server = RedisServer(tmp_path)
        args += ["--store", redis_server.url]
    server = Serve(args, tmp_path / "serve.log")
    address = server.address
    try:
        with Client(address, timeout=15) as client:
            game = _clocked(client, policy, "5s")
            late = game.info().decider
            time.sleep(1.0)
            server.kill()
            time.sleep(6.0)  # longer than the seat's whole clock: the time down must not count
            server = Serve(args, tmp_path / "serve.log", address=address)
            # version 1: the clocks resumed; version 2: the seat ran out, for the time it had left then
            stream = client.stub.WatchGame(pb.WatchGameRequest(game_id=game.game_id, from_version=0))
            items = []
            for item in stream:
                items.append(item)
                if item.view.version == 2:
                    stream.cancel()
                    break
            created, resumed, ran_out = items
            assert resumed.game_event.kind == common_pb2.EVENT_KIND_CLOCKS_RESUMED
            assert "the server was down" in resumed.game_event.move_text
            at = {name: item.game_event.time.ToNanoseconds() / 1e9 for name, item in (("resumed", resumed),
                                                                                      ("ran_out", ran_out))}
            assert not created.view.HasField("clocks")  # a replayed version shows none (they are the current one's)
            assert at["resumed"] - game.created.clocks.as_of.ToNanoseconds() / 1e9 >= 7.0  # 1 s, then 6 s down
            # the seat had 5 s; charged at most the second before the kill, nothing for the 6 s down:
            # its clock ran out 4 to 5 s after the restart (at once, had the time down been counted)
            left = at["ran_out"] - at["resumed"]
            assert 3.0 <= left <= 6.0, left
            kind = common_pb2.EVENT_KIND_TIMEOUT if policy == "TIMEOUT_POLICY_FORFEIT" else common_pb2.EVENT_KIND_MOVE
            assert ran_out.game_event.kind == kind and ran_out.game_event.seat == late
            assert game.info().clocks.timeouts[late] == 1
            assert game.info().seats[late].resigned == (policy == "TIMEOUT_POLICY_FORFEIT")
    finally:
        server.stop()
        if redis_server is not None:
            redis_server.stop()


# --- hostile input ---------------------------------------------------------------------------
@pytest.mark.parametrize("clock, lobby, seats, bad", [
    ({"initial_time": "5s"}, None, None, "clock.kind"),
    ({"kind": "CLOCK_KIND_INCREMENT"}, None, None, "clock.initial_time"),
    ({"kind": "CLOCK_KIND_INCREMENT", "initial_time": "-5s"}, None, None, "clock.initial_time"),
    ({"kind": "CLOCK_KIND_INCREMENT", "initial_time": "5s", "days": 2}, None, None, "clock.days"),
    ({"kind": "CLOCK_KIND_DAYS_PER_MOVE", "days": 61}, None, None, "clock.days"),
    ({"kind": "CLOCK_KIND_DAYS_PER_MOVE", "days": 1, "increment": "1s"}, None, None, "clock.increment"),
    ({"kind": "CLOCK_KIND_TIME_BANK", "initial_time": "50s", "maximum": "10s"}, None, None, "clock.maximum"),
    ({"kind": "CLOCK_KIND_INCREMENT", "initial_time": "5s", "increment": "100000s"}, None, None, "clock.increment"),
    ({"kind": 99, "initial_time": "5s"}, None, None, "clock.kind"),
    ({"kind": "CLOCK_KIND_INCREMENT", "initial_time": "5s", "on_timeout": 7}, None, None, "clock.on_timeout"),
    (None, {"reservation": "3600s"}, None, "lobby.reservation"),
    (None, {"stand_in_bot": "nonsense"}, None, "lobby.stand_in_bot"),
    (None, {"on_leave": 9}, None, "lobby.on_leave"),
])
def test_bad_clock_and_lobby_options_are_invalid_argument_naming_the_field(client, clock, lobby, seats, bad):
    code, _, details = error_of(client.create_game, "frogriders", seats=seats or ["human", "human"],
                                clock=clock, lobby=lobby)
    assert code == grpc.StatusCode.INVALID_ARGUMENT and field(details) == bad


def test_hostile_lobby_calls_are_refused_with_clear_statuses(server, client):
    stub_request = pb.CreateGameRequest(game="frogriders", seats=[
        common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_BOT, bot="random", open=True),
        common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_HUMAN)])
    code, _, details = error_of(client.stub.CreateGame, stub_request)
    assert code == grpc.StatusCode.INVALID_ARGUMENT and field(details) == "seats[0].open"
    game = client.create_game("frogriders", seats=[OPEN, "human"])
    code, _, details = error_of(client.join_game, game.game_id, name="x" * 65)
    assert code == grpc.StatusCode.INVALID_ARGUMENT and field(details) == "player_name"
    code, _, details = error_of(client.join_game, game.game_id, seat=5)
    assert code == grpc.StatusCode.INVALID_ARGUMENT and field(details) == "seat"
    code, _, details = error_of(client.join_game, game.game_id, seat=1)  # a taken seat
    assert code == grpc.StatusCode.FAILED_PRECONDITION and reason(details) == "SEAT_TAKEN"
    code, _, _ = error_of(client.join_game, "nope")
    assert code == grpc.StatusCode.NOT_FOUND
    code, _, details = error_of(list, client.list_open_games(players=0))
    assert code == grpc.StatusCode.INVALID_ARGUMENT and field(details) == "players"
    code, _, details = error_of(client.stub.ListOpenGames, pb.ListOpenGamesRequest(page_token="garbage"))
    assert code == grpc.StatusCode.INVALID_ARGUMENT and field(details) == "page_token"
    code, _, details = error_of(client.stub.ListOpenGames, pb.ListOpenGamesRequest(page_size=-1))
    assert code == grpc.StatusCode.INVALID_ARGUMENT and field(details) == "page_size"
    # a seat that is not yours: not with another seat's token, and a left seat not by a stranger
    seat1 = game.seat(1)
    code, _, _ = error_of(client.seat(game.game_id, 0, seat1.token).leave)
    assert code == grpc.StatusCode.PERMISSION_DENIED
    code, _, _ = error_of(client.seat(game.game_id, 1, None).leave)
    assert code == grpc.StatusCode.UNAUTHENTICATED
    # the game has not started: resigning is refused, leaving opens the seat again
    code, _, details = error_of(seat1.resign)
    assert code == grpc.StatusCode.FAILED_PRECONDITION and reason(details) == "WAITING_FOR_PLAYERS"
    code, _, details = error_of(seat1.play, move_id=0)
    assert code == grpc.StatusCode.FAILED_PRECONDITION
    assert seat1.leave().seats[1].state == common_pb2.SEAT_STATE_OPEN


def test_the_asyncio_client_joins_leaves_and_lists(server):
    from boardbot.client import aio

    async def go():
        async with aio.Client(server.address) as client:
            game = await client.create_game("frogriders", seats=[OPEN, OPEN])
            assert game.game_id in [g.game_id async for g in client.list_open_games(game="frogriders")]
            a = await client.join_game(game.game_id, name="A")
            b = await client.join_game(game.game_id, name="B")
            await a.view()
            await b.view()
            assert (await game.info()).status == RUNNING
            left = await b.leave()
            assert left.seats[b.number].state == common_pb2.SEAT_STATE_LEFT
            back = await b.come_back()
            assert back.seats[b.number].state == common_pb2.SEAT_STATE_TAKEN
    asyncio.run(go())
