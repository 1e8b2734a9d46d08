"""boardbot.server.bridge, the Python end of the native front, spoken to directly.

The test plays the front: it sends CALL and CANCEL frames over the Unix
socket and reads MESSAGE and FINISH frames, so the bridge is checked in CI
without the C++ build (tests/test_front.py runs the real front when it can
be built).
"""

import os
import socket
import struct
import tempfile
import time

import grpc
import pytest
from google.rpc import error_details_pb2, status_pb2

from boardbot.v1 import bot_service_pb2, common_pb2, game_service_pb2
from boardbot.server import logs
from boardbot.server.app import BackgroundServer
from boardbot.server.bridge import CALL, CANCEL, FINISH, MESSAGE, BridgeServer

GAME = "/boardbot.v1.GameService/"


class FakeFront:
    """A connection to the bridge, speaking the front's side of the protocol."""

    def __init__(self, path: str):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.sock.settimeout(20)
        self.buf = b""
        self.next_id = 0
        self.pending: dict[int, list] = {}

    def call(self, method: str, request: bytes, metadata=(), deadline_us: int = -1) -> int:
        self.next_id += 1
        m = method.encode()
        body = struct.pack(">H", len(m)) + m + struct.pack(">qH", deadline_us, len(metadata))
        for key, value in metadata:
            k, v = key.encode(), value if isinstance(value, bytes) else value.encode()
            body += struct.pack(">H", len(k)) + k + struct.pack(">I", len(v)) + v
        body += request
        self.sock.sendall(struct.pack(">IBI", len(body) + 5, CALL, self.next_id) + body)
        return self.next_id

    def cancel(self, call_id: int) -> None:
        self.sock.sendall(struct.pack(">IBI", 5, CANCEL, call_id))

    def _frame(self) -> tuple[int, int, bytes]:
        while True:
            if len(self.buf) >= 4:
                (length,) = struct.unpack_from(">I", self.buf)
                if len(self.buf) >= 4 + length:
                    kind, call_id = struct.unpack_from(">BI", self.buf, 4)
                    payload, self.buf = self.buf[9:4 + length], self.buf[4 + length:]
                    return kind, call_id, payload
            data = self.sock.recv(65536)
            assert data, "the bridge closed the connection"
            self.buf += data

    def result(self, call_id: int) -> tuple[list[bytes], int, str, dict]:
        """(messages, status code, message, trailing metadata) of one call."""
        while True:
            kind, cid, payload = self._frame()
            entry = self.pending.setdefault(cid, [])
            if kind == MESSAGE:
                entry.append(payload)
                continue
            assert kind == FINISH
            code, n = struct.unpack_from(">II", payload)
            message = payload[8:8 + n].decode()
            pos = 8 + n
            (count,) = struct.unpack_from(">H", payload, pos)
            pos += 2
            trailing = {}
            for _ in range(count):
                (kn,) = struct.unpack_from(">H", payload, pos)
                key = payload[pos + 2:pos + 2 + kn].decode()
                pos += 2 + kn
                (vn,) = struct.unpack_from(">I", payload, pos)
                trailing[key] = payload[pos + 4:pos + 4 + vn]
                pos += 4 + vn
            self.pending[cid] = (self.pending.pop(cid), code, message, trailing)
            if cid == call_id:
                return self.pending.pop(cid)
            if isinstance(self.pending.get(call_id), tuple):
                return self.pending.pop(call_id)

    def unary(self, method: str, request, reply_type, metadata=(), deadline_us: int = -1):
        messages, code, message, trailing = self.result(self.call(method, request.SerializeToString(), metadata,
                                                                  deadline_us))
        assert code == 0, (code, message)
        assert len(messages) == 1
        return reply_type.FromString(messages[0])


@pytest.fixture(scope="module")
def front():
    logs.configure(enabled=False)
    server = BackgroundServer()
    path = os.path.join(tempfile.mkdtemp(prefix="boardbot-bridge-test-"), "bridge.sock")
    bridge = BridgeServer(server.running.servicers())
    server.call(bridge.start(path))
    client = FakeFront(path)
    yield client
    client.sock.close()
    server.call(bridge.close())
    server.stop()


def _create(front: FakeFront, seats=("human", "random")):
    request = game_service_pb2.CreateGameRequest(game="frogriders", seed=7)
    for seat in seats:
        if seat == "human":
            request.seats.add(kind=common_pb2.SEAT_KIND_HUMAN)
        else:
            request.seats.add(kind=common_pb2.SEAT_KIND_BOT, bot=seat)
    reply = front.unary(GAME + "CreateGame", request, game_service_pb2.CreateGameResponse)
    token = next(t.token for t in reply.seat_tokens if t.seat == 0)
    return reply.game.game_id, (("authorization", f"Bearer {token}"),)


