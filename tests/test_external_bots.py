"""External bots through GameService.PlayGame, against a real server: the example bot
(examples/external_bot.py, its own process) joins an open seat and plays a hosted game to
the end, a late one forfeits on time, and with a bot account's token it plays every game
offered to it; the stream's messages (one per decision, with
legal moves and the clock's deadline, the events between, resume by version); a late
answer under TIMEOUT_POLICY_STAND_IN; and the same stream as Connect and as
newline-delimited JSON on the browser port."""

import dataclasses
import json
import pathlib
import random
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import grpc
import pytest

from boardbot.client import OPEN, Client
from boardbot.server import logs
from boardbot.server.app import BackgroundServer
from boardbot.server.game_records import replay
from boardbot.v1 import common_pb2
from boardbot.v1 import game_service_pb2 as pb
from boardbot.v1 import game_service_pb2_grpc
from tests.conftest import error_of, play_randomly

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "external_bot.py"
DECISION, WAIT = pb.PLAY_EVENT_KIND_DECISION, pb.PLAY_EVENT_KIND_WAIT
GAME_OVER, SEAT_OUT = pb.PLAY_EVENT_KIND_GAME_OVER, pb.PLAY_EVENT_KIND_SEAT_OUT
CLOCK = {"kind": "CLOCK_KIND_INCREMENT", "initial_time": "60s", "increment": "5s"}


@pytest.fixture(scope="module")
def web_server():
    logs.configure(enabled=False)
    srv = BackgroundServer(http_address="127.0.0.1:0")
    yield srv
    srv.stop()


def run_example(address: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(EXAMPLE), *args, "--address", address], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)


def rest_of_output(process: subprocess.Popen, timeout: float) -> tuple[str, str]:
    """The rest of a process's stdout and stderr once it exited. Not ``communicate``: it reads the
    pipes' file descriptors directly, so it would lose what an earlier ``stdout.readline()`` read
    from the pipe beyond its first line (the bot may have printed its next lines by then)."""
    texts: dict[str, str] = {}
    readers = [threading.Thread(target=lambda name=name, pipe=pipe: texts.__setitem__(name, pipe.read()))
               for name, pipe in (("out", process.stdout), ("err", process.stderr))]
    for reader in readers:
        reader.start()
    process.wait(timeout=timeout)
    for reader in readers:
        reader.join(timeout=10)
    return texts.get("out", ""), texts.get("err", "")


def seat_moves(record, seat: int) -> list:
    return [e for e in record.events if e.kind == common_pb2.EVENT_KIND_MOVE and e.seat == seat]


def stream(address: str, game_id: str, seat: int, token: str, from_version: int | None = None):
    channel = grpc.insecure_channel(address)
    request = pb.PlayGameRequest(game_id=game_id, seat=seat, from_version=from_version)
    return channel, game_service_pb2_grpc.GameServiceStub(channel).PlayGame(
        request, metadata=(("authorization", f"Bearer {token}"),))


# --- the example bot, in a process of its own ------------------------------------------------
def test_the_example_bot_joins_an_open_seat_and_plays_the_hosted_game_to_the_end(server):
    with Client(server.address) as host:
        game = host.create_game("frogriders", seats=[OPEN, "random"], seed=11, clock=CLOCK)
        result = run_example(server.address, game.game_id, "--name", "Example bot", "--seed", "3")
        assert result.returncode == 0, result.stdout + result.stderr
        assert f"joined game {game.game_id} at seat 0" in result.stdout
        assert "game over at version" in result.stdout
        info = game.info()
        assert info.status == common_pb2.GAME_STATUS_FINISHED
        assert info.seats[0].player_name == "Example bot" and info.seats[0].state == common_pb2.SEAT_STATE_TAKEN
        record = host.game_record(game.game_id)
        moves = seat_moves(record, 0)
        # every decision of seat 0 was the bot's own answer (none a stand-in's), one line each
        assert moves and not any(e.by_bot for e in moves)
        assert result.stdout.count(": played ") == len(moves)
        assert all(" s left" in line for line in result.stdout.splitlines() if ": played " in line)


