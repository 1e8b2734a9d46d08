"""Views from a hostile caller (issue 19's findings): ChooseMove checks a view in a
search worker before anything uses it, and a search that raises fails alone."""

import concurrent.futures
import copy
import random
import time

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

import ai_toygames
from boardbot.ai.pool import SearchPool
from boardbot.ai.view_check import ViewRejected, check_bounds, check_view
from boardbot.engine import registry
from boardbot.engine.core import TERMINAL
from boardbot.server import convert, logs
from boardbot.server.app import BackgroundServer
from boardbot.v1 import bot_service_pb2, bot_service_pb2_grpc, common_pb2


def deciding_view(game_name: str, config: dict, moves: int, seed: int = 1) -> dict:
    """The deciding seat's view after ``moves`` random moves of a real game."""
    game = registry.get(game_name)
    state = game.new_state(config, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.decider() == TERMINAL:
            break
        state.apply(rng.choice(state.legal_moves()))
    return state.view(state.decider())


@pytest.fixture(scope="module")
def server():
    logs.configure(enabled=False)
    pool = SearchPool(1, max_memory=2 << 30)
    srv = BackgroundServer(pool=pool)
    yield srv
    srv.stop()
    pool.close()


@pytest.fixture(scope="module")
def bots(server):
    channel = grpc.insecure_channel(server.address)
    yield bot_service_pb2_grpc.BotServiceStub(channel)
    channel.close()


def choose(bots, game: str, view: dict, bot: str = "ismcts:iterations=50"):
    request = bot_service_pb2.ChooseMoveRequest(game=game, bot=bot, seed=1,
                                                view=convert.to_proto(common_pb2.View, game, view))
    return bots.ChooseMove(request, timeout=30)


def bad_request_fields(err: grpc.RpcError) -> list[str]:
    status = rpc_status.from_call(err)
    fields = []
    for detail in status.details:
        if detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
            bad = error_details_pb2.BadRequest()
            detail.Unpack(bad)
            fields += [v.field for v in bad.field_violations]
    return fields


def test_every_real_view_passes_the_gate():
    for game in registry.all_games():
        rng = random.Random(7)
        for config in game.configurations():
            state = game.new_state(config, 3)
            step = 0
            while state.decider() != TERMINAL:
                if step % 7 == 0:
                    checked = check_view(game, state.view(state.decider()), 11)
                    assert checked.moves == state.legal_moves(), (game.name, config, step)
                state.apply(rng.choice(state.legal_moves()))
                step += 1


def test_the_froccs_counter_that_froze_the_server(server, bots):
    view = deciding_view("froccs", {"players": 3}, 10)
    view["counter"][0] = -2 ** 31
    with pytest.raises(grpc.RpcError) as err:
        choose(bots, "froccs", view)
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert bad_request_fields(err.value) == ["view.froccs.counter[0]"]


def test_the_czech_pub_stage_that_killed_workers(server, bots):
    view = deciding_view("czech-pub", {"players": 3}, 12)
    player = next(p for p in view["players"] if "stage" in p)
    player["stage"] = 1083518837
    restarts = server.running.searches.pool.restarts
    pids = server.running.searches.pool.pids
    good = deciding_view("czech-pub", {"players": 3}, 5)
    with concurrent.futures.ThreadPoolExecutor(4) as executor:
        bad_calls = [executor.submit(choose, bots, "czech-pub", copy.deepcopy(view), bot)
                     for bot in ("ismcts:iterations=50", "greedy", "random") * 4]
        answer = choose(bots, "czech-pub", good)  # a well-behaved caller meanwhile
        for call in bad_calls:
            with pytest.raises(grpc.RpcError) as err:
                call.result()
            assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT  # greedy too: not INTERNAL
            assert bad_request_fields(err.value)[0].startswith("view.czech_pub.players[")
    assert answer.move.text
    assert server.running.searches.pool.restarts == restarts
    assert server.running.searches.pool.pids == pids


def test_a_view_whose_moves_depend_on_hidden_cards_is_refused(server, bots):
    """Found by tests/test_fuzz.py: a Czech Pub discard phase whose active player is not the
    decider (a real view never has that) made the seat's moves come from another, hidden hand,
    and the search answered a move the gate's rebuild did not have: INTERNAL."""
    game = registry.get("czech-pub")
    state, rng = game.new_state({"players": 3}, 2), random.Random(2)
    while state.view(state.decider())["phase"] != "abstinence_discard":
        state.apply(rng.choice(state.legal_moves()))
        if state.decider() == TERMINAL:
            state, rng = game.new_state({"players": 3}, rng.randrange(1000)), random.Random(rng.randrange(1000))
    view = state.view(state.decider())
    view["active"] = (view["seat"] + 1) % 3
    with pytest.raises(ViewRejected) as err:
        check_view(game, view, 1)
    assert "own legal moves" in err.value.message
    with pytest.raises(grpc.RpcError) as err:
        choose(bots, "czech-pub", view)
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_inconsistent_views_are_named():
    game = registry.get("frogriders")
    view = deciding_view("frogriders", {"players": 2}, 6)
    broken = copy.deepcopy(view)
    broken["seat"] = 7
    with pytest.raises(ViewRejected) as err:
        check_view(game, broken, 1)
    assert err.value.field in ("seat", "config.players")


@pytest.mark.parametrize("value,path", [
    ({"a": [1, 2, 1 << 40]}, "a[2]"), ({"s": "x" * 10_000}, "s"), ({"l": list(range(5000))}, "l"),
    ({"f": float("nan")}, "f")])
def test_bounds_name_the_field(value, path):
    with pytest.raises(ViewRejected) as err:
        check_bounds(value)
    assert err.value.field == path


def test_a_search_that_raises_fails_alone():
    faulty, toy = ai_toygames.FAULTY_GAME, ai_toygames.GAME
    with SearchPool(1) as pool:
        pids = pool.pids
        view = toy.new_state({"players": 2}, 1).view(0)
        faulty_view = dict(view)
        good = pool.submit(toy, view, {}, [(None, 5)], time.monotonic() + 1.0)
        bad = pool.submit(faulty, faulty_view, {}, [(None, 6)], time.monotonic() + 1.0)
        with pytest.raises(RuntimeError, match="a bug in the engine's playout"):
            bad.wait(time.monotonic() + 5)
        results = good.wait(time.monotonic() + 1.0)
        assert results and results[0]["iterations"] > 0
        assert pool.pids == pids and pool.restarts == 0
