"""A caller-chosen seed does not give the hidden cards away (issue 19): the server mixes
its own secret in, unless the game is created reproducible, which every player sees."""

import json

import grpc
import pytest

from boardbot.client import Client, message_dict
from boardbot.engine import registry
from boardbot.server import logs
from boardbot.server.app import BackgroundServer


@pytest.fixture(scope="module")
def client():
    logs.configure(enabled=False)
    srv = BackgroundServer()
    with Client(srv.address) as c:
        yield c
    srv.stop()


def engine_view(name: str, seed: int, seat: int) -> dict:
    """What seat ``seat`` would see if the seed were used as given."""
    game = registry.get(name)
    return game.new_state(game.validate({}), seed).view(seat)


def served_view(client, name: str, seed: int, seat: int, reproducible: bool):
    game = client.create_game(name, seats=["human"] * registry.get(name).validate({})["players"], seed=seed,
                              reproducible=reproducible)
    return game, game.seat(seat).view().state


@pytest.mark.parametrize("name", ["frogriders", "froccs", "czech-pub"])
def test_a_chosen_seed_does_not_reveal_the_deal(client, name):
    leaked = 0
    for seed in range(1, 6):
        game, view = served_view(client, name, seed, 0, reproducible=False)
        assert not game.info().reproducible
        assert not client.get_game(game.game_id).reproducible  # the summary says so too
        mine = json.dumps(view, sort_keys=True)
        predicted = json.dumps(message_dict_of_engine(client, name, engine_view(name, seed, 0)), sort_keys=True)
        leaked += mine == predicted
    assert leaked == 0


def message_dict_of_engine(client, name: str, view: dict) -> dict:
    from boardbot.server import convert
    from boardbot.v1 import common_pb2

    return message_dict(convert.to_proto(common_pb2.View, name, view))


@pytest.mark.parametrize("name", ["frogriders", "froccs", "czech-pub"])
def test_a_reproducible_game_uses_the_seed_as_given(client, name):
    game, view = served_view(client, name, 3, 0, reproducible=True)
    assert game.info().reproducible and client.get_game(game.game_id).reproducible
    assert view == message_dict_of_engine(client, name, engine_view(name, 3, 0))


def test_reproducible_needs_a_seed(client):
    with pytest.raises(grpc.RpcError) as err:
        client.create_game("frogriders", seats=["human", "human"], reproducible=True)
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_the_secret_differs_between_servers():
    logs.configure(enabled=False)
    views = []
    for _ in range(2):
        srv = BackgroundServer()
        try:
            with Client(srv.address) as c:
                views.append(served_view(c, "frogriders", 9, 0, reproducible=False)[1])
        finally:
            srv.stop()
    assert views[0] != views[1]


def views_under_the_same_moves(games: list, players: int, moves: int = 60) -> list[list]:
    """Each game's seat views after each of the same moves (the first legal one) up to ``moves``."""
    out = [[] for _ in games]
    for _ in range(moves):
        for game, seen in zip(games, out):
            seen.append([game.seat(q).view().state for q in range(players)])
        decider = games[0].seat(0).view().decider
        if decider is None or any(game.seat(0).view().decider != decider for game in games):
            break
        for game in games:
            game.seat(decider).play(move_id=0)
    return out


@pytest.mark.parametrize("name", sorted(registry.names()))
def test_the_same_seed_never_deals_two_games_alike(client, name):
    """Issue 54: two games created with seed 42 on one server had the same deal, and stayed alike
    under the same moves, so one game's hands gave the other's away. Each game mixes in a fresh
    secret of its own; reproducible games (and only they) stay alike."""
    players = registry.get(name).validate({})["players"]
    alike = [client.create_game(name, seats=["human"] * players, seed=42, reproducible=True) for _ in range(2)]
    seen = views_under_the_same_moves(alike, players)
    assert seen[0] == seen[1]
    assert len(set(json.dumps(views, sort_keys=True) for views in seen[0])) > 1  # the game moved
    games = [client.create_game(name, seats=["human"] * players, seed=42) for _ in range(2)]
    seen = views_under_the_same_moves(games, players)
    assert seen[0] != seen[1]
