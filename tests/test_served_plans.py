"""The server plays the bot that was measured (issue 47): for every game, table size and
preset, what the server searches -- a hosted seat's move (``BotRunner`` through the
``SearchQueue``) and a SuggestMove (the advisor) -- is what bench/ladder.py's bot of that
preset searches at that table: the same iterations, time, trees and parameters (the queue
turns the time into an end time from the call's arrival: the time left then is compared). Both come
from one function (``boardbot.ai.bot_specs.search_plan``); this test looks at what each side
actually hands to the search. And the strength the server publishes with its bots
(BotService.ListBots) is the ladder's, as docs/ai.md's ladder table gives it."""

from __future__ import annotations

import asyncio
import importlib.util
import pathlib
import random
import re
import time

import pytest

from boardbot.ai import bots as ai_bots
from boardbot.ai import ladder_ratings, service_api
from boardbot.ai.bot_specs import PRESETS, parse_bot_spec
from boardbot.ai.ismcts import Budget
from boardbot.engine import registry
from boardbot.server import bot_plans
from boardbot.server import search_queue as queue_module
from boardbot.server.advisor import BotAdvisor, asked
from boardbot.server.bots import BotRunner
from boardbot.server.calls import Call
from boardbot.server.master import GameMaster
from boardbot.server.memory_store import InMemoryStore
from boardbot.server.search_queue import SearchQueue
from boardbot.v1 import bot_service_pb2

ROOT = pathlib.Path(__file__).resolve().parent.parent
PRESET_SPECS = [f"ismcts:{name}" for name in PRESETS]


