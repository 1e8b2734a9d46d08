"""boardbot.client.aio against a real server: every call, the same answers and error details as
the blocking client, the retry policy over aging connections, a watch resumed across a server
restart, and a cancelled SuggestMove whose search the server stops. And the two clients share
their non-I/O code: neither builds a request or reads an answer itself."""

import ast
import asyncio
import inspect
import pathlib
import random
import time

import grpc
import pytest

from boardbot.client import Client as SyncClient
from boardbot.client import aio, error_details
from boardbot.v1 import bot_service_pb2 as bpb
from boardbot.v1 import common_pb2, game_service_pb2, game_service_pb2_grpc

from tests.processes import Serve

CLIENT = pathlib.Path(__file__).resolve().parent.parent / "clients" / "python" / "boardbot" / "client"
C = grpc.StatusCode
LONG = 10_000_000  # iterations no test waits for


def run(coro, timeout: float = 120.0):
    """Run ``coro`` on a fresh event loop (each test makes its clients inside it)."""
    async def bounded():
        return await asyncio.wait_for(coro, timeout)
    return asyncio.run(bounded())


@pytest.fixture(scope="module")
def ai_server():
    """A server with one search worker process, as `boardbot serve` runs them."""
    from boardbot.ai.pool import SearchPool
    from boardbot.server import logs
    from boardbot.server.app import BackgroundServer
    from boardbot.server.limits import Limits

    logs.configure(enabled=False)
    pool = SearchPool(1, nice=5)
    srv = BackgroundServer(pool=pool, limits=Limits(creates_per_second_per_client=0, max_games_per_client=0))
    yield srv
    srv.stop()
    pool.close()


def snapshot(server) -> dict:
    async def read():
        return server.running.searches.snapshot()
    return server.call(read())


