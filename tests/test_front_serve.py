"""`boardbot serve --front native`: the real server behind the real C++ front.

Whole games, errors with their details, a watch stream and a search with a
deadline go through the front; with `--processes 2` (on a shared Redis store) the
front spreads client connections over both processes and every connection reaches
every game.
Skipped (like tests/test_front.py) when the front cannot be built here;
scripts/test installs its build dependencies.
"""

import signal
import subprocess
import time

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_status import rpc_status

from boardbot.client import Client
from boardbot.tools.loadtest import procstat
from boardbot.v1 import bot_service_pb2, game_service_pb2
from tests.processes import RedisServer
from tests.test_processes import Connection, _auth, _create
from tests.test_external import ROOT, boardbot_command, free_port, process_env
from tests.test_front import front_binary  # noqa: F401 - the fixture that builds the front


def _serve(binary: str, log_path, *extra: str) -> tuple[subprocess.Popen, str]:
    address = f"127.0.0.1:{free_port()}"
    proc = subprocess.Popen(boardbot_command() + ["serve", "--front", "native", "--front-binary", binary,
                                                  "--address", address, "--ai-workers", "0", *extra],
                            cwd=ROOT, env=process_env(), stdout=subprocess.DEVNULL, stderr=open(log_path, "w"))
    deadline = time.monotonic() + 30
    with grpc.insecure_channel(address) as channel:
        while True:
            try:
                reply = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=1)
                if reply.status == health_pb2.HealthCheckResponse.SERVING:
                    return proc, address
            except grpc.RpcError:
                pass
            assert proc.poll() is None and time.monotonic() < deadline, \
                f"the server did not start: {log_path.read_text()[-3000:]}"
            time.sleep(0.1)


def _stop(proc: subprocess.Popen, log_path) -> str:
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=30)
    log = log_path.read_text()
    assert proc.returncode == 0, log[-3000:]
    return log


def test_one_process_behind_the_front(front_binary, tmp_path):  # noqa: F811
    log_path = tmp_path / "serve.log"
    proc, address = _serve(front_binary, log_path)
    try:
        with Client(address) as client:
            game = client.create_game("frogriders", seats=["human", "random"], seed=3)
            seat = game.seat(0)
            view, moves = seat.view(), 0
            while not view.finished:
                if view.my_turn:
                    seat.play(view.legal_moves[moves % len(view.legal_moves)].id)
                    moves += 1
                view = seat.view()
            assert moves > 5 and view.outcome
            with pytest.raises(grpc.RpcError) as err:
                client.stub.GetGame(game_service_pb2.GetGameRequest(game_id="nope"), timeout=5)
            assert err.value.code() == grpc.StatusCode.NOT_FOUND
            info = error_details_pb2.ErrorInfo()
            assert rpc_status.from_call(err.value).details[0].Unpack(info) and info.reason == "GAME_NOT_FOUND"
        conn = Connection(address)
        reply = _create(conn, 5)
        game_id = reply.game.game_id
        auth = _auth(next(t.token for t in reply.seat_tokens if t.seat == 0))
        watch = conn.games.WatchGame(game_service_pb2.WatchGameRequest(game_id=game_id, seat=0), metadata=auth,
                                     timeout=10)
        first = next(watch)
        moved = conn.games.SubmitMove(game_service_pb2.SubmitMoveRequest(game_id=game_id, seat=0, move_id=0),
                                      metadata=auth, timeout=10)
        assert next(watch).game_event.version == first.view.version + 1 and moved.version == first.view.version + 1
        watch.cancel()
        started = time.monotonic()
        suggested = conn.bots.SuggestMove(bot_service_pb2.SuggestMoveRequest(
            game_id=game_id, seat=0, bot="ismcts:iterations=10000000"), metadata=auth, timeout=0.8)
        assert suggested.stats.stop == bot_service_pb2.SEARCH_STOP_DEADLINE
        assert time.monotonic() - started < 2
        with pytest.raises(grpc.RpcError) as err:
            conn.games.SubmitMove(game_service_pb2.SubmitMoveRequest(game_id=game_id, seat=0, move_id=999),
                                  metadata=auth, timeout=10)
        assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert any(d.Is(error_details_pb2.BadRequest.DESCRIPTOR) for d in rpc_status.from_call(err.value).details)
        conn.channel.close()
    finally:
        log = _stop(proc, log_path)
    assert '"front_serving"' in log and '"stopped"' in log


