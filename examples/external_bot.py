"""An external bot: it lives in its own process, takes a seat of a hosted game like a
player, and plays it through GameService.PlayGame (Lichess's Bot API is the model).

    python examples/external_bot.py GAME_ID [--address 127.0.0.1:50051] [--name "Example bot"]
                                    [--seat N --token=TOKEN] [--seed 1] [--think 0.0]

Without ``--token`` it joins an open seat (JoinGame, the seat ``--seat`` or the first
open one) under ``--name``; with one, it plays the seat CreateGame gave that token. Then it
opens one stream for the seat and answers each decision with SubmitMove before the
deadline, until the game is over or the seat is out. Its move: one of the legal moves at
random (``--seed``), after ``--think`` seconds; put your own ``choose`` in its place.

A stream that ends before the game does (the server restarted, or the connection aged
out: UNAVAILABLE; a stream left unread: RESOURCE_EXHAUSTED) is opened again with
``from_version``, the last version seen: the first message brings the events missed, and
the seat's decision again if it is still to come. A SubmitMove that comes too late is
answered FAILED_PRECONDITION (OUT_OF_TIME, or NOT_YOUR_DECISION once the clock's timeout
policy acted); the bot goes on with the next message. Prints one line per decision and the
outcome; exits 0 when the game is over.

Only grpcio and the generated stubs (``pip install -e ./clients/python``) are used, so the
calls are the ones a bot in any language makes (docs/clients.md, "External bots").
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import uuid

import grpc

from boardbot.v1 import game_service_pb2 as pb
from boardbot.v1 import game_service_pb2_grpc

RESUMABLE = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.RESOURCE_EXHAUSTED)
RESUME_ATTEMPTS = 5
LATE = ("OUT_OF_TIME", "NOT_YOUR_DECISION", "GAME_OVER", "SEAT_RESIGNED")  # the game went on without us


def choose(view, rng: random.Random) -> int:
    """The bot's move: a legal move's id. Replace with your own (view.view is the seat's view)."""
    return rng.choice(view.legal_moves).id


def reason(err: grpc.RpcError) -> str:
    """The ErrorInfo reason of a boardbot error (google.rpc.Status details), or ''."""
    from grpc_status import rpc_status
    from google.rpc import error_details_pb2

    status = rpc_status.from_call(err)
    for detail in status.details if status is not None else ():
        info = error_details_pb2.ErrorInfo()
        if detail.Unpack(info):
            return info.reason
    return ""


def join(games, game_id: str, seat: int | None, name: str) -> tuple[int, str]:
    """Reserve an open seat (JoinGame): its number and token."""
    request = pb.JoinGameRequest(game_id=game_id, player_name=name)
    if seat is not None:
        request.seat = seat
    joined = games.JoinGame(request, timeout=10)
    return joined.seat_token.seat, joined.seat_token.token


def play(games, game_id: str, seat: int, token: str, rng: random.Random, think: float = 0.0,
         out=sys.stdout) -> pb.PlayGameResponse:
    """Play the seat to the end; the stream's last message (GAME_OVER or SEAT_OUT)."""
    metadata = (("authorization", f"Bearer {token}"),)
    last, failures = None, 0
    while True:
        request = pb.PlayGameRequest(game_id=game_id, seat=seat)
        if last is not None:
            request.from_version = last
        stream = games.PlayGame(request, metadata=metadata)
        try:
            for message in stream:
                last, failures = message.view.version, 0
                if message.kind in (pb.PLAY_EVENT_KIND_GAME_OVER, pb.PLAY_EVENT_KIND_SEAT_OUT):
                    return message
                if message.kind == pb.PLAY_EVENT_KIND_DECISION:
                    decide(games, message, game_id, seat, metadata, rng, think, out)
            raise RuntimeError("the stream ended before the game did")
        except grpc.RpcError as err:
            if err.code() not in RESUMABLE or failures >= RESUME_ATTEMPTS:
                raise
            failures += 1
            print(f"stream ended ({err.code().name}); resuming from version {last}", file=out)
            time.sleep(0.2 * failures)
        finally:
            stream.cancel()


def decide(games, message: pb.PlayGameResponse, game_id: str, seat: int, metadata, rng: random.Random,
           think: float, out) -> None:
    view = message.view
    left = f", {message.time_left.ToTimedelta().total_seconds():.1f} s left" if message.HasField("time_left") else ""
    move_id = choose(view, rng)
    time.sleep(think)
    request = pb.SubmitMoveRequest(game_id=game_id, seat=seat, move_id=move_id, expected_version=view.version,
                                   request_id=uuid.uuid4().hex)  # a retry is applied once
    try:
        games.SubmitMove(request, metadata=metadata, timeout=10)
    except grpc.RpcError as err:
        if err.code() == grpc.StatusCode.ABORTED or reason(err) in LATE:
            print(f"version {view.version}: too late ({reason(err) or err.code().name}); going on", file=out)
            return
        raise
    print(f"version {view.version}: played {view.legal_moves[move_id].text!r}{left}", file=out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game_id")
    parser.add_argument("--address", default="127.0.0.1:50051")
    parser.add_argument("--name", default="Example bot", help="the name other players see (JoinGame)")
    parser.add_argument("--seat", type=int, help="the seat to join or play (default: the first open one)")
    parser.add_argument("--token", help="the seat's token (CreateGame gave it; write --token=TOKEN: a token may "
                                        "start with -); without one, join an open seat")
    parser.add_argument("--seed", type=int, default=None, help="the random choices' seed")
    parser.add_argument("--think", type=float, default=0.0, help="seconds to wait before each move")
    args = parser.parse_args(argv)
    if args.token and args.seat is None:
        parser.error("--token needs --seat")
    with grpc.insecure_channel(args.address) as channel:
        games = game_service_pb2_grpc.GameServiceStub(channel)
        if args.token:
            seat, token = args.seat, args.token
        else:
            seat, token = join(games, args.game_id, args.seat, args.name)
            print(f"joined game {args.game_id} at seat {seat}")
        end = play(games, args.game_id, seat, token, random.Random(args.seed), args.think)
    if end.kind == pb.PLAY_EVENT_KIND_SEAT_OUT:
        print("the seat is out of the game (resigned or out of time)")
        return 1
    outcome = end.view.outcome
    print(f"game over at version {end.view.version}: scores {list(outcome.scores)}, "
          f"winners {list(outcome.winners)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
