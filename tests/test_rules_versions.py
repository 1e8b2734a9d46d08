"""A stored game is never replayed under other rules than it was played under.

A real server on a SQLite file plays games of one game type under its rules version. A
second server on the same file runs the next rules version of that game type: the game's
rules_version bumped, and its engine's ``apply`` counting every call, as a changed rule
would run. Through gRPC on a loopback port: GetGame, ListGames, GetView and a watch from the
current version answer from the stored game (the game's rules version reported, no legal
moves offered); a retried request, a watch from version 0, a move, a resignation and a
suggestion are FAILED_PRECONDITION naming the game and both rules versions; the bot seats
whose turn it was wait; not one stored event reaches the new engine. A game created there
plays under the new rules. A third server, back on the old rules, answers the retried
request as the first did and plays the waiting bots.
"""

import asyncio
import time

import grpc
import pytest

from boardbot.engine import registry
from boardbot.server.app import BackgroundServer
from boardbot.server.game_types import game_type
from boardbot.server.records import BOT, GameRecord, SeatRecord
from boardbot.server.sqlite_store import SqliteStore
from boardbot.server.store import Live
from boardbot.v1 import bot_service_pb2 as bot_pb
from boardbot.v1 import bot_service_pb2_grpc, game_service_pb2_grpc
from boardbot.v1 import game_service_pb2 as pb

from conftest import error_of, patchable_game

MOVES = 3  # played under the old rules, each with a request id


def token_of(tokens: dict, seat: int) -> tuple:
    return (("authorization", f"Bearer {tokens[seat]}"),)


class Stubs:
    def __init__(self, server: BackgroundServer):
        self.channel = grpc.insecure_channel(server.address)
        self.games = game_service_pb2_grpc.GameServiceStub(self.channel)
        self.bots = bot_service_pb2_grpc.BotServiceStub(self.channel)

    def close(self) -> None:
        self.channel.close()


def move_request(game_id: str, seat: int, request_id: str) -> pb.SubmitMoveRequest:
    return pb.SubmitMoveRequest(game_id=game_id, seat=seat, move_id=0, request_id=request_id,
                                response_view=pb.RESPONSE_VIEW_AFTER_MOVE)


async def store_bot_game(path: str, name: str, version: int) -> None:
    """A game of bots only (id "bots"), stored under rules ``version`` with its first bot to
    move, as a server stopped in the bot's turn leaves it."""
    state = registry.get(name).new_state({}, 7)
    seats = tuple(SeatRecord(BOT, "random") for _ in range(state.num_seats))
    record = GameRecord("bots", name, state.config, 7, seats, "", state.to_dict(), time.time(), rules_version=version)
    store = SqliteStore(path)
    await store.open()
    await store.create_live(Live(record, state, 0, bot_to_move=True))
    await store.close()


@pytest.fixture
def game_types_made_again():
    """ListGameTypes' game types are made once per process: each server here stands for a
    new process (and none of this test's leaves the next test's)."""
    game_type.cache_clear()
    yield
    game_type.cache_clear()


