"""Ratings and leaderboards (issue 49 item 5), end to end: rated games of named players and
presets move the leaderboard of their configuration, once per game; hostile requests are
refused with the field at fault; the ratings survive a restart on SQLite and two processes
on one Redis rate their games once each; a game whose rating was lost is rated by the
sweep; ``boardbot ratings anchor`` plays the presets' round robin."""

import asyncio
import random
import subprocess
import sys
import time
import uuid

import grpc
import pytest

from boardbot.client import OPEN, Client
from boardbot.server import ratings as ratings_module
from boardbot.server.calls import Call
from boardbot.server.master import GameMaster
from boardbot.server.memory_store import InMemoryStore
from boardbot.v1 import common_pb2, game_service_pb2, ratings_pb2
from conftest import error_of, wait_until_finished
from tests.processes import RedisServer, Serve

BOARDBOT = [sys.executable, "-m", "boardbot.tools.cli"]


def board(client, game="frogriders", config=None) -> dict[str, ratings_pb2.RatingEntry]:
    return {e.name: e for e in client.leaderboard(game, config)}


def until_counted(client, names: dict[str, int], game="frogriders", config=None, seconds=10.0):
    """The leaderboard once each named entrant has played the given number of rated games."""
    deadline = time.monotonic() + seconds
    while True:
        found = board(client, game, config)
        if all(n in found and found[n].games == count for n, count in names.items()):
            return found
        assert time.monotonic() < deadline, {n: found.get(n) for n in names}
        time.sleep(0.02)


def play_out(client, game, rng: random.Random) -> None:
    """Play a game's human seats with random moves to its end (bots play themselves)."""
    while (info := client.get_game(game.game_id)).status == common_pb2.GAME_STATUS_RUNNING:
        seat = game.seat(info.decider) if info.decider in game.tokens else None
        if seat is None:
            time.sleep(0.005)
            continue
        view = seat.view()
        if view.my_turn:
            seat.play(move_id=rng.choice(view.legal_moves).id)


def test_rated_games_move_the_leaderboard_of_their_configuration(client):
    rng = random.Random(3)
    config = {"players": 3}
    for _ in range(4):  # alice and bob (people) against the greedy preset
        game = client.create_game("frogriders", config, seats=["human", "human", "greedy"], rated=True,
                                  player_names=["alice", " bob  "])  # trimmed, as JoinGame trims: bob
        assert game.created.rated
        play_out(client, game, rng)
    found = until_counted(client, {"alice": 4, "bob": 4, "greedy": 4}, config=config)
    entries = list(client.leaderboard("frogriders", config))
    assert [e.rank for e in entries] == sorted(e.rank for e in entries) and entries[0].rank == 1
    assert all(a.rating >= b.rating for a, b in zip(entries, entries[1:]))
    for name in ("alice", "bob", "greedy"):
        e = found[name]
        assert e.rating == pytest.approx(e.mu - 3 * e.sigma) and e.sigma < 25 / 3
        assert e.update_time.seconds > 0
    assert found["alice"].kind == found["bob"].kind == ratings_pb2.RATED_KIND_PLAYER
    assert found["greedy"].kind == ratings_pb2.RATED_KIND_PRESET
    # another configuration has its own board; an unrated game changes nothing
    assert "alice" not in board(client, config={"players": 2})
    unrated = client.create_game("frogriders", config, seats=["greedy", "random", "ismcts:easy"])
    wait_until_finished(unrated, 60)
    time.sleep(0.2)
    assert board(client, config=config)["greedy"].games == 4
    # pages: one entry at a time, the same entries in the same order
    paged = list(client.leaderboard("frogriders", config, page_size=1))
    assert [e.name for e in paged] == [e.name for e in entries]


def test_a_rated_game_of_open_seats_rates_the_names_its_players_joined_with(client):
    tag = uuid.uuid4().hex[:6]  # names of this test's own (the server is the session's)
    ann, bob, cat = f"ann-{tag}", f"bob-{tag}", f"cat-{tag}"
    config = {"players": 3}
    game = client.create_game("frogriders", config, seats=[OPEN, OPEN, "greedy"], rated=True,
                              lobby={"reservation": "1s"})
    assert game.created.rated and game.created.status == common_pb2.GAME_STATUS_WAITING
    # a rated game rates its players by name: none, or another seat's, is refused
    code, _, details = error_of(client.join_game, game.game_id)
    assert code == grpc.StatusCode.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == "player_name"
    first = client.join_game(game.game_id, name=ann)
    first.view()  # taken up
    code, _, details = error_of(client.join_game, game.game_id, name=ann)
    assert code == grpc.StatusCode.INVALID_ARGUMENT and details["ErrorInfo"].reason == "NAME_TAKEN"
    late = client.join_game(game.game_id, name=cat)  # never takes the seat up: it opens again, unnamed
    deadline = time.monotonic() + 10
    while client.get_game(game.game_id).seats[late.number].state != common_pb2.SEAT_STATE_OPEN:
        assert time.monotonic() < deadline, "the reservation did not lapse"
        time.sleep(0.05)
    second = client.join_game(game.game_id, seat=late.number, name=bob)
    second.view()
    tokens = {first.number: first.token, second.number: second.token}
    play_out(client, type(game)(game.client, game.game_id, tokens, game.owner_token, game.created),
             random.Random(5))
    found = until_counted(client, {ann: 1, bob: 1}, config=config)
    assert found[ann].kind == found[bob].kind == ratings_pb2.RATED_KIND_PLAYER
    assert cat not in found  # the name of a reservation that lapsed is nobody's rating


