"""What a second SQLite process costs a call: the servicer's calls with another process on the file.

    python bench/two_processes.py [--processes 1|2] [--calls 600] [--repeats 3] [--profile N]
    valgrind --tool=callgrind python bench/two_processes.py --processes 2 --only SubmitMove --calls 200 [--setup-only]

``bench/call_cost.py`` measures a call through the service at one and at two SQLite processes;
this takes the difference apart in one process (the calls' own, without gRPC), so that a
profiler or callgrind sees only the calls: the servicer's CreateGame, SubmitMove and GetView
(``bench/call_parts.py``'s requests: Frogriders, two human seats, the move by id with
``expected_version``) on a master over a SQLite file, with ``boardbot serve``'s defaults.

``--processes 2``: the store is opened ``shared``, as each process of ``boardbot serve
--processes 2`` opens it, and a second process (spawned: not traced by callgrind, its CPU not
counted) commits a move to a game of its own on the file between any two calls, as the other
process does under load: every call finds that another process committed since the last
one. ``--processes 1``: the store is the file's alone, and the second process makes the same
moves on a file of its own (so both runs switch processes between calls alike). The calls,
each ``--calls`` times:

* ``CreateGame``;
* ``SubmitMove``: games made here, each played on for ``MOVES_PER_GAME`` moves (a caller
  plays its game on one connection, so one process);
* ``GetView``: each seat of a game made here, then moved on once here (the first read of
  that version, as in call_cost.py's GetView phase when the caller reaches the process that
  made the game's last move);
* ``GetView cold``: each seat of a game the other process made (this process never saw
  it): what a read costs on the process that did not make the game's last move;
* ``GetView behind``: each seat of a game made here and moved on once by the other process.

call_cost.py's GetView phase at two processes reads about half its games on the process that
made them and half on the other. For each it prints the CPU µs per call (process time of the
calls alone: the thread's CPU time, the median of ``--repeats`` rounds); ``--profile N``: cProfile of the calls alone,
the ``N`` functions of most own time. Under callgrind count ``--only CALL`` with ``--calls C``
and with ``--calls C --setup-only`` (the games made, no call) and divide the difference by C.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import multiprocessing
import os
import pstats
import random
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import call_parts  # noqa: E402

from boardbot.engine import registry  # noqa: E402
from boardbot.server import logs  # noqa: E402
from boardbot.server.master import GameMaster  # noqa: E402
from boardbot.server.rpc import tolerant_deserializer  # noqa: E402
from boardbot.server.service import GameService  # noqa: E402
from boardbot.server.sqlite_store import SqliteStore  # noqa: E402
from boardbot.v1 import game_service_pb2 as pb  # noqa: E402

MOVES_PER_GAME = 8
CALLS = ("CreateGame", "SubmitMove", "GetView", "GetView cold", "GetView behind")
REQUESTS = {"CreateGame": pb.CreateGameRequest, "SubmitMove": pb.SubmitMoveRequest, "GetView": pb.GetViewRequest}


class Mirror:
    """A game as the caller follows it (the engine's state, to pick legal moves)."""

    def __init__(self, game_id: str, seed: int, tokens: list[str]):
        game = registry.get(call_parts.GAME)
        self.game_id, self.tokens, self.version = game_id, tokens, 0
        self.state = game.new_state(game.validate({"players": 2}), seed)
        self.rng = random.Random(seed)

    def move_request(self) -> tuple[bytes, call_parts.Context] | None:
        """The next move's request, applied to the mirror (None: the game is over)."""
        seat = self.state.decider()
        if seat < 0:
            return None
        moves = self.state.legal_moves()
        k = self.rng.randrange(len(moves))
        data = pb.SubmitMoveRequest(game_id=self.game_id, seat=seat, move_id=k,
                                    expected_version=self.version).SerializeToString()
        self.state.apply(moves[k])
        self.version += 1
        return data, call_parts.Context(self.tokens[seat])

    def view_requests(self) -> list[tuple[bytes, call_parts.Context]]:
        return [(pb.GetViewRequest(game_id=self.game_id, seat=s).SerializeToString(),
                 call_parts.Context(self.tokens[s])) for s in (0, 1)]


async def make_games(master: GameMaster, count: int, start: int) -> list[Mirror]:
    bench = call_parts.Bench("sqlite", "", count)
    bench.master = master
    return [Mirror(*game) for game in await bench.games(start)]


async def play(master: GameMaster, mirror: Mirror) -> None:
    request = mirror.move_request()
    if request is not None:
        data, context = request
        await master.submit_move(pb.SubmitMoveRequest.FromString(data), call_parts.call_of(context))


def other_process(path: str, shared: bool, pipe) -> None:
    """The second process: on ``move``, a move in a game of its own; on ``make``, games for the
    caller (their ids, seeds and tokens); on ``advance``, one move in each of the caller's games."""

    async def serve() -> None:
        logs.configure(stream=open(os.devnull, "w"))
        store = SqliteStore(path, shared=shared)
        await store.open()
        master = GameMaster(store, limits=call_parts.UNLIMITED)
        own: list[Mirror] = []
        while True:
            message = pipe.recv()
            if message is None:
                break
            kind, arg = message
            if kind == "move":  # a move in one of its own games (a new one when it ended)
                if not own or own[-1].state.decider() < 0:
                    own += await make_games(master, 1, 50_000_000 + len(own))
                await play(master, own[-1])
                pipe.send(None)
            elif kind == "make":
                start = made[0]
                made[0] += arg
                games = await make_games(master, arg, start)
                pipe.send([(g.game_id, start + i, g.tokens) for i, g in enumerate(games)])
            elif kind == "advance":  # (id, seed, tokens, moves made) each
                for game_id, seed, tokens, moved in arg:
                    mirror = Mirror(game_id, seed, tokens)
                    for _ in range(moved):
                        mirror.move_request()
                    await play(master, mirror)
                pipe.send(None)
        await store.close()

    made = [60_000_000]
    asyncio.run(serve())


class Neighbour:
    """The other process: on the same file (``--processes 2``), or on a file of its own
    (``--processes 1``: the calls are interleaved with another process's work alike, which
    takes the caches from under them as much)."""

    def __init__(self, path: str, shared: bool):
        context = multiprocessing.get_context("spawn")  # a fresh interpreter: callgrind does not follow it
        self.pipe, theirs = context.Pipe()
        self.shared = shared
        self.process = context.Process(target=other_process, args=(path if shared else path + "-other", shared,
                                                                   theirs), daemon=True)
        self.process.start()

    def ask(self, kind: str, arg=None):
        self.pipe.send((kind, arg))
        return self.pipe.recv()

    def commit(self) -> None:
        self.ask("move")

    def close(self) -> None:
        self.pipe.send(None)
        self.process.join(30)


async def round_of(name: str, master: GameMaster, service: GameService, neighbour: Neighbour, calls: int,
                   seed: int, profile: cProfile.Profile | None, setup_only: bool = False) -> float:
    """CPU µs per call of ``calls`` calls of ``name`` (its games made first, untimed)."""
    if name == "CreateGame":
        requests = [(data, call_parts.Context()) for data in call_parts.Bench("", "", calls).create_requests(seed)]
    elif name == "SubmitMove":
        games = await make_games(master, -(-calls // MOVES_PER_GAME), seed)
        requests = []
        for mirror in games:
            for _ in range(MOVES_PER_GAME):
                request = mirror.move_request()
                if request is not None:
                    requests.append(request)
        requests = requests[:calls]
    elif name == "GetView cold":
        made = neighbour.ask("make", -(-calls // 2))
        requests = [r for game in made for r in Mirror(*game).view_requests()][:calls]
    else:
        games = await make_games(master, -(-calls // 2), seed)
        if name == "GetView":
            for mirror in games:
                await play(master, mirror)
        else:  # behind: the other process moved them on
            neighbour.ask("advance", [(g.game_id, seed + i, g.tokens, 0) for i, g in enumerate(games)])
        requests = [r for game in games for r in game.view_requests()][:calls]
    method = getattr(service, "GetView" if name.startswith("GetView") else name)
    decode = tolerant_deserializer(REQUESTS["GetView" if name.startswith("GetView") else name])
    spent = 0.0
    if setup_only:
        requests = []
    for data, context in requests:
        neighbour.commit()
        if profile is not None:
            profile.enable()
        started = time.thread_time()
        reply = await method(decode(data), context)
        if reply.__class__ is not bytes:
            reply.SerializeToString()
        spent += time.thread_time() - started
        if profile is not None:
            profile.disable()
    return spent / max(len(requests), 1) * 1e6


async def main_async(args) -> None:
    path = os.path.join(tempfile.mkdtemp(prefix="boardbot-two-processes-"), "games.sqlite3")
    shared = args.processes == 2
    store = SqliteStore(path, shared=shared)
    await store.open()
    neighbour = Neighbour(path, shared)
    master = GameMaster(store, limits=call_parts.UNLIMITED)
    await master.start()
    service = GameService(master)
    await make_games(master, 50, 90_000_000)  # warm: imports, caches, conversion plans
    profile = cProfile.Profile() if args.profile else None
    names = [args.only] if args.only else [n for n in CALLS if shared or n not in ("GetView cold", "GetView behind")]
    figures: dict[str, list[float]] = {}
    for repeat in range(args.repeats):
        for name in names:
            figures.setdefault(name, []).append(
                await round_of(name, master, service, neighbour, args.calls, (repeat + 1) * 1_000_000, profile,
                               args.setup_only))
    print(f"{args.processes} process(es), CPU µs per call (median of {args.repeats} rounds of {args.calls}):")
    for name, values in figures.items():
        print(f"  {name}: {statistics.median(values):.1f}  ({', '.join(f'{v:.1f}' for v in values)})")
    if profile is not None:
        pstats.Stats(profile).sort_stats("tottime").print_stats(args.profile)
    neighbour.close()
    await master.close()
    master.bots.close()
    await store.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--processes", type=int, choices=(1, 2), default=2)
    parser.add_argument("--calls", type=int, default=600)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--only", choices=CALLS, help="this call alone (for callgrind)")
    parser.add_argument("--profile", type=int, default=0, metavar="N")
    parser.add_argument("--setup-only", action="store_true", help="make the calls' games, make no call")
    logs.configure(stream=open(os.devnull, "w"))  # every call logged, as boardbot serve does
    asyncio.run(main_async(parser.parse_args()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
