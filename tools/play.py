"""``boardbot play``: a terminal game against bots, through a server.

Generic: the view is drawn by the game's optional renderer (a ``render``
module beside the game's engine, ``render(view) -> str``, which reads the
engine's dict: ``boardbot.server.convert`` turns the per-game message back
into it) or, without one, as an indented tree of the view's fields.
"""

from __future__ import annotations

import json
import sys
from typing import Callable, TextIO

import grpc

from boardbot.client import HUMAN, Client, View, tls_credentials
from boardbot.engine import registry
from boardbot.engine.core import ConfigError
from boardbot.engine.render import generic_render, renderer
from boardbot.server import convert
from boardbot.v1 import common_pb2


def renderer_for(game: str) -> Callable[[dict], str]:
    """The game's own renderer when this install has its engine, else the generic one."""
    try:
        render = renderer(registry.get(game))
    except ConfigError:  # a game this install has no engine of
        return generic_render

    def safe(view: dict) -> str:
        try:
            return render(view)
        except Exception:  # noqa: BLE001 - a renderer bug must not end the game
            return generic_render(view)

    return safe


def engine_view(view: View) -> dict:
    """The view as the game's engine writes it (what its renderer reads): enum values
    by their engine spelling, -1 for an unset seat; the client's dict if it does not
    convert (a server newer than this install)."""
    try:
        return convert.to_dict(view.message.view)
    except convert.ProtoMismatch:
        return view.state


def play(address: str, game: str, opponents: list[str], seat: int = 0, config: dict | None = None,
         seed: int | None = None, inp: TextIO | None = None, out: TextIO | None = None,
         credentials=None) -> int:
    inp = inp or sys.stdin
    out = out or sys.stdout

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    seats = list(opponents)
    seats.insert(min(max(seat, 0), len(seats)), HUMAN)
    render = renderer_for(game)
    try:  # the engine's spellings ("first"), as --param gives them
        message = convert.to_proto(common_pb2.GameConfig, game, config) if config else None
    except convert.ProtoMismatch as err:
        say(f"cannot create the game: {err}")
        return 2
    with Client(address, credentials=credentials) as client:
        client.wait_ready()
        try:
            created = client.create_game(game, config=message, seats=seats, seed=seed,
                                         reproducible=seed is not None)  # --seed replays the same game
        except grpc.RpcError as err:
            say(f"cannot create the game: {err.details()}")
            return 2
        me = created.seat(seats.index(HUMAN))
        others = [f"seat {i}: {s}" for i, s in enumerate(seats) if s != HUMAN]
        say(f"{game}: you are seat {me.number}" + (f"; {', '.join(others)}" if others else " (a solo game)"))
        say(f"(type {QUIT_WORDS[0]!r} to quit without resigning, {RESIGN_WORD!r} to resign)")
        for event, view in me.watch():
            if event is not None:
                who = "you" if event.seat == me.number else f"seat {event.seat}"
                say(f"  {who}: {event.text}")
                for entry in event.log:
                    say(f"    {entry}")
            if view.finished:
                say()
                say(render(engine_view(view)))
                say(_standing(view))
                return 0
            if view.my_turn:
                choice = _turn(me, view, render, inp, say)
                if choice == RESIGN_WORD:
                    me.resign()
                    say("you resigned: a bot plays your seat to the end")
                    return 0
                if choice == QUIT_WORDS[0]:
                    say("you quit without resigning")
                    return 0
    return 0


QUIT_WORDS = ("q", "quit", "exit")  # leave the terminal; the seat is not resigned
RESIGN_WORD = "resign"  # give the game up: the server hands the seat to a bot


def _turn(me, view: View, render, inp: TextIO, say) -> str:
    """Ask for a move until one is played ("played"), or the player quits ("q", also at
    the end of the input) or resigns ("resign")."""
    say()
    say(render(engine_view(view)))
    say()
    say("your moves:")
    for n, move in enumerate(view.legal_moves, start=1):
        say(f"  {n:>3}. {move.text}")
    while True:
        say(f"move number (or the move's text; {QUIT_WORDS[0]} quits, {RESIGN_WORD} resigns)> ")
        line = inp.readline()
        if not line:
            return QUIT_WORDS[0]
        line = line.strip()
        if line in QUIT_WORDS:
            return QUIT_WORDS[0]
        if line == RESIGN_WORD:
            return RESIGN_WORD
        try:
            if line.isdigit() and 1 <= int(line) <= len(view.legal_moves):
                me.play(move_id=view.legal_moves[int(line) - 1].id, expected_version=view.version)
                return "played"
            view.find(line)
            me.play(text=line, expected_version=view.version)
            return "played"
        except KeyError:
            say(f"not a move: {line!r}")
        except grpc.RpcError as err:
            say(f"rejected: {err.details()}")


def _standing(view: View) -> str:
    outcome = view.outcome or {}
    scores = outcome.get("scores", [])
    ranks = outcome.get("ranks", [])
    lines = ["game over"]
    for q, (score, rank) in enumerate(zip(scores, ranks)):
        you = " (you)" if q == view.seat else ""
        lines.append(f"  seat {q}{you}: {score:g} points, place {rank + 1}")
    return "\n".join(lines)


def play_main(args) -> int:
    from boardbot.server import logs

    config = json.loads(args.config) if args.config else {}
    config.update(getattr(args, "params", {}))
    if args.solo:
        config["players"] = 1
    elif args.players is not None:
        config["players"] = args.players
    opponents = [s.strip() for s in args.vs.split(",") if s.strip()]
    players = config.get("players")
    if players is None and len(opponents) == 1:
        try:  # the game's default seat count, when this install has its engine
            players = registry.get(args.game).validate(config)["players"]
        except Exception:  # noqa: BLE001 - the server will name the problem
            players = None
    if players is not None and len(opponents) == 1 and players >= 1:
        opponents = opponents * (players - 1)  # one spec plays every other seat
    credentials = None
    if args.tls_ca or args.tls_cert or args.tls_key:  # a server with --tls-cert
        if not args.address:
            print("--tls-ca, --tls-cert and --tls-key are for a server given by --address", file=sys.stderr)
            return 2
        try:
            credentials = tls_credentials(args.tls_ca, args.tls_cert, args.tls_key)
        except (ValueError, OSError) as err:
            print(f"cannot use the TLS files: {err}", file=sys.stderr)
            return 2
    if args.address:
        return play(args.address, args.game, opponents, seat=args.seat, config=config, seed=args.seed,
                    credentials=credentials)
    from boardbot.server.app import BackgroundServer

    logs.configure(enabled=False)  # the terminal is the player's
    with BackgroundServer() as server:
        return play(server.address, args.game, opponents, seat=args.seat, config=config, seed=args.seed)
