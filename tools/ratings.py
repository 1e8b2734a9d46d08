"""``boardbot ratings``: leaderboards, and the round robin of presets that anchors them.

    boardbot ratings show --server HOST:PORT --game NAME [--config JSON]
        the leaderboard of one configuration, best first
    boardbot ratings anchor --server HOST:PORT --game NAME [--config JSON]
                            [--bots random,greedy,ismcts:easy,ismcts:medium,ismcts:hard] [--rounds N]
        rated games of the server's presets against each other, every combination of them
        that fills the table in every seating rotation, N times: the presets play at the
        fixed budgets they always play at (BotService.ListBots), so their ratings anchor the
        scale the players' and other bots' ratings are read on

A configuration is JSON in the engine's spelling, as ``boardbot arena --config`` takes it
(``'{"players": 3}'``); unset fields take their defaults.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time

PRESETS = "random,greedy,ismcts:easy,ismcts:medium,ismcts:hard"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="ratings_command", required=True)
    for name, text in (("show", "the leaderboard of one game configuration"),
                       ("anchor", "a round robin of the server's presets in rated games")):
        command = sub.add_parser(name, help=text)
        command.add_argument("--server", default="127.0.0.1:50051", help="the server's gRPC address")
        command.add_argument("--game", required=True)
        command.add_argument("--config", default="{}", help="the configuration as JSON, e.g. '{\"players\": 3}'")
        if name == "anchor":
            command.add_argument("--bots", default=PRESETS, help=f"comma-separated bot specs (default {PRESETS})")
            command.add_argument("--rounds", type=int, default=1, help="times every seating is played")
            command.add_argument("--parallel", type=int, default=4, help="games running at once")


def _config(args) -> dict:
    """The configuration, validated by the engine (its spelling: what --config takes and the board prints)."""
    from boardbot.engine import registry

    if args.game not in registry.names():
        raise SystemExit(f"boardbot ratings: unknown game {args.game!r} (known: {', '.join(registry.names())})")
    return registry.get(args.game).validate(json.loads(args.config))


def _message(game: str, cfg: dict):
    """The configuration as the API's GameConfig."""
    from boardbot.server import convert
    from boardbot.v1 import common_pb2

    return convert.to_proto(common_pb2.GameConfig, game, cfg)


def seatings(bots: list[str], players: int, rounds: int) -> list[tuple[str, ...]]:
    """Every combination of ``players`` different bots, in every rotation of the seats, ``rounds`` times."""
    out = []
    for _ in range(rounds):
        for combo in itertools.combinations(bots, players):
            out += [combo[i:] + combo[:i] for i in range(players)]
    return out


def print_board(client, game: str, cfg: dict) -> None:
    from boardbot.v1 import ratings_pb2

    print(f"{game} {json.dumps(cfg)}")
    print(f"{'rank':>4}  {'rating':>7}  {'mu':>6}  {'sigma':>5}  {'games':>5}  who")
    for e in client.leaderboard(game, _message(game, cfg)):
        kind = ratings_pb2.RatedKind.Name(e.kind).removeprefix("RATED_KIND_").lower()
        print(f"{e.rank:>4}  {e.rating:>7.2f}  {e.mu:>6.2f}  {e.sigma:>5.2f}  {e.games:>5}  {e.name} ({kind})")


def anchor(args) -> int:
    from boardbot.client import Client
    from boardbot.v1 import common_pb2

    cfg = _config(args)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    players = cfg["players"]
    if len(bots) < players or players < 2:
        raise SystemExit(f"boardbot ratings anchor: a {players}-seat game needs {players} different bots "
                         f"(a rated game rates each once); got {len(bots)}")
    todo = seatings(bots, players, args.rounds)
    started = time.monotonic()
    with Client(args.server) as client:
        running: list = []
        done = 0
        while todo or running:
            while todo and len(running) < args.parallel:
                running.append(client.create_game(args.game, _message(args.game, cfg), seats=list(todo.pop(0)),
                                                  rated=True))
            time.sleep(0.2)
            still = []
            for game in running:
                if game.info().status == common_pb2.GAME_STATUS_FINISHED:
                    done += 1
                else:
                    still.append(game)
            running = still
            print(f"\r{done} rated games played", end="", file=sys.stderr)
        print(f"\r{done} rated games played in {time.monotonic() - started:.0f} s", file=sys.stderr)
        time.sleep(0.5)  # the last game's rating lands just after its end
        print_board(client, args.game, cfg)
    return 0


def show(args) -> int:
    from boardbot.client import Client

    with Client(args.server) as client:
        print_board(client, args.game, _config(args))
    return 0


def main(args) -> int:
    return {"show": show, "anchor": anchor}[args.ratings_command](args)
