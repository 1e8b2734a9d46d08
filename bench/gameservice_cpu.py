"""The game master's own CPU per move, without gRPC: its calls made directly.

    python bench/gameservice_cpu.py [--game frogriders] [--moves 20000] [--view next|after|getview]
                                    [--profile]

Plays games of one client seat against the random bot through the game
master every transport calls (``GameMaster.create_game``, ``get_view``,
``submit_move``, the bot driver), one move after another on one event loop, and prints the CPU time per client move: what the service itself
costs per move before gRPC's own work (see docs/performance.md).
``--view next``: SubmitMove with RESPONSE_VIEW_NEXT_DECISION (one call per
move, the bots' replies included); ``getview``: SubmitMove then GetView.
``--profile`` prints the top of a cProfile of the run.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import time


from boardbot.v1 import common_pb2, game_service_pb2 as pb  # noqa: E402
from boardbot.server import logs  # noqa: E402
from boardbot.server.calls import Call  # noqa: E402
from boardbot.server.master import GameMaster  # noqa: E402
from boardbot.server.memory_store import InMemoryStore  # noqa: E402


async def play(game: str, moves: int, view: str, seed: int) -> tuple[int, int, float]:
    service = GameMaster(InMemoryStore())
    rng = random.Random(seed)
    wanted = {"next": pb.RESPONSE_VIEW_NEXT_DECISION, "after": pb.RESPONSE_VIEW_AFTER_MOVE,
              "getview": pb.RESPONSE_VIEW_UNSPECIFIED}[view]
    done = games = 0
    started = time.process_time()
    while done < moves:
        created = await service.create_game(pb.CreateGameRequest(game=game, seed=rng.getrandbits(32), seats=[
            common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_HUMAN), common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_BOT,
                                                                                        bot="random")]), Call())
        game_id, token = created.game.game_id, created.seat_tokens[0].token
        ctx = Call.with_token(token, time.monotonic() + 3600)
        seat_view = (await service.get_view(pb.GetViewRequest(game_id=game_id, seat=0), ctx)).view
        while seat_view.status != common_pb2.GAME_STATUS_FINISHED:
            while not seat_view.legal_moves:  # the bot moves: wait for its driver's commit
                await service.store.wait(game_id, seat_view.version, 1.0)
                seat_view = (await service.get_view(pb.GetViewRequest(game_id=game_id, seat=0), ctx)).view
                if seat_view.status == common_pb2.GAME_STATUS_FINISHED:
                    break
            if seat_view.status == common_pb2.GAME_STATUS_FINISHED:
                break
            reply = await service.submit_move(pb.SubmitMoveRequest(
                game_id=game_id, seat=0, move_id=rng.randrange(len(seat_view.legal_moves)),
                expected_version=seat_view.version, response_view=wanted), ctx)
            done += 1
            if reply.HasField("view") and (reply.view.legal_moves or reply.view.status == common_pb2.GAME_STATUS_FINISHED):
                seat_view = reply.view
            else:  # (the loop above waits while the bot is to move)
                seat_view = (await service.get_view(pb.GetViewRequest(game_id=game_id, seat=0), ctx)).view
        await service.delete_game(pb.DeleteGameRequest(game_id=game_id), Call.with_token(created.owner_token))
        games += 1
    cpu = time.process_time() - started
    await service.close()
    service.bots.close()
    return done, games, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="frogriders")
    parser.add_argument("--moves", type=int, default=20000)
    parser.add_argument("--view", choices=("next", "after", "getview"), default="next")
    parser.add_argument("--log", action="store_true", help="write the per-RPC log lines (to /dev/null)")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    logs.configure(stream=open(os.devnull, "w"), enabled=args.log)
    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.enable()
    done, games, cpu = asyncio.run(play(args.game, args.moves, args.view, 1))
    if args.profile:
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)
    print(f"{args.game}: {done} client moves in {games} games, view {args.view}, logs {'on' if args.log else 'off'}: "
          f"{cpu / done * 1e6:.0f} us CPU per client move (the bot's replies, views and "
          f"Create/Delete included), one core")
    return 0


if __name__ == "__main__":
    sys.exit(main())
