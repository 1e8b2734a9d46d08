"""Server CPU per call against the bare gRPC floor, on every store, in one run (issue 50).

    python bench/call_cost.py [--configs echo,memory,sqlite,sqlite2,redis2] [--repeats 3]
                              [--seconds 4] [--clients 16] [--connections 8] [--baseline REV]
                              [--baseline-build DIR]
                              [--profile DIR]

For each configuration, starts a server on a free port and drives it through
the public gRPC API from this process (grpc.aio on uvloop, ``--clients``
callers over ``--connections`` TCP connections, each caller making one call at
a time, paced so that together they offer ``--rate`` calls a second; 0: as
fast as the server answers), one phase per call:

* ``CreateGame``: Frogriders, two human seats, reproducible seeds;
* ``SubmitMove``: the created games played to their end, one move after
  another per caller (the move by id, no view in the answer, with
  ``expected_version``), both seats by their tokens. The caller mirrors the
  game with the engine from the same seed to know whose move it is and how
  many moves there are (its CPU is the load generator's, not the server's);
* ``GetView``: the seats' views of the games (each seat of each game once per
  pass, so most are the first read of that version), with the seat's token.

``echo`` is the floor: the bare grpc.aio echo server of bench/grpc_floor.py
(no protobuf, no work; the same event loop and gRPC settings as ``boardbot
serve``), driven the same way; ``echo2`` is two of them on one port, each
answering about half the calls as each process of ``sqlite2`` and ``redis2``
does (a process answering fewer calls a second pays more for each: fewer
calls share a wake-up of its event loop), and adds a column of the ratios to
it. The other configurations are ``boardbot
serve`` (every call logged, the default; search workers off, the per-client
create limits off): ``memory``, ``sqlite`` (one process, the default store),
``sqlite2`` (``--processes 2`` on one SQLite file), ``redis2`` (``--processes
2`` on a ``redis-server`` of its own, no persistence; its CPU counts as the
server's and is also shown apart).

The breakdown rows (not in the default list): ``grpc``, the GameService's
servicer registered as ``boardbot serve`` registers it, answering at once with
answers made once by a real master (gRPC and protobuf for these messages), and
``wrapped``, the service's own per-call wrapper (``boardbot.server.rpc``: the
``Call``, the quota check, the outcome, log line, metrics and tracing hooks)
over a master that answers at once (bench/stub_server.py):
``--configs echo,grpc,wrapped,memory`` shows what each layer adds.
``--baseline REV`` also serves every store configuration from git revision
REV's server code, right after this checkout's (before and after a change in
one run), with this checkout's compiled modules, or, when REV compiles another
list of modules, with those of ``--baseline-build DIR`` (a checkout of REV
built in place: ``pip install -e .``); ``--profile DIR`` samples the servers
with py-spy during each phase.

The configurations run in turn, ``--repeats`` times (side by side, so the
machine's load drifts over all of them alike); the table gives the medians.
"Server µs" is the CPU (user + system) of the server's process tree (and
redis-server's) over the phase divided by its calls; the ratio is that over
the echo floor's µs per call of the same run; "loadgen µs" is this process's
CPU per call (the load generator's own price, the engine mirror included).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("GRPC_EXPERIMENTS", "-event_engine_client,-event_engine_listener")  # as boardbot serve

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import grpc  # noqa: E402
import psutil  # noqa: E402

import grpc_floor  # noqa: E402
import stub_server  # noqa: E402  (its LEVELS; its servers run as processes of their own)
from boardbot.engine import registry  # noqa: E402
from boardbot.tools.loadtest.procstat import ProcessCPU  # noqa: E402
from boardbot.v1 import common_pb2  # noqa: E402
from boardbot.v1 import game_service_pb2 as pb  # noqa: E402
from boardbot.v1 import game_service_pb2_grpc as pb_grpc  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAME = "frogriders"
CONFIGS = {
    "memory": ["--store", "memory", "--processes", "1"],
    "sqlite": ["--store", "sqlite:{dir}/games.sqlite3", "--processes", "1"],
    "sqlite2": ["--store", "sqlite:{dir}/games.sqlite3", "--processes", "2"],
    "redis2": ["--store", "{redis}", "--processes", "2"],
}
UNLIMITED = ["--creates-per-second-per-client", "0", "--create-burst-per-client", "0",
             "--max-games-per-client", "0", "--max-games", "0", "--ai-workers", "0", "--http-address", "off"]
PHASES = ("CreateGame", "SubmitMove", "GetView", "WatchGame")
# the floor: a bare grpc.aio echo server (bench/grpc_floor.py); echo2: two of them on one port, each
# answering about half the calls, as each process of a two-process server does
ECHOES = {"echo": 1, "echo2": 2}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def channels(address: str, count: int) -> list[grpc.aio.Channel]:
    """``count`` channels on their own TCP connections (SO_REUSEPORT spreads connections over processes)."""
    return [grpc.aio.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1), ("bench.conn", i)])
            for i in range(count)]


class Profiler:
    """``--profile DIR``: py-spy samples the server's processes during each phase, into
    ``DIR/<configuration>-<phase>-<repeat>.txt`` (collapsed stacks, one ``frames count`` a line);
    with ``--profiler perf``, ``perf record`` into ``...data`` (``perf report -i``): CPU time only,
    by C function, where py-spy also counts a thread that waits for a core. Profiled runs are
    slower: their CPU figures are not the table's."""

    def __init__(self, directory: str | None, name: str = "", repeat: int = 0, pid: int = 0, tool: str = "py-spy"):
        self.directory, self.name, self.repeat, self.pid, self.tool = directory, name, repeat, pid, tool

    def start(self, phase: str):
        if not self.directory:
            return None
        os.makedirs(self.directory, exist_ok=True)
        path = os.path.join(self.directory, f"{self.name.replace(' ', '')}-{phase}-{self.repeat}")
        if self.tool == "perf":  # the whole process tree's CPU by C function, gRPC core's and CPython's
            command = ["perf", "record", "--freq", "999", "--call-graph", "fp", "--output", path + ".data",
                       "--pid", ",".join(str(p) for p in [self.pid] + [c.pid for c in
                                                                         psutil.Process(self.pid).children(True)])]
        else:
            spy = shutil.which("py-spy") or os.path.join(os.path.dirname(sys.executable), "py-spy")
            command = [spy, "record", "--pid", str(self.pid), "--subprocesses", "--nonblocking", "--rate", "250",
                       "--format", "raw", "--output", path + ".txt"]
        proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.5)  # attached before the phase starts
        return proc

    @staticmethod
    def stop(proc) -> None:
        if proc is not None:
            proc.send_signal(signal.SIGINT)  # py-spy writes its file on SIGINT
            proc.wait(30)


