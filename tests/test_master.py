"""The game master on its own, with no transport: the one authority every way in uses.

The end-to-end tests (tests/test_service.py, tests/test_bot_service.py) reach
it through gRPC; here it is called directly, as `boardbot loadtest
--in-process` does, and its modules are checked to hold no transport.
"""

import ast
import asyncio
import pathlib

import pytest

from boardbot.server import errors
from boardbot.server.advisor import BotAdvisor
from boardbot.server.calls import Call
from boardbot.server.master import GameMaster
from boardbot.server.search_queue import SearchQueue
from boardbot.server.memory_store import InMemoryStore
from boardbot.v1 import bot_service_pb2 as bpb
from boardbot.v1 import common_pb2
from boardbot.v1 import game_service_pb2 as pb

SERVER = pathlib.Path(__file__).resolve().parent.parent / "server"
TRANSPORT_FREE = ("master.py", "calls.py", "access.py", "game_types.py", "records.py", "store.py", "memory_store.py",
                  "snapshots.py", "events.py", "watching.py", "bot_driver.py", "leases.py", "advisor.py", "errors.py",
                  "bots.py", "search_queue.py", "convert.py", "seats.py", "lobby.py", "clocks.py")


@pytest.mark.parametrize("module", TRANSPORT_FREE)
def test_the_authority_imports_no_transport(module):
    tree = ast.parse((SERVER / module).read_text())
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add("." * node.level + (node.module or ""))  # ".rpc" for "from .rpc import ..."
    assert not {m for m in imported if m.split(".")[0] in ("grpc", "grpc_status", "grpc_health")}, imported
    assert not {m for m in imported if m.endswith(("rpc", "service", "bridge", "processes"))
                and m.startswith(".")}, imported


def run(coro):
    return asyncio.run(coro)


async def _play_against_random(master: GameMaster, seed: int) -> tuple[pb.CreateGameResponse, list]:
    created = await master.create_game(pb.CreateGameRequest(game="frogriders", seed=seed, seats=[
        common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_HUMAN),
        common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_BOT, bot="random")]), Call())
    game_id = created.game.game_id
    me = Call.with_token(created.seat_tokens[0].token)
    view = (await master.get_view(pb.GetViewRequest(game_id=game_id, seat=0), me)).view
    versions = [view.version]
    while view.status != common_pb2.GAME_STATUS_FINISHED:
        reply = await master.submit_move(pb.SubmitMoveRequest(
            game_id=game_id, seat=0, move_id=0, expected_version=view.version, request_id=f"m{view.version}",
            response_view=pb.RESPONSE_VIEW_NEXT_DECISION), me)
        view = reply.view
        versions.append(view.version)
    return created, versions


def test_a_whole_game_through_the_master_alone():
    async def scenario():
        master = GameMaster(InMemoryStore())
        try:
            created, versions = await _play_against_random(master, seed=5)
            assert versions == sorted(versions) and versions[-1] > 10
            game = (await master.get_game(pb.GetGameRequest(game_id=created.game.game_id), Call())).game
            assert game.status == common_pb2.GAME_STATUS_FINISHED and game.version == versions[-1]
            # the watch replays every version in order, from 0
            seen = [item.view.version async for item in master.watch_game(
                pb.WatchGameRequest(game_id=game.game_id, from_version=0), Call())]
            assert seen == list(range(game.version + 1))
        finally:
            await master.close()
            master.bots.close()
    run(scenario())


def test_authority_errors_are_statuses_with_details():
    async def scenario():
        master = GameMaster(InMemoryStore())
        try:
            created = await master.create_game(pb.CreateGameRequest(game="frogriders", seed=1), Call())
            game_id = created.game.game_id
            seat0 = Call.with_token(created.seat_tokens[0].token)
            view = (await master.get_view(pb.GetViewRequest(game_id=game_id, seat=0), seat0)).view
            request = pb.SubmitMoveRequest(game_id=game_id, seat=0, move_id=0, request_id="r1")
            first = await master.submit_move(request, seat0)
            # the same request id: the same answer, nothing applied twice
            assert await master.submit_move(request, seat0) == first
            cases = [
                (master.get_view(pb.GetViewRequest(game_id=game_id, seat=1), Call()), "UNAUTHENTICATED", None),
                (master.get_view(pb.GetViewRequest(game_id=game_id, seat=1), seat0), "PERMISSION_DENIED", None),
                (master.get_view(pb.GetViewRequest(game_id=game_id, seat=1), Call("Basic x")), "UNAUTHENTICATED",
                 None),
                (master.get_game(pb.GetGameRequest(game_id="nope"), Call()), "NOT_FOUND", None),
                (master.submit_move(pb.SubmitMoveRequest(game_id=game_id, seat=0, move_id=0,
                                                         expected_version=view.version), seat0), "ABORTED", None),
                (master.submit_move(pb.SubmitMoveRequest(game_id=game_id, seat=0, move_id=1, request_id="r1"),
                                    seat0), "INVALID_ARGUMENT", "request_id"),
                (master.create_game(pb.CreateGameRequest(game="chess"), Call()), "INVALID_ARGUMENT", "game"),
            ]
            for coro, code, field in cases:
                with pytest.raises(errors.ServiceError) as caught:
                    await coro
                status = caught.value.status()
                assert caught.value.code_name == code and status.code == caught.value.code
                assert status.details[0].TypeName() == "google.rpc.ErrorInfo"
                if field is not None:
                    assert caught.value.field == field
        finally:
            await master.close()
            master.bots.close()
    run(scenario())


def test_the_advisor_answers_through_the_master():
    async def scenario():
        master = GameMaster(InMemoryStore())
        searches = SearchQueue(None)
        searches.start()
        advisor = BotAdvisor(master, searches)
        try:
            created = await master.create_game(pb.CreateGameRequest(game="frogriders", seed=2), Call())
            game_id = created.game.game_id
            view = (await master.get_game(pb.GetGameRequest(game_id=game_id), Call())).game
            decider = view.decider
            token = next(t.token for t in created.seat_tokens if t.seat == decider)
            reply = await advisor.suggest_move(bpb.SuggestMoveRequest(
                game_id=game_id, seat=decider, bot="ismcts", budget=bpb.SearchBudget(iterations=50), seed=3),
                Call.with_token(token))
            assert reply.version == 0 and reply.stats.iterations >= 50
            with pytest.raises(errors.ServiceError) as caught:
                await advisor.suggest_move(bpb.SuggestMoveRequest(game_id=game_id, seat=decider), Call())
            assert caught.value.code_name == "UNAUTHENTICATED"
        finally:
            await master.close()
            master.bots.close()
            searches.close()
    run(scenario())
