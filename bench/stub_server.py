"""The breakdown rows of bench/call_cost.py: a GameService without its game master.

Two servers, each the ``boardbot serve`` gRPC server (its options, uvloop, the
call's log line to a file) answering CreateGame, SubmitMove and GetView with
answers made once at start by a real master (a Frogriders game's), so a call
costs what it costs without the game:

* ``grpc``: the servicer registered as ``boardbot.server.rpc.add_servicer``
  does (the request decoded by its deserializer, the answer serialized), its
  methods answering at once: gRPC and protobuf for these messages;
* ``wrapped``: ``boardbot.server.service.GameService``, the ``rpc`` wrapper of
  every call (the ``Call`` from the context, the quota check, the call's
  outcome, log line, metrics and tracing hooks) over a stand-in master that
  notes the game in the call's log fields as the master does and answers at once.
"""

from __future__ import annotations

import asyncio
import os
import sys

LEVELS = ("grpc", "wrapped")


async def _answers():
    """A CreateGame, SubmitMove and GetView answer of a real master (Frogriders, 2 human seats)."""
    from boardbot.engine import registry
    from boardbot.server.calls import Call
    from boardbot.server.master import GameMaster
    from boardbot.server.memory_store import InMemoryStore
    from boardbot.v1 import common_pb2
    from boardbot.v1 import game_service_pb2 as pb

    master = GameMaster(InMemoryStore())
    human = common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_HUMAN)
    created = await master.create_game(pb.CreateGameRequest(game="frogriders", seats=[human, human], seed=7,
                                                            reproducible=True), Call())
    state = registry.get("frogriders").new_state({"players": 2}, 7)
    seat = state.decider()
    token = created.seat_tokens[seat].token
    game_id = created.game.game_id
    moved = await master.submit_move(pb.SubmitMoveRequest(game_id=game_id, seat=seat, move_id=0, expected_version=0),
                                     Call.with_token(token))
    view = await master.get_view(pb.GetViewRequest(game_id=game_id, seat=1 - seat),
                                 Call.with_token(created.seat_tokens[1 - seat].token))
    await master.close()
    return created, moved, view


class StandInMaster:
    """Answers at once with ``answers``, noting in the call's log fields what the master notes."""

    def __init__(self, answers):
        from boardbot.server.memory_store import InMemoryStore
        from boardbot.server.quotas import Quotas

        self.created, self.moved, self.view = answers
        self.view_bytes, self.created_bytes = self.view.SerializeToString(), self.created.SerializeToString()
        self.quotas = Quotas({}, InMemoryStore())  # none, as boardbot serve's default

    async def close(self) -> None:
        pass

    async def create_game(self, request, call):
        call.log["game_id"] = self.created.game.game_id
        return self.created

    async def create_game_answer(self, request, call):
        await self.create_game(request, call)
        return self.created_bytes

    async def submit_move(self, request, call):
        call.log.update(game_id=request.game_id, game="frogriders", seat=request.seat)
        return self.moved

    async def get_view(self, request, call):
        call.log.update(game_id=request.game_id, game="frogriders")
        if request.HasField("seat"):
            call.log["seat"] = request.seat
        return self.view

    async def get_view_answer(self, request, call):
        await self.get_view(request, call)
        return self.view_bytes


def run(level: str, log_path: str) -> None:
    """Serve ``level`` on a free loopback port, printed on stdout once serving."""
    os.environ.setdefault("GRPC_EXPERIMENTS", "-event_engine_client,-event_engine_listener")  # as boardbot serve
    import grpc

    from boardbot.server import eventloop, logs
    from boardbot.server.config import ConnectionOptions
    from boardbot.server.rpc import add_servicer
    from boardbot.server.service import GameService
    from boardbot.v1 import game_service_pb2, game_service_pb2_grpc

    logs.configure(stream=open(log_path, "a", buffering=1))

    async def main() -> None:
        answers = await _answers()
        if level == "grpc":
            created, moved, view = answers

            class Bare(game_service_pb2_grpc.GameServiceServicer):
                async def CreateGame(self, request, context):
                    return created

                async def SubmitMove(self, request, context):
                    return moved

                async def GetView(self, request, context):
                    return view
            servicer = Bare()
        else:
            servicer = GameService(StandInMaster(answers))
        server = grpc.aio.server(options=ConnectionOptions().grpc_options())
        add_servicer(server, servicer, game_service_pb2.DESCRIPTOR.services_by_name["GameService"])
        port = server.add_insecure_port("127.0.0.1:0")
        await server.start()
        print(port, flush=True)
        await server.wait_for_termination()
    eventloop.run(main())


if __name__ == "__main__":
    run(sys.argv[1], sys.argv[2])
