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


def choose_move(game_name: str, spec: str, world: dict, seed: int) -> list:
    """Build the bot, let it choose in ``world``; the move in its JSON form."""
    game = registry.get(game_name)
    state = game.from_dict(world)
    move = make_bot(spec, game).choose(state, random.Random(seed))
    return game.move_to_json(move)


def check_spec(spec: str, game_name: str) -> None:
    """Raise ValueError if ``spec`` names no bot for this game."""
    make_bot(spec, registry.get(game_name))


class BotRunner:
    def __init__(self, executor: concurrent.futures.Executor | None = None):
        self._own = executor is None
        self.executor = executor or concurrent.futures.ThreadPoolExecutor(max_workers=2, thread_name_prefix="bot")

    async def choose(self, game_name: str, spec: str, world: dict, seed: int) -> tuple:
        loop = asyncio.get_running_loop()
        data = await loop.run_in_executor(self.executor, choose_move, game_name, spec, world, seed)
        return registry.get(game_name).move_from_json(data)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
