"""`boardbot serve --processes 2` on a shared Redis store and on one SQLite file, and two servers
on one Redis.

Each client connection below has its own TCP connection, so the kernel spreads
them over both processes; every call about any game works from every
connection (the store is shared: nothing is forwarded), a watch on one process
is woken by a move made through the other, ListGames sees every game once, and
a dead process is replaced with no game lost. Two `boardbot serve` on two
ports and one `redis-server`: a client alternating between them carries on
through one when the other is SIGKILLed mid-game, with no acknowledged move
lost and none applied twice.
"""

import os
import random
import signal
import subprocess
import time
import uuid

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from boardbot.client import Client
from boardbot.tools.loadtest import procstat
from boardbot.v1 import bot_service_pb2, bot_service_pb2_grpc, common_pb2, game_service_pb2, game_service_pb2_grpc
from tests.processes import RedisServer, Serve
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


def _child_pids(pid: int) -> list[int]:
    """The supervisor's server processes (not multiprocessing's resource tracker)."""
    out = subprocess.run(["ps", "-ww", "-o", "pid=,args=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(line.split()[0]) for line in out.splitlines() if "spawn_main" in line]


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory):
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    yield server
    server.stop()


@pytest.fixture(scope="module", params=["redis", "sqlite"])
def served(request, tmp_path_factory, redis_server):
    address = f"127.0.0.1:{free_port()}"
    work = tmp_path_factory.mktemp("processes")
    log_path = work / "serve.log"
    store = redis_server.url if request.param == "redis" else f"sqlite:{work / 'games.sqlite3'}"
    if request.param == "redis":
        import redis

        with redis.Redis.from_url(store) as r:  # the module's other tests leave games behind
            r.flushdb()
    proc = subprocess.Popen(boardbot_command() + ["serve", "--processes", "2", "--address", address,
                                                  "--store", store, "--ai-workers", "0"],
                            cwd=ROOT, env=process_env(), stdout=subprocess.PIPE, stderr=open(log_path, "w"),
                            text=True)
    proc.log_path = log_path
    deadline = time.monotonic() + 30
    with grpc.insecure_channel(address) as channel:
        while True:
            try:
                health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=1)
                # both processes started and each says it serves (a spawned one may still be importing)
                if len(_child_pids(proc.pid)) >= 2 and log_path.read_text().count('"event": "serving"') >= 2:
                    break
            except grpc.RpcError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"the processes did not start: {log_path.read_text()}")
            time.sleep(0.1)
    conns = [Connection(address) for _ in range(CONNECTIONS)]
    yield proc, address, conns
    for conn in conns:
        conn.channel.close()
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=30)


def _process_of(conn: "Connection") -> int:
    return conn.bots.GetServingStats(bot_service_pb2.GetServingStatsRequest(), timeout=10).process_index


def _create(conn: Connection, seed: int):
    request = game_service_pb2.CreateGameRequest(game="frogriders", seed=seed)
    request.seats.add(kind=common_pb2.SEAT_KIND_HUMAN)
    request.seats.add(kind=common_pb2.SEAT_KIND_BOT, bot="random")
    return conn.games.CreateGame(request, timeout=10)


def test_every_connection_reaches_every_game(served):
    _, _, conns = served
    assert {_process_of(conn) for conn in conns} == {0, 1}, "the connections should land on both processes"
    created = [_create(conn, seed) for seed, conn in enumerate(conns)]
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
            game_service_pb2.WatchGameRequest(game_id=game_id, seat=0), metadata=_auth(token), timeout=10)
        first = next(watch)
        # a move through a connection of the other process wakes the watch
        mover = next(c for c in conns if _process_of(c) != _process_of(conns[(i + 3) % CONNECTIONS]))
        moved = mover.games.SubmitMove(game_service_pb2.SubmitMoveRequest(
            game_id=game_id, seat=0, move_id=0, expected_version=first.view.version), metadata=_auth(token),
            timeout=10)
        assert next(watch).game_event.version == moved.version == first.view.version + 1
        watch.cancel()
        conns[(i + 4) % CONNECTIONS].games.DeleteGame(game_service_pb2.DeleteGameRequest(game_id=game_id),
                                                      metadata=_auth(reply.owner_token), timeout=10)
        with pytest.raises(grpc.RpcError) as err:
            conns[(i + 5) % CONNECTIONS].games.GetGame(game_service_pb2.GetGameRequest(game_id=game_id), timeout=10)
        assert err.value.code() == grpc.StatusCode.NOT_FOUND