def test_an_event_recorded_under_an_older_rules_version_is_not_replayed(tmp_path, monkeypatch,
                                                                         game_types_made_again):
    name, state_class = patchable_game()
    game = registry.get(name)
    old_version = game.rules_version  # the old rules: the game's own; the new: one more
    new_version = old_version + 1
    path = str(tmp_path / "games.sqlite3")

    # --- the old rules: a game of human seats, three moves with request ids; a game of bots -------
    with BackgroundServer(store=SqliteStore(path)) as old:
        stubs = Stubs(old)
        created = stubs.games.CreateGame(pb.CreateGameRequest(game=name))
        game_id, tokens = created.game.game_id, {t.seat: t.token for t in created.seat_tokens}
        assert created.game.rules_version == old_version
        answers = []
        for i in range(MOVES):
            seat = stubs.games.GetGame(pb.GetGameRequest(game_id=game_id)).game.decider
            answers.append(stubs.games.SubmitMove(move_request(game_id, seat, f"r{i}"), metadata=token_of(tokens, seat)))
        decider = stubs.games.GetGame(pb.GetGameRequest(game_id=game_id)).game.decider
        view_then = stubs.games.GetView(pb.GetViewRequest(game_id=game_id, seat=decider),
                                        metadata=token_of(tokens, decider)).view
        assert view_then.version == MOVES and view_then.legal_moves
        stubs.close()
    asyncio.run(store_bot_game(path, name, old_version))

    # --- the new rules: the same game type, one rule changed, its rules_version bumped -----------------
    applied = []
    apply = state_class.apply
    monkeypatch.setattr(state_class, "apply", lambda state, move: (applied.append(move), apply(state, move))[1])
    monkeypatch.setattr(game, "rules_version", new_version)  # (its older_versions keep no old_version)
    game_type.cache_clear()
    refused = (f"game {game_id} was played under {name} rules version {old_version}, and this server runs {name} "
               f"rules version {new_version}")

    def precondition(fn, *args, **kwargs):
        code, message, details = error_of(fn, *args, **kwargs)
        assert code == grpc.StatusCode.FAILED_PRECONDITION, (code, message)
        assert details["ErrorInfo"].reason == "RULES_VERSION_CHANGED"
        metadata = dict(details["ErrorInfo"].metadata)
        assert metadata.pop("game_id") in message
        assert metadata == {"game": name, "rules_version": str(old_version), "server_rules_version": str(new_version)}
        assert details["PreconditionFailure"].violations[0].type == "RULES_VERSION_CHANGED"
        return message

    with BackgroundServer(store=SqliteStore(path)) as new:
        stubs = Stubs(new)
        kinds = {t.name: t for t in stubs.games.ListGameTypes(pb.ListGameTypesRequest()).game_types}
        assert kinds[name].rules_version == new_version
        # what needs no replay is answered from the stored game
        stored = stubs.games.GetGame(pb.GetGameRequest(game_id=game_id)).game
        assert stored.rules_version == old_version and stored.version == MOVES and stored.decider == decider
        listed = {g.game_id: g for g in stubs.games.ListGames(pb.ListGamesRequest()).games}
        assert listed[game_id].rules_version == old_version and listed["bots"].rules_version == old_version
        view_now = stubs.games.GetView(pb.GetViewRequest(game_id=game_id, seat=decider),
                                       metadata=token_of(tokens, decider)).view
        assert view_now.version == MOVES and view_now.view == view_then.view and view_now.decider == decider
        assert not view_now.legal_moves  # none can be played here
        spectator = stubs.games.GetView(pb.GetViewRequest(game_id=game_id)).view
        assert spectator.version == MOVES
        watch = stubs.games.WatchGame(pb.WatchGameRequest(game_id=game_id))
        assert next(watch).view.version == MOVES
        watch.cancel()
        # what needs a replay, or a new event, is refused, and says why
        for i in range(MOVES):  # every request is recognised, and none is answered by replaying it
            seat = answers[i].view.seat
            message = precondition(stubs.games.SubmitMove, move_request(game_id, seat, f"r{i}"),
                                   metadata=token_of(tokens, seat))
            assert message.startswith(refused + ": it does not replay its events under other rules")
        message = precondition(stubs.games.SubmitMove, move_request(game_id, decider, "r-new"),
                               metadata=token_of(tokens, decider))
        assert message == (f"{refused}: it does not play on under other rules (GetGame and GetView answer from "
                           "the stored game)")
        precondition(lambda: list(stubs.games.WatchGame(pb.WatchGameRequest(game_id=game_id, from_version=0))))
        precondition(stubs.games.Resign, pb.ResignRequest(game_id=game_id, seat=decider),
                     metadata=token_of(tokens, decider))
        message = precondition(stubs.bots.SuggestMove, bot_pb.SuggestMoveRequest(game_id=game_id, seat=decider,
                                                                                  bot="random"),
                               metadata=token_of(tokens, decider))
        assert "does not search for its moves under other rules" in message
        time.sleep(0.5)  # the bot driver had its chance to play the bots' game
        assert stubs.games.GetGame(pb.GetGameRequest(game_id="bots")).game.version == 0
        assert stubs.games.GetGame(pb.GetGameRequest(game_id=game_id)).game.version == MOVES
        assert applied == []  # not one stored event, nor any new move, went through the new rules
        # a game created under the new rules plays under them
        fresh = stubs.games.CreateGame(pb.CreateGameRequest(game=name))
        assert fresh.game.rules_version == new_version
        seat = fresh.game.decider
        stubs.games.SubmitMove(move_request(fresh.game.game_id, seat, "f0"),
                               metadata=(("authorization", f"Bearer {fresh.seat_tokens[seat].token}"),))
        assert applied
        stubs.close()

    # --- back on the old rules, the game is as it was: the retry is answered as then, the bots play --
    monkeypatch.undo()
    game_type.cache_clear()
    with BackgroundServer(store=SqliteStore(path)) as again:
        stubs = Stubs(again)
        seat = answers[1].view.seat
        assert stubs.games.SubmitMove(move_request(game_id, seat, "r1"), metadata=token_of(tokens, seat)) == answers[1]
        deadline = time.monotonic() + 10
        while stubs.games.GetGame(pb.GetGameRequest(game_id="bots")).game.version == 0:
            assert time.monotonic() < deadline, "the bots' game did not go on under its own rules"
            time.sleep(0.02)
        # the game of the new rules is the one read only now
        code, message, _ = error_of(stubs.games.SubmitMove, move_request(fresh.game.game_id, 0, "f1"),
                                    metadata=(("authorization", f"Bearer {fresh.seat_tokens[0].token}"),))
        assert code == grpc.StatusCode.FAILED_PRECONDITION and f"rules version {new_version}" in message
        stubs.close()