async def wait_for(server, check, timeout: float = 30.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        snap = snapshot(server)
        if check(snap):
            return snap
        assert time.monotonic() < deadline, f"not reached within {timeout} s: {snap}"
        await asyncio.sleep(0.02)


def idle(snap) -> bool:
    return snap["running"] == 0 and snap["queued"] == 0 and not any(snap["worker_load"])


async def decision_with_choices(game: aio.Game, rng: random.Random):
    """Play ``game`` (humans only) randomly until the seat to move has several moves."""
    while True:
        info = await game.info()
        view = await game.seat(info.decider).view()
        if len(view.legal_moves) > 1:
            return game.seat(info.decider), view
        await game.seat(info.decider).play(move_id=rng.choice(view.legal_moves).id, expected_version=view.version)


# --- every call --------------------------------------------------------------------------
async def human_to_move(game: aio.Game, humans=(0, 1)) -> tuple[aio.Seat, object]:
    """The human seat to move, and its view, once the game's bots have moved."""
    while True:
        info = await game.info()
        if info.decider in humans:
            seat = game.seat(info.decider)
            view = await seat.view()
            if view.my_turn:
                return seat, view
        await asyncio.sleep(0.01)


def test_every_call_answers_as_the_blocking_clients_does(ai_server):
    async def scenario():
        async with aio.Client(ai_server.address, timeout=30) as client:
            await client.wait_ready()
            types = await client.game_types()
            assert {t.name for t in types} >= {"frogriders", "czech-pub"}
            game = await client.create_game("frogriders", {"players": 3}, seats=["human", "human", "random"],
                                            seed=4, reproducible=True)
            assert set(game.tokens) == {0, 1} and game.owner_token
            info = await game.info()
            assert info.game_id == game.game_id and info.game_name == "frogriders" and len(info.seats) == 3
            assert info.reproducible
            with SyncClient(ai_server.address) as blocking:  # the same answers, read the same way
                mover, view = await human_to_move(game)
                assert view == blocking.seat(game.game_id, mover.number, mover.token).view()
                assert view.game_id == game.game_id and view.seat == mover.number
                assert await game.spectator().view() == blocking.seat(game.game_id, None).view()
                # a move by id, by text and as a move dict, each acknowledged
                reply = await mover.play(move_id=0, expected_version=view.version)
                assert reply.version == view.version + 1
                mover, view = await human_to_move(game)
                reply = await mover.play(text=view.legal_moves[-1].text, expected_version=view.version)
                assert reply.move_text == view.legal_moves[-1].text
                mover, view = await human_to_move(game)
                reply = await mover.play(move=view.legal_moves[0].move, game="frogriders")
                assert reply.version == view.version + 1
                # the AI: SuggestMove for the seat, ChooseMove from its view; the same for a seed
                mover, view = await human_to_move(game)
                suggested = await mover.suggest(iterations=30, seed=7)
                assert suggested.version == view.version and suggested.stats.iterations == 30
                assert suggested.move.id in {m.id for m in view.legal_moves}
                same = blocking.seat(game.game_id, mover.number, mover.token).suggest(iterations=30, seed=7)
                assert same.move == suggested.move
                chosen = await client.choose_move("frogriders", view, bot="ismcts:iterations=30", seed=7)
                assert chosen.move.id in {m.id for m in view.legal_moves} and chosen.stats.iterations == 30
                stats = await client.serving_stats()
                assert stats.workers == 1 and stats.counters.answered >= 3
            # paging: every game, page after page
            others = [await client.create_game("froccs", seats=["human", "random"]) for _ in range(3)]
            listed = [g.game_id async for g in client.list_games(page_size=2, game="froccs")]
            assert {g.game_id for g in others} <= set(listed) and len(listed) == len(set(listed))
            # resign every human seat: bots finish the game; a spectator watches it to the end
            for seat in (0, 1):
                resigned = await game.seat(seat).resign()
                assert resigned.seats[seat].resigned
            versions = []
            async for event, view in game.spectator().watch(from_version=0):
                assert (event is None) == (not versions)
                versions.append(view.version)
                if view.finished:
                    break
            assert versions == list(range(versions[-1] + 1)) and view.outcome is not None
            # deleted: gone
            for g in [game, *others]:
                await g.delete()
            with pytest.raises(grpc.aio.AioRpcError) as err:
                await game.info()
            assert err.value.code() == C.NOT_FOUND
    run(scenario())


def test_errors_carry_the_same_details_as_the_blocking_clients(ai_server):
    async def scenario():
        async with aio.Client(ai_server.address) as client:
            game = await client.create_game("frogriders", seats=["human", "human"], seed=2)
            mover = (await game.info()).decider
            waiting = 1 - mover
            blocking = SyncClient(ai_server.address)
            try:
                seat = lambda q, token=None: blocking.seat(game.game_id, q, token or game.tokens[q])  # noqa: E731
                cases = [  # (what the asyncio client awaits, the blocking client's same call)
                    (client.get_game("no-such-game"), lambda: blocking.get_game("no-such-game")),
                    (game.seat(mover).play(move_id=999), lambda: seat(mover).play(move_id=999)),
                    (game.seat(waiting).play(move_id=0), lambda: seat(waiting).play(move_id=0)),
                    (client.seat(game.game_id, mover, game.tokens[waiting]).view(),
                     lambda: seat(mover, game.tokens[waiting]).view()),
                    (game.seat(mover).suggest(bot="ismcts:mode=xo"), lambda: seat(mover).suggest(bot="ismcts:mode=xo")),
                ]
                seen = []
                for awaited, blocking_call in cases:
                    with pytest.raises(grpc.RpcError) as raised:
                        await awaited
                    with pytest.raises(grpc.RpcError) as same:
                        blocking_call()
                    err = raised.value
                    assert isinstance(err, grpc.aio.AioRpcError)
                    assert (err.code(), err.details()) == (same.value.code(), same.value.details())
                    assert error_details(err) == error_details(same.value)
                    seen.append((err.code(), error_details(err)))
            finally:
                blocking.close()
            (code, details), (illegal, bad), (turn, pre), (denied, _), (bot, bot_details) = seen
            assert code == C.NOT_FOUND and details["ErrorInfo"].reason == "GAME_NOT_FOUND"
            assert details["ErrorInfo"].metadata["game_id"] == "no-such-game"
            assert illegal == C.INVALID_ARGUMENT and bad["ErrorInfo"].reason == "ILLEGAL_MOVE"
            assert bad["BadRequest"].field_violations[0].field == "move_id"
            assert turn == C.FAILED_PRECONDITION and pre["ErrorInfo"].reason == "NOT_YOUR_DECISION"
            assert pre["PreconditionFailure"].violations[0].subject == f"seats/{waiting}"
            assert denied == C.PERMISSION_DENIED
            assert bot == C.INVALID_ARGUMENT and bot_details["BadRequest"].field_violations[0].field == "bot"
    run(scenario())


def test_calls_that_lose_the_race_with_an_aged_connection_are_retried():
    """The blocking client's retry test (tests/test_serving.py), with eight tasks on one
    asyncio client: reads and idempotent moves over connections that age out every 0.1 s
    see no error (the same retry policy)."""
    from boardbot.server.app import BackgroundServer
    from boardbot.server.config import ConnectionOptions

    options = ConnectionOptions(max_connection_age=0.1, max_connection_age_grace=5.0)

    async def scenario(address):
        async with aio.Client(address) as client:
            game = await client.create_game("frogriders", seats=["human", "human"], seed=1)
            until = time.monotonic() + 4.0

            async def hammer():
                calls = 0
                while time.monotonic() < until or calls < 150:
                    await game.seat(calls % 2).view()
                    await client.get_game(game.game_id)
                    calls += 2
                return calls
            return await asyncio.gather(*(hammer() for _ in range(8)))  # any failed call raises here

    with BackgroundServer(connections=options) as srv:
        assert min(run(scenario(srv.address))) >= 150


# --- a watch resumed across a server restart ---------------------------------------------
def test_a_watch_resumes_across_a_server_restart(tmp_path, monkeypatch):
    """A spectator's watch (resume on) goes on through a SIGKILL and a restart on the same
    data and address: every version once, in order, to the end of the game."""
    from boardbot.client import _core

    # the restart (a new process, its imports, its store) may take longer on a loaded machine
    # than the default five reopenings (about 3 s): give the watch more of them
    monkeypatch.setattr(_core, "RESUME_ATTEMPTS", 60)
    args = ["--data-dir", str(tmp_path / "data"), "--ai-workers", "0", "--bot-processes", "0"]
    server = Serve(args, tmp_path / "serve.log")

    async def scenario():
        nonlocal server
        async with aio.Client(server.address, timeout=20) as client:
            game = await client.create_game("frogriders", seats=["human", "human"], seed=11)
            seen: list[int] = []
            first_stream = asyncio.Event()

            async def spectate():
                async for _, view in game.spectator().watch():
                    seen.append(view.version)
                    first_stream.set()
                    if view.finished:
                        return view.version

            watcher = asyncio.create_task(spectate())
            await first_stream.wait()
            rng = random.Random(11)

            async def moves(count):
                for _ in range(count):
                    info = await game.info()
                    if info.status == common_pb2.GAME_STATUS_FINISHED:
                        return
                    view = await game.seat(info.decider).view()
                    await game.seat(info.decider).play(move_id=rng.randrange(len(view.legal_moves)),
                                                       expected_version=view.version)
            await moves(5)
            while not seen or seen[-1] < 5:  # the watcher has read every version so far
                await asyncio.sleep(0.02)
            server.kill()
            await asyncio.sleep(0.3)  # the stream fails; the watch reopens it and keeps trying
            assert not watcher.done()
            server = await asyncio.to_thread(Serve, args, tmp_path / "serve.log", server.address)
            await client.wait_ready(30)  # the channel reconnects (gRPC's own backoff) before our next calls
            while (await game.info()).status != common_pb2.GAME_STATUS_FINISHED:
                await moves(10)
            final = (await game.info()).version
            assert await asyncio.wait_for(watcher, 60) == final
            assert seen == list(range(final + 1))  # across the restart: every version once, in order
    try:
        run(scenario(), timeout=240)
    finally:
        server.stop()


# --- cancellation --------------------------------------------------------------------------
def test_cancelling_an_awaited_suggest_move_stops_the_search(ai_server):
    async def scenario():
        await wait_for(ai_server, idle)
        before = snapshot(ai_server)
        async with aio.Client(ai_server.address, timeout=120) as client:
            game = await client.create_game("frogriders", seats=["human", "human"], seed=12)
            seat, view = await decision_with_choices(game, random.Random(12))
            thinking = asyncio.create_task(seat.suggest(iterations=LONG))
            await wait_for(ai_server, lambda s: s["running"] == 1 and any(s["worker_load"]))
            await asyncio.sleep(0.3)
            thinking.cancel()
            with pytest.raises(asyncio.CancelledError):
                await thinking
            # the server noticed: its search stopped and the worker let go of it
            after = await wait_for(ai_server, lambda s: s["stops"].get("cancelled", 0)
                                   > before["stops"].get("cancelled", 0) and idle(s))
            assert after["counts"]["cancelled"] == before["counts"]["cancelled"] + 1
            assert 0 < after["last_cancelled"]["iterations"] < LONG
            stats = await client.serving_stats()  # and says so through the API
            assert stats.counters.cancelled == after["counts"]["cancelled"] and stats.running == 0
            assert stats.stops.cancelled == after["stops"]["cancelled"]
            # the worker is free: the next call is answered
            assert (await seat.suggest(iterations=20, seed=1)).stats.iterations == 20
    run(scenario())


# --- one implementation of what is not I/O --------------------------------------------------
def test_the_two_clients_only_send_what_the_shared_core_builds():
    """boardbot/client/__init__.py (blocking) and aio.py (asyncio) build no request, read no
    answer, parse no view and decide no retry themselves: _core.py does, once."""
    core_names = {node.name for node in ast.walk(ast.parse((CLIENT / "_core.py").read_text()))
                  if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    assert {"View", "Event", "SeatCalls", "WatchCursor", "GamePages", "error_details", "resumable",
            "channel_options"} <= core_names
    for name in ("__init__.py", "aio.py"):
        tree = ast.parse((CLIENT / name).read_text())
        built = [node.func.attr for node in ast.walk(tree) if isinstance(node, ast.Call)
                 and isinstance(node.func, ast.Attribute) and node.func.attr.endswith(("Request", "Budget"))]
        assert built == [], f"{name} builds {built}: build it in _core.py"
        defined = {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
        assert defined == {"Client", "Game", "Seat"}, f"{name} defines {defined - {'Client', 'Game', 'Seat'}}"
        text = (CLIENT / name).read_text()
        for shared in ("json_format", "from_message", "rpc_status", "StatusCode", "service_config()"):
            assert shared not in text, f"{name} uses {shared}: that belongs in _core.py"
    # and the two expose the same calls, awaited in one, plain in the other
    from boardbot import client as blocking
    for cls in ("Client", "Game", "Seat"):
        sync_cls, aio_cls = getattr(blocking, cls), getattr(aio, cls)
        public = lambda c: {n for n in dir(c) if not n.startswith("_")}  # noqa: E731
        assert public(sync_cls) == public(aio_cls), (cls, public(sync_cls) ^ public(aio_cls))
        for method, value in vars(sync_cls).items():  # its own calls (not the shared base's)
            if callable(value) and not method.startswith("_") and method not in ("seat", "spectator"):
                awaited = getattr(aio_cls, method)
                assert asyncio.iscoroutinefunction(awaited) or inspect.isasyncgenfunction(awaited), (cls, method)


def test_the_clients_and_the_example_type_check_strictly(tmp_path):
    """mypy --strict (clients/python/pyproject.toml's settings) over both clients, their shared
    core and examples/chat_bot.py, a program written against them."""
    import subprocess
    import sys

    root = CLIENT.parents[3]
    checked = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache"), "--config-file",
                              str(root / "clients" / "python" / "pyproject.toml"), str(CLIENT),
                              str(root / "examples" / "chat_bot.py")], cwd=root, capture_output=True, text=True,
                             timeout=300)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_asyncio_client_reaches_the_raw_stubs_too(ai_server):
    """Like the blocking client, ``stub`` and ``bots`` are the generated stubs, on its channel."""
    async def scenario():
        async with aio.Client(ai_server.address) as client:
            assert isinstance(client.stub, game_service_pb2_grpc.GameServiceStub)
            reply = await client.bots.GetServingStats(bpb.GetServingStatsRequest(), timeout=10)
            assert reply.workers == 1
    run(scenario())


# --- the example chat bot ------------------------------------------------------------------
def test_the_example_chat_bot_plays_a_game_and_answers_while_it_thinks(ai_server):
    """examples/chat_bot.py against a real server: a whole game through the simulated channel,
    and each `!ping` sent after a `!hint` is answered before the hint (the search does not
    hold the loop up), with the hinted move played."""
    import subprocess
    import sys

    example = pathlib.Path(__file__).resolve().parent.parent / "examples" / "chat_bot.py"
    done = subprocess.run([sys.executable, str(example), "--address", ai_server.address, "--hints", "2",
                           "--hint-seconds", "0.5", "--timeout", "240"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert lines[0] == "ada: !play frogriders vs ismcts:easy"
    assert lines[-1].startswith("boardbot: game over: you scored ")
    hints = [n for n, line in enumerate(lines) if line == "ada: !hint"]
    assert len(hints) == 2
    for n in hints:
        answers = lines[n:]
        pong = next(k for k, line in enumerate(answers) if line.startswith("boardbot: pong"))
        hint = next(k for k, line in enumerate(answers) if line.startswith("boardbot: hint: "))
        assert answers[pong] == "boardbot: pong (1 hint being thought about)" and pong < hint, answers[:6]
        hinted = answers[hint].split()[2].rstrip(")")
        assert answers[hint + 1] == f"ada: !move {hinted}"
    assert sum(line.startswith("boardbot: ismcts:easy played: ") for line in lines) >= 3


def test_the_asyncio_clients_decisions_and_bot_stream_play_games_to_the_end(server):
    async def scenario():
        async with aio.Client(server.address, timeout=20) as client:
            rng = random.Random(5)
            game = await client.create_game("frogriders", seats=["human", "random"], seed=13)
            seat = game.seat(0)
            kinds = []
            async for message in seat.decisions():
                kinds.append(message.kind)
                if message.kind == game_service_pb2.PLAY_EVENT_KIND_DECISION:
                    await seat.play(move_id=rng.choice(message.view.legal_moves).id,
                                    expected_version=message.view.version)
            assert kinds[-1] == game_service_pb2.PLAY_EVENT_KIND_GAME_OVER and len(kinds) > 2
            assert set(kinds[:-1]) == {game_service_pb2.PLAY_EVENT_KIND_DECISION}  # no WAIT without waits=True
            name = f"Async bot {rng.randrange(10**9)}"
            account = await client.create_bot_account(name)
            other = await client.create_game("frogriders", seats=["open", "random"], seed=14)
            await other.invite_bot(0, name)
            seats = {}
            async for message in client.bot_decisions(account.bot_token):
                if message.kind == game_service_pb2.BOT_EVENT_KIND_GAME_START:
                    seats[message.game_id] = client.seat(message.game_id, message.seat, message.seat_token)
                elif message.play.kind == game_service_pb2.PLAY_EVENT_KIND_DECISION:
                    view = message.play.view
                    await seats[message.game_id].play(move_id=rng.choice(view.legal_moves).id,
                                                      expected_version=view.version)
                elif message.play.kind == game_service_pb2.PLAY_EVENT_KIND_GAME_OVER:
                    break
            assert list(seats) == [other.game_id]
            assert (await other.info()).status == common_pb2.GAME_STATUS_FINISHED

    run(scenario())