class Phase:
    """One phase's calls, latencies and the CPU of the server and of this process."""

    def __init__(self, server: ProcessCPU, redis: ProcessCPU | None = None, profiler: Profiler | None = None,
                 name: str = ""):
        self.server, self.redis = server, redis  # redis: also counted in server
        self.profiler, self.name = profiler or Profiler(None), name
        self.latencies: list[float] = []
        self.errors = 0

    def __enter__(self):
        self.spy = self.profiler.start(self.name)
        self.cpu0, self.me0, self.wall0 = self.server.read(), time.process_time(), time.perf_counter()
        self.redis0 = self.redis.read() if self.redis else 0.0
        return self

    def __exit__(self, *exc):
        self.cpu, self.me = self.server.read() - self.cpu0, time.process_time() - self.me0
        self.wall = time.perf_counter() - self.wall0
        self.redis_cpu = self.redis.read() - self.redis0 if self.redis else None
        self.profiler.stop(self.spy)

    def result(self) -> dict:
        n = len(self.latencies) or 1
        lat = sorted(self.latencies)
        out = {} if self.redis_cpu is None else {"redis_us": self.redis_cpu / n * 1e6}
        return out | {"calls": len(self.latencies), "rate": len(self.latencies) / self.wall,
                "server_us": self.cpu / n * 1e6, "loadgen_us": self.me / n * 1e6, "cores": self.cpu / self.wall,
                "p50_ms": lat[len(lat) // 2] * 1e3 if lat else 0.0,
                "p99_ms": lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1e3 if lat else 0.0,
                "errors": self.errors}


def pacer(args, j: int):
    """Caller j's wait before each call: ``--rate`` calls a second offered by all callers together
    (0: none, as fast as the answers come)."""
    wait = grpc_floor._schedule(time.perf_counter() + 0.01, j, args.clients, args.rate)

    async def pace() -> None:
        delay = wait(time.perf_counter())
        if delay > 0:
            await asyncio.sleep(delay)
    return pace


async def timed(phase: Phase, call):
    t = time.perf_counter()
    try:
        out = await call
    except grpc.aio.AioRpcError:
        phase.errors += 1
        return None
    phase.latencies.append(time.perf_counter() - t)
    return out


async def run_echo(address: str, args, server: ProcessCPU, profiler: Profiler) -> dict:
    chans = channels(address, args.connections)
    calls = [c.unary_unary(grpc_floor.METHOD) for c in chans]
    request = b"r" * 60
    for call in calls:
        for _ in range(50):
            await call(request)
    phase = Phase(server, None, profiler, "echo")
    end = time.perf_counter() + args.seconds

    async def caller(j: int) -> None:
        call = calls[j % len(calls)]
        pace = pacer(args, j)
        while time.perf_counter() < end:
            await pace()
            await timed(phase, call(request, timeout=10))

    with phase:
        await asyncio.gather(*(caller(j) for j in range(args.clients)))
    for c in chans:
        await c.close()
    return {"echo": phase.result()}


class Mirror:
    """A created game as the load generator knows it: the engine state from the same seed."""

    def __init__(self, game_id: str, seed: int, tokens: list[str]):
        game = registry.get(GAME)
        self.state = game.new_state(game.validate({"players": 2}), seed)
        self.game_id, self.version, self.seed = game_id, 0, seed
        self.auth = [(("authorization", f"Bearer {t}"),) for t in tokens]


async def run_boardbot(address: str, args, server: ProcessCPU, redis: ProcessCPU | None, seed: int,
                       profiler: Profiler, watch: bool = True) -> dict:
    chans = channels(address, args.connections)
    stubs = [pb_grpc.GameServiceStub(c) for c in chans]
    human = common_pb2.SeatSpec(kind=common_pb2.SEAT_KIND_HUMAN)
    rng = random.Random(seed)
    seeds = iter(range(seed * 10_000_000, seed * 10_000_000 + 10_000_000))
    games: list[Mirror] = []
    for stub in stubs:  # warm up every connection (and process)
        for _ in range(20):
            reply = await stub.CreateGame(pb.CreateGameRequest(game=GAME, seats=[human, human], seed=next(seeds),
                                                               reproducible=True))
            await stub.GetView(pb.GetViewRequest(game_id=reply.game.game_id))
    out = {}

    create = Phase(server, redis, profiler, "CreateGame")
    end = time.perf_counter() + args.seconds

    async def creator(j: int) -> None:
        stub = stubs[j % len(stubs)]
        pace = pacer(args, j)
        while time.perf_counter() < end:
            await pace()
            s = next(seeds)
            reply = await timed(create, stub.CreateGame(pb.CreateGameRequest(
                game=GAME, seats=[human, human], seed=s, reproducible=True), timeout=10))
            if reply is not None:
                games.append(Mirror(reply.game.game_id, s, [t.token for t in reply.seat_tokens]))

    with create:
        await asyncio.gather(*(creator(j) for j in range(args.clients)))
    out["CreateGame"] = create.result()

    move = Phase(server, redis, profiler, "SubmitMove")
    queue = list(games)
    rng.shuffle(queue)
    end = time.perf_counter() + args.seconds

    async def mover(j: int) -> None:
        stub = stubs[j % len(stubs)]
        pace = pacer(args, j)
        while queue and time.perf_counter() < end:
            game = queue.pop()
            state = game.state
            while time.perf_counter() < end:
                seat = state.decider()
                if seat < 0:
                    break
                moves = state.legal_moves()
                k = rng.randrange(len(moves))
                await pace()
                reply = await timed(move, stub.SubmitMove(pb.SubmitMoveRequest(
                    game_id=game.game_id, seat=seat, move_id=k, expected_version=game.version),
                    metadata=game.auth[seat], timeout=10))
                if reply is None:
                    break
                state.apply(moves[k])
                game.version = reply.version

    with move:
        await asyncio.gather(*(mover(j) for j in range(args.clients)))
    out["SubmitMove"] = move.result()
    out["SubmitMove"]["ran_out"] = not queue

    view = Phase(server, redis, profiler, "GetView")
    reads = [(g, s) for g in games for s in (0, 1)]
    end = time.perf_counter() + args.seconds
    position = 0

    async def viewer(j: int) -> None:
        nonlocal position
        stub = stubs[j % len(stubs)]
        pace = pacer(args, j)
        while time.perf_counter() < end:
            await pace()
            game, s = reads[position % len(reads)]
            position += 1
            await timed(view, stub.GetView(pb.GetViewRequest(game_id=game.game_id, seat=s),
                                           metadata=game.auth[s], timeout=10))

    with view:
        await asyncio.gather(*(viewer(j) for j in range(args.clients)))
    out["GetView"] = view.result()
    out["GetView"]["passes"] = position / len(reads)
    if watch:
        out["WatchGame"] = await watch_phase(games, stubs, args, server, redis, profiler, rng, out["SubmitMove"])
    for c in chans:
        await c.close()
    return out


WATCHERS = (0, 1, None, None)  # the streams on each watched game: each seat with its token, and two spectators


async def watch_phase(games: list[Mirror], stubs, args, server: ProcessCPU, redis: ProcessCPU | None,
                      profiler: "Profiler", rng: random.Random, moved: dict) -> dict:
    """WatchGame delivery: ``--clients`` running games, each watched by ``WATCHERS`` streams
    (spread over the connections), played on by one caller each (paced SubmitMoves, as in
    the SubmitMove phase); every move is an update on each of the game's streams. The
    phase's server CPU less its moves' (at the SubmitMove phase's µs per move) over the
    updates the streams received: the server's CPU per delivered update."""
    running = [g for g in games if g.state.decider() >= 0][-args.clients:]
    received = [0]
    streams = []
    opened = asyncio.Event()
    ready = [0]

    async def watch(game: Mirror, seat: int | None, stub) -> None:
        request = pb.WatchGameRequest(game_id=game.game_id) if seat is None else \
            pb.WatchGameRequest(game_id=game.game_id, seat=seat)
        call = stub.WatchGame(request, metadata=() if seat is None else game.auth[seat])
        streams.append(call)
        first = True
        try:
            async for _ in call:
                if first:
                    first = False
                    ready[0] += 1
                    if ready[0] == len(running) * len(WATCHERS):
                        opened.set()
                else:
                    received[0] += 1
        except grpc.aio.AioRpcError:
            pass

    tasks = [asyncio.ensure_future(watch(game, seat, stubs[(i * len(WATCHERS) + k) % len(stubs)]))
             for i, game in enumerate(running) for k, seat in enumerate(WATCHERS)]
    await asyncio.wait_for(opened.wait(), 30)
    phase = Phase(server, redis, profiler, "WatchGame")
    end = time.perf_counter() + args.seconds
    moves = [0]

    async def mover(j: int, game: Mirror) -> None:
        stub = stubs[j % len(stubs)]
        pace = pacer(args, j)
        state = game.state
        while time.perf_counter() < end:
            seat = state.decider()
            if seat < 0:
                break
            legal = state.legal_moves()
            k = rng.randrange(len(legal))
            await pace()
            reply = await timed(phase, stub.SubmitMove(pb.SubmitMoveRequest(
                game_id=game.game_id, seat=seat, move_id=k, expected_version=game.version),
                metadata=game.auth[seat], timeout=10))
            if reply is None:
                break
            moves[0] += 1
            state.apply(legal[k])
            game.version = reply.version

    with phase:
        await asyncio.gather(*(mover(j, game) for j, game in enumerate(running)))
        settle = time.perf_counter() + 5
        while received[0] < moves[0] * len(WATCHERS) and time.perf_counter() < settle:
            await asyncio.sleep(0.01)
    for call in streams:
        call.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    row = phase.result()
    updates = received[0] or 1
    row.update(server_us=max(0.0, phase.cpu - moves[0] * moved["server_us"] / 1e6) / updates * 1e6,
               loadgen_us=phase.me / updates * 1e6, rate=received[0] / phase.wall, updates=received[0],
               moves=moves[0], lost=moves[0] * len(WATCHERS) - received[0])
    if phase.redis_cpu is not None:
        row["redis_us"] = phase.redis_cpu / updates * 1e6
    return row


def wait_port(address: str, proc, log_path: str | None) -> None:
    host, port = address.rsplit(":", 1)
    deadline = time.monotonic() + 60
    while True:
        with socket.socket() as s:
            if s.connect_ex((host, int(port))) == 0:
                return
        if (proc.poll() if hasattr(proc, "poll") else (None if proc.is_alive() else 1)) is not None \
                or time.monotonic() > deadline:
            text = open(log_path).read()[-2000:] if log_path else ""
            raise SystemExit(f"the server at {address} did not start: {text}")
        time.sleep(0.1)


BASELINE_SUFFIX = " @"
SOURCES = ("ai", "engine", "learning", "server", "tools")  # the boardbot package's folders


def baseline_tree(revision: str, work: str, built: str | None = None) -> str:
    """A directory whose ``boardbot`` package is ``revision``'s (``git archive``), to put first on
    a server's PYTHONPATH; the compiled modules of ``built`` (a checkout of ``revision`` built in
    place with ``pip install -e .``; by default this checkout) are copied beside it, and serve
    only where their sources are the same there (``boardbot.engine.build`` checks: a revision
    that compiles another list of modules needs its own build)."""
    top = os.path.join(work, "baseline")
    package = os.path.join(top, "boardbot")
    os.makedirs(package)
    archive = subprocess.run(["git", "archive", revision, *SOURCES], cwd=ROOT, check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", package], input=archive.stdout, check=True)
    source = os.path.abspath(built or ROOT)
    for folder in SOURCES:
        for directory, _, files in os.walk(os.path.join(source, folder)):
            for file in files:
                if file.endswith(".so") or file == "_native.json":
                    relative = os.path.relpath(os.path.join(directory, file), source)
                    if os.path.isdir(os.path.dirname(os.path.join(package, relative))):
                        shutil.copy2(os.path.join(source, relative), os.path.join(package, relative))
    check = subprocess.run([sys.executable, "-c", "import boardbot.engine.build as b; print(b.describe())"],
                           env={**os.environ, "PYTHONPATH": top}, capture_output=True, text=True)
    print(f"baseline {revision}: {check.stdout.strip() or check.stderr[-500:]}", file=sys.stderr, flush=True)
    return top


def run_config(name: str, args, work: str, repeat: int) -> dict:
    import uvloop

    if name in ECHOES:  # one bare echo process, or two on one port (the kernel spreads the connections)
        ctx = multiprocessing.get_context("spawn")
        procs, address = [], "127.0.0.1:0"
        for _ in range(ECHOES[name]):
            port = ctx.Value("i", 0)
            proc = ctx.Process(target=grpc_floor.run_server, args=("aio", port, 1500, [], 8, "uvloop", address),
                               daemon=True)
            proc.start()
            procs.append(proc)
            while port.value == 0:
                time.sleep(0.05)
            address = f"127.0.0.1:{port.value}"
        try:
            return uvloop.run(run_echo(address, args, ProcessCPU([p.pid for p in procs]),
                                       Profiler(args.profile, name, repeat, procs[0].pid, args.profiler)))
        finally:
            for proc in procs:
                proc.terminate()
                proc.join(5)
    redis_proc = None
    env = dict(os.environ)
    if BASELINE_SUFFIX in name:  # the same configuration, served by the baseline's code
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [args.baseline_tree, env.get("PYTHONPATH")]))
    config = name.split(BASELINE_SUFFIX)[0]
    if config in stub_server.LEVELS:  # the breakdown: the service without its game master
        log_path = os.path.join(work, f"{name.replace(' ', '_')}-{repeat}.log")
        proc = subprocess.Popen([sys.executable, os.path.join(ROOT, "bench", "stub_server.py"), config, log_path],
                                cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
        try:
            port = int(proc.stdout.readline() or 0)
            if not port:
                raise SystemExit(f"{name} did not start: {open(log_path).read()[-2000:]}")
            return uvloop.run(run_boardbot(f"127.0.0.1:{port}", args, ProcessCPU([proc.pid]), None, 1 + repeat,
                                           Profiler(args.profile, name, repeat, proc.pid, args.profiler),
                                           watch=False))  # (no game to watch)
        finally:
            proc.terminate()
            proc.wait(10)
    flags = list(CONFIGS[config])
    if "{redis}" in flags:
        port = free_port()
        redis_proc = subprocess.Popen([shutil.which("redis-server"), "--port", str(port), "--bind", "127.0.0.1",
                                       "--save", "", "--appendonly", "no", "--dir", work], stdout=subprocess.DEVNULL)
        flags = [f.replace("{redis}", f"redis://127.0.0.1:{port}/0") for f in flags]
    flags = [f.replace("{dir}", tempfile.mkdtemp(dir=work)) for f in flags]
    address = f"127.0.0.1:{free_port()}"
    log_path = os.path.join(work, f"{name.replace(' ', '_')}-{repeat}.log")
    cmd = [sys.executable, "-m", "boardbot.tools.cli", "serve", "--address", address, *UNLIMITED, *flags]
    with open(log_path, "w") as log:
        server = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log, env=env)
    try:
        wait_port(address, server, log_path)
        processes = int(flags[flags.index("--processes") + 1])
        deadline = time.monotonic() + 60
        while open(log_path).read().count('"event": "serving"') < processes:  # every process serves
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"{name} did not start: {open(log_path).read()[-2000:]}")
            time.sleep(0.1)
        time.sleep(1.0)
        pids = [server.pid] + ([redis_proc.pid] if redis_proc else [])
        cpu = ProcessCPU(pids, rescan_seconds=3600.0)
        redis_cpu = ProcessCPU([redis_proc.pid]) if redis_proc else None
        return uvloop.run(run_boardbot(address, args, cpu, redis_cpu, 1 + repeat,
                                       Profiler(args.profile, name, repeat, server.pid, args.profiler)))
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        if redis_proc is not None:
            redis_proc.terminate()
            redis_proc.wait()


