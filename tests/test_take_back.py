"""Taking a move back (GameService.TakeBack, issue 48 item 7), end to end through a real server
and the Python client: in an unrated game against bots only, a player takes their last move
back and is at that decision again (the same view and moves as then), as a new version every
watcher sees; twice in a row goes back two of their moves; a retry with the same expected
version takes nothing more back. The game plays on to its end and its record holds the
take-backs: ``boardbot records replay`` replays it (a take-back to another version does not
replay), and its trajectory has only the moves that stayed. On SQLite the game reads the same
after a restart (the events after the last snapshot replayed, the take-back among them).
Every refusal is a clear status: rated, clocks, another person at the table, nothing to take
back, a resigned seat, the game over, a stranger's token, a seat that does not exist."""

import random

import grpc
import pytest

from boardbot.client import Client
from boardbot.server import logs
from boardbot.server.app import BackgroundServer
from boardbot.server.game_records import ReplayError, replay
from boardbot.server.sqlite_store import SqliteStore
from boardbot.server.take_back import last_decision
from boardbot.v1 import common_pb2
from tests.conftest import error_of

TAKE_BACK = common_pb2.EVENT_KIND_TAKE_BACK


def reason(details) -> str:
    return details["ErrorInfo"].reason


def my_decision(seat, rng: random.Random, choice: bool = True):
    """Wait for the seat's decision (the bots move meanwhile): its view, one with several moves when
    ``choice`` (single moves are played on the way)."""
    for _, view in seat.watch():
        assert not view.finished, "the game ended first"
        if view.my_turn and (len(view.legal_moves) > 1 or not choice):
            return view
        if view.my_turn:
            seat.play(move_id=view.legal_moves[0].id, expected_version=view.version)
    raise AssertionError("the watch stream ended")


def same_position(a, b) -> bool:
    """Two views of one seat show the same position: the state and the legal moves, whatever the version."""
    return a.message.view == b.message.view and [m.text for m in a.legal_moves] == [m.text for m in b.legal_moves]


def play_to_the_end(seat, rng: random.Random):
    for _, view in seat.watch():
        if view.finished:
            return view
        if view.my_turn:
            seat.play(move_id=rng.choice(view.legal_moves).id, expected_version=view.version)
    raise AssertionError("the watch stream ended before the game")


def test_a_player_takes_moves_back_against_bots_and_the_record_replays(server):
    rng = random.Random(48)
    with Client(server.address) as client:
        game = client.create_game("frogriders", seats=["human", "random"], seed=4807, reproducible=True)
        me = game.seat(0)
        first = my_decision(me, rng)
        me.play(move_id=first.legal_moves[-1].id, expected_version=first.version)
        second = my_decision(me, rng)
        me.play(move_id=second.legal_moves[0].id, expected_version=second.version)
        now = my_decision(me, rng, choice=False)
        answer = me.take_back(expected_version=now.version)
        assert answer.game_event.kind == TAKE_BACK and answer.game_event.seat == 0 and not answer.game_event.by_bot
        assert answer.game_event.version == now.version + 1 and answer.game_event.back_to_version == second.version
        assert answer.view.version == now.version + 1 and answer.view.decider == 0
        back = me.view()
        assert back.version == now.version + 1 and same_position(back, second)
        # the spectator sees the take-back, in plain words
        seen = next(e for e, _ in client.seat(game.game_id, None).watch(from_version=now.version) if e is not None)
        assert seen.kind == "take_back" and "back" in seen.text and "take_back" not in seen.text
        # a retry of that call takes nothing more back
        code, _, details = error_of(me.take_back, expected_version=now.version)
        assert code == grpc.StatusCode.ABORTED and reason(details) == "STALE_VERSION"
        assert me.view().version == back.version
        # again at once: back to the decision before (the one undone is off the line)
        again = me.take_back(expected_version=back.version)
        assert again.game_event.back_to_version == first.version and same_position(me.view(), first)
        # and nothing before the first decision
        code, _, details = error_of(me.take_back)
        assert code == grpc.StatusCode.FAILED_PRECONDITION and reason(details) == "NOTHING_TO_TAKE_BACK"
        # play on, differently, to the end
        last = play_to_the_end(me, rng)
        assert last.finished
        code, _, details = error_of(me.take_back)
        assert code == grpc.StatusCode.FAILED_PRECONDITION and reason(details) == "GAME_OVER"
        record = me.record()
        kinds = [e.kind for e in record.events]
        assert record.complete and kinds.count(TAKE_BACK) == 2
        assert replay(record).outcome() == record.game.outcome  # boardbot records replay's check
        # a take-back to another version than the player's last decision does not replay
        wrong = type(record)()
        wrong.CopyFrom(record)
        taken = next(e for e in wrong.events if e.kind == TAKE_BACK)
        taken.back_to_version -= 1
        with pytest.raises(ReplayError, match="could not take a move back"):
            replay(wrong)


