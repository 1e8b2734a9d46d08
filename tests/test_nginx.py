"""deploy/nginx.conf, the load balancer of deploy/compose.yaml, run for real: the shipped
file, rendered for loopback (tests/processes.py: only its upstream's `server` line, the
listen port and the pid, log and temp paths change), passes `nginx -t` and runs in front of
two `boardbot serve` on one `redis-server`. Through nginx's port alone: a game is played to
its end with its calls spread over both servers (their own logs say so), a watch stream sees
every version, error statuses arrive with their details byte for byte as the server sent
them, and a server killed with SIGKILL mid-game leaves the game playable, with no
acknowledged move lost: the call it was serving fails (UNAVAILABLE: nginx's 502; nginx
does not resend a call it has sent) and a watch stream on it resumes with from_version. Needs Debian's nginx (scripts/test installs it and sets
BOARDBOT_REQUIRE_NGINX=1: then a missing nginx fails; elsewhere the tests skip)."""

import json
import random
import threading
import time
import uuid

import grpc
import pytest

from boardbot.client import Client, error_details
from boardbot.v1 import bot_service_pb2, bot_service_pb2_grpc, common_pb2, game_service_pb2
from tests.processes import Nginx, RedisServer, Serve, nginx_binary

HUMAN = "human"
# what a client sees when nginx could not get an answer from a server: a 502 from nginx
# (UNAVAILABLE), or a stream reset when the server died mid-stream (INTERNAL)
LOST = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.INTERNAL)
# nginx calls the servers from this address (grpc_bind), the clients reach nginx from
# 127.0.0.1: the servers trust it as their proxy (--trusted-proxy)
PROXY = "127.0.0.3"


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    nginx_binary()  # skip or fail before starting anything
    directory = tmp_path_factory.mktemp("nginx")
    redis_server = RedisServer(directory)
    servers, nginx = [], None
    try:
        servers = [Serve(["--store", redis_server.url, "--ai-workers", "0", "--trusted-proxy", PROXY],
                         directory / f"serve{i}.log") for i in range(2)]
        nginx = Nginx([s.address for s in servers], directory, bind=PROXY)
        checked = nginx.check()
        assert checked.returncode == 0, checked.stderr
        nginx.start()
        with Client(nginx.address, timeout=15) as client:
            yield nginx, servers, client, redis_server
    finally:
        if nginx is not None:
            nginx.stop()
        for server in servers:
            server.stop()
        redis_server.stop()


def calls_logged(server: Serve, game_id: str) -> list[str]:
    """The methods of the calls about ``game_id`` that ``server`` logged (one JSON line per call)."""
    methods = []
    for line in server.log_path.read_text().splitlines():
        if line.startswith("{"):
            record = json.loads(line)
            if record.get("event") == "rpc" and record.get("game_id") == game_id:
                methods.append(record["method"])
    return methods


class Watcher(threading.Thread):
    """Watches a game through nginx to its end and keeps every event's version; a stream
    that breaks (its server died) is resumed where it stopped, as clients do (from_version)."""

    def __init__(self, client: Client, game_id: str):
        super().__init__(daemon=True)
        self.seat = client.seat(game_id, None)
        self.versions: list[int] = []
        self.resumed = 0
        self.started_at = threading.Event()
        self.finished = False
        self.error: BaseException | None = None

    def run(self):
        last = None
        try:
            while not self.finished:
                try:
                    for event, view in self.seat.watch(from_version=last):
                        self.started_at.set()
                        if event is not None:
                            self.versions.append(event.version)
                        last = view.version
                        if view.finished:
                            self.finished = True
                            break
                except grpc.RpcError as err:
                    if err.code() not in LOST:
                        raise
                    self.resumed += 1
        except BaseException as err:  # noqa: BLE001 - reported by the test's thread
            self.error = err
            self.started_at.set()


def retried(fn, attempts: int = 5):
    """``fn()``, again (the same request, request_id and all) when nginx lost its answer."""
    for attempt in range(attempts):
        try:
            return fn()
        except grpc.RpcError as err:
            if err.code() not in LOST or attempt == attempts - 1:
                raise


