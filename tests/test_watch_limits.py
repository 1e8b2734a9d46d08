"""WatchGame under hostile readers (issue 19): streams are capped per game and per
client, a stream whose client stops reading ends RESOURCE_EXHAUSTED, and a stream too
far behind its game ends with the version to resume from."""

import asyncio
import time

import grpc
import pytest

from boardbot.client import error_details
from boardbot.server import logs, rpc
from boardbot.server.app import BackgroundServer
from boardbot.server.limits import Limits
from boardbot.server.calls import Call
from boardbot.v1 import common_pb2, game_service_pb2 as pb, game_service_pb2_grpc

HUMAN = common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_HUMAN)


@pytest.fixture
def server(monkeypatch):
    logs.configure(enabled=False)
    monkeypatch.setattr(rpc, "STREAM_WRITE_TIMEOUT", 1.0)
    srv = BackgroundServer(limits=Limits(max_watchers_per_game=5, max_watchers_per_client=3))
    yield srv
    srv.stop()


def new_game(stub, game="czech-pub", players=3):
    created = stub.CreateGame(pb.CreateGameRequest(game=game, seats=[HUMAN] * players, seed=4), timeout=10)
    return created.game.game_id, {t.seat: t.token for t in created.seat_tokens}


def open_watch(stub, game_id):
    stream = stub.WatchGame(pb.WatchGameRequest(game_id=game_id), timeout=60)
    next(stream)
    return stream


def test_streams_are_capped_per_client_and_per_game(server):
    channel = grpc.insecure_channel(server.address)
    stub = game_service_pb2_grpc.GameServiceStub(channel)
    game_id, _ = new_game(stub)
    streams = [open_watch(stub, game_id) for _ in range(3)]
    with pytest.raises(grpc.RpcError) as err:
        open_watch(stub, game_id)
    assert err.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    details = error_details(err.value)
    assert details["ErrorInfo"].reason == "TOO_MANY_WATCHERS"
    assert details["QuotaFailure"].violations[0].subject == "watch_streams/peer"
    assert details["RetryInfo"].retry_delay.seconds == 5
    streams[0].cancel()
    time.sleep(0.3)
    streams[0] = open_watch(stub, game_id)  # a slot is free again once a stream ends
    for stream in streams:
        stream.cancel()
    channel.close()


class StalledContext:
    """A gRPC servicer context whose client never reads: every write waits forever."""

    def __init__(self):
        self.status = None
        self.writes = 0

    def invocation_metadata(self):
        return ()

    def time_remaining(self):
        return None

    def peer(self):
        return "ipv4:127.0.0.1:5555"

    async def write(self, item):
        self.writes += 1
        if self.writes > 2:  # two messages fit in the window; the third never leaves
            await asyncio.Event().wait()

    async def abort_with_status(self, status):
        self.status = status
        raise grpc.aio.AbortError()


def test_a_stream_not_read_ends_resource_exhausted(server):
    """The server's WatchGame handler, as gRPC calls it, with a client that stops reading."""
    channel = grpc.insecure_channel(server.address)
    stub = game_service_pb2_grpc.GameServiceStub(channel)
    game_id, tokens = new_game(stub)
    service = server.running.service
    handler = rpc.bounded_writer(service.WatchGame, timeout=0.5)
    context = StalledContext()

    async def watch_while_moving():
        watching = asyncio.ensure_future(handler(pb.WatchGameRequest(game_id=game_id), context))
        await asyncio.sleep(0.2)  # the stream has sent its first view
        for _ in range(3):
            view = (await service.master.get_view(pb.GetViewRequest(game_id=game_id), Call())).view
            seat = view.decider
            await service.master.submit_move(pb.SubmitMoveRequest(game_id=game_id, seat=seat, move_id=0),
                                             Call.with_token(tokens[seat]))
        with pytest.raises(grpc.aio.AbortError):
            await asyncio.wait_for(watching, 10)

    server.call(watch_while_moving())
    assert context.status.code == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "did not read this stream for 0.5 s" in context.status.details
    channel.close()


def test_game_creation_is_rate_limited_per_client():
    logs.configure(enabled=False)
    srv = BackgroundServer(limits=Limits(create_burst_per_client=5, creates_per_second_per_client=2))
    try:
        channel = grpc.insecure_channel(srv.address)
        stub = game_service_pb2_grpc.GameServiceStub(channel)
        for _ in range(5):
            new_game(stub, "frogriders", 2)
        with pytest.raises(grpc.RpcError) as err:
            new_game(stub, "frogriders", 2)
        assert err.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        details = error_details(err.value)
        assert details["ErrorInfo"].reason == "CREATE_RATE"
        delay = details["RetryInfo"].retry_delay
        time.sleep(delay.seconds + delay.nanos / 1e9 + 0.05)
        new_game(stub, "frogriders", 2)  # the bucket refills at the rate
        channel.close()
    finally:
        srv.stop()


def test_the_rate_limiter_refills():
    from boardbot.server.limits import RateLimiter

    now = [0.0]
    limiter = RateLimiter(3, 1.0, clock=lambda: now[0])
    assert [limiter.take("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limiter.take("a") == pytest.approx(1.0)
    assert limiter.take("b") == 0.0  # another client has its own bucket
    now[0] = 2.5
    assert limiter.take("a") == 0.0 and limiter.take("a") == 0.0 and limiter.take("a") > 0


def test_spectators_cannot_lock_the_seats_out_of_their_game():
    """Issue 54: four addresses with 64 spectator streams each filled a game's 256 slots, and the
    seat holder got TOO_MANY_WATCHERS on its own game. Each seat keeps slots of its own."""
    from boardbot.server.limits import trusted_networks

    logs.configure(enabled=False)
    limits = Limits(max_watchers_per_game=8, max_watchers_per_client=2, max_watchers_per_seat=2,
                    trusted_proxies=trusted_networks(["127.0.0.1"]))  # callers named by X-Forwarded-For
    with BackgroundServer(limits=limits) as srv, grpc.insecure_channel(srv.address) as channel:
        stub = game_service_pb2_grpc.GameServiceStub(channel)
        game_id, tokens = new_game(stub)

        def watch(address: str, seat: int | None = None):
            metadata = [("x-forwarded-for", address)]
            if seat is not None:
                metadata.append(("authorization", f"Bearer {tokens[seat]}"))
            stream = stub.WatchGame(pb.WatchGameRequest(game_id=game_id, seat=seat), metadata=metadata, timeout=60)
            first = next(stream).view
            assert first.seat == seat if seat is not None else not first.HasField("seat")
            return stream

        crowd = [watch(f"203.0.113.{n}") for n in range(4) for _ in range(2)]  # the game's 8 slots
        with pytest.raises(grpc.RpcError) as err:
            watch("203.0.113.9")
        assert error_details(err.value)["QuotaFailure"].violations[0].subject == "watch_streams/game"
        players = [watch("198.51.100.1", 0), watch("198.51.100.2", 1), watch("198.51.100.2", 2)]
        with pytest.raises(grpc.RpcError) as err:  # a seat's own slots are bounded too, and per client
            watch("198.51.100.2", 1)
        assert error_details(err.value)["QuotaFailure"].violations[0].subject == "watch_streams/peer"
        extra = watch("198.51.100.3", 0)
        with pytest.raises(grpc.RpcError) as err:
            watch("198.51.100.4", 0)
        assert err.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert error_details(err.value)["QuotaFailure"].violations[0].subject == "watch_streams/seat"
        for stream in crowd + players + [extra]:
            stream.cancel()
