"""Game records (issue 49 item 6), end to end through a real server: a finished game exports
a complete record whose deal, committed at creation, checks by hand and by ``boardbot records
replay``, which plays it again to the same final state; a running game's record shows each
asker only what it may see; a forged record does not replay; the commitment survives a
restart on SQLite and is one for two processes on Redis; records become trajectories; records
of games with seat changes, timeouts, stand-in moves and a restart of the clocks replay."""

import hashlib
import json
import random
import subprocess
import sys

import grpc
import numpy as np
import pytest
from google.protobuf import json_format

from boardbot.client import Client
from boardbot.engine import registry
from boardbot.learning.match import Match
from boardbot.server.game_records import ReplayError, replay
from boardbot.v1 import common_pb2, game_record_pb2, game_service_pb2
from conftest import error_of, wait_until_finished
from tests.processes import RedisServer, Serve

BOARDBOT = [sys.executable, "-m", "boardbot.tools.cli"]
PLAYERS = {"froccs": 2, "frogriders": 2, "czech-pub": 3, "dulore-jutunk": 1, "fritanga": 3}


def by_hand(deal: common_pb2.DealCommitment) -> str:
    """The commitment as docs/api-contract.md tells a player to compute it."""
    return hashlib.sha256(bytes.fromhex(deal.salt) + deal.seed.to_bytes(8, "big")).hexdigest()


