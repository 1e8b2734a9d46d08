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
