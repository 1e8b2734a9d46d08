"""The AI's speed through the service, against another checkout's server (issue 53's must-show).

    python bench/service_speed.py --baseline /path/to/checkout [--iterations 1500] [--positions 3]
                                  [--rounds 3] [--moves 6] [--games frogriders,...] [--bot ismcts:hard]

Starts two servers on free loopback ports, each from its own checkout with that checkout's
``.venv`` (this one, and ``--baseline``'s: release 917ee18 in the issue), on the memory store with
``--ai-workers 1``: one search worker process each, so a search has one core. For each game at
its smallest table (2 players, 3 where that is the minimum) and its largest, it creates the same
game on both (the same seed; ``reproducible``, so this server mixes no secret of its own into
the deal), plays ``--moves`` random legal moves (and more until the seat to move has a choice) on both from one seeded stream, and checks that
both servers show the deciding seat the same legal moves (``same`` in the table: the same
position, or not, and then the row compares different positions). There each server answers
``SuggestMove`` with the bot spec, a fixed iteration budget and a seed, in turn, server after
server, ``--rounds`` times per position; the figure is what the service itself reports,
``SearchStats.iterations / SearchStats.duration``. The table prints each server's median
iterations per second over every search of the row (with the lowest and highest), and the ratio
of the medians. The two servers run one after the other, never at once, so each has the same
machine; a shared, noisy machine still moves both, which the alternation spreads evenly.

Figures only: nothing here asserts.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from boardbot.client import Client  # noqa: E402
from boardbot.engine import registry  # noqa: E402
from boardbot.server import convert  # noqa: E402
from boardbot.v1 import common_pb2  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(checkout: str) -> tuple[subprocess.Popen, str, object]:
    """``boardbot serve`` from ``checkout`` with its own venv, on a free loopback port."""
    python = os.path.join(checkout, ".venv", "bin", "python")
    if not os.path.exists(python):
        sys.exit(f"{checkout}: no .venv/bin/python (install that checkout first: README.md, 'Set up')")
    address = f"127.0.0.1:{free_port()}"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "BOARDBOT_PURE")}
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen([python, "-m", "boardbot.tools.cli", "serve", "--address", address, "--store", "memory",
                             "--ai-workers", "1", "--http-address", f"127.0.0.1:{free_port()}"], cwd=checkout, env=env, stdout=subprocess.DEVNULL, stderr=log)
    return proc, address, log


def tables(game) -> list[int]:
    """The game's smallest table (2 players where it has one) and its largest."""
    counts = sorted({game.validate(c)["players"] for c in game.configurations()})
    small = 2 if 2 in counts else counts[0]
    return sorted({small, counts[-1]})


def table_config(game, players: int) -> common_pb2.GameConfig:
    """The game's own configuration of that table size (some sizes need a mode: Fritanga's 7)."""
    config = next(c for c in game.configurations() if game.validate(c)["players"] == players)
    return convert.to_proto(common_pb2.GameConfig, game.name, config)


def position(client: Client, name: str, config: common_pb2.GameConfig, players: int, seed: int, moves: int):
    """The game of ``seed`` after ``moves`` random legal moves (from a stream of ``seed``):
    the deciding seat, and the texts of its legal moves."""
    game = client.create_game(name, config, seats=["human"] * players, seed=seed, reproducible=True)
    pick = random.Random(seed)
    played = 0
    while True:  # ``moves`` moves, then on to a decision with a choice (a single move needs no search)
        spectator = game.spectator().view()
        if spectator.finished:
            raise RuntimeError(f"{name} seed {seed}: the game ended before a decision with a choice")
        view = game.seat(spectator.decider).view()
        if played >= moves and len(view.legal_moves) > 1:
            break
        played += 1
        view_move = pick.choice(view.legal_moves)
        game.seat(spectator.decider).play(view_move.id, expected_version=view.version)
    decider = game.spectator().view().decider
    seat = game.seat(decider)
    return seat, [m.text for m in seat.view().legal_moves]


def speed(seat, bot: str, iterations: int, seed: int) -> float:
    """Iterations per second of one SuggestMove, as the server reports it."""
    answer = seat.suggest(bot, iterations=iterations, seed=seed, timeout=600)
    stats = answer.stats
    return stats.iterations / (stats.duration.ToNanoseconds() / 1e9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", required=True, help="the other checkout (with its .venv)")
    parser.add_argument("--iterations", type=int, default=1500)
    parser.add_argument("--positions", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--moves", type=int, default=6, help="random moves before each position")
    parser.add_argument("--games", default=",".join(registry.names()))
    parser.add_argument("--bot", default="ismcts:hard")
    args = parser.parse_args()

    servers = {"this": start_server(ROOT), "baseline": start_server(os.path.abspath(args.baseline))}
    clients = {}
    try:
        for label, (proc, address, log) in servers.items():
            client = Client(address)
            try:
                client.wait_ready(timeout=60)
            except Exception:
                log.seek(0)
                sys.exit(f"the {label} server did not start:\n{log.read().decode(errors='replace')[-2000:]}")
            clients[label] = client
        # which build each server searches with: a stale compile loads pure (engine/build.py), and a row
        # measured on it would compare the pure build (917ee18's servers predate the field: empty)
        for label, client in clients.items():
            build = client.serving_stats().engine_build or "(not reported: a server from before issue 53)"
            print(f"{label} server: {build}")
        print(f"bot {args.bot}, {args.iterations} iterations a search, {args.positions} positions x "
              f"{args.rounds} rounds per row, --ai-workers 1; load {os.getloadavg()[0]:.1f}")
        print(f"{'game':<14} {'players':>7} {'same':>5} {'this it/s (min-max)':>24} "
              f"{'baseline it/s (min-max)':>26} {'ratio':>6}")
        for name in args.games.split(","):
            game = registry.get(name)
            for players in tables(game):
                config = table_config(game, players)
                figures: dict[str, list[float]] = {label: [] for label in clients}
                same = True
                for p in range(args.positions):
                    seed = 1000 * players + p
                    seats, legal = {}, {}
                    for label, client in clients.items():
                        seats[label], legal[label] = position(client, name, config, players, seed, args.moves)
                    same &= legal["this"] == legal["baseline"]
                    for r in range(args.rounds):
                        order = list(clients) if r % 2 == 0 else list(reversed(clients))
                        for label in order:
                            figures[label].append(speed(seats[label], args.bot, args.iterations, seed + r))
                cells = []
                for label in clients:
                    f = figures[label]
                    cells.append(f"{statistics.median(f):>8,.0f} ({min(f):,.0f}-{max(f):,.0f})")
                ratio = statistics.median(figures["this"]) / statistics.median(figures["baseline"])
                print(f"{name:<14} {players:>7} {'yes' if same else 'no':>5} {cells[0]:>24} {cells[1]:>26} "
                      f"{ratio:>6.2f}", flush=True)
    finally:
        for client in clients.values():
            client.close()
        for proc, _, _ in servers.values():
            proc.terminate()
        for proc, _, _ in servers.values():
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop the servers on the way out
    started = time.monotonic()
    main()
    print(f"({time.monotonic() - started:.0f} s)")