def test_the_example_bot_with_a_bot_token_plays_every_game_offered_to_it(server):
    """``--bot-token``: one ConnectBot stream (the client's ``bot_decisions``) in the example's own
    process plays a game offered before it connected and one offered while it plays, to the end."""
    with Client(server.address) as host:
        name = f"Example stream bot {random.randrange(10**9)}"
        account = host.create_bot_account(name)
        games = [host.create_game("frogriders", seats=[OPEN, "random"], seed=s, clock=CLOCK) for s in (51, 52)]
        games[0].invite_bot(0, name)
        process = subprocess.Popen([sys.executable, str(EXAMPLE), f"--bot-token={account.bot_token}", "--games", "2",
                                    "--seed", "5", "--address", server.address], stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True, cwd=ROOT)
        try:
            first = process.stdout.readline()
            assert first == f"game {games[0].game_id}: seat 0 taken\n", first + process.stderr.read()
            games[1].invite_bot(0, name)  # offered to the bot while its stream is open
            rest, errors = rest_of_output(process, timeout=120)
        finally:
            process.kill()
        output = first + rest
        assert process.returncode == 0, output + errors
        assert output.endswith("2 games ended\n")
        for game in games:
            assert f"game {game.game_id}: seat 0 taken" in output
            assert f"game {game.game_id}: game over at version" in output
            info = game.info()
            assert info.status == common_pb2.GAME_STATUS_FINISHED and info.seats[0].player_name == name
            moves = seat_moves(host.game_record(game.game_id), 0)
            assert moves and not any(e.by_bot for e in moves)  # every move of the bot's seat was the example's own
            played = [line for line in output.splitlines()
                      if line.startswith(f"game {game.game_id}: version ") and ": played " in line]
            assert len(played) == len(moves), output + errors


def test_a_late_example_bot_forfeits_on_time_under_the_forfeit_policy(server):
    with Client(server.address) as host:
        clock = {"kind": "CLOCK_KIND_INCREMENT", "initial_time": "1s", "on_timeout": "TIMEOUT_POLICY_FORFEIT"}
        # an open seat: the clock starts once the bot took it up, however long its process took to start
        game = host.create_game("frogriders", seats=[OPEN, "random"], seed=5, clock=clock)
        result = run_example(server.address, game.game_id, "--think", "1.5")
        assert result.returncode == 1, result.stdout + result.stderr
        # its answer came after the forfeit: a version later (ABORTED) or out of time
        assert any(f"too late ({why})" in result.stdout for why in ("STALE_VERSION", "OUT_OF_TIME", "SEAT_RESIGNED"))
        assert "the seat is out of the game" in result.stdout
        record = host.game_record(game.game_id)
        timeouts = [e for e in record.events if e.kind == common_pb2.EVENT_KIND_TIMEOUT]
        assert [e.seat for e in timeouts] == [0]
        assert all(e.by_bot for e in seat_moves(record, 0))  # the random bot plays the forfeited seat


# --- the stream's messages ------------------------------------------------------------------
def test_one_message_per_decision_with_legal_moves_deadline_and_the_events_between(server):
    with Client(server.address) as host:
        game = host.create_game("frogriders", seats=["human", "human"], seed=21, clock=CLOCK)
        other = game.seat(1)
        rng = random.Random(4)
        channel, messages = stream(server.address, game.game_id, 0, game.tokens[0])
        seen_versions, decisions, event_versions = [], 0, []
        done = threading.Event()

        def play_other():  # seat 1 plays from its own client meanwhile
            for _, view in other.watch():
                if view.finished or done.is_set():
                    return
                if view.my_turn:
                    other.play(move_id=rng.choice(view.legal_moves).id)

        thread = threading.Thread(target=play_other, daemon=True)
        thread.start()
        try:
            for message in messages:
                view = message.view
                event_versions += [e.version for e in message.events]
                seen_versions.append(view.version)
                if message.kind == GAME_OVER:
                    assert view.status == common_pb2.GAME_STATUS_FINISHED and list(view.outcome.scores)
                    break
                assert message.kind in (DECISION, WAIT)
                if message.kind == DECISION:
                    decisions += 1
                    assert view.decider == 0 and view.legal_moves
                    assert view.clocks.running_seat == 0
                    assert message.deadline == view.clocks.deadline
                    left = message.time_left.ToTimedelta().total_seconds()
                    assert 0 < left <= view.clocks.remaining[0].ToTimedelta().total_seconds()
                    game.seat(0).play(move_id=rng.choice(view.legal_moves).id, expected_version=view.version)
                else:
                    assert not (view.decider == 0 and view.legal_moves) or len(message.events) == 100
                assert len(message.events) <= 100
        finally:
            done.set()
            channel.close()
        record = host.game_record(game.game_id)
        assert decisions == len(seat_moves(record, 0)) > 3  # one message per decision, none twice
        # every event once, in order, carried by the messages (the first one starts at the stream's version)
        assert event_versions == list(range(event_versions[0], record.events[-1].version + 1))
        assert len(seen_versions) < len(record.events)  # fewer messages than versions: not a watch stream


