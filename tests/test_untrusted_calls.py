"""Calls a hostile caller makes (issue 19's findings): undecodable bytes, ids and
strings of any length. Each gets a clear status, bounded, and a log line."""


import grpc
import pytest

from boardbot.server import logs
from boardbot.server.app import BackgroundServer
from boardbot.server.errors import MAX_ECHO
from boardbot.v1 import bot_service_pb2, bot_service_pb2_grpc, common_pb2, game_service_pb2, game_service_pb2_grpc


@pytest.fixture(scope="module")
def server():
    logs.configure(enabled=False)
    srv = BackgroundServer()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def channel(server):
    ch = grpc.insecure_channel(server.address)
    yield ch
    ch.close()


def raw(channel, method: str, data: bytes, stream: bool = False):
    call = (channel.unary_stream if stream else channel.unary_unary)(
        method, request_serializer=lambda b: b, response_deserializer=lambda b: b)
    result = call(data, timeout=10)
    return list(result) if stream else result


@pytest.mark.parametrize("method,stream", [
    ("/boardbot.v1.GameService/CreateGame", False), ("/boardbot.v1.GameService/SubmitMove", False),
    ("/boardbot.v1.GameService/WatchGame", True), ("/boardbot.v1.BotService/ChooseMove", False)])
def test_undecodable_bytes_are_invalid_argument(channel, method, stream, capsys):
    logs.configure(enabled=True)
    try:
        with pytest.raises(grpc.RpcError) as err:
            raw(channel, method, b"\x0a\xff\xff\xff\xff\x0f garbage", stream)
    finally:
        logs.configure(enabled=False)
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "cannot decode boardbot.v1." in err.value.details()
    logged = capsys.readouterr().err
    assert "undecodable_request" in logged


def test_a_long_game_id_is_invalid_argument_not_echoed(channel):
    stub = game_service_pb2_grpc.GameServiceStub(channel)
    for call in (lambda gid: stub.GetGame(game_service_pb2.GetGameRequest(game_id=gid), timeout=10),
                 lambda gid: stub.GetView(game_service_pb2.GetViewRequest(game_id=gid), timeout=10),
                 lambda gid: list(stub.WatchGame(game_service_pb2.WatchGameRequest(game_id=gid), timeout=10))):
        with pytest.raises(grpc.RpcError) as err:
            call("x" * 4000)
        assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert len(err.value.details()) < 200
        assert "x" * 100 not in err.value.details()


def test_long_strings_are_clipped_in_errors(channel):
    stub = game_service_pb2_grpc.GameServiceStub(channel)
    with pytest.raises(grpc.RpcError) as err:  # an unknown game name is echoed, clipped
        stub.CreateGame(game_service_pb2.CreateGameRequest(game="g" * 100_000), timeout=10)
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert len(err.value.details()) <= 2 * MAX_ECHO + 40
    assert "more characters]" in err.value.details()
    bots = bot_service_pb2_grpc.BotServiceStub(channel)
    with pytest.raises(grpc.RpcError) as err:
        bots.ChooseMove(bot_service_pb2.ChooseMoveRequest(game="frogriders", bot="ismcts:" + "q" * 50_000),
                        timeout=10)
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert len(err.value.details()) <= 2 * MAX_ECHO + 40


def test_a_long_request_id_is_invalid_argument(channel):
    stub = game_service_pb2_grpc.GameServiceStub(channel)
    created = stub.CreateGame(game_service_pb2.CreateGameRequest(
        game="frogriders", seats=[common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_HUMAN)] * 2), timeout=10)
    token = created.seat_tokens[0].token
    with pytest.raises(grpc.RpcError) as err:
        stub.SubmitMove(game_service_pb2.SubmitMoveRequest(game_id=created.game.game_id, seat=created.game.decider,
                                                          move_id=0, request_id="r" * 5000),
                        metadata=[("authorization", f"Bearer {created.seat_tokens[created.game.decider].token}")],
                        timeout=10)
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert token


@pytest.mark.parametrize("position", ["9223372036854775808", "-1", "1" * 400, "x", ""])
def test_a_forged_page_token_is_invalid_argument_on_both_ports(tmp_path, position):
    """Issue 54: a page token past 2**63 made SQLite raise OverflowError (INTERNAL) on both ports."""
    import base64
    import json
    import urllib.error
    import urllib.request

    from boardbot.server.sqlite_store import SqliteStore

    token = base64.urlsafe_b64encode(f"after:{position}".encode()).decode()
    logs.configure(enabled=False)
    with BackgroundServer(store=SqliteStore(str(tmp_path / "games.sqlite3")), http_address="127.0.0.1:0") as srv, \
            grpc.insecure_channel(srv.address) as channel:
        stub = game_service_pb2_grpc.GameServiceStub(channel)
        stub.CreateGame(game_service_pb2.CreateGameRequest(game="frogriders"), timeout=10)
        with pytest.raises(grpc.RpcError) as err:
            stub.ListGames(game_service_pb2.ListGamesRequest(page_token=token), timeout=10)
        assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert "page token" in err.value.details()
        request = urllib.request.Request(f"http://{srv.running.http.address}/boardbot.v1.GameService/ListGames",
                                         json.dumps({"pageToken": token}).encode(),
                                         {"Content-Type": "application/json"})
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(request, timeout=10)
        assert answer.value.code == 400
        assert json.loads(answer.value.read())["code"] == "invalid_argument"
        last = base64.urlsafe_b64encode(f"after:{2**63 - 1}".encode()).decode()  # the largest is a page
        assert not stub.ListGames(game_service_pb2.ListGamesRequest(page_token=last), timeout=10).games


def test_the_call_log_line_clips_what_the_caller_sent(channel):
    """Issue 54: CreateGame(game="x" * 4_000_000) wrote its 4 MB name into the per-call log line."""
    import io
    import json
    import time

    stream = io.StringIO()
    logs.configure(enabled=True, stream=stream)
    try:
        stub = game_service_pb2_grpc.GameServiceStub(channel)
        for _ in range(3):
            with pytest.raises(grpc.RpcError) as err:
                stub.CreateGame(game_service_pb2.CreateGameRequest(game="x" * 4_000_000), timeout=30)
            assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        with pytest.raises(grpc.RpcError):
            stub.GetGame(game_service_pb2.GetGameRequest(game_id="y" * 100_000), timeout=30)
        time.sleep(0.2)  # the server writes a loop turn's lines together
    finally:
        logs.configure(enabled=False)
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    calls = [line for line in lines if line["event"] == "rpc"]
    assert [c["method"] for c in calls] == ["CreateGame"] * 3 + ["GetGame"]
    assert all(len(line) < 600 for line in stream.getvalue().splitlines())
    assert calls[0]["game"].startswith("x" * 100) and calls[0]["game"].endswith("...[3999800 more characters]")