def median(rows: list[dict], key: str) -> float:
    return statistics.median(r[key] for r in rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--configs", default="echo," + ",".join(CONFIGS))
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=4.0, help="per phase")
    parser.add_argument("--clients", type=int, default=16, help="callers, each one call at a time")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--rate", type=float, default=1000.0,
                        help="calls a second offered by all callers together, paced (0: closed loop)")
    parser.add_argument("--profile", metavar="DIR", help="sample the servers with py-spy during each phase into "
                        "DIR (see Profiler; bench/profile_summary.py reads the files)")
    parser.add_argument("--profiler", choices=("py-spy", "perf"), default="py-spy")
    parser.add_argument("--baseline", metavar="REV", help="also serve each configuration from the server code of "
                        "git revision REV, right after this checkout's (rows named CONFIG @REV): before and after "
                        "a change, side by side in one run")
    parser.add_argument("--baseline-build", metavar="DIR", help="a checkout of the baseline revision built in "
                        "place (pip install -e .) whose compiled modules the baseline serves with, when its "
                        "list of compiled modules is not this checkout's (default: this checkout's)")
    args = parser.parse_args()
    names = args.configs.split(",")
    work = tempfile.mkdtemp(prefix="boardbot-call-cost-")
    if args.baseline:
        args.baseline_tree = baseline_tree(args.baseline, work, args.baseline_build)
        names = [n for name in names for n in ([name] if name in ECHOES else [name, name + BASELINE_SUFFIX
                                                                                  + args.baseline])]
    results: dict[tuple[str, str], list[dict]] = {}
    load_before = os.getloadavg()
    try:
        for repeat in range(args.repeats):
            for name in names:
                out = run_config(name, args, work, repeat)
                for phase, row in out.items():
                    results.setdefault((name, phase), []).append(row)
                summary = ", ".join(f"{p} {r['server_us']:.0f} µs" for p, r in out.items())
                print(f"[{repeat + 1}/{args.repeats}] {name}: {summary}", file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    load = os.getloadavg()
    floor = median(results[("echo", "echo")], "server_us") if ("echo", "echo") in results else None
    floor2 = median(results[("echo2", "echo")], "server_us") if ("echo2", "echo") in results else None
    pacing = "closed loop" if not args.rate else f"offered {args.rate:,.0f} calls/s"
    print(f"\n{GAME}, 2 human seats; {args.clients} callers on {args.connections} connections, {pacing}, "
          f"{args.seconds:g} s per phase; medians of {args.repeats} runs; {os.cpu_count()} cores, "
          f"{psutil.cpu_count()} logical; load average before {load_before[0]:.2f}, after {load[0]:.2f}")
    print("| configuration | call | server µs per call | × echo floor | " + ("× echo2 | " if floor2 else "")
          + "calls/s | p99 ms | server cores | loadgen µs per call | errors |")
    print("| --- " * (10 if floor2 else 9) + "|")
    for name in names:
        for phase in (("echo",) if name in ECHOES else PHASES):
            rows = results.get((name, phase))
            if not rows:
                continue
            us = median(rows, "server_us")
            ratio = f"{us / floor:.2f}" if floor else "-"
            if floor2:
                ratio += f" | {us / floor2:.2f}"
            extra = ""
            if "redis_us" in rows[0]:
                extra = f" (redis-server {median(rows, 'redis_us'):.0f})"
            print(f"| {name} | {phase} | {us:,.0f}{extra} | {ratio} | {median(rows, 'rate'):,.0f} | "
                  f"{median(rows, 'p99_ms'):.2f} | {median(rows, 'cores'):.2f} | {median(rows, 'loadgen_us'):,.0f} | "
                  f"{sum(r['errors'] for r in rows)} |")
    views = [r for (name, phase), rows in results.items() if phase == "GetView" for r in rows]
    if views:
        print(f"GetView: {min(r['passes'] for r in views):.1f}-{max(r['passes'] for r in views):.1f} passes over "
              "every seat of the games created (below 1: every call the first read of its seat's view)")
    watches = [r for (name, phase), rows in results.items() if phase == "WatchGame" for r in rows]
    if watches:
        print(f"WatchGame: server µs per update delivered to a stream (the phase's CPU less its moves' at the "
              f"SubmitMove row's µs per move); calls/s: updates delivered a second; p99: the moves'. "
              f"{len(WATCHERS)} streams on each of {args.clients} games (each seat, two spectators); "
              f"{sum(r['updates'] for r in watches):,} updates for {sum(r['moves'] for r in watches):,} moves, "
              f"{sum(r['lost'] for r in watches)} not received")
    if any(r.get("ran_out") for rows in results.values() for r in rows):
        print("SubmitMove: some runs ran out of created games (raise --seconds)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