@pytest.fixture
def redis_url(tmp_path):
    server = RedisServer(tmp_path)
    yield server.url
    server.stop()


def test_two_processes_behind_the_front(front_binary, tmp_path, redis_url):  # noqa: F811
    log_path = tmp_path / "serve.log"
    proc, address = _serve(front_binary, log_path, "--processes", "2", "--store", redis_url)
    conns = [Connection(address) for _ in range(12)]
    try:
        listeners = procstat.find_listeners(int(address.rsplit(":", 1)[1]))
        assert len(listeners) == 1 and procstat.server_roots(listeners) == [proc.pid]  # the front, in our tree
        processes = {conn.bots.GetServingStats(bot_service_pb2.GetServingStatsRequest(), timeout=10).process_index
                     for conn in conns}
        assert processes == {0, 1}, "one process got every connection"
        created = [_create(conn, 50 + i) for i, conn in enumerate(conns)]
        for i, reply in enumerate(created):
            auth = _auth(next(t.token for t in reply.seat_tokens if t.seat == 0))
            for other in conns[i + 1:i + 3] or conns[:2]:
                view = other.games.GetView(game_service_pb2.GetViewRequest(game_id=reply.game.game_id, seat=0),
                                           metadata=auth, timeout=10).view
                moved = other.games.SubmitMove(game_service_pb2.SubmitMoveRequest(
                    game_id=reply.game.game_id, seat=0, move_id=0,
                    response_view=game_service_pb2.RESPONSE_VIEW_NEXT_DECISION), metadata=auth, timeout=10)
                assert moved.version > view.version
        listed, token = set(), ""
        while True:
            page = conns[0].games.ListGames(game_service_pb2.ListGamesRequest(page_size=4, page_token=token),
                                            timeout=10)
            listed |= {g.game_id for g in page.games}
            token = page.next_page_token
            if not token:
                break
        assert {r.game.game_id for r in created} <= listed
    finally:
        for conn in conns:
            conn.channel.close()
        log = _stop(proc, log_path)
    assert '"processes_serving"' in log and '"processes_stopped"' in log


def test_clients_keep_their_games_across_connection_age(front_binary, tmp_path, redis_url):  # noqa: F811
    """--max-connection-age: the front sends GOAWAY, the client reconnects, and the new
    connection may land on the other process; every call still works (the store is shared)."""
    log_path = tmp_path / "serve.log"
    proc, address = _serve(front_binary, log_path, "--processes", "2", "--max-connection-age", "0.5",
                           "--max-connection-age-grace", "0.5", "--store", redis_url)
    conn = Connection(address)
    try:
        reply = _create(conn, 77)
        game_id = reply.game.game_id
        auth = _auth(next(t.token for t in reply.seat_tokens if t.seat == 0))
        calls, deadline = 0, time.monotonic() + 4
        while time.monotonic() < deadline:
            view = conn.games.GetView(game_service_pb2.GetViewRequest(game_id=game_id, seat=0), metadata=auth,
                                      timeout=10).view
            if not view.legal_moves:
                reply = _create(conn, 78 + calls)
                game_id = reply.game.game_id
                auth = _auth(next(t.token for t in reply.seat_tokens if t.seat == 0))
                continue
            conn.games.SubmitMove(game_service_pb2.SubmitMoveRequest(
                game_id=game_id, seat=0, move_id=0, response_view=game_service_pb2.RESPONSE_VIEW_NEXT_DECISION),
                metadata=auth, timeout=10)
            calls += 2
            time.sleep(0.02)
        assert calls > 50
    finally:
        conn.channel.close()
        _stop(proc, log_path)