def load_ladder():
    spec = importlib.util.spec_from_file_location("bench_ladder", ROOT / "bench" / "ladder.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


LADDER = load_ladder()


def tables() -> list[tuple[str, int]]:
    """Every game at every player count its configurations have."""
    out = []
    for name in registry.names():
        game = registry.get(name)
        counts = sorted({game.validate(c)["players"] for c in game.configurations()})
        out += [(name, players) for players in counts]
    return out


def a_decision(name: str, players: int):
    """A state of the ladder's table for ``players`` (bench/ladder.py's ``ladder_table``) where
    the seat to move has a choice (a single legal move is answered without a search)."""
    game = registry.get(name)
    rng = random.Random(players)
    state = game.new_state(LADDER.ladder_table(name, players), 7)
    while len(state.legal_moves()) < 2:
        state.apply(rng.choice(state.legal_moves()))
    return game, state


class Searches:
    """What a side hands to the search: (iterations, seconds, SearchParams) per search; each then
    runs one iteration for real, so the move is a real one."""

    def __init__(self, monkeypatch, module, end_is_time: bool):
        self.seen: list[tuple] = []
        self.clocks: list = []  # what each search reads its time on (None: wall time)
        self.marked = 0.0
        real = service_api.run_search

        def recorded(game, view, budget, seed, params, pool=None, cancel=None, search=None, end=None, clock=None):
            seconds = budget.time if budget is not None else None
            if end_is_time and end is not None:
                # the queue turns seconds into an end time from the call's arrival: the time from
                # the call (``mark``) to the end, and the time left now
                assert seconds is None
                seconds = (end - self.marked, end - time.monotonic())
            self.seen.append((budget.iterations if budget is not None else None, seconds, params))
            self.clocks.append(clock)
            if end_is_time:
                assert clock is None  # the server: wall time, as served
            return real(game, view, Budget(iterations=1), seed, params.with_(workers=1), pool=pool, cancel=cancel,
                        search=search, end=None)

        monkeypatch.setattr(module, "run_search", recorded)

    def mark(self) -> None:
        """A call begins now."""
        self.marked = time.monotonic()


def ladder_searches(monkeypatch, name: str, players: int, spec: str, clock: str = "wall") -> tuple:
    """What bench/ladder.py's bot of ``spec`` searches at this table: the bot its games seat
    (``ladder_bots``, as ``_play`` makes them), its time read on ``clock``."""
    searches = Searches(monkeypatch, ai_bots, end_is_time=False)
    game, state = a_decision(name, players)
    [bot] = LADDER.ladder_bots(game, [spec], clock)
    rng = random.Random(1)
    bot.choose(state.sample_for(state.decider(), rng), rng)
    [seen] = searches.seen
    assert searches.clocks == [LADDER.CLOCKS[clock]]
    return seen


def server_searches(monkeypatch, name: str, players: int, spec: str) -> list[tuple]:
    """What the server searches for a hosted seat of ``spec`` and for a SuggestMove naming it,
    through the search queue (its worker threads: the same search as on its worker processes)."""
    searches = Searches(monkeypatch, queue_module, end_is_time=True)
    game, state = a_decision(name, players)
    seat = state.decider()

    async def both():
        queue = SearchQueue(None)
        master = GameMaster(InMemoryStore())
        try:
            runner = BotRunner(searches=queue)
            searches.mark()
            await runner.choose(name, parse_bot_spec(spec), state.sample_for(seat, random.Random(2)), 3)
            request = bot_service_pb2.SuggestMoveRequest(bot=spec)
            searches.mark()
            await BotAdvisor(master, queue)._decide(game, state.view(seat), None, asked(request), 3, Call(),
                                                    "suggest", {})
        finally:
            queue.close()
            master.bots.close()

    asyncio.run(both())
    return searches.seen


@pytest.mark.parametrize("name,players", tables())
def test_the_server_searches_what_the_ladder_rated(monkeypatch, name, players):
    game = registry.get(name)
    for spec in PRESET_SPECS:
        rated = ladder_searches(monkeypatch, name, players, spec)
        # the ladder's ratings are played on each search's CPU time (--clock cpu: one quiet core's
        # worth on a shared machine); the plan is the same, only the clock it is read on differs
        assert ladder_searches(monkeypatch, name, players, spec, "cpu") == rated
        hosted, suggested = server_searches(monkeypatch, name, players, spec)
        iterations, seconds, params = rated
        for served in (hosted, suggested):
            assert (served[0], served[2]) == (iterations, params), (name, players, spec)
            # the end is the plan's time from the call's arrival (less the queue's lead of 5 ms)
            from_call, left = served[1]
            assert from_call >= seconds - 0.006 and left <= seconds, (name, players, spec, served[1])
        preset = PRESETS[spec.split(":")[1]]
        assert iterations == game.preset_iterations.get(players, {}).get(preset.name, preset.iterations)
        assert seconds == preset.seconds and params.timing == "managed"  # a time a frontend can rely on
        assert params.workers == 1 and not params.reuse  # one tree, as rated
        # and what ListBots says the server runs there
        offer = next(o for o in bot_plans.list_bots([game]).bots if o.bot == spec)
        table = next(t for t in offer.tables if t.players == players)
        assert (table.iterations, table.trees, table.time.ToNanoseconds() / 1e9) == (iterations, params.workers,
                                                                                      seconds)


def test_a_caller_who_asks_for_workers_gets_them_split(monkeypatch):
    # the one place a split is made: a spec that asks for it (latency for a caller's time budget)
    hosted, suggested = server_searches(monkeypatch, "frogriders", 2, "ismcts:hard,workers=2")
    assert (hosted[0], hosted[2]) == (suggested[0], suggested[2])
    assert hosted[2].workers == 2 and hosted[0] == PRESETS["hard"].iterations


def documented_ladder() -> dict[tuple[str, int, str], dict[str, str]]:
    """docs/ai.md's ladder table: (game, players, mode) -> {column: cell} (mode "–" where the game
    has none)."""
    doc = (ROOT / "docs" / "ai.md").read_text()
    block = doc[doc.index("<!-- ladder-table -->"):doc.index("<!-- /ladder-table -->")]
    lines = [line for line in block.splitlines() if line.startswith("| ")]
    header = [c.strip().strip("`") for c in lines[0].strip("|").split("|")]
    rows = {}
    for line in lines[2:]:
        cells = dict(zip(header, (c.strip() for c in line.strip("|").split("|"))))
        rows[(cells["game"], int(cells["players"]), cells.get("mode", "–"))] = cells
    return rows


def test_the_published_strength_is_the_ladders():
    # one source: boardbot/ai/ladder_ratings.json, which bench/ladder.py --publish writes from the
    # ladder's logs (research/tests/test_logs.py rates them again); docs/ai.md shows it
    rows = documented_ladder()
    published = {(t["game"], t["config"]["players"], t["config"].get("mode", "–")): (t["games"], t["ratings"])
                 for t in ladder_ratings.ladder_rows()}
    assert set(published) == set(rows)  # every table docs/ai.md rates, and no other
    for key, (games, ratings) in published.items():
        row = rows[key]
        assert int(row["games"]) == games, key
        for bot, (elo, low, high) in ratings.items():
            assert re.fullmatch(r"(-?\d+) \((-?\d+) to (-?\d+)\)", row[bot]).groups() == (str(elo), str(low), str(high))
        assert set(ratings) == {"random", "greedy", *PRESET_SPECS}
    # and BotService.ListBots publishes, at each table size, the rating of the table a game of that
    # size is by default (Fritanga: Versus); the ladder's plays every preset as the server serves it
    for name, players in tables():
        game = registry.get(name)
        served = ladder_ratings.served_table(game, players)
        key = (name, players, served.get("mode", "–"))
        rated = ladder_ratings.rating_at(game, players)
        if key not in published:
            assert rated is None, key
            continue
        assert rated == (published[key][0], {bot: tuple(r) for bot, r in published[key][1].items()})
        for offer in bot_plans.list_bots([game]).bots:
            [table] = [t for t in offer.tables if t.players == players]
            assert (table.rating.elo, table.rating.elo_low, table.rating.elo_high, table.rating.games) == (
                *published[key][1][offer.bot], published[key][0]), (key, offer.bot)