def test_the_load_tester_finds_the_whole_server(served):
    proc, address, _ = served
    port = int(address.rsplit(":", 1)[1])
    listeners = procstat.find_listeners(port)
    assert sorted(listeners) == sorted(_child_pids(proc.pid))  # SO_REUSEPORT: each process listens
    assert procstat.server_roots(listeners) == [proc.pid]  # its CPU is the supervisor's tree


def test_serving_stats_say_which_process_answered(served):
    _, _, conns = served
    seen = set()
    for conn in conns:
        stats = conn.bots.GetServingStats(bot_service_pb2.GetServingStatsRequest(), timeout=10)
        assert stats.processes == 2
        # which build of the engine serves, in words, and as a flag that agrees with them
        assert stats.engine_build and stats.compiled_engine == stats.engine_build.startswith("compiled")
        seen.add(stats.process_index)
    assert seen == {0, 1}


def test_list_games_pages_over_every_game(served):
    _, _, conns = served
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


def test_a_dead_process_is_replaced_and_no_game_is_lost(served):
    proc, address, conns = served
    kept = _create(conns[0], 299)
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
    # and new connections work again, on both processes, with every game
    seen, deadline = set(), time.monotonic() + 60
    while seen != {0, 1}:
        conn = Connection(address)
        try:
            seen.add(_process_of(conn))
            assert conn.games.GetGame(game_service_pb2.GetGameRequest(game_id=kept.game.game_id),
                                      timeout=10).game.version == kept.game.version
        except grpc.RpcError as err:
            assert time.monotonic() < deadline, f"{err}; the server's log: {proc.log_path.read_text()[-3000:]}"
        finally:
            conn.channel.close()
    assert '"process_exited"' in proc.log_path.read_text()


def test_sigterm_stops_every_process(served):
    proc, _, _ = served
    children = _child_pids(proc.pid)
    proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=30)
    err = proc.log_path.read_text()
    assert proc.returncode == 0, err
    assert '"processes_stopped"' in err
    for pid in children:
        assert not os.path.exists(f"/proc/{pid}") or open(f"/proc/{pid}/stat").read().split()[2] == "Z"


# --- two servers on two ports, one Redis -----------------------------------------------
HUMAN = "human"


class Alternating:
    """A client that sends each call to the next of its servers, and to the other one
    when a server does not answer (the same request, request_id and all). A server that
    did not answer is left out for ``REST`` seconds, as a client-side balancer would, so
    each later call does not first wait out the client's retries against a dead port."""

    REST = 5.0

    def __init__(self, addresses):
        self.clients = [Client(address, timeout=15) for address in addresses]
        self.turn = 0
        self.failovers = 0
        self.down_until = [0.0] * len(self.clients)

    def _next(self):
        for _ in range(len(self.clients)):
            index = self.turn % len(self.clients)
            self.turn += 1
            if self.down_until[index] <= time.monotonic():
                return index
        return index  # every server rested: try the next anyway

    def call(self, fn):
        """``fn(client)`` on the next server; on UNAVAILABLE, on the other one."""
        first = self._next()
        try:
            return fn(self.clients[first])
        except grpc.RpcError as err:
            if err.code() != grpc.StatusCode.UNAVAILABLE:
                raise
            self.failovers += 1
            self.down_until[first] = time.monotonic() + self.REST
            return fn(self.clients[self._next()])

    def close(self):
        for client in self.clients:
            client.close()