def test_a_whole_game_through_the_bridge(front):
    game_id, auth = _create(front)
    view = front.unary(GAME + "GetView", game_service_pb2.GetViewRequest(game_id=game_id, seat=0),
                       game_service_pb2.GetViewResponse, auth).view
    moves = 0
    while view.status != common_pb2.GAME_STATUS_FINISHED:
        reply = front.unary(GAME + "SubmitMove", game_service_pb2.SubmitMoveRequest(
            game_id=game_id, seat=0, move_id=moves % len(view.legal_moves),
            response_view=game_service_pb2.RESPONSE_VIEW_NEXT_DECISION), game_service_pb2.SubmitMoveResponse, auth)
        view = reply.view
        moves += 1
    assert moves > 5 and view.outcome.scores


def test_errors_carry_their_status_and_details(front):
    game_id, auth = _create(front)
    request = game_service_pb2.SubmitMoveRequest(game_id=game_id, seat=0, move_id=999)
    _, code, message, trailing = front.result(front.call(GAME + "SubmitMove", request.SerializeToString(), auth))
    assert code == grpc.StatusCode.INVALID_ARGUMENT.value[0] and message
    status = status_pb2.Status.FromString(trailing["grpc-status-details-bin"])
    assert status.code == code
    assert any(d.Is(error_details_pb2.BadRequest.DESCRIPTOR) for d in status.details)
    _, code, _, _ = front.result(front.call(GAME + "GetView", game_service_pb2.GetViewRequest(
        game_id=game_id, seat=0).SerializeToString()))  # no token
    assert code == grpc.StatusCode.UNAUTHENTICATED.value[0]
    _, code, _, _ = front.result(front.call(GAME + "GetGame", game_service_pb2.GetGameRequest(
        game_id="nope").SerializeToString()))
    assert code == grpc.StatusCode.NOT_FOUND.value[0]


def test_unknown_methods_and_bad_bodies(front):
    _, code, _, _ = front.result(front.call("/no.Such/Method", b""))
    assert code == grpc.StatusCode.UNIMPLEMENTED.value[0]
    _, code, message, _ = front.result(front.call(
        "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo", b""))
    assert code == grpc.StatusCode.UNIMPLEMENTED.value[0]
    _, code, _, _ = front.result(front.call(GAME + "GetView", b"\xff\xff\xff"))
    assert code == grpc.StatusCode.INVALID_ARGUMENT.value[0]
    # and the bridge still serves
    assert front.unary(GAME + "ListGameTypes", game_service_pb2.ListGameTypesRequest(),
                       game_service_pb2.ListGameTypesResponse).game_types
    health = front.result(front.call("/grpc.health.v1.Health/Check", b""))
    assert health[1] == 0 and health[0]


def test_a_watch_streams_and_stops_on_cancel(front):
    game_id, auth = _create(front)
    watch = front.call(GAME + "WatchGame", game_service_pb2.WatchGameRequest(
        game_id=game_id, seat=0).SerializeToString(), auth)
    view = front.unary(GAME + "GetView", game_service_pb2.GetViewRequest(game_id=game_id, seat=0),
                       game_service_pb2.GetViewResponse, auth).view
    front.unary(GAME + "SubmitMove", game_service_pb2.SubmitMoveRequest(game_id=game_id, seat=0, move_id=0),
                game_service_pb2.SubmitMoveResponse, auth)
    time.sleep(0.3)
    front.cancel(watch)
    messages, code, _, _ = front.result(watch)
    assert code == grpc.StatusCode.CANCELLED.value[0]
    updates = [game_service_pb2.WatchGameResponse.FromString(m) for m in messages]
    assert updates[0].view.version == view.version
    assert len(updates) >= 2 and updates[1].game_event.version == view.version + 1


def test_the_deadline_reaches_the_search(front):
    game_id, auth = _create(front)
    request = bot_service_pb2.SuggestMoveRequest(game_id=game_id, seat=0, bot="ismcts:iterations=10000000")
    started = time.monotonic()
    messages, code, message, _ = front.result(front.call(
        "/boardbot.v1.BotService/SuggestMove", request.SerializeToString(), auth, deadline_us=600_000))
    elapsed = time.monotonic() - started
    assert code == 0, message
    reply = bot_service_pb2.SuggestMoveResponse.FromString(messages[0])
    assert reply.stats.stop == bot_service_pb2.SEARCH_STOP_DEADLINE
    assert elapsed < 2.0
