"""A stand-in GameService that does no game work, to measure the load generator itself.

    python bench/loadtest_null_server.py --address 127.0.0.1:50300 [--moves 30] [--processes 1]
    boardbot loadtest --target 127.0.0.1:50300 --game any --clients 64 --duration 10

Every game is a line of ``--moves`` decisions of seat 0 (three legal moves
each, the view a bare frogriders message); each SubmitMove stands for the
client's move and a bot's reply (the version grows by 2). What is left of
the cost is gRPC on both sides and the generator's own work, so
``cpu.generator.cpu_us_per_call`` in the report is the generator's price per
call. ``--processes N`` serves from N processes on one port (SO_REUSEPORT).
A SubmitMove that asks for a view (``--submit-view``) gets the seat's next
decision, as if the bot had replied at once.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import multiprocessing
import os
import sys
import time


import grpc  # noqa: E402

from boardbot.v1 import common_pb2, game_service_pb2, game_service_pb2_grpc  # noqa: E402

RUNNING, FINISHED = common_pb2.GAME_STATUS_RUNNING, common_pb2.GAME_STATUS_FINISHED


class NullService(game_service_pb2_grpc.GameServiceServicer):
    def __init__(self, moves: int):
        self.moves = moves
        self.games: dict[str, int] = {}
        self.changed: dict[str, asyncio.Event] = {}
        self.ids = itertools.count()
        self.legal = [common_pb2.LegalMove(id=i, text=f"move {i}") for i in range(3)]
        for m in self.legal:
            m.move.frogriders.SetInParent()

    async def CreateGame(self, request, context):
        game_id = f"{os.getpid()}-{next(self.ids)}"
        self.games[game_id] = 0
        game = common_pb2.Game(game_id=game_id, game=request.game, status=RUNNING, decider=0)
        game.create_time.FromNanoseconds(time.time_ns())
        return game_service_pb2.CreateGameResponse(
            game=game, seat_tokens=[game_service_pb2.SeatToken(seat=0, token="t")], owner_token="o")

    def view(self, game_id: str, version: int) -> common_pb2.SeatView:
        done = version >= 2 * self.moves
        mine = version % 2 == 0 and not done
        view = common_pb2.SeatView(game_id=game_id, version=version, seat=0,
                                   decider=-1 if done else (0 if mine else 1), status=FINISHED if done else RUNNING)
        view.view.frogriders.SetInParent()
        if mine:
            view.legal_moves.extend(self.legal)
        return view

    async def GetView(self, request, context):
        version = self.games.get(request.game_id)
        if version is None:
            await context.abort(grpc.StatusCode.NOT_FOUND, "no such game")
        return game_service_pb2.GetViewResponse(view=self.view(request.game_id, version))

    async def WatchGame(self, request, context):
        game_id = request.game_id
        version = self.games.get(game_id)
        if version is None:
            await context.abort(grpc.StatusCode.NOT_FOUND, "no such game")
        sent = request.from_version if request.HasField("from_version") else version
        yield game_service_pb2.WatchGameResponse(view=self.view(game_id, sent))
        while sent < 2 * self.moves:
            current = self.games.get(game_id)
            if current is None:
                return
            if current == sent:
                event = self.changed.setdefault(game_id, asyncio.Event())
                event.clear()
                await event.wait()
                continue
            sent += 1
            event = common_pb2.Event(version=sent, kind=common_pb2.EVENT_KIND_MOVE, seat=(sent - 1) % 2,
                                     by_bot=sent % 2 == 0, move_text="move 0",
                                     status=FINISHED if sent >= 2 * self.moves else RUNNING)
            event.time.FromNanoseconds(time.time_ns())
            yield game_service_pb2.WatchGameResponse(event=event, view=self.view(game_id, sent))

    async def SubmitMove(self, request, context):
        version = self.games.get(request.game_id)
        if version is None:
            await context.abort(grpc.StatusCode.NOT_FOUND, "no such game")
        version += 2
        self.games[request.game_id] = version
        changed = self.changed.get(request.game_id)
        if changed is not None:
            changed.set()
        reply = game_service_pb2.SubmitMoveResponse(
            version=version, status=FINISHED if version >= 2 * self.moves else RUNNING)
        if request.response_view:  # after the move and the bot's reply: the seat's next decision
            reply.view.CopyFrom(self.view(request.game_id, version))
        return reply

    async def DeleteGame(self, request, context):
        self.games.pop(request.game_id, None)
        changed = self.changed.pop(request.game_id, None)
        if changed is not None:
            changed.set()
        return game_service_pb2.DeleteGameResponse()


async def serve(address: str, moves: int, reuse_port: bool) -> None:
    server = grpc.aio.server(options=[("grpc.so_reuseport", 1 if reuse_port else 0)])
    game_service_pb2_grpc.add_GameServiceServicer_to_server(NullService(moves), server)
    server.add_insecure_port(address)
    await server.start()
    print(f"null server {os.getpid()} on {address}", file=sys.stderr, flush=True)
    await server.wait_for_termination()


def run(address: str, moves: int, reuse_port: bool) -> None:
    asyncio.run(serve(address, moves, reuse_port))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--address", default="127.0.0.1:50300")
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--processes", type=int, default=1)
    args = parser.parse_args()
    if args.processes <= 1:
        run(args.address, args.moves, False)
        return
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=run, args=(args.address, args.moves, True)) for _ in range(args.processes)]
    for p in procs:
        p.start()
    for p in procs:
        p.join()


if __name__ == "__main__":
    main()
