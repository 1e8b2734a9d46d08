"""Bot seats, played by the server off the event loop.

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

from ai.bots import make_bot
from engine import registry
from engine.core import State


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


def check_spec(spec: str, game_name: str) -> None:
    """Raise ValueError if ``spec`` names no bot for this game."""
    make_bot(spec, registry.get(game_name))


class BotRunner:
    def __init__(self, executor: concurrent.futures.Executor | None = None):
        self._own = executor is None
        self.executor = executor or concurrent.futures.ThreadPoolExecutor(max_workers=2, thread_name_prefix="bot")

    def is_inline(self, spec: str) -> bool:
        """Whether ``choose`` answers ``spec`` at once on the event loop (never true when a
        subclass overrides ``choose``: its choice may take time)."""
        return spec in INLINE_SPECS and type(self).choose is BotRunner.choose

    async def choose(self, game_name: str, spec: str, world: dict | State, seed: int) -> tuple:
        if spec in INLINE_SPECS:
            return choose_inline(game_name, spec, world, seed)
        if isinstance(world, State):
            world = world.to_dict()
        loop = asyncio.get_running_loop()
        data = await loop.run_in_executor(self.executor, choose_move, game_name, spec, world, seed)
        return registry.get(game_name).move_from_json(data)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
