"""Where a call's server CPU goes beyond gRPC's own work: the service's parts, timed apart.

    python bench/call_parts.py [--store memory|sqlite|redis] [--calls 3000] [--repeats 5]

``bench/call_cost.py`` measures a call's whole server CPU against the bare
gRPC echo. This takes the part that is not gRPC's (what ``boardbot serve``
runs in Python for each call) apart, in this one process, without the
network: the servicer methods are called as grpc.aio calls them (the request
bytes decoded by the server's deserializer, a context that answers
``invocation_metadata``, ``time_remaining`` and ``peer`` as grpc.aio's does,
the response serialized), on a master with the defaults of ``boardbot serve``
(every call logged, to /dev/null; the per-client create limits off, as in
call_cost.py), Frogriders with two human seats, the same calls as
call_cost.py: CreateGame, SubmitMove (the move by id, with
``expected_version``), GetView (each seat of each game once: the first read
of that version). ``--store redis`` starts a redis-server of its own (no
persistence; its CPU is not counted, the server's Python for its round trips is).

For each call it prints the CPU µs per call (process time, the median of
``--repeats`` runs of ``--calls`` calls) of

* ``whole``: decode + the servicer method (``rpc``'s wrapper and the master) + encode
  (GetView and CreateGame answer bytes already: ``boardbot.server.wire``);
* ``master``: the master's method alone (``GameMaster.create_game`` ...);
* each part of the wrapper alone, the same number of times: ``decode``,
  ``encode``, ``call_of`` (the ``Call`` from the context), ``log line``
  (``logs.rpc``), ``metrics`` (``metrics.rpc``), ``quota`` (``Quotas.admit``,
  off by default), ``outcome`` (``CallOutcome``'s enter and exit: span hooks,
  log line and metrics);

and ``wrapper``: whole − master − decode − encode. What the server spends per
call beyond the floor and these is gRPC's share of a real call over the echo
(the metadata, a handler with a deserializer, a bigger message).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

from boardbot.engine import registry
from boardbot.server import logs, metrics
from boardbot.server.limits import Limits
from boardbot.server.master import GameMaster
from boardbot.server.memory_store import InMemoryStore
from boardbot.server.rpc import CallOutcome, call_of, tolerant_deserializer
from boardbot.server.service import GameService
from boardbot.v1 import common_pb2
from boardbot.v1 import game_service_pb2 as pb

GAME = "frogriders"
REDIS_URL = ""  # --store redis: the redis-server of this run (no persistence; its CPU is not counted)
UNLIMITED = Limits(create_burst_per_client=0, creates_per_second_per_client=0, max_games_per_client=0)


class Context:
    """What the servicer reads of grpc.aio's ServicerContext."""

    __slots__ = ("metadata",)

    def __init__(self, token: str | None = None):
        self.metadata = (("user-agent", "grpc-python-asyncio/1.85.3 grpc-c/51.0.0 (linux; chttp2)"),) + (
            (("authorization", f"Bearer {token}"),) if token else ())

    def invocation_metadata(self):
        return self.metadata

    def time_remaining(self):
        return 9.9

    def peer(self):
        return "ipv4:127.0.0.1:45678"

    async def abort_with_status(self, status):
        raise RuntimeError(status)


async def open_store(kind: str, directory: str):
    if kind == "memory":
        store = InMemoryStore()
    elif kind == "redis":  # a fresh database of the redis-server main() started
        import redis

        from boardbot.server.redis_store import RedisStore

        with redis.Redis.from_url(REDIS_URL) as r:
            r.flushdb()
        store = RedisStore(REDIS_URL)
    else:
        from boardbot.server.sqlite_store import SqliteStore

        store = SqliteStore(os.path.join(directory, f"games-{time.monotonic_ns()}.sqlite3"))
    await store.open()
    return store


class Bench:
    """A fresh master (and store) per run, its games, and the calls to time."""

    def __init__(self, store_kind: str, directory: str, calls: int):
        self.store_kind, self.directory, self.calls = store_kind, directory, calls

    async def fresh(self) -> None:
        self.store = await open_store(self.store_kind, self.directory)
        self.master = GameMaster(self.store, limits=UNLIMITED)
        await self.master.start()
        self.service = GameService(self.master)

    async def close(self) -> None:
        await self.master.close()
        self.master.bots.close()
        await self.store.close()

    def create_requests(self, start: int) -> list[bytes]:
        human = common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_HUMAN)
        return [pb.CreateGameRequest(game=GAME, seats=[human, human], seed=start + i, reproducible=True)
                .SerializeToString() for i in range(self.calls)]

    async def games(self, start: int) -> list[tuple[str, int, list[str]]]:
        """``calls`` games made directly through the master (not timed): (id, seed, tokens)."""
        out = []
        decode = pb.CreateGameRequest.FromString
        for i, data in enumerate(self.create_requests(start)):
            reply = await self.master.create_game(decode(data), call_of(Context()))
            out.append((reply.game.game_id, start + i, [t.token for t in reply.seat_tokens]))
        return out

    def move_requests(self, games) -> list[tuple[bytes, Context]]:
        """One move per game, its first (the move by id, as the engine mirror picks it)."""
        game = registry.get(GAME)
        out = []
        for game_id, seed, tokens in games:
            state = game.new_state(game.validate({"players": 2}), seed)
            seat = state.decider()
            out.append((pb.SubmitMoveRequest(game_id=game_id, seat=seat, move_id=len(state.legal_moves()) // 2,
                                             expected_version=0).SerializeToString(), Context(tokens[seat])))
        return out

    @staticmethod
    def view_requests(games) -> list[tuple[bytes, Context]]:
        return [(pb.GetViewRequest(game_id=game_id, seat=seat % 2).SerializeToString(), Context(tokens[seat % 2]))
                for seat, (game_id, _, tokens) in enumerate(games)]