def _seat(client, game, seat):
    return client.seat(game.game_id, seat, game.tokens.get(seat))


def _play_one(alt, game, specs, rng, acknowledged, wanted=game_service_pb2.RESPONSE_VIEW_UNSPECIFIED):
    """One random move of the human seat to move (the bots play meanwhile); False once the game is over."""
    deadline = time.monotonic() + 40  # a dead server's bot leases lapse in 10 s, then another takes over
    while True:
        info = alt.call(lambda c: c.get_game(game.game_id))
        if not info.HasField("decider"):
            return False
        if specs[info.decider] == HUMAN:
            break
        assert time.monotonic() < deadline, f"the bot of seat {info.decider} never moved at {info.version}"
        time.sleep(0.02)
    seat = info.decider
    view = alt.call(lambda c: _seat(c, game, seat).view())
    request = game_service_pb2.SubmitMoveRequest(
        game_id=game.game_id, seat=seat, move_id=rng.randrange(len(view.legal_moves)),
        expected_version=view.version, request_id=uuid.uuid4().hex, response_view=wanted)
    auth = _auth(game.tokens[seat])
    reply = alt.call(lambda c: c.stub.SubmitMove(request, metadata=auth, timeout=15))
    acknowledged.append((seat, request, reply))
    return True


def test_two_servers_on_one_redis_a_client_carries_on_when_one_is_killed(tmp_path, redis_server):
    import redis

    with redis.Redis.from_url(redis_server.url) as r:
        r.flushdb()
    args = ["--store", redis_server.url, "--ai-workers", "1"]
    servers = [Serve(args, tmp_path / f"serve{i}.log") for i in range(2)]
    alt = Alternating([s.address for s in servers])
    rng = random.Random(33)
    tables = [("frogriders", [HUMAN, "random"]), ("frogriders", [HUMAN, HUMAN]),
              ("czech-pub", [HUMAN, "greedy", "random"]), ("frogriders", [HUMAN, "ismcts:time=0.3"])]
    games = []
    try:
        for i, (name, specs) in enumerate(tables):
            game = alt.call(lambda c: c.create_game(name, seats=specs, seed=40 + i, reproducible=True))
            games.append((game, specs, []))
        for game, specs, acknowledged in games:
            for _ in range(5):
                _play_one(alt, game, specs, rng, acknowledged)
        # a move whose answer waits for the search bot's reply, on the server about to die; a bot
        # with one legal move answers at once, so a move is in flight only once its answer is still
        # pending after the commit (which moves come first depends on the games' chance)
        game, specs, acknowledged = games[3]
        for attempt in range(20):
            info = alt.call(lambda c: c.get_game(game.game_id))
            while specs[info.decider] != HUMAN:
                time.sleep(0.02)
                info = alt.call(lambda c: c.get_game(game.game_id))
            view = _seat(alt.clients[0], game, info.decider).view()
            in_flight = game_service_pb2.SubmitMoveRequest(
                game_id=game.game_id, seat=info.decider, move_id=0, expected_version=view.version,
                request_id=f"in-flight-{attempt}", response_view=game_service_pb2.RESPONSE_VIEW_NEXT_DECISION)
            auth = _auth(game.tokens[info.decider])
            pending = alt.clients[0].stub.SubmitMove.future(in_flight, metadata=auth, timeout=15)
            deadline = time.monotonic() + 10
            while alt.clients[1].get_game(game.game_id).version == view.version:  # committed: now waits for the bot
                assert time.monotonic() < deadline
                time.sleep(0.005)
            if not pending.done():
                break
            acknowledged.append((info.decider, in_flight, pending.result()))  # the bot had one move
        else:
            pytest.fail("the bot answered each of 20 moves at once: no move was in flight")
        servers[0].kill()
        try:  # the kill nearly always comes first; under load the answer may still have won the race
            answered = pending.result()
        except grpc.RpcError as lost:
            assert lost.code() == grpc.StatusCode.UNAVAILABLE
            answered = None
        # the client retries the call (it got no answer, or may not know it did), on the other
        # server: recognised, not applied twice
        again = alt.clients[1].stub.SubmitMove(in_flight, metadata=auth, timeout=15)
        assert again.version == view.version + 1
        assert answered is None or answered.version == again.version
        acknowledged.append((info.decider, in_flight, again))
        for game, specs, acknowledged in games:  # every game to its end, alternating (one server answers)
            while _play_one(alt, game, specs, rng, acknowledged):
                pass
        assert alt.failovers > 0
        survivor = alt.clients[1]
        for game, specs, acknowledged in games:
            final = survivor.get_game(game.game_id)
            assert final.status == common_pb2.GAME_STATUS_FINISHED
            humans = {q for q, spec in enumerate(specs) if spec == HUMAN}
            events = {}
            for q in humans:
                for event, view in _seat(survivor, game, q).watch(from_version=0):
                    if event is not None:
                        events.setdefault(event.version, event)
                        if event.seat == q:
                            events[event.version] = event  # the seat's own, with its move
            assert sorted(events) == list(range(1, final.version + 1))
            by_version = {reply.version: (seat, reply) for seat, _, reply in acknowledged}
            assert len(by_version) == len(acknowledged), "two acknowledgements of one version"
            for version, (seat, reply) in by_version.items():
                event = events[version]
                assert (event.seat, event.by_bot, event.text) == (seat, False, reply.move_text)
            # no duplicate: every human move in the log is one acknowledged request
            human_moves = [v for v, e in events.items() if not e.by_bot and e.kind == "move"]
            assert sorted(human_moves) == sorted(by_version)
    finally:
        alt.close()
        for server in servers:
            server.stop()