def test_the_trajectory_of_a_game_with_take_backs_has_the_moves_that_stayed(server):
    from boardbot.learning.trajectories import arrays

    rng = random.Random(7)
    with Client(server.address) as client:
        game = client.create_game("frogriders", seats=["human", "random"], seed=4808, reproducible=True)
        me = game.seat(0)
        view = my_decision(me, rng)
        me.play(move_id=view.legal_moves[0].id, expected_version=view.version)
        now = my_decision(me, rng, choice=False)
        me.take_back(expected_version=now.version)
        play_to_the_end(me, rng)
        record = me.record()
    moves = [e for e in record.events if e.kind == common_pb2.EVENT_KIND_MOVE]
    undone = {e.version for e in moves if view.version < e.version <= now.version}
    assert undone and len(arrays([record])["action"]) == len(moves) - len(undone)
    # the line of play skips them
    stored = [{"version": e.version, "kind": "take_back" if e.kind == TAKE_BACK else "move", "seat": e.seat,
               "by_bot": e.by_bot, "move": {"to": e.back_to_version}} for e in record.events]
    assert last_decision(stored[:now.version], 0) == view.version


def test_a_take_back_survives_a_restart_on_sqlite(tmp_path):
    logs.configure(enabled=False)
    path = str(tmp_path / "games.sqlite3")
    rng = random.Random(3)
    with BackgroundServer(store=SqliteStore(path)) as srv, Client(srv.address) as client:
        game = client.create_game("frogriders", seats=["human", "random"], seed=4809, reproducible=True)
        me = game.seat(0)
        for _ in range(3):
            view = my_decision(me, rng)
            me.play(move_id=view.legal_moves[-1].id, expected_version=view.version)
        now = my_decision(me, rng, choice=False)
        me.take_back(expected_version=now.version)
        before = me.view()
        assert same_position(before, view)
        token = game.tokens[0]
    with BackgroundServer(store=SqliteStore(path)) as srv, Client(srv.address) as client:
        after = client.seat(game.game_id, 0, token).view()
        assert after.version == before.version and same_position(after, before)
        seat = client.seat(game.game_id, 0, token)
        play_to_the_end(seat, rng)
        record = seat.record()
        assert [e.kind for e in record.events].count(TAKE_BACK) == 1
        replay(record)


def test_take_back_refusals(server):
    rng = random.Random(1)
    with Client(server.address) as client:
        def played(**options):
            game = client.create_game("frogriders", **options)
            view = my_decision(game.seat(0), rng)
            game.seat(0).play(move_id=view.legal_moves[0].id)
            return game

        checks = [
            (played(seats=["human", "random"], rated=True, player_names=["Ann"]), "TAKE_BACK_NOT_ALLOWED", "rated"),
            (played(seats=["human", "human"]), "TAKE_BACK_NOT_ALLOWED", "against bots"),
            (played(seats=["human", "random"], clock={"kind": "CLOCK_KIND_INCREMENT", "initial_time": "300s"}),
             "TAKE_BACK_NOT_ALLOWED", "clocks"),
        ]
        for game, expected, words in checks:
            code, message, details = error_of(game.seat(0).take_back)
            assert code == grpc.StatusCode.FAILED_PRECONDITION and reason(details) == expected, message
            assert words in message
        fresh = client.create_game("frogriders", seats=["human", "random"], seed=5)
        my_decision(fresh.seat(0), rng, choice=False)
        code, _, details = error_of(fresh.seat(0).take_back)
        assert code == grpc.StatusCode.FAILED_PRECONDITION and reason(details) == "NOTHING_TO_TAKE_BACK"
        resigned = played(seats=["human", "random"])
        resigned.seat(0).resign()
        code, _, details = error_of(resigned.seat(0).take_back)
        assert code == grpc.StatusCode.FAILED_PRECONDITION and reason(details) in ("SEAT_RESIGNED", "GAME_OVER")
        game = played(seats=["human", "random"])
        stranger = client.seat(game.game_id, 0, "not-a-token")
        assert error_of(stranger.take_back)[0] == grpc.StatusCode.UNAUTHENTICATED
        code, _, details = error_of(client.seat(game.game_id, 5, game.tokens[0]).take_back)
        assert code == grpc.StatusCode.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == "seat"
        code, _, _ = error_of(client.seat("no-such-game", 0, game.tokens[0]).take_back)
        assert code == grpc.StatusCode.NOT_FOUND
        code, _, details = error_of(client.seat("x" * 5000, 0, game.tokens[0]).take_back)
        assert code == grpc.StatusCode.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == "game_id"
