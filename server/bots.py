"""Bot seats, played by the server off the event loop.

``ismcts`` specs search through the server's ``SearchQueue`` (the shared
worker processes; a hosted seat waits for a search slot rather than being
refused, and counts in the queue's metrics). The cheap bots (``random``,
``greedy``) run as below.

``choose_move`` is a plain module-level function of picklable arguments (the
game name, the bot spec, a world sampled for the bot's seat as its
``to_dict`` form, a seed), so the same ``BotRunner`` works with a thread pool
(the default: the random and greedy bots are instant) or a process pool (for
search bots such as the coming IS-MCTS, which need a core each): pass any
``concurrent.futures.Executor``. The bot only ever sees the sampled world,
never the true state.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import random

from boardbot.ai.bots import make_bot, parse_ismcts
from boardbot.engine import registry
from boardbot.engine.core import State

from .events import search_notes


def choose_move(game_name: str, spec: str, world: dict, seed: int) -> list:
    """Build the bot, let it choose in ``world``; the move in its JSON form."""
    game = registry.get(game_name)
    state = game.from_dict(world)
    move = make_bot(spec, game).choose(state, random.Random(seed))
    return game.move_to_json(move)


# instant bots, chosen on the event loop: a hop to a worker thread (and back, and the GIL
# handover both ways) costs far more than the choice itself (docs/performance.md)
INLINE_SPECS = frozenset({"random"})


def choose_inline(game_name: str, spec: str, world, seed: int) -> tuple:
    """``choose_move`` without the executor or the JSON form: the same move for the same
    world (a dict or the sampled State itself) and seed."""
    game = registry.get(game_name)
    state = game.from_dict(world) if isinstance(world, dict) else world
    return make_bot(spec, game).choose(state, random.Random(seed))


def check_spec(spec: str, game_name: str, max_seconds: float | None = None) -> None:
    """Raise ValueError if ``spec`` names no bot for this game (or asks for a search past the
    server's limits; ``max_seconds``: a hosted seat's think-time ceiling per move)."""
    make_bot(spec, registry.get(game_name))
    if spec.split(":", 1)[0].strip() == "ismcts":
        from .search_queue import MAX_ITERATIONS, MAX_SECONDS

        budget = parse_ismcts(spec).budget
        ceiling = MAX_SECONDS if not max_seconds else min(MAX_SECONDS, max_seconds)
        if budget.time is not None and budget.time > ceiling:
            raise ValueError(f"{spec!r}: a hosted bot thinks at most {ceiling:g} seconds a move")
        if budget.iterations is not None and budget.iterations > MAX_ITERATIONS:
            raise ValueError(f"{spec!r}: iterations are at most {MAX_ITERATIONS}")


class BotRunner:
    def __init__(self, executor: concurrent.futures.Executor | None = None, searches=None,
                 max_seconds: float | None = None):
        self._own = executor is None
        self.executor = executor or concurrent.futures.ThreadPoolExecutor(max_workers=2, thread_name_prefix="bot")
        self.searches = searches  # boardbot.server.search_queue.SearchQueue, for ismcts specs
        self.max_seconds = max_seconds  # a hosted search's time per move never passes this

    def needs_world(self, spec: str) -> bool:
        """Whether the bot must be given a world sampled from the seat's information
        (``State.sample_for``). The random bot reads only the decider's legal moves,
        which the decider's own information already fixes, so the live state serves
        as it is and the copy and the sampling are saved."""
        return not (spec in INLINE_SPECS and type(self).choose is BotRunner.choose)

    def is_inline(self, spec: str) -> bool:
        """Whether ``choose`` answers ``spec`` at once on the event loop (never true when a
        subclass overrides ``choose``: its choice may take time)."""
        return spec in INLINE_SPECS and type(self).choose is BotRunner.choose

    async def choose(self, game_name: str, spec: str, world: dict | State, seed: int, notes: dict | None = None) -> tuple:
        """The bot's move in ``world``; a searching bot also puts what its search found in
        ``notes["search"]`` (``boardbot.server.events.search_notes``), when given ``notes``."""
        if spec in INLINE_SPECS:
            return choose_inline(game_name, spec, world, seed)
        if self.searches is not None and spec.split(":", 1)[0].strip() == "ismcts":
            return await self._search(game_name, spec, world, seed, notes)
        if isinstance(world, State):
            world = world.to_dict()
        loop = asyncio.get_running_loop()
        data = await loop.run_in_executor(self.executor, choose_move, game_name, spec, world, seed)
        return registry.get(game_name).move_from_json(data)

    async def _search(self, game_name: str, spec: str, world: dict | State, seed: int, notes: dict | None) -> tuple:
        """The seat's view of ``world`` searched on the pool, with the spec's own budget."""
        game = registry.get(game_name)
        state = world if isinstance(world, State) else game.from_dict(world)
        seat = state.decider()
        parsed = parse_ismcts(spec)
        budget = parsed.budget_for(game, state.config)
        seconds = budget.time
        if self.max_seconds:
            seconds = self.max_seconds if seconds is None else min(seconds, self.max_seconds)
        # Hosted seats share the search slots with the callers but never crowd them out: at
        # most half the running searches, admitted after any waiting caller
        # (boardbot.server.search_queue). Cancelled (DeleteGame, shutdown), the search stops.
        outcome = await self.searches.search(
            game, state.view(seat), self.searches.params_for(parsed.params, parsed.explicit),
            iterations=budget.iterations, seconds=seconds, deadline=None, seed=seed, kind="bot",
            fields={"seat": seat, "bot": spec})
        if notes is not None:
            notes["search"] = search_notes(game, spec, outcome.result, outcome.stop)
        return outcome.result.move

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