def finished_game(client, name: str, seats=None):
    game = client.create_game(name, seats=seats or ["random"] * PLAYERS[name])
    wait_until_finished(game, 60)
    return game


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*BOARDBOT, *args], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_a_finished_game_exports_a_record_that_replays_to_its_final_state(client, name, tmp_path):
    game = finished_game(client, name)
    committed = game.created.deal
    assert len(committed.seed_sha256) == 64 and not committed.HasField("seed") and not committed.salt
    record = client.game_record(game.game_id)
    summary = record.game
    assert record.complete and not record.HasField("seat")
    assert summary.deal.seed_sha256 == committed.seed_sha256  # the deal every seat saw at the start
    assert by_hand(summary.deal) == committed.seed_sha256
    assert summary.rules_version == registry.get(name).rules_version
    assert summary.status == common_pb2.GAME_STATUS_FINISHED and len(summary.outcome.scores) == PLAYERS[name]
    assert [e.version for e in record.events] == list(range(1, summary.version + 1))
    assert all(e.HasField("move") and e.move_text and e.by_bot for e in record.events)
    assert record.final_view.version == summary.version and record.final_view.outcome == summary.outcome
    # the record's JSON form, written and replayed by the command
    path = tmp_path / "record.json"
    path.write_text(json_format.MessageToJson(record))
    done = run_cli("records", "replay", str(path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(record.events)} events replayed from seed {summary.deal.seed}" in done.stdout
    assert "checks" in done.stdout and "same final view and scores" in done.stdout
    final = replay(record)
    assert final.state.to_dict() == replay(record).state.to_dict()
    assert final.outcome() == summary.outcome


def test_a_forged_record_does_not_replay(client, tmp_path):
    record = client.game_record(finished_game(client, "czech-pub").game_id)
    replay(record)

    def forged(change) -> game_record_pb2.GameRecord:
        copy = game_record_pb2.GameRecord()
        copy.CopyFrom(record)
        change(copy)
        return copy

    def other_seed(r):
        r.game.deal.seed ^= 1

    def other_salt(r):
        r.game.deal.salt = "00" * 16

    def commitment_kept_other_deal(r):  # a deal changed and its hash "fixed" cannot hide the original
        r.game.deal.seed ^= 1
        r.game.deal.seed_sha256 = by_hand(r.game.deal)

    def wrong_seat(r):
        r.events[0].seat = (r.events[0].seat + 1) % 3

    def move_swapped(r):  # two different moves in each other's place
        i = next(i for i in range(len(r.events) - 1) if r.events[i].move != r.events[i + 1].move)
        first = common_pb2.Move()
        first.CopyFrom(r.events[i].move)
        r.events[i].move.CopyFrom(r.events[i + 1].move)
        r.events[i + 1].move.CopyFrom(first)

    def event_dropped(r):
        del r.events[-1]

    def score_changed(r):
        r.game.outcome.scores[0] += 1

    def running(r):
        r.complete = False

    anything = r"event \d+|not over|final view|outcome"
    expected = {other_seed: "commitment", other_salt: "commitment", commitment_kept_other_deal: anything,
                wrong_seat: "event 1: seat", move_swapped: anything, event_dropped: "not over",
                score_changed: "outcome", running: "not complete"}
    for change, words in expected.items():
        with pytest.raises(ReplayError, match=words):
            replay(forged(change))
    # and the command says so, with exit status 1
    path = tmp_path / "forged.jsonl"
    path.write_text(json.dumps(json_format.MessageToDict(forged(other_seed))) + "\n")
    done = run_cli("records", "replay", str(path))
    assert done.returncode == 1 and "does not replay" in done.stdout, done.stdout + done.stderr


def test_a_running_game_s_record_shows_each_asker_what_it_may_see(client):
    game = client.create_game("czech-pub", seats=["human"] * 3, seed=5)
    rng = random.Random(5)
    for _ in range(12):  # some moves of every seat, whose hands are hidden from the others
        info = game.info()
        seat = game.seat(info.decider)
        view = seat.view()
        seat.play(move_id=rng.choice(view.legal_moves).id)
    version = game.info().version
    for observer in (0, 1, None):
        mine = game.seat(observer) if observer is not None else game.spectator()
        record = mine.record()
        assert not record.complete and record.seat == (observer if observer is not None else 0)
        assert record.HasField("seat") == (observer is not None)
        assert not record.game.deal.HasField("seed") and not record.game.deal.salt  # not before the end
        assert len(record.events) == version
        # each event as WatchGame shows it to this observer, and the view as GetView does
        watched = _watch_from_zero(client, game, observer, version)
        assert list(record.events) == watched
        assert all(e.HasField("move") == (e.seat == observer) for e in record.events)
        assert record.final_view == mine.view().message
    # a seat's record needs that seat's token
    stranger = client.seat(game.game_id, 0, game.tokens[1])
    assert error_of(stranger.record)[0] == grpc.StatusCode.PERMISSION_DENIED
    assert error_of(client.seat(game.game_id, 0, None).record)[0] == grpc.StatusCode.UNAUTHENTICATED
    assert error_of(client.seat(game.game_id, 7, game.tokens[0]).record)[0] == grpc.StatusCode.INVALID_ARGUMENT
    assert error_of(client.game_record, "no-such-game")[0] == grpc.StatusCode.NOT_FOUND
    code, _, details = error_of(client.game_record, "x" * 10_000)
    assert code == grpc.StatusCode.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == "game_id"
    code, _, details = error_of(client.game_record, "")
    assert code == grpc.StatusCode.INVALID_ARGUMENT


def _watch_from_zero(client, game, observer, version: int) -> list[common_pb2.Event]:
    """The events WatchGame shows ``observer`` from version 0 to ``version``."""
    request = game_service_pb2.WatchGameRequest(game_id=game.game_id, seat=observer, from_version=0)
    metadata = [("authorization", f"Bearer {game.tokens[observer]}")] if observer is not None else []
    out = []
    stream = client.stub.WatchGame(request, metadata=metadata)
    for item in stream:
        if item.HasField("game_event"):
            out.append(item.game_event)
        if item.view.version >= version:
            break
    stream.cancel()
    return out


def test_a_resignation_is_in_the_record_and_replays(client):
    game = client.create_game("frogriders", seats=["human", "random"])
    game.seat(0).resign()
    wait_until_finished(game)
    record = client.game_record(game.game_id)
    assert record.events[0].kind == common_pb2.EVENT_KIND_RESIGN and record.events[0].seat == 0
    assert record.game.outcome.winners == [1]
    replay(record)


def test_a_reproducible_game_reveals_the_callers_seed(client):
    game = client.create_game("froccs", seats=["random", "random"], seed=4242, reproducible=True)
    wait_until_finished(game, 60)
    record = client.game_record(game.game_id)
    assert record.game.deal.seed == 4242 and record.game.reproducible
    replay(record)


def test_trajectories_from_exported_records(server, tmp_path):
    with Client(server.address) as c:
        games = [finished_game(c, "frogriders") for _ in range(3)]
        games.append(finished_game(c, "dulore-jutunk"))
        ids = {g.game_id for g in games}
    out = tmp_path / "records.jsonl"
    done = run_cli("records", "export", "--server", server.address, "--out", str(out))
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert ids <= {line["game"]["gameId"] for line in lines}
    mine = tmp_path / "mine.jsonl"
    mine.write_text("".join(json.dumps(v) + "\n" for v in lines if v["game"]["gameId"] in ids))
    done = run_cli("records", "trajectories", str(mine), "--out", str(tmp_path / "t"))
    assert done.returncode == 0, done.stdout + done.stderr
    files = sorted((tmp_path / "t").glob("*.npz"))
    assert [f.name.split("-")[0] for f in files] == ["dulore", "frogriders"]
    data = np.load(files[1])
    records = [r for v in lines if v["game"]["gameId"] in ids and v["game"]["gameName"] == "frogriders"
               for r in [json_format.ParseDict(v, game_record_pb2.GameRecord())]]
    assert len(data["returns"]) == 3 and list(data["game_id"]) == [r.game.game_id for r in records]
    assert len(data["action"]) == sum(len(r.events) for r in records)
    match = Match("frogriders", json.loads(str(data["config"]))["config"], records[0].game.deal.seed)
    assert data["observation"].shape[1] == match.layout.size and data["mask"].shape[1] == match.actions.size
    assert all(data["mask"][i, a] == 1 for i, a in enumerate(data["action"]))  # every action was legal
    first = data["episode"] == 0
    for obs, seat, action in zip(data["observation"][first], data["seat"][first], data["action"][first]):
        assert np.array_equal(obs, match.observation(int(seat)))  # the decider's own observation
        match.play(int(action))
    assert match.over and list(data["returns"][0]) == match.returns()


def _commitment_across_a_restart(args, tmp_path):
    """Create a game of humans, restart the server on the same store, finish the game: the
    record's deal is the one every seat saw at the start, and it replays."""
    first = Serve(args, tmp_path / "first.log")
    try:
        with Client(first.address) as c:
            game = c.create_game("frogriders", seats=["human", "human"])
            committed = c.get_game(game.game_id).deal.seed_sha256
    finally:
        first.stop()
    again = Serve(args, tmp_path / "again.log")
    try:
        with Client(again.address) as c:
            assert c.get_game(game.game_id).deal.seed_sha256 == committed
            rng = random.Random(1)
            while (info := c.get_game(game.game_id)).status == common_pb2.GAME_STATUS_RUNNING:
                seat = c.seat(game.game_id, info.decider, game.tokens[info.decider])
                seat.play(move_id=rng.choice(seat.view().legal_moves).id)
            record = c.game_record(game.game_id)
            assert record.game.deal.seed_sha256 == committed and by_hand(record.game.deal) == committed
            replay(record)
    finally:
        again.stop()


def test_the_commitment_survives_a_restart_on_sqlite(tmp_path):
    _commitment_across_a_restart(["--store", f"sqlite:{tmp_path / 'games.sqlite3'}", "--ai-workers", "0"], tmp_path)


def test_the_commitment_survives_a_restart_on_redis(tmp_path):
    redis_server = RedisServer(tmp_path)
    try:
        _commitment_across_a_restart(["--store", redis_server.url, "--ai-workers", "0"], tmp_path)
    finally:
        redis_server.stop()


# --- records of games with seats, clocks and timeouts ------------------------------------------
def _replays_by_the_command(record, tmp_path) -> None:
    path = tmp_path / f"{record.game.game_id}.json"
    path.write_text(json_format.MessageToJson(record))
    done = run_cli("records", "replay", str(path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(record.events)} events replayed" in done.stdout and "same final view and scores" in done.stdout


def test_a_game_of_joined_seats_that_forfeit_on_time_replays(client, tmp_path):
    clock = {"kind": "CLOCK_KIND_INCREMENT", "initial_time": "1s", "on_timeout": "TIMEOUT_POLICY_FORFEIT"}
    game = client.create_game("frogriders", seats=["open", "open"], clock=clock)
    client.join_game(game.game_id, name="Alice").view()
    client.join_game(game.game_id, name="").view()  # no name: "a player" in the words
    wait_until_finished(game, 30)
    record = client.game_record(game.game_id)
    kinds = [e.kind for e in record.events]
    assert kinds[:4] == [common_pb2.EVENT_KIND_SEAT] * 4 and kinds.count(common_pb2.EVENT_KIND_TIMEOUT) == 2
    assert record.final_view.HasField("clocks")
    final = replay(record)  # the timeouts as recorded: the seats are out, the random bot's moves after them
    assert final.resigned == [True, True] and final.outcome() == record.game.outcome
    _replays_by_the_command(record, tmp_path)
    forged = game_record_pb2.GameRecord()
    forged.CopyFrom(record)
    forged.events[0].move_text = "Alice joined the game"  # words no seat change has
    with pytest.raises(ReplayError, match="no change of seat 0"):
        replay(forged)


def test_a_game_with_a_restart_a_stand_in_and_a_seat_left_and_reclaimed_replays(tmp_path):
    args = ["--store", f"sqlite:{tmp_path / 'games.sqlite3'}", "--ai-workers", "0", "--bot-processes", "0"]
    server = Serve(args, tmp_path / "serve.log")
    address = server.address
    try:
        with Client(address, timeout=15) as c:
            clock = {"kind": "CLOCK_KIND_INCREMENT", "initial_time": "3s", "on_timeout": "TIMEOUT_POLICY_STAND_IN"}
            # no seat is handed to the stand-in for its time-outs in a row (tests/test_external_bots.py does that)
            game = c.create_game("frogriders", seats=["open", "open"], clock=clock, lobby={"replace_after_failures": 0})
            seats = [c.join_game(game.game_id, name=name) for name in ("Ann", "Ben")]
            for seat in seats:
                seat.view()
            server.kill()  # the clock of the seat to move was running
            server = Serve(args, tmp_path / "serve.log", address=address)
            other = seats[1 - c.get_game(game.game_id).decider]
            other.leave()  # the stand-in plays it ...
            other.come_back()  # ... until its player comes back; every clock then runs out, the stand-in plays on
            wait_until_finished(game, 60)
            record = c.game_record(game.game_id)
    finally:
        server.stop()
    kinds = [e.kind for e in record.events]
    assert common_pb2.EVENT_KIND_CLOCKS_RESUMED in kinds and kinds.count(common_pb2.EVENT_KIND_SEAT) == 6
    texts = [e.move_text for e in record.events if e.kind == common_pb2.EVENT_KIND_SEAT]
    assert any("left seat" in t for t in texts) and any("came back" in t for t in texts)
    assert any(e.by_bot for e in record.events if e.kind == common_pb2.EVENT_KIND_MOVE)  # the stand-in's
    replay(record)
    _replays_by_the_command(record, tmp_path)