def test_open_seats_of_a_rated_game_are_named_when_joined_not_at_creation(client):
    request = game_service_pb2.CreateGameRequest(game="frogriders", rated=True, seats=[
        common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_HUMAN, open=True, player_name="early"),
        common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_BOT, bot="greedy")])
    code, _, details = error_of(client.stub.CreateGame, request)
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert details["BadRequest"].field_violations[0].field == "seats[0].player_name"


def test_a_forfeit_on_time_in_a_rated_game_is_rated_when_the_game_ends(client):
    tag = uuid.uuid4().hex[:6]
    eve = f"eve-{tag}"
    config = {"players": 2}
    clock = {"kind": "CLOCK_KIND_INCREMENT", "initial_time": "1s", "on_timeout": "TIMEOUT_POLICY_FORFEIT"}
    game = client.create_game("frogriders", config, seats=[OPEN, "random"], rated=True, clock=clock)
    client.join_game(game.game_id, name=eve).view()  # taken up: the clock runs, and Eve never moves
    wait_until_finished(game, 30)
    info = client.get_game(game.game_id)
    assert info.seats[0].resigned and info.clocks.timeouts[0] == 1
    assert list(info.outcome.ranks) == [1, 0]  # the forfeited seat ranks behind
    # rated at once (the sweep, every 60 s here, is not what rated it)
    found = until_counted(client, {eve: 1}, config=config, seconds=5)
    assert found[eve].mu < 25


def test_hostile_rated_games_and_leaderboards_are_refused(client):
    def refused(field, **kwargs):
        code, _, details = error_of(client.create_game, "frogriders", **kwargs)
        assert code == grpc.StatusCode.INVALID_ARGUMENT, kwargs
        assert details["BadRequest"].field_violations[0].field == field, (kwargs, details)

    refused("seats[0].player_name", seats=["human", "greedy"], rated=True)  # a nameless person
    refused("seats[0].player_name", seats=["human", "greedy"], rated=True, player_names=["x" * 65])
    refused("seats[0].player_name", seats=["human", "greedy"], rated=True, player_names=["bad\x07name"])  # a control character (white space folds to a space, as in JoinGame)
    refused("seats[0].player_name", seats=["human", "greedy"], rated=True, player_names=["   "])  # no name left
    # trimmed as JoinGame trims it: " alice " is alice, who cannot play two seats
    refused("seats[1]", seats=["human", "human"], rated=True, player_names=["alice", " alice "])
    refused("seats[1].player_name", seats=["human", "greedy"], rated=True, player_names=["alice", "bot-name"])
    refused("seats[1]", seats=["human", "human"], rated=True, player_names=["alice", "alice"])
    refused("seats[1]", seats=["greedy", "greedy"], rated=True)  # a bot rated against itself
    code, _, details = error_of(client.create_game, "dulore-jutunk", seats=["human"], rated=True,
                                player_names=["solo"])
    assert code == grpc.StatusCode.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == "rated"

    def leaderboard(**fields):
        return client.stub.GetLeaderboard(game_service_pb2.GetLeaderboardRequest(**fields))

    assert error_of(leaderboard, game="chess")[0] == grpc.StatusCode.INVALID_ARGUMENT
    code, _, details = error_of(leaderboard, game="frogriders", config=common_pb2.GameConfig(
        frogriders={"players": 9}))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert details["BadRequest"].field_violations[0].field == "config.frogriders.players"
    code, _, details = error_of(leaderboard, game="frogriders", config=common_pb2.GameConfig(froccs={}))
    assert code == grpc.StatusCode.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == "config"
    for token in ("garbage", "b2Zmc2V0Oi0x", "YWZ0ZXI6MQ=="):  # not base64; offset:-1; another call's token
        code, _, details = error_of(leaderboard, game="frogriders", page_token=token)
        assert code == grpc.StatusCode.INVALID_ARGUMENT
        assert details["BadRequest"].field_violations[0].field == "page_token"
    assert error_of(leaderboard, game="frogriders", page_size=-1)[0] == grpc.StatusCode.INVALID_ARGUMENT
    assert leaderboard(game="frogriders", page_size=10**9).config.frogriders.players == 2  # capped, not refused