def play_moves(client: Client, game, rng: random.Random, acknowledged: list, count: int | None = None) -> bool:
    """Up to ``count`` random moves (None: to the end), each call through nginx, retried with
    the same request_id when its answer is lost; False once the game is over."""
    made = 0
    while count is None or made < count:
        info = retried(lambda: client.get_game(game.game_id))
        if not info.HasField("decider"):
            return False
        seat = info.decider
        view = retried(lambda: game.seat(seat).view())
        request = game_service_pb2.SubmitMoveRequest(
            game_id=game.game_id, seat=seat, move_id=rng.randrange(len(view.legal_moves)),
            expected_version=view.version, request_id=uuid.uuid4().hex)
        auth = (("authorization", f"Bearer {game.tokens[seat]}"),)
        reply = retried(lambda: client.stub.SubmitMove(request, metadata=auth, timeout=15))
        acknowledged.append((seat, request, reply))
        made += 1
    return True


def assert_every_acknowledged_move_is_kept(client: Client, game, acknowledged: list, final_version: int):
    """The game's log, through nginx, holds each acknowledged move once, at its version
    (each seat's own watch: a spectator's event texts hide what it may not see)."""
    events = {}
    for seat in game.tokens:
        for event, _ in game.seat(seat).watch(from_version=0):
            if event is not None and (event.seat == seat or event.version not in events):
                events[event.version] = event
    assert sorted(events) == list(range(1, final_version + 1))
    assert len({reply.version for _, _, reply in acknowledged}) == len(acknowledged) == final_version
    for seat, _, reply in acknowledged:
        event = events[reply.version]
        assert (event.seat, event.text, event.by_bot) == (seat, reply.move_text, False)


def test_the_shipped_config_passes_nginx_t(stack):
    nginx, servers, _, _ = stack
    checked = nginx.check()
    assert checked.returncode == 0 and "test is successful" in checked.stderr, checked.stderr
    rendered = nginx.conf.read_text()
    assert "server boardbot:50051;" not in rendered
    assert all(f"server {s.address};" in rendered for s in servers)


def test_a_game_through_nginx_uses_both_servers_and_a_watch_sees_every_version(stack):
    _, servers, client, _ = stack
    game = client.create_game("frogriders", seats=[HUMAN, HUMAN], seed=5)
    watcher = Watcher(client, game.game_id)
    watcher.start()
    assert watcher.started_at.wait(15)
    acknowledged = []
    play_moves(client, game, random.Random(5), acknowledged)
    watcher.join(15)
    assert watcher.error is None and watcher.finished, watcher.error
    final = client.get_game(game.game_id)
    assert final.status == common_pb2.GAME_STATUS_FINISHED
    assert watcher.versions == list(range(1, final.version + 1))
    assert watcher.resumed == 0
    assert_every_acknowledged_move_is_kept(client, game, acknowledged, final.version)
    # nginx sent the calls of one client connection to both servers, moves included
    logged = [calls_logged(server, game.game_id) for server in servers]
    assert all(methods.count("SubmitMove") >= 3 for methods in logged), logged
    assert sum(methods.count("SubmitMove") for methods in logged) == final.version


@pytest.mark.parametrize("call", [
    lambda c: c.get_game("no-such-game"),
    lambda c: c.create_game("no-such-game"),
], ids=["NOT_FOUND", "INVALID_ARGUMENT"])
def test_error_statuses_pass_through_nginx_intact(stack, call):
    nginx, servers, client, _ = stack

    def failure(c):
        with pytest.raises(grpc.RpcError) as err:
            call(c)
        status_details = dict(err.value.trailing_metadata()).get("grpc-status-details-bin")
        return err.value.code(), err.value.details(), status_details, error_details(err.value)

    through_nginx = failure(client)
    with Client(servers[0].address, timeout=15) as direct:
        assert through_nginx == failure(direct)
    code, _, status_details, details = through_nginx
    assert code not in LOST and status_details and details["ErrorInfo"].domain == "boardbot.v1"
    if code == grpc.StatusCode.INVALID_ARGUMENT:
        assert details["BadRequest"].field_violations[0].field == "game"


