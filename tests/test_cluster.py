"""`boardbot serve --processes 2`: two server processes on one port.

Each client below has its own TCP connection, so the kernel spreads them over
both processes; every call about a game must work from every connection
(forwarded to the process that holds the game), errors keep their status and
details, ListGames sees every game once, and a dead process is replaced.
"""

import os
import signal
import subprocess
import time

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_status import rpc_status

from boardbot.tools.loadtest import procstat
from boardbot.v1 import bot_service_pb2, bot_service_pb2_grpc, common_pb2, game_service_pb2, game_service_pb2_grpc
from tests.test_external import ROOT, boardbot_command, free_port, process_env

CONNECTIONS = 12


class Connection:
    """A channel with a TCP connection of its own (no shared subchannel)."""

    def __init__(self, address: str):
        self.channel = grpc.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)])
        self.games = game_service_pb2_grpc.GameServiceStub(self.channel)
        self.bots = bot_service_pb2_grpc.BotServiceStub(self.channel)


def _auth(token: str) -> tuple:
    return (("authorization", f"Bearer {token}"),)


def _reason(err: grpc.RpcError) -> str:
    status = rpc_status.from_call(err)
    assert status is not None, "the status details were lost on the way"
    for detail in status.details:
        info = error_details_pb2.ErrorInfo()
        if detail.Unpack(info):
            return info.reason
    raise AssertionError("no ErrorInfo in the status details")


def _child_pids(pid: int) -> list[int]:
    """The supervisor's server processes (not multiprocessing's resource tracker)."""
    out = subprocess.run(["ps", "-ww", "-o", "pid=,args=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(line.split()[0]) for line in out.splitlines() if "spawn_main" in line]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    address = f"127.0.0.1:{free_port()}"
    log_path = tmp_path_factory.mktemp("cluster") / "serve.log"
    proc = subprocess.Popen(boardbot_command() + ["serve", "--processes", "2", "--address", address,
                                                  "--ai-workers", "0"],
                            cwd=ROOT, env=process_env(), stdout=subprocess.PIPE, stderr=open(log_path, "w"),
                            text=True)
    proc.log_path = log_path
    deadline = time.monotonic() + 30
    with grpc.insecure_channel(address) as channel:
        while True:
            try:
                health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=1)
                if len(_child_pids(proc.pid)) >= 2:
                    break
            except grpc.RpcError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"the cluster did not start: {log_path.read_text()}")
            time.sleep(0.1)
    conns = [Connection(address) for _ in range(CONNECTIONS)]
    yield proc, address, conns
    for conn in conns:
        conn.channel.close()
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=30)


def _create(conn: Connection, seed: int):
    request = game_service_pb2.CreateGameRequest(game="frogriders", seed=seed)
    request.seats.add(kind=common_pb2.SEAT_KIND_HUMAN)
    request.seats.add(kind=common_pb2.SEAT_KIND_BOT, bot="random")
    return conn.games.CreateGame(request, timeout=10)


def test_every_connection_reaches_every_game(cluster):
    _, _, conns = cluster
    created = [_create(conn, seed) for seed, conn in enumerate(conns)]
    owners = {reply.game.game_id.rsplit("-p", 1)[1] for reply in created}
    assert owners == {"0", "1"}, "the connections should land on both processes"
    for i, reply in enumerate(created):
        game_id = reply.game.game_id
        token = next(t.token for t in reply.seat_tokens if t.seat == 0)
        for other in (conns[(i + 1) % CONNECTIONS], conns[(i + 2) % CONNECTIONS]):
            view = other.games.GetView(game_service_pb2.GetViewRequest(game_id=game_id, seat=0),
                                       metadata=_auth(token), timeout=10).view
            assert view.game_id == game_id and view.decider == 0 and view.legal_moves
            suggested = other.bots.SuggestMove(bot_service_pb2.SuggestMoveRequest(
                game_id=game_id, seat=0, bot="random"), metadata=_auth(token), timeout=10)
            assert suggested.version == view.version
            moved = other.games.SubmitMove(game_service_pb2.SubmitMoveRequest(
                game_id=game_id, seat=0, move_id=suggested.move.id,
                response_view=game_service_pb2.RESPONSE_VIEW_NEXT_DECISION), metadata=_auth(token), timeout=10)
            assert moved.version > view.version
        watch = conns[(i + 3) % CONNECTIONS].games.WatchGame(
            game_service_pb2.WatchGameRequest(game_id=game_id, seat=0, from_version=0), metadata=_auth(token),
            timeout=10)
        first = next(watch)
        assert first.view.version == 0
        second = next(watch)
        assert second.game_event.version == 1
        watch.cancel()
        conns[(i + 4) % CONNECTIONS].games.DeleteGame(game_service_pb2.DeleteGameRequest(game_id=game_id),
                                                      metadata=_auth(reply.owner_token), timeout=10)
        with pytest.raises(grpc.RpcError) as err:
            conns[(i + 5) % CONNECTIONS].games.GetGame(game_service_pb2.GetGameRequest(game_id=game_id), timeout=10)
        assert err.value.code() == grpc.StatusCode.NOT_FOUND