def test_a_game_whose_rating_was_lost_is_rated_by_the_sweep():
    async def scenario():
        store = InMemoryStore()
        await store.open()
        master = GameMaster(store)
        await master.start()
        try:
            book = master.ratings.book
            real_apply, failures = book.apply, []

            async def failing_apply(*args):  # the process "dies" between the game's end and its rating
                failures.append(args)
                raise RuntimeError("lost")

            book.apply = failing_apply
            request = game_service_pb2.CreateGameRequest(game="frogriders", rated=True)
            request.seats.add(kind=common_pb2.SEAT_KIND_BOT, bot="random")
            request.seats.add(kind=common_pb2.SEAT_KIND_BOT, bot="greedy")
            created = await master.create_game(request, Call())
            game_id = created.game.game_id
            for _ in range(500):
                if (await store.get_live(game_id)).finished is not None and failures:
                    break
                await asyncio.sleep(0.01)
            assert failures and await book.pending(10) == [game_id]
            book.apply = real_apply
            await master.ratings.sweep()
            await master.ratings.sweep()  # a second sweep rates nothing twice
            entries = await master.ratings.leaderboard(ratings_module.config_key(
                "frogriders", {"players": 2, "public_back": "none", "privilege_deck": 28}), 0, 10)
            assert sorted((name, r.games) for _, _, name, r in entries) == [("greedy", 1), ("random", 1)]
            assert await book.pending(10) == []
        finally:
            await master.close()
            await store.close()

    asyncio.run(scenario())


def test_ratings_survive_a_restart_on_sqlite(tmp_path):
    args = ["--store", f"sqlite:{tmp_path / 'games.sqlite3'}", "--ai-workers", "0"]
    first = Serve(args, tmp_path / "first.log")
    try:
        with Client(first.address) as c:
            for _ in range(3):
                wait_until_finished(c.create_game("frogriders", seats=["random", "greedy"], rated=True))
            before = until_counted(c, {"random": 3, "greedy": 3})
    finally:
        first.stop()
    again = Serve(args, tmp_path / "again.log")
    try:
        with Client(again.address) as c:
            after = board(c)
            assert {n: (e.mu, e.sigma, e.games) for n, e in after.items()} == \
                   {n: (e.mu, e.sigma, e.games) for n, e in before.items()}
            wait_until_finished(c.create_game("frogriders", seats=["greedy", "random"], rated=True))
            until_counted(c, {"random": 4, "greedy": 4})
    finally:
        again.stop()


def test_two_processes_on_one_redis_rate_each_game_once(tmp_path):
    redis_server = RedisServer(tmp_path)
    servers = []
    try:
        args = ["--store", redis_server.url, "--ai-workers", "0"]
        servers = [Serve(args, tmp_path / f"serve{i}.log") for i in range(2)]
        clients = [Client(s.address) for s in servers]
        games = [clients[i % 2].create_game("czech-pub", seats=["random", "greedy", "ismcts:easy"], rated=True)
                 for i in range(6)]
        for game in games:
            wait_until_finished(game, 120)
        for c in clients:  # both processes read the one board
            until_counted(c, {"random": 6, "greedy": 6, "ismcts:easy": 6}, game="czech-pub", config={"players": 3},
                          seconds=20)
        for c in clients:
            c.close()
    finally:
        for server in servers:
            server.stop()
        redis_server.stop()


def test_the_round_robin_of_presets_anchors_the_scale(server):
    done = subprocess.run([*BOARDBOT, "ratings", "anchor", "--server", server.address, "--game", "froccs",
                           "--config", '{"players": 2}', "--bots", "random,greedy", "--rounds", "8"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "16 rated games played" in done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("froccs {") and lines[1].split() == ["rank", "rating", "mu", "sigma", "games", "who"]
    with Client(server.address) as c:
        found = until_counted(c, {"random": 16, "greedy": 16}, game="froccs", config={"players": 2})
    assert found["greedy"].rating > found["random"].rating  # the stronger preset rates higher
    refused = subprocess.run([*BOARDBOT, "ratings", "anchor", "--server", server.address, "--game", "froccs",
                              "--config", '{"players": 2}', "--bots", "random"], capture_output=True, text=True, timeout=60)
    assert refused.returncode != 0 and "needs 2 different bots" in refused.stderr