@pytest.mark.parametrize("name", ["czech-pub", "frogriders"])
def test_a_game_of_an_older_version_the_engine_keeps_plays_on(tmp_path, game_types_made_again, name):
    """Rules version 2 of the games with chance events changed only their chance stream (and
    Frogriders' only its deal's), and the engine keeps version 1 (``Game.older_versions``): a game
    stored under version 1 plays on at the deploy, its bots included, drawing its chance from the
    Mersenne Twister as it was created to."""
    from boardbot.engine.chance import MERSENNE_TWISTER

    game = registry.get(name)
    assert game.rules_version == 2 and game.plays(1)
    path = str(tmp_path / "games.sqlite3")
    state = game.new_state({}, 7, rules_version=1)
    seats = tuple(SeatRecord(BOT, "random") for _ in range(state.num_seats))
    record = GameRecord("bots", name, state.config, 7, seats, "", state.to_dict(), time.time(), rules_version=1)

    async def store() -> None:
        s = SqliteStore(path)
        await s.open()
        await s.create_live(Live(record, state, 0, bot_to_move=True))
        await s.close()

    asyncio.run(store())
    with BackgroundServer(store=SqliteStore(path)) as server:
        stubs = Stubs(server)
        deadline = time.monotonic() + 20
        while stubs.games.GetGame(pb.GetGameRequest(game_id="bots")).game.version < 20:
            assert time.monotonic() < deadline, "the version 1 game did not play on"
            time.sleep(0.05)
        assert stubs.games.GetGame(pb.GetGameRequest(game_id="bots")).game.rules_version == 1
        stubs.close()

    async def read():
        s = SqliteStore(path)
        await s.open()
        try:
            return await s.get_live("bots")
        finally:
            await s.close()

    live = asyncio.run(read())
    assert live.record.rules_version == 1 and live.state.stream == MERSENNE_TWISTER