def test_errors_come_back_unchanged_from_the_owner(cluster):
    _, _, conns = cluster
    created = [_create(conn, 100 + seed) for seed, conn in enumerate(conns)]
    for i, reply in enumerate(created):
        other = conns[(i + 1) % CONNECTIONS]
        request = game_service_pb2.GetViewRequest(game_id=reply.game.game_id, seat=0)
        with pytest.raises(grpc.RpcError) as err:
            other.games.GetView(request, metadata=_auth(reply.owner_token), timeout=10)
        assert err.value.code() == grpc.StatusCode.PERMISSION_DENIED
        assert _reason(err.value) == "PERMISSION_DENIED"
        with pytest.raises(grpc.RpcError) as err:
            other.games.SubmitMove(game_service_pb2.SubmitMoveRequest(game_id=reply.game.game_id, seat=0, move_id=999),
                                   metadata=_auth(next(t.token for t in reply.seat_tokens if t.seat == 0)),
                                   timeout=10)
        assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        details = rpc_status.from_call(err.value).details
        assert any(d.Is(error_details_pb2.BadRequest.DESCRIPTOR) for d in details)
    for suffix in ("-p0", "-p1", "-p7"):
        with pytest.raises(grpc.RpcError) as err:
            conns[0].games.GetGame(game_service_pb2.GetGameRequest(game_id="0" * 32 + suffix), timeout=10)
        assert err.value.code() == grpc.StatusCode.NOT_FOUND
        assert _reason(err.value) == "GAME_NOT_FOUND"


def test_the_load_tester_finds_the_whole_server(cluster):
    proc, address, _ = cluster
    port = int(address.rsplit(":", 1)[1])
    listeners = procstat.find_listeners(port)
    assert sorted(listeners) == sorted(_child_pids(proc.pid))  # SO_REUSEPORT: each process listens
    assert procstat.server_roots(listeners) == [proc.pid]  # its CPU is the supervisor's tree


def test_serving_stats_say_which_process_answered(cluster):
    _, _, conns = cluster
    seen = set()
    for conn in conns:
        stats = conn.bots.GetServingStats(bot_service_pb2.GetServingStatsRequest(), timeout=10)
        assert stats.processes == 2
        seen.add(stats.process_index)
    assert seen == {0, 1}


def test_list_games_pages_over_both_processes(cluster):
    _, _, conns = cluster
    made = {_create(conn, 200 + seed).game.game_id for seed, conn in enumerate(conns)}
    seen, token, pages = [], "", 0
    while True:
        reply = conns[pages % CONNECTIONS].games.ListGames(
            game_service_pb2.ListGamesRequest(page_size=5, page_token=token), timeout=10)
        assert len(reply.games) <= 5
        seen += [g.game_id for g in reply.games]
        pages += 1
        token = reply.next_page_token
        if not token:
            break
    assert len(seen) == len(set(seen)), "a game was listed twice"
    assert made <= set(seen)
    with pytest.raises(grpc.RpcError) as err:
        conns[0].games.ListGames(game_service_pb2.ListGamesRequest(page_token="bm90IGEgdG9rZW4="), timeout=10)
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_a_dead_process_is_replaced(cluster):
    proc, address, _ = cluster
    before = _child_pids(proc.pid)
    victim = before[-1]
    os.kill(victim, signal.SIGKILL)
    deadline = time.monotonic() + 30
    while True:
        now = _child_pids(proc.pid)
        if victim not in now and len(now) >= 2:
            break
        assert time.monotonic() < deadline, f"not replaced: {before} -> {now}"
        time.sleep(0.2)
    # and new connections work again, on both processes
    owners, deadline = set(), time.monotonic() + 60
    while owners != {"0", "1"}:
        conn = Connection(address)
        try:
            owners.add(_create(conn, 300 + len(owners)).game.game_id.rsplit("-p", 1)[1])
        except grpc.RpcError as err:
            assert time.monotonic() < deadline, f"{err}; the server's log: {proc.log_path.read_text()[-3000:]}"
        finally:
            conn.channel.close()
    assert '"process_exited"' in proc.log_path.read_text()


def test_sigterm_stops_every_process(cluster):
    proc, _, _ = cluster
    children = _child_pids(proc.pid)
    proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=30)
    err = proc.log_path.read_text()
    assert proc.returncode == 0, err
    assert '"cluster_stopped"' in err
    for pid in children:
        assert not os.path.exists(f"/proc/{pid}") or open(f"/proc/{pid}/stat").read().split()[2] == "Z"
