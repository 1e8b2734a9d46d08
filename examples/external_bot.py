"""An external bot: it lives in its own process, takes a seat of a hosted game like a
player, and plays it through GameService.PlayGame (Lichess's Bot API is the model).

    python examples/external_bot.py GAME_ID [--address 127.0.0.1:50051] [--name "Example bot"]
                                    [--seat N --token=TOKEN] [--seed 1] [--think 0.0]
    python examples/external_bot.py --bot-token=BOT_TOKEN [--games N] [--address ...] [--seed 1] [--think 0.0]

With ``--bot-token`` (a bot account's: CreateBotAccount) it connects once (ConnectBot, the
client's ``bot_decisions``: one stream, opened again after a disconnect from each game's last
version) and plays every game offered to the account (InviteBot) at once, each decision as
below, until ``--games`` games ended (0, the default: until it is stopped); one line per game
started and ended, and each decision's line starts with its game's id; exits 0.

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

# a seat's stream ends with one of these
END = (pb.PLAY_EVENT_KIND_GAME_OVER, pb.PLAY_EVENT_KIND_SEAT_OUT, pb.PLAY_EVENT_KIND_SEAT_REPLACED)
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


def play_offered_games(client: Client, bot_token: str, rng: random.Random, think: float = 0.0, games: int = 0,
                       out=sys.stdout) -> int:
    """Play every game offered to the bot account until ``games`` of them ended (0: never stop): how many did."""
    seats: dict[str, Seat] = {}
    ended = 0
    for message in client.bot_decisions(bot_token):
        if message.kind == pb.BOT_EVENT_KIND_GAME_START:
            seats[message.game_id] = client.seat(message.game_id, message.seat, message.seat_token)
            print(f"game {message.game_id}: seat {message.seat} taken", file=out)
        elif message.play.kind == pb.PLAY_EVENT_KIND_DECISION:
            decide(seats[message.game_id], message.play, rng, think, out, f"game {message.game_id}: ")
        elif message.play.kind in END:
            seats.pop(message.game_id, None)
            ended += 1
            print(f"game {message.game_id}: {ending(message.play)}", file=out)
            if ended == games:
                break
    return ended


def ending(end: pb.PlayGameResponse) -> str:
    """The stream's last message for a seat (GAME_OVER, SEAT_OUT or SEAT_REPLACED), in words."""
    if end.kind == pb.PLAY_EVENT_KIND_SEAT_OUT:
        return "the seat is out of the game (resigned or out of time)"
    if end.kind == pb.PLAY_EVENT_KIND_SEAT_REPLACED:
        return (f"the seat was handed to the stand-in bot after {end.failures.consecutive} failures in a row "
                f"({end.failures.illegal_moves} illegal moves, {end.failures.timeouts} time-outs)")
    outcome = end.view.outcome
    return f"game over at version {end.view.version}: scores {list(outcome.scores)}, winners {list(outcome.winners)}"


def decide(seat: Seat, message: pb.PlayGameResponse, rng: random.Random, think: float, out, label: str = "") -> None:
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
            print(f"{label}version {view.version}: too late ({reason(err) or err.code().name}); going on", file=out)
            return
        raise
    print(f"{label}version {view.version}: played {view.legal_moves[move_id].text!r}{left}", file=out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game_id", nargs="?", help="the game to play (not with --bot-token)")
    parser.add_argument("--address", default="127.0.0.1:50051")
    parser.add_argument("--name", default="Example bot", help="the name other players see (JoinGame)")
    parser.add_argument("--seat", type=int, help="the seat to join or play (default: the first open one)")
    parser.add_argument("--token", help="the seat's token (CreateGame gave it; write --token=TOKEN: a token may "
                                        "start with -); without one, join an open seat")
    parser.add_argument("--seed", type=int, default=None, help="the random choices' seed")
    parser.add_argument("--think", type=float, default=0.0, help="seconds to wait before each move")
    parser.add_argument("--bot-token", help="a bot account's token (write --bot-token=TOKEN): play every game "
                                            "offered to the account instead of one game")
    parser.add_argument("--games", type=int, default=0, help="with --bot-token: stop after this many games "
                                                             "ended (default 0: never)")
    args = parser.parse_args(argv)
    if args.bot_token:
        if args.game_id or args.token or args.seat is not None:
            parser.error("--bot-token plays the games offered to the account: no GAME_ID, --seat or --token")
        with Client(args.address) as client:
            ended = play_offered_games(client, args.bot_token, random.Random(args.seed), args.think, args.games)
        print(f"{ended} games ended")
        return 0
    if not args.game_id:
        parser.error("give a GAME_ID, or --bot-token")
    if args.token and args.seat is None:
        parser.error("--token needs --seat")
    with Client(args.address) as client:
        if args.token:
            seat = client.seat(args.game_id, args.seat, args.token)
        else:
            seat = client.join_game(args.game_id, args.seat, args.name)
            print(f"joined game {args.game_id} at seat {seat.number}")
        end = play(seat, random.Random(args.seed), args.think)
    print(ending(end))
    return {pb.PLAY_EVENT_KIND_SEAT_OUT: 1, pb.PLAY_EVENT_KIND_SEAT_REPLACED: 2}.get(end.kind, 0)


if __name__ == "__main__":
    sys.exit(main())