def test_a_resumed_stream_brings_the_missed_events_and_the_decision_again(server):
    with Client(server.address) as host:
        game = host.create_game("frogriders", seats=["human", "human"], seed=8)
        rng = random.Random(2)
        for _ in range(6):  # both seats play a few moves, seat 0 left to decide
            info = game.info()
            seat = game.seat(info.decider)
            seat.play(move_id=rng.choice(seat.view().legal_moves).id)
        while game.info().decider != 0:
            seat = game.seat(1)
            seat.play(move_id=rng.choice(seat.view().legal_moves).id)
        now = game.info().version
        channel, messages = stream(server.address, game.game_id, 0, game.tokens[0], from_version=2)
        try:
            first = next(messages)
        finally:
            channel.close()
        assert first.kind == DECISION and first.view.version == now
        assert [e.version for e in first.events] == list(range(3, now + 1))
        # seat 1's moves as seat 0 may see them: the text, never the move itself
        assert all(not e.HasField("move") for e in first.events if e.seat == 1)


def test_a_resume_from_long_ago_sends_the_events_in_messages_of_at_most_100(server):
    with Client(server.address) as host:
        game = host.create_game("froccs", seats=["human", "random", "random"], seed=9)
        game.seat(0).resign()  # the random bot plays it: the game runs to its end by itself
        deadline = time.monotonic() + 30
        while game.info().status != common_pb2.GAME_STATUS_FINISHED:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        final = game.info().version
        assert final > 250
        channel, messages = stream(server.address, game.game_id, 0, game.tokens[0], from_version=0)
        try:
            received = list(messages)
        finally:
            channel.close()
        assert [m.kind for m in received] == [WAIT] * (len(received) - 1) + [GAME_OVER]
        assert all(len(m.events) <= 100 for m in received) and len(received) == -(-final // 100)
        assert [e.version for m in received for e in m.events] == list(range(1, final + 1))
        assert received[-1].view.version == final and list(received[-1].view.outcome.scores)


def test_a_late_answer_under_the_stand_in_policy_is_played_for_and_the_bot_goes_on(server):
    with Client(server.address) as host:
        clock = {"kind": "CLOCK_KIND_INCREMENT", "initial_time": "1s", "increment": "30s",
                 "on_timeout": "TIMEOUT_POLICY_STAND_IN"}
        game = host.create_game("frogriders", seats=["human", "random"], seed=3, clock=clock)
        channel, messages = stream(server.address, game.game_id, 0, game.tokens[0])
        rng = random.Random(1)
        late = None
        try:
            for message in messages:
                if message.kind == GAME_OVER:
                    break
                assert message.kind != SEAT_OUT
                if message.kind != DECISION:
                    continue
                seat = game.seat(0)
                move = rng.choice(message.view.legal_moves).id
                if late is None:  # the first decision: answered after the clock ran out
                    time.sleep(1.3)
                    late = error_of(seat.play, move_id=move, expected_version=message.view.version)
                else:
                    seat.play(move_id=move, expected_version=message.view.version)
        finally:
            channel.close()
        code, _, details = late
        assert code in (grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.ABORTED)
        record = host.game_record(game.game_id)
        moves = seat_moves(record, 0)
        assert moves[0].by_bot and not any(e.by_bot for e in moves[1:])  # the stand-in made only the late one
        assert game.info().clocks.timeouts[0] == 1


def test_playgame_needs_the_seats_token(server):
    with Client(server.address) as host:
        game = host.create_game("frogriders", seats=["human", "human"])
        channel, messages = stream(server.address, game.game_id, 0, game.tokens[1])
        try:
            with pytest.raises(grpc.RpcError) as err:
                next(messages)
        finally:
            channel.close()
        assert err.value.code() == grpc.StatusCode.PERMISSION_DENIED


# --- the browser port: Connect, and newline-delimited JSON ---------------------------------
def ndjson(http: str, method: str, request: dict, token: str | None = None, timeout: float = 30,
           deadline_ms: str | None = None):
    headers = {"Content-Type": "application/json"}
    if deadline_ms is not None:
        headers["Connect-Timeout-Ms"] = deadline_ms
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return urllib.request.urlopen(urllib.request.Request(
        f"http://{http}/boardbot.v1.GameService/{method}", json.dumps(request).encode(), headers), timeout=timeout)


def connect_json(http: str, method: str, request: dict, token: str) -> dict:
    with ndjson(http, method, request, token) as response:  # Connect's unary JSON: the same request form
        return json.loads(response.read())


def test_a_bot_plays_over_newline_delimited_json_and_connect_json(web_server):
    http = web_server.running.http.address
    with Client(web_server.address) as host:
        game = host.create_game("frogriders", seats=[OPEN, "random"], seed=17, clock=CLOCK)
        joined = connect_json(http, "JoinGame", {"gameId": game.game_id, "playerName": "Curl bot"}, "")
        seat, token = joined["seatToken"].get("seat", 0), joined["seatToken"]["token"]
        rng = random.Random(6)
        kinds = []
        with ndjson(http, "PlayGame", {"gameId": game.game_id, "seat": seat}, token) as response:
            assert response.headers["Content-Type"] == "application/x-ndjson"
            for line in response:
                message = json.loads(line)["result"]
                kinds.append(message["kind"])
                if message["kind"] == "PLAY_EVENT_KIND_DECISION":
                    view = message["view"]
                    assert "deadline" in message and view["legalMoves"]
                    move = rng.choice(view["legalMoves"])
                    connect_json(http, "SubmitMove", {"gameId": game.game_id, "seat": seat,
                                                      "moveId": move.get("id", 0),
                                                      "expectedVersion": view["version"]}, token)
        assert kinds[-1] == "PLAY_EVENT_KIND_GAME_OVER" and "PLAY_EVENT_KIND_DECISION" in kinds
        assert game.info().status == common_pb2.GAME_STATUS_FINISHED


def test_ndjson_errors_are_a_status_line_with_the_http_status_of_their_code(web_server):
    http = web_server.running.http.address
    with Client(web_server.address) as host:
        game = host.create_game("frogriders", seats=["human", "human"])
        with pytest.raises(urllib.error.HTTPError) as err:
            ndjson(http, "PlayGame", {"gameId": game.game_id, "seat": 0}, game.tokens[1])
        assert err.value.code == 403
        assert err.value.headers["Content-Type"] == "application/x-ndjson"
        error = json.loads(err.value.read())["error"]
        assert error["code"] == grpc.StatusCode.PERMISSION_DENIED.value[0]
        assert any(d["@type"].endswith("google.rpc.ErrorInfo") for d in error["details"])
        with pytest.raises(urllib.error.HTTPError) as err:
            ndjson(http, "PlayGame", {"gameId": game.game_id, "seet": 0}, game.tokens[0])
        error = json.loads(err.value.read())["error"]
        assert err.value.code == 400 and "seet" in error["message"]
        # a watch stream the same way: the spectator's first view, as a line
        with ndjson(http, "WatchGame", {"gameId": game.game_id}) as response:
            first = json.loads(response.readline())["result"]
        assert first["view"]["gameId"] == game.game_id


def test_an_ndjson_stream_ends_at_the_callers_connect_deadline(web_server):
    http = web_server.running.http.address
    with Client(web_server.address) as host:
        game = host.create_game("frogriders", seats=["human", "human"])  # live: its watch would not end
        started = time.monotonic()
        with ndjson(http, "WatchGame", {"gameId": game.game_id}, deadline_ms="300", timeout=10) as response:
            lines = [json.loads(line) for line in response]
        assert time.monotonic() - started < 5
        assert lines[0]["result"]["view"]["gameId"] == game.game_id
        assert lines[-1]["error"]["code"] == grpc.StatusCode.DEADLINE_EXCEEDED.value[0]
        for bad in ("soon", "12345678901", "-5"):
            with pytest.raises(urllib.error.HTTPError) as err:
                ndjson(http, "WatchGame", {"gameId": game.game_id}, deadline_ms=bad, timeout=10)
            error = json.loads(err.value.read())["error"]
            assert err.value.code == 400 and error["code"] == grpc.StatusCode.INVALID_ARGUMENT.value[0]
            assert "Connect-Timeout-Ms" in error["message"]


# --- failures: counted per seat and per player name, and a seat that keeps failing replaced ---
REPLACED = pb.PLAY_EVENT_KIND_SEAT_REPLACED


def failure_count(kind: str) -> float:
    from prometheus_client import REGISTRY

    return REGISTRY.get_sample_value("boardbot_seat_failures_total", {"kind": kind}) or 0.0


def first_decision(seat) -> pb.PlayGameResponse:
    for message in seat.decisions():
        assert message.kind == DECISION
        return message
    raise AssertionError("no decision")


def test_an_example_bot_answering_late_is_timed_out_three_times_and_replaced_by_the_stand_in(server):
    with Client(server.address) as host:
        # after its first time-out the seat has no time left: each later decision runs out at once
        clock = {"kind": "CLOCK_KIND_INCREMENT", "initial_time": "1s", "on_timeout": "TIMEOUT_POLICY_STAND_IN"}
        game = host.create_game("frogriders", seats=[OPEN, "random"], seed=12, clock=clock)
        before = failure_count("timeouts")
        result = run_example(server.address, game.game_id, "--name", "Slow bot", "--think", "1.5")
        assert result.returncode == 2, result.stdout + result.stderr
        assert "handed to the stand-in bot after 3 failures in a row (0 illegal moves, 3 time-outs)" in result.stdout
        deadline = time.monotonic() + 30
        while game.info().status != common_pb2.GAME_STATUS_FINISHED:  # the stand-in plays the seat to the end
            assert time.monotonic() < deadline
            time.sleep(0.05)
        info = game.info()
        assert info.seats[0].state == common_pb2.SEAT_STATE_REPLACED and info.seats[0].player_name == "Slow bot"
        # the game's own count is exact; the metric is the process's, and the earlier tests' games on this
        # server still run their clocks (the fresh-clone CI saw 5: two of another game's time-outs came meanwhile)
        assert info.clocks.timeouts[0] == 3 and failure_count("timeouts") - before >= 3
        record = host.game_record(game.game_id)
        replaced = [e for e in record.events if e.kind == common_pb2.EVENT_KIND_SEAT and "failed too often" in e.move_text]
        assert [e.seat for e in replaced] == [0]
        assert "Slow bot failed too often in a row at seat 0" in replaced[0].move_text
        moves = seat_moves(record, 0)
        assert moves and all(e.by_bot for e in moves)  # every move of seat 0 was the stand-in's
        assert replay(record).finished()  # the record, its replacement included, replays to the end


def test_illegal_moves_count_per_seat_and_name_a_good_move_resets_the_run_and_the_seat_is_replaced(server):
    with Client(server.address) as host:
        game = host.create_game("frogriders", seats=[OPEN, "human"], seed=31,
                                lobby={"replace_after_failures": 2})
        bot = host.join_game(game.game_id, 0, "Clumsy bot")
        bot.view()  # takes the seat up: the game starts
        other = game.seat(1)
        before = failure_count("illegal_moves")

        def illegal(view_version: int) -> None:
            code, _, details = error_of(bot.play, move_id=999, expected_version=view_version)
            assert code == grpc.StatusCode.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == "move_id"

        def to_seat_0() -> pb.PlayGameResponse:
            while (info := game.info()).decider != 0:
                assert info.decider == 1
                other.play(move_id=0)
            return first_decision(bot)

        decision = to_seat_0()
        assert decision.replace_after_failures == 2 and not decision.HasField("failures")
        illegal(decision.view.version)
        bot.play(move_id=decision.view.legal_moves[0].id, expected_version=decision.view.version)  # the run ends
        decision = to_seat_0()
        assert (decision.failures.illegal_moves, decision.failures.consecutive) == (1, 0)
        assert decision.player_failures.illegal_moves >= 1
        illegal(decision.view.version)
        assert game.info().seats[0].state == common_pb2.SEAT_STATE_TAKEN  # one in a row: not yet
        illegal(decision.view.version)
        assert failure_count("illegal_moves") - before == 3
        assert game.info().seats[0].state == common_pb2.SEAT_STATE_REPLACED
        code, _, details = error_of(bot.play, move_id=0)
        assert code == grpc.StatusCode.FAILED_PRECONDITION and details["ErrorInfo"].reason in (
            "SEAT_REPLACED", "NOT_YOUR_DECISION")
        end = next(iter(bot.decisions()))  # the stream tells the bot at once, with its counts
        assert end.kind == REPLACED
        assert (end.failures.illegal_moves, end.failures.timeouts, end.failures.consecutive) == (3, 0, 2)
        assert end.player_failures.illegal_moves >= 3 and end.replace_after_failures == 2
        bot.come_back()  # JoinGame with the seat's token reclaims it: the run starts again
        assert game.info().seats[0].state == common_pb2.SEAT_STATE_TAKEN
        decision = to_seat_0()
        assert (decision.failures.illegal_moves, decision.failures.consecutive) == (3, 0)


def test_replace_after_failures_is_checked_and_zero_never_replaces(server):
    with Client(server.address) as host:
        code, _, details = error_of(host.create_game, "frogriders", seats=[OPEN, "random"],
                                    lobby={"replace_after_failures": 101})
        assert code == grpc.StatusCode.INVALID_ARGUMENT
        assert details["BadRequest"].field_violations[0].field == "lobby.replace_after_failures"
        game = host.create_game("frogriders", seats=[OPEN, "random"], seed=4, lobby={"replace_after_failures": 0})
        assert game.info().lobby.replace_after_failures == 0
        bot = host.join_game(game.game_id, 0, "Stubborn bot")
        decision = first_decision(bot)
        for _ in range(5):
            error_of(bot.play, text="no such move", expected_version=decision.view.version)
        assert game.info().seats[0].state == common_pb2.SEAT_STATE_TAKEN
        assert first_decision(bot).failures.consecutive == 5


def test_a_replaced_seat_over_newline_delimited_json(web_server):
    http = web_server.running.http.address
    with Client(web_server.address) as host:
        game = host.create_game("frogriders", seats=[OPEN, "random"], seed=17, lobby={"replace_after_failures": 1})
        joined = connect_json(http, "JoinGame", {"gameId": game.game_id, "playerName": "Curl bot 2"}, "")
        seat, token = joined["seatToken"].get("seat", 0), joined["seatToken"]["token"]
        lines = []
        with ndjson(http, "PlayGame", {"gameId": game.game_id, "seat": seat}, token) as response:
            for line in response:
                message = json.loads(line)["result"]
                lines.append(message)
                if message["kind"] == "PLAY_EVENT_KIND_DECISION":
                    with pytest.raises(urllib.error.HTTPError) as err:
                        connect_json(http, "SubmitMove", {"gameId": game.game_id, "seat": seat, "moveText": "nonsense",
                                                          "expectedVersion": message["view"]["version"]}, token)
                    assert err.value.code == 400
        end = lines[-1]
        assert end["kind"] == "PLAY_EVENT_KIND_SEAT_REPLACED"
        assert end["failures"] == {"illegalMoves": 1, "consecutive": 1} and end["replaceAfterFailures"] == 1
        assert end["playerFailures"]["illegalMoves"] >= 1


# --- a bot account: one stream for every game offered to it -------------------------------------
GAME_START, PLAY = pb.BOT_EVENT_KIND_GAME_START, pb.BOT_EVENT_KIND_PLAY


def play_as_bot(client: Client, stream, games: set, rng: random.Random, stop_after: int | None = None) -> dict:
    """Answer every decision of the bot's games from ``stream`` until each of ``games`` is over (or
    ``stop_after`` decisions were answered): the seat tokens the stream gave, by game."""
    tokens, answered = {}, 0
    for message in stream:
        if message.kind == GAME_START:
            tokens[message.game_id] = (message.seat, message.seat_token)
            continue
        assert message.kind == PLAY and message.game_id in tokens and message.seat == tokens[message.game_id][0]
        play = message.play
        if play.kind == GAME_OVER:
            games.discard(message.game_id)
            if not games:
                break
        elif play.kind == DECISION:
            seat, token = tokens[message.game_id]
            client.seat(message.game_id, seat, token).play(move_id=rng.choice(play.view.legal_moves).id,
                                                           expected_version=play.view.version)
            answered += 1
            if answered == stop_after:
                break
    return tokens


def test_a_bot_account_connects_once_plays_the_games_offered_to_it_and_resumes(server):
    with Client(server.address) as host:
        name = f"Stream bot {random.randrange(10**9)}"
        account = host.create_bot_account(f"  {name} ")
        assert account.name == name and account.bot_token
        code, _, details = error_of(host.create_bot_account, name)
        assert code == grpc.StatusCode.FAILED_PRECONDITION and details["ErrorInfo"].reason == "BOT_NAME_TAKEN"
        code, _, details = error_of(host.create_bot_account, " ")
        assert code == grpc.StatusCode.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == "name"
        games = [host.create_game("frogriders", seats=[OPEN, "random"], seed=s, clock=CLOCK) for s in (41, 42)]
        code, _, details = error_of(games[0].invite_bot, 0, "nobody at all")
        assert code == grpc.StatusCode.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == "bot_name"
        code, _, details = error_of(games[0].invite_bot, 5, name)
        assert code == grpc.StatusCode.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == "seat"
        for game in games:
            offered = game.invite_bot(0, name)
            assert offered.seats[0].state == common_pb2.SEAT_STATE_OPEN and offered.seats[0].player_name == name
        code, _, details = error_of(host.join_game, games[0].game_id, 0, "Someone else")  # the seat is the bot's
        assert code == grpc.StatusCode.FAILED_PRECONDITION and details["ErrorInfo"].reason == "SEAT_TAKEN"
        assert games[0].game_id not in [g.game_id for g in host.list_open_games(game="frogriders")]
        ids = {g.game_id for g in games}
        rng = random.Random(8)
        # a first connection answers two decisions and drops; the next one goes on in both games
        first = play_as_bot(host, host.bot_decisions(account.bot_token), set(ids), rng, stop_after=2)
        assert set(first) == ids
        assert all(g.info().seats[0].state == common_pb2.SEAT_STATE_TAKEN for g in games)
        again = play_as_bot(host, host.bot_decisions(account.bot_token), set(ids), rng)
        assert again == first  # the same seats and tokens at every connection
        for game in games:
            info = game.info()
            assert info.status == common_pb2.GAME_STATUS_FINISHED and info.seats[0].player_name == name
            moves = seat_moves(host.game_record(game.game_id), 0)
            assert moves and not any(e.by_bot for e in moves)  # every move of the bot's seat was its own answer
        code, _, _ = error_of(lambda: next(iter(host.bot_decisions("not a bot token"))))
        assert code == grpc.StatusCode.UNAUTHENTICATED


def test_a_bot_account_over_newline_delimited_json(web_server):
    http = web_server.running.http.address
    with Client(web_server.address) as host:
        name = f"Curl stream bot {random.randrange(10**9)}"
        token = connect_json(http, "CreateBotAccount", {"name": name}, "")["botToken"]
        game = host.create_game("frogriders", seats=[OPEN, "random"], seed=19, clock=CLOCK)
        connect_json(http, "InviteBot", {"gameId": game.game_id, "seat": 0, "botName": name}, game.owner_token)
        rng = random.Random(3)
        seat_token, kinds = None, []
        with ndjson(http, "ConnectBot", {}, token) as response:
            for line in response:
                message = json.loads(line)["result"]
                kinds.append(message["kind"])
                assert message["gameId"] == game.game_id
                if message["kind"] == "BOT_EVENT_KIND_GAME_START":
                    seat_token = message["seatToken"]
                    continue
                play = message["play"]
                if play["kind"] == "PLAY_EVENT_KIND_GAME_OVER":
                    break
                if play["kind"] == "PLAY_EVENT_KIND_DECISION":
                    move = rng.choice(play["view"]["legalMoves"])
                    connect_json(http, "SubmitMove", {"gameId": game.game_id, "seat": 0, "moveId": move.get("id", 0),
                                                      "expectedVersion": play["view"]["version"]}, seat_token)
        assert kinds[0] == "BOT_EVENT_KIND_GAME_START" and seat_token
        assert game.info().status == common_pb2.GAME_STATUS_FINISHED


def test_an_owner_withdraws_an_offer_to_a_bot_until_the_bot_takes_the_seat(server):
    """InviteBot ``withdraw``: the offered seat becomes an ordinary open seat again (listed, joinable,
    offered again), the bot's stream never takes it; refused once the bot took the seat up, and for a
    seat not offered to that bot; the record, the withdrawal included, replays."""
    with Client(server.address) as host:
        name = f"Withdrawn bot {random.randrange(10**9)}"
        account = host.create_bot_account(name)
        game = host.create_game("frogriders", seats=[OPEN, "random"], seed=61, clock=CLOCK)

        def refused(call, *args):
            code, _, details = error_of(call, *args)
            if code == grpc.StatusCode.INVALID_ARGUMENT:
                return code, details["BadRequest"].field_violations[0].field
            return code, details["ErrorInfo"].reason

        assert refused(game.withdraw_bot, 0, name) == (grpc.StatusCode.FAILED_PRECONDITION, "BOT_NOT_OFFERED")
        game.invite_bot(0, name)
        another = host.create_bot_account(f"{name} too").name
        assert refused(game.withdraw_bot, 0, another) == (grpc.StatusCode.FAILED_PRECONDITION, "BOT_NOT_OFFERED")
        assert refused(game.withdraw_bot, 0, "nobody at all") == (grpc.StatusCode.INVALID_ARGUMENT, "bot_name")
        assert refused(game.withdraw_bot, 2, name) == (grpc.StatusCode.INVALID_ARGUMENT, "seat")
        assert refused(game.withdraw_bot, 0, " ") == (grpc.StatusCode.INVALID_ARGUMENT, "bot_name")
        impostor = dataclasses.replace(game, owner_token="not the owner's")
        assert refused(impostor.withdraw_bot, 0, name)[0] == grpc.StatusCode.PERMISSION_DENIED
        assert game.info().seats[0].player_name == name  # nothing changed by the refusals
        withdrawn = game.withdraw_bot(0, f" {name}")  # the name as InviteBot reads it (spaces folded)
        assert withdrawn.seats[0].state == common_pb2.SEAT_STATE_OPEN and withdrawn.seats[0].player_name == ""
        assert refused(game.withdraw_bot, 0, name) == (grpc.StatusCode.FAILED_PRECONDITION, "BOT_NOT_OFFERED")
        assert game.game_id in [g.game_id for g in host.list_open_games(game="frogriders")]
        # the bot's stream does not take the withdrawn seat: its first game is the one offered next
        other = host.create_game("frogriders", seats=[OPEN, "random"], seed=62)
        other.invite_bot(0, name)
        stream = host.bot_decisions(account.bot_token)
        first = next(stream)
        assert (first.kind, first.game_id) == (GAME_START, other.game_id)
        assert refused(other.withdraw_bot, 0, name) == (grpc.StatusCode.FAILED_PRECONDITION, "BOT_NOT_OFFERED")
        stream.close()
        assert game.info().seats[0].state == common_pb2.SEAT_STATE_OPEN
        # an ordinary open seat: a person joins it and plays the game to the end
        person = host.join_game(game.game_id, 0, "Ann")
        play_randomly(person, random.Random(7))
        record = host.game_record(game.game_id)
        texts = [e.move_text for e in record.events if e.kind == common_pb2.EVENT_KIND_SEAT]
        assert f"the offer of seat 0 to the bot {name} is withdrawn; the seat is open again" in texts
        assert replay(record).finished()
        assert game.info().seats[0].player_name == "Ann"
