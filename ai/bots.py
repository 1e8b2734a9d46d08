"""Bots: something that picks a legal move for the deciding seat.

A bot is only ever given a state sampled from its own seat's information
(see ``boardbot.engine.core.State.sample_for``), never the hidden truth; the ISMCTS
bot goes further and uses only the seat's view of what it is given.

Specs (``make_bot``)::

    random
    greedy                              Game.heuristic_move
    ismcts                              = ismcts:medium
    ismcts:easy | medium | hard         presets (PRESETS; a game may set their iterations
                                        by table size: Game.preset_iterations)
    ismcts:iterations=2000,c=0.7        explicit parameters ...
    ismcts:time=1.0                     ... a wall-time budget in seconds
    ismcts:hard,workers=2               a preset with overrides; workers > 1 searches on
                                        a process pool (the shared default pool unless
                                        one is passed to make_bot)

ISMCTS keys: iterations, time, c, mode (so|mo|auto), rollout
(policy|random), depth, pw (progressive widening exponent), pw_k, bias, hint (game|heuristic), reuse
(0|1), workers, opponents (maxn|paranoid|policy), beliefs (uniform|inferred: worlds weighed by what
the seat can infer from public play, where the game infers anything; no preset does, see docs/ai.md).
"""


from __future__ import annotations

import random

from boardbot.engine.core import Game, State

from .bot_specs import BotSpecError, ISMCTSSpec, parse_ismcts
from .bot_specs import DEFAULT_PRESET, PRESETS, split_seat_specs  # noqa: F401 (the spec language, named here too)
from .instant_bots import Bot, GreedyBot, RandomBot, make_instant_bot  # noqa: F401 (every bot, named here)
from .ismcts import Budget, Search, SearchParams
from .service_api import run_search


class ISMCTSBot(Bot):
    """Information-set MCTS (``boardbot.ai.ismcts``), optionally root-parallel over a pool."""

    name = "ismcts"

    def __init__(self, game: Game, params: SearchParams, budget: Budget, pool=None,
                 spec: ISMCTSSpec | None = None):
        self.game = game
        self.params = params
        self.budget = budget
        self.pool = pool
        self.spec = spec  # when given, the budget follows the game's table (ISMCTSSpec.budget_for)
        self.last = None  # the last SearchResult, for inspection
        self._search: Search | None = None
        self._since: list = []

    @property
    def wants_observations(self) -> bool:
        return self.params.reuse

    def new_game(self) -> None:
        self._search = None
        self._since = []

    def observe(self, mover: int, move: tuple | None, text: str) -> None:
        if self._search is None:
            return
        mode = self._search.mode
        own = mover == self._search.seat
        if own or mode == "so":
            self._since.append(move)
        else:
            self._since.append(text)

    def choose(self, state: State, rng: random.Random) -> tuple:
        seat = state.decider()
        view = state.view(seat)
        seed = rng.getrandbits(63)
        if self.pool is None and self.params.workers > 1 and not _in_daemon():
            from .pool import default_pool

            self.pool = default_pool(self.params.workers)
        reuse = self.params.reuse and self.params.workers == 1 and self.pool is None
        search = None
        if reuse and self._search is not None and self._search.seat == seat:
            search = self._search
            search.advance(self._since, view, seed)
        budget = self.budget if self.spec is None else self.spec.budget_for(self.game, state.config)
        result = run_search(self.game, view, budget, seed, self.params, pool=self.pool, search=search)
        self.last = result
        if reuse:
            self._search = result.search
            self._since = []
        return result.move


def _in_daemon() -> bool:
    """In a daemonic process (an arena --jobs worker), which may not start a pool."""
    import multiprocessing

    return multiprocessing.current_process().daemon


def make_bot(spec: str, game: Game, pool=None) -> Bot:
    """Build a bot from a spec string such as ``random`` or ``ismcts:hard``."""
    spec = spec.strip()
    kind = spec.split(":", 1)[0].strip()
    bot = make_instant_bot(spec, game)
    if bot is not None:
        return bot
    if kind == "ismcts":
        parsed = parse_ismcts(spec)
        return ISMCTSBot(game, parsed.params, parsed.budget, pool=pool, spec=parsed)
    raise BotSpecError(f"unknown bot {kind!r} in {spec!r} (known: random, greedy, ismcts)")
