"""Why a hosted bot moved: its search's statistics with its event (WatchGameResponse.bot_stats).

A searching bot seat's move keeps what its search found (its most visited moves, their visits
and values, the search's figures) in the game's record, in every store. They tell what the bot
knew, its hidden cards among the moves it had, so no observer gets them while the game runs;
once it is over, every observer does, for every bot move, and a replay derives the same."""

import random

import pytest

from boardbot.client import Client
from boardbot.client._core import auth
from boardbot.server import logs
from boardbot.server.app import BackgroundServer
from boardbot.server.events import SEARCH_NOTES_MOVES
from boardbot.server.sqlite_store import SqliteStore
from boardbot.server.store import pack_event, unpack_event
from boardbot.v1 import bot_service_pb2, common_pb2, game_service_pb2

BOT = "ismcts:iterations=40"


def _stream(client, game_id, seat, token):
    request = game_service_pb2.WatchGameRequest(game_id=game_id, seat=seat, from_version=0)
    last = client.get_game(game_id).version
    out = []
    stream = client.stub.WatchGame(request, metadata=auth(token))
    for item in stream:
        out.append(item)
        if item.view.version >= last:
            stream.cancel()
            break
    return out


def _play_to_the_end(client, made, seat, rng, watch_while_running):
    """The human seat plays random legal moves until the game ends; ``watch_while_running``:
    called once the bot has moved a few times."""
    watched = False
    while True:
        view = client.seat(made.game_id, seat, made.tokens[seat]).view()
        public = client.get_game(made.game_id)
        if public.status == common_pb2.GAME_STATUS_FINISHED:
            return
        if not watched and public.version >= 6:
            watch_while_running()
            watched = True
        if public.decider != seat or view.version != public.version:
            continue  # the bot is thinking
        move = view.legal_moves[rng.randrange(len(view.legal_moves))]
        client.seat(made.game_id, seat, made.tokens[seat]).play(move.id, expected_version=view.version)


@pytest.mark.parametrize("durable", [False, True])
def test_a_bots_reasons_are_shown_once_the_game_is_over(tmp_path, durable):
    logs.configure(enabled=False)
    store = SqliteStore(str(tmp_path / "games.db")) if durable else None
    with BackgroundServer(**({"store": store} if store else {})) as srv, Client(srv.address) as client:
        made = client.create_game("frogriders", seats=["human", BOT], seed=48, reproducible=True)
        running = []
        _play_to_the_end(client, made, 0, random.Random(48), lambda: running.extend(
            _stream(client, made.game_id, 0, made.tokens[0]) + _stream(client, made.game_id, None, None)))
        assert running and not any(item.HasField("bot_stats") for item in running)  # nothing while it runs
        for seat, token in ((0, made.tokens[0]), (None, None)):
            items = _stream(client, made.game_id, seat, token)
            bot_moves = [i for i in items if i.HasField("game_event") and i.game_event.seat == 1]
            assert len(bot_moves) > 10
            for item in bot_moves:
                stats = item.bot_stats
                assert item.HasField("bot_stats"), item.game_event
                assert stats.bot == BOT and stats.iterations <= 40
                if stats.stop == bot_service_pb2.SEARCH_STOP_SINGLE_MOVE:  # nothing to weigh: no search
                    assert len(stats.candidates) == 1 and stats.iterations == 0
                    continue
                assert stats.stop == bot_service_pb2.SEARCH_STOP_ITERATIONS and stats.iterations > 0
                assert 1 <= len(stats.candidates) <= SEARCH_NOTES_MOVES
                visits = [c.visits for c in stats.candidates]
                assert visits == sorted(visits, reverse=True) and sum(visits) <= stats.iterations
                assert all(c.text and 0.0 <= c.value <= 1.0 and c.HasField("move_id") for c in stats.candidates)
                if item.game_event.move_text.startswith("leap"):  # a public move: the text all see is the bot's
                    assert stats.candidates[0].text == item.game_event.move_text
            human = [i for i in items if i.HasField("game_event") and i.game_event.seat == 0]
            assert human and not any(i.HasField("bot_stats") for i in human)


def test_random_and_greedy_bots_have_no_search_to_show():
    logs.configure(enabled=False)
    with BackgroundServer() as srv, Client(srv.address) as client:
        made = client.create_game("frogriders", seats=["human", "greedy"], seed=7, reproducible=True)
        _play_to_the_end(client, made, 0, random.Random(7), lambda: None)
        assert not any(i.HasField("bot_stats") for i in _stream(client, made.game_id, 0, made.tokens[0]))


def test_the_stored_form_keeps_the_notes_beside_a_request():
    notes = {"bot": BOT, "iterations": 40, "seconds": 0.01, "workers": 1, "mode": "so", "stop": "iterations",
             "top": [[["leap", 3, 5], 30, 0.5]]}
    bot = {"version": 3, "kind": "move", "seat": 1, "by_bot": True, "move": {"leap": [3, 5]}, "time": 1.5, "search": notes}
    assert unpack_event(3, pack_event(bot)) == bot
    human = {"version": 4, "kind": "move", "seat": 0, "by_bot": False, "move": {"x": 1}, "time": 2.0,
             "request": {"id": "r1", "fp": "f"}}
    assert unpack_event(4, pack_event(human)) == human
    assert unpack_event(4, pack_event(human, with_request_id=False), "r1") == human
