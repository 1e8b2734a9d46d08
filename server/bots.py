"""Bot seats, played by the server off the event loop: ``BotRunner``, the one runner.

A seat's bot is a typed spec (``boardbot.ai.bot_specs.BotSpec``; the game record keeps its
string, read once: ``parse_bot_spec`` caches). ``ismcts`` specs search through the
server's ``SearchQueue`` (the shared worker processes; a hosted seat waits for a search
slot rather than being refused, and counts in the queue's metrics) with the plan
``search_plan`` makes of the spec at the game's table, the plan the ladder rated. The
cheap bots (``random``, ``greedy``) run as below.

``choose_move`` is a plain module-level function of picklable arguments (the
game name, the bot spec, a world sampled for the bot's seat as its
``to_dict`` form, a seed), so the same ``BotRunner`` works with a thread pool
(the default: the random and greedy bots are instant) or a process pool (for
search bots without a search queue, which need a core each): pass any
``concurrent.futures.Executor``. The bot only ever sees the sampled world,
never the true state.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import random

from boardbot.ai.bot_specs import BotSpec, parse_bot_spec, search_plan
from boardbot.ai.bots import make_bot
from boardbot.engine import registry
from boardbot.engine.core import State

from .events import search_notes

# instant bots, chosen on the event loop: a hop to a worker thread (and back, and the GIL
# handover both ways) costs far more than the choice itself (docs/performance.md)
INLINE_KINDS = frozenset({"random"})
INLINE_SPECS = frozenset(INLINE_KINDS)  # their spec strings: the kind alone


def _spec(spec: BotSpec | str) -> BotSpec:
    return spec if isinstance(spec, BotSpec) else parse_bot_spec(spec)


def choose_move(game_name: str, spec: BotSpec | str, world: dict, seed: int) -> list:
    """Build the bot, let it choose in ``world``; the move in its JSON form."""
    game = registry.get(game_name)
    state = game.from_dict(world)
    move = make_bot(_spec(spec), game).choose(state, random.Random(seed))
    return game.move_to_json(move)


def choose_inline(game_name: str, spec: BotSpec | str, world, seed: int) -> tuple:
    """``choose_move`` without the executor or the JSON form: the same move for the same
    world (a dict or the sampled State itself) and seed."""
    game = registry.get(game_name)
    state = game.from_dict(world) if isinstance(world, dict) else world
    return make_bot(_spec(spec), game).choose(state, random.Random(seed))


def check_spec(spec: BotSpec, max_seconds: float | None = None) -> None:
    """Raise ValueError if ``spec`` asks a hosted seat to think longer than the server lets it
    (``max_seconds``: a hosted seat's think-time ceiling per move; the spec's own range is
    checked when it is made)."""
    if spec.kind == "ismcts" and max_seconds and spec.time is not None and spec.time > max_seconds:
        raise ValueError(f"{spec.text!r}: a hosted bot thinks at most {max_seconds:g} seconds a move")


class BotRunner:
    """Chooses the moves of hosted bot seats: ``answers_at_once`` says whether ``choose``
    answers a spec right away (the driver may then play it inside the call that made it the
    bot's turn), ``choose`` chooses."""

    def __init__(self, executor: concurrent.futures.Executor | None = None, searches=None,
                 max_seconds: float | None = None):
        self._own = executor is None
        self.executor = executor or concurrent.futures.ThreadPoolExecutor(max_workers=2, thread_name_prefix="bot")
        self.searches = searches  # boardbot.server.search_queue.SearchQueue, for ismcts specs
        self.max_seconds = max_seconds  # a hosted search's time per move never passes this

    def answers_at_once(self, spec: BotSpec) -> bool:
        """Whether ``choose`` answers ``spec`` at once on the event loop, from the live state as
        it is: the random bot reads only the decider's legal moves, which the decider's own
        information already fixes, so no world need be sampled. Never true when a subclass
        overrides ``choose``: its choice may take time."""
        return spec.kind in INLINE_KINDS and type(self).choose is BotRunner.choose

    async def choose(self, game_name: str, spec: BotSpec, world: dict | State, seed: int, notes: dict | None = None) -> tuple:
        """The bot's move in ``world``; a searching bot also puts what its search found in
        ``notes["search"]`` (``boardbot.server.events.search_notes``), when given ``notes``."""
        if spec.kind in INLINE_KINDS:
            return choose_inline(game_name, spec, world, seed)
        if self.searches is not None and spec.kind == "ismcts":
            return await self._search(game_name, spec, world, seed, notes)
        if isinstance(world, State):
            world = world.to_dict()
        loop = asyncio.get_running_loop()
        data = await loop.run_in_executor(self.executor, choose_move, game_name, spec, world, seed)
        return registry.get(game_name).move_from_json(data)

    async def _search(self, game_name: str, spec: BotSpec, world: dict | State, seed: int, notes: dict | None) -> tuple:
        """The seat's view of ``world`` searched on the pool, as ``search_plan`` plans it."""
        game = registry.get(game_name)
        state = world if isinstance(world, State) else game.from_dict(world)
        seat = state.decider()
        plan = search_plan(spec, game, state.config.get("players"))
        seconds = plan.budget.time
        if self.max_seconds:
            seconds = self.max_seconds if seconds is None else min(seconds, self.max_seconds)
        # Hosted seats share the search slots with the callers but never crowd them out: at
        # most half the running searches, admitted after any waiting caller
        # (boardbot.server.search_queue). Cancelled (DeleteGame, shutdown), the search stops.
        outcome = await self.searches.search(
            game, state.view(seat), plan.params, iterations=plan.budget.iterations, seconds=seconds,
            deadline=None, seed=seed, kind="bot", fields={"seat": seat, "bot": spec.text})
        if notes is not None:
            notes["search"] = search_notes(game, spec.text, outcome.result, outcome.stop)
        return outcome.result.move

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