def test_behind_nginx_a_caller_counts_as_itself_not_as_nginx_nor_as_what_it_claims(stack):
    """The per-client limits count the address nginx forwards (X-Forwarded-For, read from
    --trusted-proxy peers only), not nginx's own, and not a header the caller wrote."""
    import redis

    from boardbot.server.redis_store import PREFIX

    _, _, client, redis_server = stack
    creators = redis.Redis.from_url(redis_server.url)
    before = {k.decode(): int(v) for k, v in creators.hgetall(PREFIX + "creators").items()}
    for forged in (None, "198.51.100.66"):
        metadata = [("x-forwarded-for", forged)] if forged else []
        client.stub.CreateGame(game_service_pb2.CreateGameRequest(game="frogriders"), metadata=metadata,
                               timeout=15)
    after = {k.decode(): int(v) for k, v in creators.hgetall(PREFIX + "creators").items()}
    creators.close()
    assert after.get("127.0.0.1", 0) - before.get("127.0.0.1", 0) == 2, after
    assert PROXY not in after and "198.51.100.66" not in after, after


def test_a_server_killed_mid_game_leaves_the_game_playable_through_nginx(stack):
    nginx, servers, client, _ = stack
    game = client.create_game("frogriders", seats=[HUMAN, HUMAN], seed=9)
    # two watches in a row: round robin puts them on different servers, so one of them
    # is on the server about to die
    watchers = [Watcher(client, game.game_id) for _ in range(2)]
    for watcher in watchers:
        watcher.start()
        assert watcher.started_at.wait(15)
    rng, acknowledged = random.Random(9), []
    assert play_moves(client, game, rng, acknowledged, count=6)
    # a call in flight on the server about to die: two searches in a row, one on each server
    # (round robin); nginx does not resend a call it has sent (a gRPC call is a POST, not
    # idempotent), so the one on the dead server fails and is the client's to retry
    seat = client.get_game(game.game_id).decider
    search = bot_service_pb2.SuggestMoveRequest(game_id=game.game_id, seat=seat, bot="ismcts:time=2")
    auth = (("authorization", f"Bearer {game.tokens[seat]}"),)
    # on a channel without boardbot.client's retry policy, which would send the lost call again
    bare = grpc.insecure_channel(client.address, options=[("grpc.enable_retries", 0)])
    stub = bot_service_pb2_grpc.BotServiceStub(bare)
    searches = [stub.SuggestMove.future(search, metadata=auth, timeout=15) for _ in range(2)]
    direct = [Client(server.address, timeout=15) for server in servers]
    try:
        while not all(c.serving_stats().running == 1 for c in direct):
            assert not any(f.done() for f in searches), [f.exception() for f in searches if f.done()]
            time.sleep(0.01)
    finally:
        for c in direct:
            c.close()
    servers[0].kill()
    failures = [f.exception() for f in searches]  # the survivor's search runs to its end
    bare.close()
    lost = [err for err in failures if err is not None]
    assert len(lost) == 1 and lost[0].code() in LOST, failures
    play_moves(client, game, rng, acknowledged)  # to the end, through nginx alone
    final = client.get_game(game.game_id)
    assert final.status == common_pb2.GAME_STATUS_FINISHED and final.version > 6
    assert_every_acknowledged_move_is_kept(client, game, acknowledged, final.version)
    for watcher in watchers:
        watcher.join(15)
        assert watcher.error is None and watcher.finished, watcher.error
        assert watcher.versions == list(range(1, final.version + 1))
    assert sum(w.resumed for w in watchers) >= 1, "neither watch was on the killed server"
    after_kill = calls_logged(servers[1], game.game_id)
    assert after_kill.count("SubmitMove") >= final.version - 6
    assert nginx.proc.poll() is None, nginx.error_log()
