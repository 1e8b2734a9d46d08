"""BotService end to end, and serving searches under load: a real server on a
free loopback port with a real SearchPool (worker processes).

Timings are never asserted tightly (the machine is shared); the benchmarks
(bench/suggest_latency.py) print the latency figures.
"""

import concurrent.futures
import json
import os
import random
import signal
import subprocess
import time

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from boardbot.client import Client
from boardbot.v1 import bot_service_pb2 as bpb
from boardbot.v1 import common_pb2
from boardbot.engine import registry

from conftest import error_of, my_turn_game, play_randomly

GAMES = registry.names()
C = grpc.StatusCode
LONG = 10_000_000  # iterations no test waits for


@pytest.fixture(scope="module")
def tight_server(pool):
    """Two searches at a time, one more may wait: the third waiting caller is refused."""
    from boardbot.server.app import BackgroundServer

    srv = BackgroundServer(pool=pool, max_searches=2, search_queue_limit=1)
    yield srv
    srv.stop()


def snapshot(server) -> dict:
    async def read():
        return server.running.searches.snapshot()
    return server.call(read())


def wait_for(server, check, timeout=20.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        snap = snapshot(server)
        if check(snap):
            return snap
        if time.monotonic() > deadline:
            raise AssertionError(f"not reached within {timeout} s: {snap}")
        time.sleep(0.02)


def idle(snap) -> bool:
    return snap["running"] == 0 and snap["queued"] == 0 and not any(snap["worker_load"])


def all_details(err) -> dict:
    status = rpc_status.from_call(err)
    out = {}
    for box in status.details:
        for cls in (error_details_pb2.ErrorInfo, error_details_pb2.RetryInfo, error_details_pb2.QuotaFailure,
                    error_details_pb2.BadRequest, error_details_pb2.PreconditionFailure):
            if box.Is(cls.DESCRIPTOR):
                msg = cls()
                box.Unpack(msg)
                out[cls.__name__] = msg
    return out


# --- SuggestMove ---------------------------------------------------------------------
def test_suggest_move_returns_a_legal_move_with_stats(ai):
    game, seat, view = my_turn_game(ai)
    reply = game.seat(seat).suggest(iterations=40, seed=3)
    texts = {m.id: m.text for m in view.legal_moves}
    assert texts[reply.move.id] == reply.move.text
    assert reply.version == view.version
    stats = reply.stats
    assert stats.iterations == 40 and stats.stop == bpb.SEARCH_STOP_ITERATIONS and not stats.cancelled
    # one tree, as the ladder rated the presets (issue 47), though the server has two workers
    assert stats.workers == 1 and stats.mode in (bpb.SEARCH_MODE_SINGLE_OBSERVER, bpb.SEARCH_MODE_MULTIPLE_OBSERVER)
    assert stats.duration.ToNanoseconds() > 0 and stats.bot == "ismcts:medium"
    assert [c.move_id for c in stats.candidates] == sorted(texts)
    assert [c.text for c in stats.candidates] == [texts[i] for i in sorted(texts)]
    assert sum(c.visits for c in stats.candidates) == 40
    best = max(stats.candidates, key=lambda c: (c.visits, c.value))
    assert best.move_id == reply.move.id
    assert all(0.0 <= c.value <= 1.0 for c in stats.candidates)
    # the suggestion is playable as it is
    assert game.seat(seat).play(move_id=reply.move.id).move_text == reply.move.text


def test_iteration_mode_same_seed_same_move(ai):
    game, seat, _ = my_turn_game(ai, seed=5)
    first = game.seat(seat).suggest(bot="ismcts:c=0.9", iterations=60, seed=11)
    again = game.seat(seat).suggest(bot="ismcts:c=0.9", iterations=60, seed=11)
    assert first.move == again.move
    assert [(c.move_id, c.visits, c.value) for c in first.stats.candidates] == \
        [(c.move_id, c.visits, c.value) for c in again.stats.candidates]


def test_presets_explicit_parameters_and_cheap_bots(ai):
    game, seat, view = my_turn_game(ai, seed=7)
    me = game.seat(seat)
    # a preset is a time budget capped by its iterations, managed: done by whichever comes first
    easy = me.suggest(bot="ismcts:easy", seed=1)
    assert easy.stats.iterations <= 100 and easy.stats.stop in (
        bpb.SEARCH_STOP_ITERATIONS, bpb.SEARCH_STOP_SETTLED, bpb.SEARCH_STOP_TIME)
    assert easy.stats.stop != bpb.SEARCH_STOP_ITERATIONS or easy.stats.iterations == 100
    # its iterations named: spent whole, for reproducible play
    fixed = me.suggest(bot="ismcts:easy,iterations=100", seed=1)
    assert fixed.stats.iterations == 100 and fixed.stats.stop == bpb.SEARCH_STOP_ITERATIONS
    explicit = me.suggest(bot="ismcts:iterations=30,c=0.5,workers=1", seed=1)
    assert explicit.stats.iterations == 30 and explicit.stats.workers == 1
    timed = me.suggest(bot="ismcts:hard", seconds=0.15, seed=1)  # a budget replaces the preset's
    assert timed.stats.stop == bpb.SEARCH_STOP_TIME and timed.stats.duration.ToTimedelta().total_seconds() < 5
    for bot in ("random", "greedy"):
        reply = me.suggest(bot=bot, seed=2)
        assert reply.move.id in {m.id for m in view.legal_moves}
        assert reply.stats.stop == bpb.SEARCH_STOP_NO_SEARCH and reply.stats.bot == bot
        assert reply.stats.mode == bpb.SEARCH_MODE_UNSPECIFIED


def capped(stats, iterations: int) -> bool:
    """A preset's search ran at most its iterations (a time budget capped by them, managed: it may
    settle sooner, or its time may end first), and all of them when they are what stopped it."""
    return stats.iterations <= iterations and (stats.stop != bpb.SEARCH_STOP_ITERATIONS
                                               or stats.iterations == iterations)


def test_a_presets_budget_follows_the_games_table_size(ai):
    # Czech Pub sets its presets' iterations by table size (Game.preset_iterations); a budget
    # in the spec or in the request still wins, and other games keep the preset's own
    # (tests/test_served_plans.py compares the whole plan, table by table)
    table = registry.get("czech-pub").preset_iterations[3]
    game, seat, view = my_turn_game(ai, name="czech-pub", seed=5, players=3)
    me = game.seat(seat)
    assert capped(me.suggest(bot="ismcts:medium", seed=1).stats, table["medium"])
    assert capped(ai.choose_move("czech-pub", view, bot="ismcts:medium", seed=1).stats, table["medium"])
    assert capped(ai.choose_move("czech-pub", view, seed=1).stats, table["medium"])  # the default bot
    assert me.suggest(bot="ismcts:medium,iterations=30", seed=1).stats.iterations == 30
    assert me.suggest(bot="ismcts:hard", iterations=25, seed=1).stats.iterations == 25
    five = registry.get("czech-pub").preset_iterations[5]
    _, _, view5 = my_turn_game(ai, name="czech-pub", seed=5, players=5)
    assert capped(ai.choose_move("czech-pub", view5, bot="ismcts:hard", seed=1).stats, five["hard"])
    six = registry.get("czech-pub").preset_iterations[6]
    _, _, view6 = my_turn_game(ai, name="czech-pub", seed=5, players=6)
    assert capped(ai.choose_move("czech-pub", view6, bot="ismcts:medium", seed=1).stats, six["medium"])
    assert not registry.get("frogriders").preset_iterations
    _, _, frog = my_turn_game(ai, name="frogriders", seed=5)
    assert capped(ai.choose_move("frogriders", frog, bot="ismcts:easy", seed=1).stats, 100)


def test_suggest_move_errors(ai):
    game, seat, _ = my_turn_game(ai, seed=9)
    other = 1 - seat
    request = bpb.SuggestMoveRequest(game_id=game.game_id, seat=seat, budget=bpb.SearchBudget(iterations=5))
    stub = ai.bots

    def auth(token):
        return (("authorization", f"Bearer {token}"),)

    code, _, details = error_of(stub.SuggestMove, request)
    assert code == C.UNAUTHENTICATED
    code, _, _ = error_of(stub.SuggestMove, request, metadata=auth("nonsense"))
    assert code == C.UNAUTHENTICATED
    code, _, _ = error_of(stub.SuggestMove, request, metadata=auth(game.tokens[other]))
    assert code == C.PERMISSION_DENIED
    missing = bpb.SuggestMoveRequest(game_id="no-such-game", seat=seat)
    assert error_of(stub.SuggestMove, missing, metadata=auth(game.tokens[seat]))[0] == C.NOT_FOUND
    code, _, details = error_of(game.seat(other).suggest, iterations=5)
    assert code == C.FAILED_PRECONDITION and details["ErrorInfo"].reason == "NOT_YOUR_DECISION"
    code, message, details = error_of(game.seat(seat).suggest, bot="ismcts:frobnicate=1")
    assert code == C.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == "bot"
    assert "frobnicate" in message
    code, _, details = error_of(game.seat(seat).suggest, bot="alphabeta")
    assert code == C.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == "bot"
    code, _, details = error_of(game.seat(seat).suggest, seconds=-1.0)
    assert code == C.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == "budget.time"
    code, _, details = error_of(game.seat(seat).suggest, seconds=1e9)
    assert code == C.INVALID_ARGUMENT
    code, _, details = error_of(game.seat(seat).suggest, iterations=-3)
    assert code == C.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == "budget.iterations"
    # a finished game
    done = ai.create_game("frogriders", seats=["human", "random"], seed=4)
    play_randomly(done.seat(0), random.Random(4))
    code, _, details = error_of(done.seat(0).suggest, iterations=5)
    assert code == C.FAILED_PRECONDITION and details["ErrorInfo"].reason == "GAME_OVER"


# --- ChooseMove ------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_choose_move_from_get_view(ai, name):
    game, seat, view = my_turn_game(ai, name=name, seed=2)
    reply = ai.choose_move(name, view, iterations=20, seed=4)
    texts = {m.id: m.text for m in view.legal_moves}
    assert texts[reply.move.id] == reply.move.text
    assert reply.stats.iterations == 20 and len(reply.stats.candidates) == len(texts)
    assert reply.stats.workers == 1  # one tree unless the caller asks for workers
    # the stateless answer is the hosted one for the same seed and budget
    hosted = game.seat(seat).suggest(iterations=20, seed=4)
    assert hosted.move.id == reply.move.id
    # asked for, a search is split over the server's two worker processes, the same way hosted
    split = ai.choose_move(name, view, bot="ismcts:workers=2", iterations=20, seed=4)
    assert split.stats.workers == 2 and split.stats.iterations == 20
    assert game.seat(seat).suggest(bot="ismcts:workers=2", iterations=20, seed=4).move.id == split.move.id
    cheap = ai.choose_move(name, view.state, bot="greedy", seed=1)  # the engine's dict works too
    assert cheap.move.id in texts


def test_choose_move_without_worker_processes(client):
    # a server with no search workers (the session's test server, `boardbot serve` on one core)
    # checks the caller's view in a thread of its own process, with the same limits
    game, seat, view = my_turn_game(client, name="frogriders", seed=2)
    reply = client.choose_move("frogriders", view, bot="ismcts:easy", iterations=30, seed=1)
    assert reply.move.text in {m.text for m in view.legal_moves}
    assert reply.stats.iterations == 30


def test_choose_move_errors(ai):
    game, seat, view = my_turn_game(ai, seed=3)
    spectator = game.spectator().view()
    code, _, details = error_of(ai.choose_move, "frogriders", spectator, iterations=5)
    assert code == C.FAILED_PRECONDITION and details["ErrorInfo"].reason == "NOT_A_SEAT_VIEW"
    other = game.seat(1 - seat).view()
    code, _, details = error_of(ai.choose_move, "frogriders", other, iterations=5)
    assert code == C.FAILED_PRECONDITION and details["ErrorInfo"].reason == "NOT_YOUR_DECISION"
    code, _, details = error_of(ai.choose_move, "chess", view, iterations=5)
    assert code == C.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == "game"
    other_game = next(n for n in GAMES if n != "frogriders")
    code, _, details = error_of(ai.choose_move, other_game, view, iterations=5)
    assert code == C.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == "view"
    code, _, details = error_of(ai.choose_move, "frogriders", common_pb2.View(), iterations=5)
    assert code == C.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == "view"
    broken = dict(view.state)
    broken["config"] = {"players": 9}
    code, _, details = error_of(ai.choose_move, "frogriders", broken, iterations=5)
    assert code == C.INVALID_ARGUMENT
    assert details["BadRequest"].field_violations[0].field.startswith("view.frogriders")
    code, _, details = error_of(ai.choose_move, "frogriders", view, bot="ismcts:mode=xo")
    assert code == C.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == "bot"


# --- deadlines and cancellation -----------------------------------------------------------
def test_a_search_stops_when_its_call_is_cancelled(ai, ai_server):
    wait_for(ai_server, idle)
    before = snapshot(ai_server)
    game, seat, _ = my_turn_game(ai, seed=12)
    request = bpb.SuggestMoveRequest(game_id=game.game_id, seat=seat, budget=bpb.SearchBudget(iterations=LONG))
    call = ai.bots.SuggestMove.future(request, metadata=(("authorization", f"Bearer {game.tokens[seat]}"),),
                                      timeout=120)
    wait_for(ai_server, lambda s: s["running"] == 1 and any(s["worker_load"]))
    time.sleep(0.3)
    call.cancel()
    after = wait_for(ai_server, lambda s: s["stops"].get("cancelled", 0) > before["stops"].get("cancelled", 0)
                     and idle(s))
    assert after["counts"]["cancelled"] == before["counts"]["cancelled"] + 1
    stopped = after["last_cancelled"]
    assert 0 < stopped["iterations"] < LONG
    assert stopped["stopped_ms"] < 10_000  # the workers let go soon after the cancel (figures: the log)
    # the workers are free: the next call is answered
    assert game.seat(seat).suggest(iterations=20, seed=1).stats.iterations == 20


def test_a_search_stops_at_its_deadline(ai, ai_server):
    wait_for(ai_server, idle)
    game, seat, view = my_turn_game(ai, seed=13)
    started = time.monotonic()
    reply = game.seat(seat).suggest(iterations=LONG, timeout=1.0)  # answered (OK), so before the deadline
    elapsed = time.monotonic() - started
    assert elapsed < 1.5
    assert reply.stats.stop == bpb.SEARCH_STOP_DEADLINE and reply.stats.cancelled
    # (0 iterations only if the machine never scheduled a worker in time: the heuristic move)
    assert reply.stats.iterations < LONG and reply.stats.duration.ToTimedelta().total_seconds() < 1.0
    assert reply.move.id in {m.id for m in view.legal_moves}
    wait_for(ai_server, idle)  # and the workers are free again
    # a deadline shorter than the reply margin: DEADLINE_EXCEEDED at once
    code, _, _ = error_of(game.seat(seat).suggest, iterations=LONG, timeout=0.01)
    assert code == C.DEADLINE_EXCEEDED
    wait_for(ai_server, idle)


def test_time_runs_out_in_the_queue_gives_an_immediate_answer(tight_server):
    with Client(tight_server.address) as c:
        wait_for(tight_server, idle)
        game, seat, view = my_turn_game(c, seed=14)
        me = game.seat(seat)
        with concurrent.futures.ThreadPoolExecutor(2) as ex:
            slow = [ex.submit(me.suggest, seconds=1.5) for _ in range(2)]
            wait_for(tight_server, lambda s: s["running"] == 2)
            quick = me.suggest(seconds=0.2)  # waits behind them, its 0.2 s runs out there
            assert quick.stats.iterations == 0 and quick.stats.stop == bpb.SEARCH_STOP_TIME
            assert quick.stats.queue_time.ToTimedelta().total_seconds() > 0.1
            assert quick.move.id in {m.id for m in view.legal_moves}
            for f in slow:
                assert f.result(60).stats.stop == bpb.SEARCH_STOP_TIME
        assert snapshot(tight_server)["counts"]["expired_in_queue"] >= 1
        wait_for(tight_server, idle)


# --- load shedding ---------------------------------------------------------------------
def test_resource_exhausted_past_the_queue_limit_and_recovery(tight_server):
    with Client(tight_server.address) as c:
        wait_for(tight_server, idle)
        game, seat, _ = my_turn_game(c, seed=15)
        metadata = (("authorization", f"Bearer {game.tokens[seat]}"),)
        request = bpb.SuggestMoveRequest(game_id=game.game_id, seat=seat, budget=bpb.SearchBudget(iterations=LONG))
        calls = []
        for k in range(3):  # two run, one waits
            calls.append(c.bots.SuggestMove.future(request, metadata=metadata, timeout=120))
            wait_for(tight_server, lambda s, k=k: s["running"] + s["queued"] == k + 1)
        snap = snapshot(tight_server)
        assert snap["running"] == 2 and snap["queued"] == 1
        rejected_before = snap["counts"]["rejected"]
        with pytest.raises(grpc.RpcError) as err:
            c.bots.SuggestMove(request, metadata=metadata, timeout=30)
        assert err.value.code() == C.RESOURCE_EXHAUSTED
        details = all_details(err.value)
        assert details["ErrorInfo"].reason == "SEARCH_QUEUE_FULL"
        assert details["ErrorInfo"].metadata["queue_limit"] == "1"
        assert details["RetryInfo"].retry_delay.ToTimedelta().total_seconds() > 0
        assert details["QuotaFailure"].violations[0].subject == "search_queue"
        # ChooseMove is shed the same way
        view = game.seat(seat).view()
        code, _, _ = error_of(c.choose_move, "frogriders", view, iterations=LONG)
        assert code == C.RESOURCE_EXHAUSTED
        stats = c.serving_stats()
        assert (stats.max_running, stats.queue_limit, stats.running, stats.queued) == (2, 1, 2, 1)
        assert stats.counters.rejected == rejected_before + 2 and stats.workers == 2
        # recovery: the load goes away, calls are served again
        for call in calls:
            call.cancel()
        wait_for(tight_server, idle)
        reply = game.seat(seat).suggest(iterations=20, seed=2)
        assert reply.stats.iterations == 20


def test_hosted_bot_seats_wait_instead_of_failing(tight_server):
    """Bot seats are the server's own work: past the queue limit they wait."""
    with Client(tight_server.address) as c:
        wait_for(tight_server, idle)
        games = [c.create_game("frogriders", seats=["ismcts:iterations=15", "random"], seed=s) for s in range(5)]
        for game in games:
            view = None
            for _, view in game.spectator().watch():
                if view.finished:
                    break
            assert view is not None and view.finished
        snap = wait_for(tight_server, idle)
        assert snap["peak_queued"] >= 1


# --- hosted bot seats ------------------------------------------------------------------
def test_a_hosted_game_with_an_ismcts_seat_plays_to_the_end(ai, ai_server):
    before = snapshot(ai_server)["counts"]["answered"]
    game = ai.create_game("frogriders", seats=["human", "ismcts:iterations=25"], seed=21)
    last = play_randomly(game.seat(0), random.Random(21))
    assert last.finished and last.outcome is not None
    assert game.info().status == common_pb2.GAME_STATUS_FINISHED
    assert snapshot(ai_server)["counts"]["answered"] > before  # its moves went through the search queue


@pytest.mark.parametrize("name", GAMES)
def test_ismcts_bots_play_every_game_alone(ai, name):
    players = registry.get(name).validate({})["players"]
    game = ai.create_game(name, seats=["ismcts:iterations=2"] + ["random"] * (players - 1), seed=5)
    view = None
    for _, view in game.spectator().watch():
        if view.finished:
            break
    assert view is not None and view.finished


def test_bad_hosted_specs_are_refused(ai):
    code, _, details = error_of(ai.create_game, "frogriders", seats=["human", "ismcts:time=100000"])
    assert code == C.INVALID_ARGUMENT and details["BadRequest"].field_violations[0].field == "seats[1].bot"


def test_other_games_stay_fast_while_searches_run(ai, ai_server):
    """The event loop stays free: GetView and SubmitMove of another game are
    answered while the workers are busy (the figure is printed, not asserted tightly)."""
    wait_for(ai_server, idle)
    busy, seat, _ = my_turn_game(ai, seed=31)
    me = busy.seat(seat)
    with concurrent.futures.ThreadPoolExecutor(6) as ex:
        searches = [ex.submit(me.suggest, seconds=3.0, timeout=30) for _ in range(6)]
        wait_for(ai_server, lambda s: s["running"] == 6)
        game = ai.create_game("frogriders", seats=["human", "human"], seed=32)
        rng = random.Random(32)
        latencies = []
        for _ in range(30):
            started = time.monotonic()
            info = game.info()
            if info.status == common_pb2.GAME_STATUS_FINISHED:
                break
            view = game.seat(info.decider).view()
            game.seat(info.decider).play(move_id=rng.choice(view.legal_moves).id)
            latencies.append(time.monotonic() - started)
        assert snapshot(ai_server)["running"] == 6, "the searches were still running throughout"
        for f in searches:
            assert f.result(60).stats.stop == bpb.SEARCH_STOP_TIME
    latencies.sort()
    print(f"\nGetGame+GetView+SubmitMove during 6 searches: p50 {latencies[len(latencies) // 2] * 1000:.1f} ms, "
          f"max {latencies[-1] * 1000:.1f} ms")
    assert latencies[len(latencies) // 2] < 1.0  # an event loop blocked by searches would take seconds


def test_without_a_pool_searches_run_in_threads(client, server):
    """An embedded server (tests, `boardbot play`) has no worker processes: the same API, in threads."""
    game, seat, view = my_turn_game(client, seed=41)
    reply = game.seat(seat).suggest(iterations=12, seed=1)
    assert reply.stats.iterations == 12 and reply.stats.workers == 1
    assert reply.move.id in {m.id for m in view.legal_moves}
    assert client.serving_stats().workers == 0
    bots = client.create_game("frogriders", seats=["ismcts:iterations=5", "random"], seed=2)
    for _, last in bots.spectator().watch():
        if last.finished:
            break
    assert last.finished


# --- the pool ---------------------------------------------------------------------------
def test_a_dead_worker_is_replaced():
    from boardbot.ai.pool import SearchPool, WorkerDied
    from boardbot.ai.service_api import suggest

    game = registry.get("frogriders")
    state = game.new_state(game.validate({}), 1)
    with SearchPool(1) as solo:
        os.kill(solo.pids[0], signal.SIGKILL)
        deadline = time.monotonic() + 60
        while solo.restarts == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert solo.restarts == 1
        r = suggest(game, state, {"iterations": 10}, seed=1, params="ismcts:workers=1", pool=solo)
        assert r.iterations == 10
        # a worker dying mid-search fails that search, not the pool
        import threading

        out = {}
        t = threading.Thread(target=lambda: out.update(e=_catch(lambda: suggest(
            game, state, {"iterations": LONG}, seed=1, params="ismcts:workers=1", pool=solo))))
        t.start()
        while not any(solo.load()):
            time.sleep(0.01)
        os.kill(solo.pids[0], signal.SIGKILL)
        t.join(60)
        assert isinstance(out["e"], WorkerDied)


def _catch(fn):
    try:
        return fn()
    except Exception as exc:  # noqa: BLE001
        return exc


def test_interleaved_time_budgets_hold(pool):
    """More searches than workers: each still answers near its budget (a share of the CPU each)."""
    import asyncio

    from boardbot.ai.ismcts import SearchParams
    from boardbot.ai.service_api import run_search_async

    game = registry.get("frogriders")
    state = game.new_state(game.validate({}), 3)
    view = state.view(state.decider())

    async def one(k):
        started = time.monotonic()
        r = await run_search_async(game, view, None, started + 0.3, k, SearchParams(workers=2), pool)
        return time.monotonic() - started, r

    async def many():
        return await asyncio.gather(*[one(k) for k in range(12)])

    results = asyncio.run(many())
    overs = sorted(t - 0.3 for t, _ in results)
    print(f"\n12 searches of 0.3 s on 2 workers: latency - budget max {overs[-1] * 1000:.1f} ms, "
          f"iterations {sorted(r.iterations for _, r in results)}")
    assert overs[-1] < 1.5  # one after another they would take 12 x 0.3 / 2 = 1.8 s


# --- boardbot serve flags ---------------------------------------------------------------
def test_serve_flags_set_the_pool_and_the_queue():
    from test_external import ROOT, ServeProcess, boardbot_command, free_port, process_env

    class Serve(ServeProcess):
        def __init__(self):
            self.port = free_port()
            self.address = f"127.0.0.1:{self.port}"
            self.proc = subprocess.Popen(
                boardbot_command() + ["serve", "--address", self.address, "--ai-workers", "1",
                                      "--max-searches", "3"],
                cwd=ROOT, env=process_env(BOARDBOT_SEARCH_QUEUE_LIMIT="7"), stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, text=True)
            self.wait_serving()

    proc = Serve()
    try:
        with Client(proc.address) as c:
            stats = c.serving_stats()
            assert (stats.workers, stats.max_running, stats.queue_limit) == (1, 3, 7)
            game, seat, _ = my_turn_game(c, seed=2)
            assert game.seat(seat).suggest(iterations=10).stats.iterations == 10
            # hosted seats search with the game's own budget for a preset at the table's size
            pub = c.create_game("czech-pub", {"players": 3}, seats=["human", "ismcts:medium", "ismcts:medium"],
                                seed=3)
            rng, moves = random.Random(3), 0
            for _, view in pub.seat(0).watch():
                if view.finished or moves == 12:
                    break
                if view.my_turn:
                    pub.seat(0).play(move_id=rng.choice(view.legal_moves).id, expected_version=view.version)
                    moves += 1
    finally:
        code, _, err = proc.stop()
    assert code == 0
    assert '"event": "search_queue_config"' in err and '"event": "search"' in err
    hosted = [json.loads(line) for line in err.splitlines() if '"event": "search"' in line and '"kind": "bot"' in line]
    # 0: one legal move; a search the server's stop cancels ends early
    # (a preset is a time budget capped by the table's iterations, managed: all of them when they
    # are what stopped it, fewer when its move settled or its time ended first)
    cap = registry.get("czech-pub").preset_iterations[3]["medium"]
    searched = [e for e in hosted if e.get("bot") == "ismcts:medium" and e["stop"] != "cancelled" and e["iterations"]]
    assert searched and all(e["iterations"] <= cap for e in searched)
    assert all(e["iterations"] == cap for e in searched if e["stop"] == "iterations")
    assert {e["stop"] for e in searched} <= {"iterations", "settled", "time"}
