"""Three in-process probes behind docs/performance.md's issue 50 figures of branch i50-mem7.

    python bench/call_probes.py gc [--calls 1500] [--rounds 4] [--tuned]
    valgrind --tool=callgrind python bench/call_probes.py instructions CreateGame|SubmitMove|GetView --calls 300 [--store sqlite] [--games-only]
    python bench/call_probes.py cold-read [--games 500] [--setup-only]
    python bench/call_probes.py view-parts [--states 2000]
    python bench/call_probes.py create-parts [--repeats 20000]
    valgrind --tool=callgrind python bench/call_probes.py first-reads [--games 300] [--rounds 1]

``gc``: the servicer's CreateGame, SubmitMove and GetView (``bench/call_parts.py``'s calls,
memory store) ``--calls`` each, ``--rounds`` times on one master, so its heap grows as a
server's does; CPU µs per call, each round's. ``--tuned``: with ``boardbot serve``'s garbage
collector settings (``boardbot.server.collector.tune``) instead of CPython's defaults.

``instructions``: ``--calls`` calls of one kind through the servicer, the collector off,
after 200 games made to warm up, for callgrind: count a run with ``--calls 0`` too and
divide the difference. SubmitMove and GetView include making their ``--calls`` games
(through the master) and GetView reads both seats of each; ``--games-only`` makes the games
and no call, to take them off. ``--store sqlite``: on a SQLite file (in one process each
call's commit is a transaction of its own, where a loaded server groups a turn's).

``cold-read``: two SQLite stores of two processes on one file (``shared``, as at ``--processes
2``), in this one process: ``--games`` games played 1-29 moves in the first; CPU µs of a
``get_live`` of each in the second (never read there: the row, the snapshot, the events since
it), again (cached, checked against the file), and in the first. Under callgrind, count it
and the same with ``--setup-only`` (the games made and played, no read), and divide the
difference by ``--games``: the instructions of the three reads of a game.

``create-parts``: CreateGame's pieces timed apart (the deal, the state's dict and its JSON by
the json module and by ``store.dumps``, the tokens, the record, the summary), and a SQLite
create's transaction with and without the count in ``meta``, and (without it) with the initial
state in the game's row instead of ``initials``, or not stored; CPU µs each, and the WAL
frames (pages) each transaction wrote a create.

``view-parts``: what a first read of a view does (``Snapshot.seat_view``), timed apart on
``--states`` Frogriders positions (seeded, 1-19 random moves in): the engine's view, the
conversion's rewriting of it (``convert.constructor_arg``), the message's constructor, its
serialization, the legal moves' entries, the live scores; CPU µs each.

``first-reads``: ``--games`` games made by ``bench/call_parts.py``'s calls (memory store), then
``--rounds`` times a first read of each one's view for both seats (``Snapshot.get_view_answer``
with an empty cache: the view, its conversion, legal moves and live scores, serialized), the
garbage collector tuned as ``boardbot serve`` tunes it; CPU µs per read. Under callgrind, count
a run of ``--rounds 3`` and one of ``--rounds 1``: their difference over 2 rounds and the reads
of a round is the instructions of a first read.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
import call_parts  # noqa: E402

from boardbot.engine import registry  # noqa: E402
from boardbot.server import collector, logs  # noqa: E402
from boardbot.server.master import GameMaster  # noqa: E402
from boardbot.server.rpc import tolerant_deserializer  # noqa: E402
from boardbot.v1 import game_service_pb2 as pb  # noqa: E402

REQUESTS = {"CreateGame": pb.CreateGameRequest, "SubmitMove": pb.SubmitMoveRequest, "GetView": pb.GetViewRequest}


async def servicer_calls(bench: call_parts.Bench, name: str, seed: int, both_seats: bool = False) -> list:
    """``bench.calls`` requests of ``name`` (bytes and context), their games made first."""
    if name == "CreateGame":
        return [(data, call_parts.Context()) for data in bench.create_requests(seed)]
    games = await bench.games(seed)
    if name == "SubmitMove":
        return bench.move_requests(games)
    out = bench.view_requests(games)
    if both_seats:
        out += [(pb.GetViewRequest(game_id=game_id, seat=1 - i % 2).SerializeToString(),
                 call_parts.Context(tokens[1 - i % 2])) for i, (game_id, _, tokens) in enumerate(games)]
    return out


async def run_calls(bench: call_parts.Bench, name: str, calls: list) -> None:
    method, decode = getattr(bench.service, name), tolerant_deserializer(REQUESTS[name])
    for data, context in calls:
        reply = await method(decode(data), context)
        if reply.__class__ is not bytes:
            reply.SerializeToString()


async def probe_gc(args) -> None:
    bench = call_parts.Bench("memory", tempfile.mkdtemp(prefix="boardbot-probes-"), args.calls)
    await bench.fresh()
    if args.tuned:
        collector.tune()
    rounds: dict[str, list[float]] = {}
    for r in range(args.rounds):
        for name in REQUESTS:
            calls = await servicer_calls(bench, name, (r + 1) * 100_000)
            started = time.process_time()
            await run_calls(bench, name, calls)
            rounds.setdefault(name, []).append((time.process_time() - started) / len(calls) * 1e6)
    print(f"collector {'tuned' if args.tuned else 'defaults'} {gc.get_threshold()}; CPU µs per call, each round:")
    for name, values in rounds.items():
        print(f"  {name}: mean {statistics.mean(values):.1f}, rounds {', '.join(f'{v:.0f}' for v in values)}")
    await bench.close()


async def probe_instructions(args) -> None:
    gc.disable()
    bench = call_parts.Bench(args.store, tempfile.mkdtemp(prefix="boardbot-probes-"), 200)
    await bench.fresh()
    await bench.games(9_000_000)  # warm: imports, caches, conversion plans
    bench.calls = args.calls
    calls = await servicer_calls(bench, args.call, 1, both_seats=True) if args.calls else []
    if not args.games_only:
        await run_calls(bench, args.call, calls)
    await bench.close()


async def probe_cold_read(args) -> None:
    from boardbot.server.sqlite_store import SqliteStore

    directory = tempfile.mkdtemp(prefix="boardbot-probes-")
    path = os.path.join(directory, "games.sqlite3")
    first, second = SqliteStore(path, shared=True), SqliteStore(path, shared=True)
    await first.open()
    await second.open()
    bench = call_parts.Bench("sqlite", directory, args.games)
    bench.master = GameMaster(first, limits=call_parts.UNLIMITED)
    games = await bench.games(1)
    game = registry.get(call_parts.GAME)
    rng = random.Random(1)
    for game_id, seed, tokens in games:
        state = game.new_state(game.validate({"players": 2}), seed)
        for version in range(rng.randrange(1, 30)):
            seat = state.decider()
            if seat < 0:
                break
            moves = state.legal_moves()
            k = rng.randrange(len(moves))
            await bench.master.submit_move(pb.SubmitMoveRequest(game_id=game_id, seat=seat, move_id=k,
                                                                expected_version=version),
                                           call_parts.call_of(call_parts.Context(tokens[seat])))
            state.apply(moves[k])

    async def reads(store) -> float:
        started = time.process_time()
        for game_id, _, _ in games:
            await store.get_live(game_id)
        return (time.process_time() - started) / len(games) * 1e6

    if args.setup_only:  # (callgrind: the games made, no read; the difference is the reads')
        await first.close()
        await second.close()
        return
    cold, checked, own = await reads(second), await reads(second), await reads(first)
    print(f"get_live, CPU µs: in the other process {cold:.1f} (not cached), {checked:.1f} (cached, checked); "
          f"in the committing process {own:.1f}")
    await first.close()
    await second.close()


def probe_create_parts(args) -> None:
    """CPU µs of CreateGame's pieces apart (Frogriders, 2 seats), and of a SQLite create's
    transaction with and without the count in ``meta`` (one create a transaction, and four)."""
    import dataclasses
    import json
    import secrets
    import sqlite3

    from boardbot.server.access import new_token, token_digest
    from boardbot.server.deals import new_salt
    from boardbot.server.records import HUMAN, GameRecord, SeatRecord
    from boardbot.server.snapshots import Snapshot
    from boardbot.server.sqlite_schema import set_up
    from boardbot.server.store import Live, dumps

    game = registry.get("frogriders")
    config = game.validate({"players": 2})
    state = game.new_state(config, 5)
    initial = state.to_dict()
    seats = (SeatRecord(HUMAN, token="a" * 64), SeatRecord(HUMAN, token="b" * 64))
    record = GameRecord("0" * 32, "frogriders", config, 5, seats, "c" * 64, initial, 1.5, True, "127.0.0.1", 1,
                        "d" * 32)
    live = Live(record, state, 0, 1.5, None, False, 1)

    def summary() -> bytes:
        live.cache.clear()
        return Snapshot.of(live).game_message().SerializeToString()

    def timed(label: str, work, n: int = args.repeats) -> None:
        started = time.process_time()
        for _ in range(n):
            work()
        print(f"{label}: {(time.process_time() - started) / n * 1e6:.1f} µs")

    timed("the deal (new_validated_state)", lambda: game.new_validated_state(config, 5))
    timed("the state's dict (to_dict)", state.to_dict)
    timed(f"its JSON, the json module ({len(dumps(initial))} bytes)",
          lambda: json.dumps(initial, separators=(",", ":"), ensure_ascii=False).encode())
    timed("its JSON, store.dumps", lambda: dumps(initial))
    timed("3 tokens and their digests", lambda: [token_digest(new_token()) for _ in range(3)])
    timed("the game id and the deal's salt", lambda: (secrets.token_hex(16), new_salt()))
    timed("the record (GameRecord, by dataclasses.replace)", lambda: dataclasses.replace(record))
    timed("the summary's message and bytes", summary)
    path = os.path.join(tempfile.mkdtemp(prefix="boardbot-probes-"), "games.sqlite3")
    db = sqlite3.connect(path, isolation_level=None)
    for pragma in ("auto_vacuum=INCREMENTAL", "journal_mode=WAL", "synchronous=NORMAL", "wal_autocheckpoint=0"):
        db.execute(f"PRAGMA {pragma}")  # as SqliteStore.open sets a new file
    db.execute("BEGIN IMMEDIATE")
    set_up(db, "probe")
    db.execute("COMMIT")
    row, blob, made = dumps(dict(record.to_dict(), initial=None)), dumps(initial), [0]

    def transaction(creates: int, count: bool, initial_in: str = "initials") -> None:
        db.execute("BEGIN IMMEDIATE")
        for _ in range(creates):
            made[0] += 1
            seq = db.execute("INSERT INTO games (id, game, version, finished, bot_to_move, updated, creator, "
                             "record, state) VALUES (?, ?, 0, NULL, 0, 1.5, '127.0.0.1', ?, ?)",
                             (secrets.token_hex(16), "frogriders", row,
                              blob if initial_in == "row" else b"")).lastrowid
            if initial_in == "initials":
                db.execute("INSERT INTO initials (seq, state) VALUES (?, ?)", (seq, blob))
            if count:
                db.execute("UPDATE meta SET value = value + 1 WHERE key = 'games'")
        db.execute("COMMIT")

    def frames(creates: int, count: bool, initial_in: str = "initials") -> None:
        """``timed`` of the transaction, and the WAL frames (pages written) a create."""
        n = args.repeats // creates // 4
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        timed(f"a SQLite transaction of {creates} create(s), {'with' if count else 'without'} UPDATE meta"
              + ("" if initial_in == "initials" else f", the initial state {'in the row' if initial_in == 'row' else 'not stored'}"),
              lambda: transaction(creates, count, initial_in), n)
        page = db.execute("PRAGMA page_size").fetchone()[0]
        written = os.path.getsize(path + "-wal") - 32  # the WAL's header, then a 24-byte header a frame
        print(f"  WAL frames a create: {written / (page + 24) / n / creates:.2f}")

    for creates in (1, 4):
        for count in (True, False):
            frames(creates, count)
    frames(1, False, "row")
    frames(1, False, "none")


def probe_view_parts(args) -> None:
    from boardbot.server import convert
    from boardbot.v1 import common_pb2

    game, states = registry.get(call_parts.GAME), []
    for seed in range(args.states):
        state, rng = game.new_state(game.validate({"players": 2}), seed), random.Random(seed)
        for _ in range(rng.randrange(1, 20)):
            if state.decider() < 0:
                break
            state.apply(rng.choice(state.legal_moves()))
        states.append(state)

    def timed(label: str, work, items):
        started = time.process_time()
        out = [work(item) for item in items]
        print(f"  {label}: {(time.process_time() - started) / len(items) * 1e6:.1f}")
        return out

    print(f"a first read of a view's parts, CPU µs each ({len(states)} positions):")
    views = timed("the engine's view", lambda s: s.view(max(s.decider(), 0)), states)
    args_ = timed("the conversion (constructor_arg)",
                  lambda v: convert.constructor_arg(common_pb2.View, call_parts.GAME, v), views)
    messages = timed("the SeatView constructor", lambda a: common_pb2.SeatView(game_id="0" * 32, version=3, seat=0,
                                                                                view=a), args_)
    timed("its serialization", lambda m: m.SerializeToString(), messages)
    timed("the legal moves' entries (text, move dict, conversion)", lambda s: [
        {"id": i, "text": s.move_text(m), "move": convert.constructor_arg(common_pb2.Move, call_parts.GAME,
                                                                         game.move_to_dict(m))}
        for i, m in enumerate(s.legal_moves() if s.decider() >= 0 else ())], states)
    timed("the live scores (Game.live_scores)", game.live_scores, states)


async def probe_first_reads(args) -> None:
    from boardbot.server.snapshots import Snapshot

    bench = call_parts.Bench("memory", tempfile.mkdtemp(prefix="boardbot-probes-"), args.games)
    await bench.fresh()
    lives = [await bench.store.get_live(game_id) for game_id, _, _ in await bench.games(1)]
    collector.tune()
    for _ in range(args.rounds):
        snaps = [Snapshot.of(live) for live in lives]
        for snap in snaps:
            snap.cache = {}  # a first read of the version
        started = time.process_time()
        for snap in snaps:
            snap.get_view_answer(0)
            snap.get_view_answer(1)
        print(f"{(time.process_time() - started) / len(snaps) / 2 * 1e6:.1f} µs per first read")
    await bench.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="probe", required=True)
    p = sub.add_parser("gc")
    p.add_argument("--calls", type=int, default=1500)
    p.add_argument("--rounds", type=int, default=4)
    p.add_argument("--tuned", action="store_true")
    p = sub.add_parser("instructions")
    p.add_argument("call", choices=tuple(REQUESTS))
    p.add_argument("--calls", type=int, default=300)
    p.add_argument("--store", choices=("memory", "sqlite"), default="memory")
    p.add_argument("--games-only", action="store_true", help="make the calls' games, make no call")
    p = sub.add_parser("cold-read")
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--setup-only", action="store_true", help="make and play the games, read none")
    p = sub.add_parser("create-parts")
    p.add_argument("--repeats", type=int, default=20000)
    p = sub.add_parser("first-reads")
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--rounds", type=int, default=1)
    p = sub.add_parser("view-parts")
    p.add_argument("--states", type=int, default=2000)
    args = parser.parse_args()
    if args.probe == "create-parts":
        probe_create_parts(args)
        return 0
    if args.probe == "view-parts":
        probe_view_parts(args)
        return 0
    logs.configure(stream=open(os.devnull, "w"))  # every call logged, as boardbot serve does
    import uvloop

    uvloop.run({"gc": probe_gc, "instructions": probe_instructions, "cold-read": probe_cold_read,
                "first-reads": probe_first_reads}[args.probe](args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