async def timed(calls) -> float:
    """CPU µs per item of ``calls`` (an async iterable's work)."""
    started = time.process_time()
    n = await calls
    return (time.process_time() - started) / n * 1e6


async def run_method(bench: Bench, name: str, seed: int) -> dict[str, float]:
    """One run: every part of ``name``'s calls timed on a fresh master."""
    await bench.fresh()
    method = getattr(bench.service, name)
    master_method = {"CreateGame": bench.master.create_game, "SubmitMove": bench.master.submit_move,
                     "GetView": bench.master.get_view}[name]
    request_class = {"CreateGame": pb.CreateGameRequest, "SubmitMove": pb.SubmitMoveRequest,
                     "GetView": pb.GetViewRequest}[name]
    decode = tolerant_deserializer(request_class)
    if name == "CreateGame":
        whole_calls = [(data, Context()) for data in bench.create_requests(seed)]
        master_calls = [(data, Context()) for data in bench.create_requests(seed + bench.calls)]
    else:
        games = await bench.games(seed)
        games2 = await bench.games(seed + bench.calls)
        make = bench.move_requests if name == "SubmitMove" else bench.view_requests
        whole_calls, master_calls = make(games), make(games2)
    replies = []

    async def whole() -> int:
        for data, context in whole_calls:
            reply = await method(decode(data), context)
            replies.append(reply if reply.__class__ is bytes else reply.SerializeToString())  # (bytes: wire.py)
        return len(whole_calls)

    decoded = [(request_class.FromString(data), context) for data, context in master_calls]

    async def master_only() -> int:
        for request, context in decoded:
            replies.append(await master_method(request, call_of(context)))
        return len(decoded)

    out = {"whole": await timed(whole()), "master": await timed(master_only())}
    data = [d for d, _ in whole_calls]
    contexts = [c for _, c in whole_calls]
    messages = replies[len(whole_calls):]

    async def decoding() -> int:
        for d in data:
            decode(d)
        return len(data)

    async def encoding() -> int:
        for m in messages:
            m.SerializeToString()
        return len(messages)

    async def calls() -> int:
        for c in contexts:
            call_of(c)
        return len(contexts)

    async def log_lines() -> int:
        for _ in contexts:
            logs.rpc(name, GAME, "0123456789abcdef0123456789abcdef", 0, "OK", 0.123)
        await asyncio.sleep(0)  # the lines' write
        return len(contexts)

    async def metric() -> int:
        for _ in contexts:
            metrics.rpc(name, "OK", 0.000123)
        return len(contexts)

    built = [call_of(c) for c in contexts]

    async def quota() -> int:
        for call in built:
            await bench.master.quotas.admit(name, call)
        return len(built)

    async def outcome() -> int:
        for call in built:
            call.log.update(game=GAME, game_id="0123456789abcdef0123456789abcdef", seat=0)
            async with CallOutcome(name, call, None):
                pass
        await asyncio.sleep(0)
        return len(built)

    for part, work in (("decode", decoding), ("encode", encoding), ("call_of", calls), ("log line", log_lines),
                       ("metrics", metric), ("quota", quota), ("outcome", outcome)):
        out[part] = await timed(work())
    out["wrapper"] = out["whole"] - out["master"] - out["decode"] - out["encode"]
    await bench.close()
    return out


async def main_async(args) -> None:
    directory = tempfile.mkdtemp(prefix="boardbot-call-parts-")
    bench = Bench(args.store, directory, args.calls)
    results: dict[str, list[dict[str, float]]] = {}
    warm = Bench(args.store, directory, 200)  # first calls: lazy imports, caches, conversion plans
    for name in args.methods.split(","):
        await run_method(warm, name, 0)
    for repeat in range(args.repeats):
        for name in args.methods.split(","):
            results.setdefault(name, []).append(await run_method(bench, name, 1_000_000 * (repeat + 1)))
    parts = list(next(iter(results.values()))[0])
    print(f"{GAME}, 2 human seats, {args.store} store; CPU µs per call, medians of {args.repeats} runs of "
          f"{args.calls} calls; load average {os.getloadavg()[0]:.2f}")
    print("| call | " + " | ".join(parts) + " |")
    print("| --- |" + " --- |" * len(parts))
    for name, rows in results.items():
        print(f"| {name} | " + " | ".join(f"{statistics.median(r[p] for r in rows):.1f}" for p in parts) + " |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--store", choices=("memory", "sqlite", "redis"), default="memory")
    parser.add_argument("--methods", default="CreateGame,SubmitMove,GetView")
    parser.add_argument("--calls", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    logs.configure(stream=open(os.devnull, "w"))  # every call logged, as boardbot serve does
    import uvloop

    redis_server = None
    if args.store == "redis":
        global REDIS_URL
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        redis_server = subprocess.Popen([shutil.which("redis-server"), "--port", str(port), "--bind", "127.0.0.1",
                                         "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL)
        REDIS_URL = f"redis://127.0.0.1:{port}/0"
        time.sleep(0.5)
    try:
        uvloop.run(main_async(args))
    finally:
        if redis_server is not None:
            redis_server.terminate()
            redis_server.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
