"""An external bot: it lives in its own process, takes a seat of a hosted game like a
player, and plays it through GameService.PlayGame (Lichess's Bot API is the model).

    python examples/external_bot.py GAME_ID [--address 127.0.0.1:50051] [--name "Example bot"]
                                    [--seat N --token=TOKEN] [--seed 1] [--think 0.0]

Without ``--token`` it joins an open seat (JoinGame, the seat ``--seat`` or the first
open one) under ``--name``; with one, it plays the seat CreateGame gave that token. Then it
follows the seat's decisions (the Python client's ``Seat.decisions``: one PlayGame stream,
opened again from the last version seen when the server ends it early) and answers each
with SubmitMove before the deadline, until the game is over, the seat is out, or the seat
was handed to the stand-in bot because the bot failed too often in a row (illegal moves,
time-outs: LobbyOptions.replace_after_failures). Its move: one of the legal moves at random
(``--seed``), after ``--think`` seconds; put your own ``choose`` in its place.

A SubmitMove that comes too late is answered FAILED_PRECONDITION (OUT_OF_TIME, or
NOT_YOUR_DECISION once the clock's timeout policy acted) or ABORTED (the game moved on); the
bot goes on with the next decision. Prints one line per decision (with the seat's failures
so far, when it has any) and the outcome; exits 0 when the game is over, 1 when the seat is
out (resigned or out of time), 2 when it was handed to the stand-in bot.

Uses the Python client (``pip install -e ./clients/python``), which sends what any gRPC
client sends (docs/clients.md, "External bots").
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import grpc

from boardbot.client import Client, Seat, error_details
from boardbot.v1 import game_service_pb2 as pb

LATE = ("OUT_OF_TIME", "NOT_YOUR_DECISION", "GAME_OVER", "SEAT_RESIGNED", "SEAT_REPLACED")  # the game went on


def choose(view, rng: random.Random) -> int:
    """The bot's move: a legal move's id. Replace with your own (view.view is the seat's view)."""
    return rng.choice(view.legal_moves).id


def reason(err: grpc.RpcError) -> str:
    """The ErrorInfo reason of a boardbot error (google.rpc.Status details), or ''."""
    info = error_details(err).get("ErrorInfo")
    return info.reason if info is not None else ""


def play(seat: Seat, rng: random.Random, think: float = 0.0, out=sys.stdout) -> pb.PlayGameResponse:
    """Play the seat to the end; the stream's last message (GAME_OVER, SEAT_OUT or SEAT_REPLACED)."""
    for message in seat.decisions():
        if message.kind != pb.PLAY_EVENT_KIND_DECISION:
            return message
        decide(seat, message, rng, think, out)
    raise RuntimeError("the stream ended before the game did")


def decide(seat: Seat, message: pb.PlayGameResponse, rng: random.Random, think: float, out) -> None:
    view = message.view
    left = f", {message.time_left.ToTimedelta().total_seconds():.1f} s left" if message.HasField("time_left") else ""
    failed = message.failures
    if failed.illegal_moves or failed.timeouts:
        left += (f" (failures so far: {failed.illegal_moves} illegal moves, {failed.timeouts} time-outs, "
                 f"{failed.consecutive} in a row of {message.replace_after_failures} allowed)")
    move_id = choose(view, rng)
    time.sleep(think)
    try:
        seat.play(move_id=move_id, expected_version=view.version)  # the client sends a request_id: a retry is applied once
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
    with Client(args.address) as client:
        if args.token:
            seat = client.seat(args.game_id, args.seat, args.token)
        else:
            seat = client.join_game(args.game_id, args.seat, args.name)
            print(f"joined game {args.game_id} at seat {seat.number}")
        end = play(seat, random.Random(args.seed), args.think)
    if end.kind == pb.PLAY_EVENT_KIND_SEAT_OUT:
        print("the seat is out of the game (resigned or out of time)")
        return 1
    if end.kind == pb.PLAY_EVENT_KIND_SEAT_REPLACED:
        print(f"the seat was handed to the stand-in bot after {end.failures.consecutive} failures in a row "
              f"({end.failures.illegal_moves} illegal moves, {end.failures.timeouts} time-outs)")
        return 2
    outcome = end.view.outcome
    print(f"game over at version {end.view.version}: scores {list(outcome.scores)}, "
          f"winners {list(outcome.winners)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