def test_a_server_whose_redis_goes_away_answers_unavailable_and_recovers(tmp_path):
    from boardbot.server.app import BackgroundServer
    from boardbot.server.redis_store import RedisStore

    redis_server = RedisServer(tmp_path)
    try:
        with BackgroundServer(store=RedisStore(redis_server.url)) as srv, Client(srv.address, timeout=10) as c:
            game = c.create_game("frogriders", seats=[HUMAN, HUMAN], seed=1)
            redis_server.stop()
            with pytest.raises(grpc.RpcError) as down:
                c.get_game(game.game_id)
            assert down.value.code() == grpc.StatusCode.UNAVAILABLE
            assert "does not answer" in down.value.details()
            redis_server = RedisServer(tmp_path, port=redis_server.port)  # empty: no persistence here
            deadline = time.monotonic() + 20
            while True:
                try:
                    created = c.create_game("frogriders", seats=[HUMAN, HUMAN], seed=2)
                    break
                except grpc.RpcError as err:
                    assert err.code() == grpc.StatusCode.UNAVAILABLE and time.monotonic() < deadline
                    time.sleep(0.2)
            assert c.get_game(created.game_id).version == 0
    finally:
        redis_server.stop()


def test_the_default_server_on_sqlite_runs_a_process_per_core(tmp_path):
    from boardbot.server.main import cpu_count

    env = process_env()
    del env["BOARDBOT_PROCESSES"]  # the default, as a user gets it
    address = f"127.0.0.1:{free_port()}"
    log_path = tmp_path / "serve.log"
    proc = subprocess.Popen(boardbot_command() + ["serve", "--address", address, "--ai-workers", "0",
                                                  "--http-address", "off"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=open(log_path, "w"))
    cores = cpu_count()
    try:
        deadline = time.monotonic() + 60
        while log_path.read_text().count('"event": "serving"') < cores:
            assert proc.poll() is None and time.monotonic() < deadline, log_path.read_text()[-3000:]
            time.sleep(0.1)
        assert len(_child_pids(proc.pid)) == (cores if cores > 1 else 0)
        conn = Connection(address)
        created = _create(conn, 7)
        assert conn.games.GetGame(game_service_pb2.GetGameRequest(game_id=created.game.game_id),
                                  timeout=10).game.version == created.game.version
        conn.channel.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)
