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

ISMCTS keys: iterations (0 to 10,000,000), time (0 to 60 seconds), c (0 to 100), mode
(so|mo|auto), rollout (policy|random), depth (0 to 10,000), pw (progressive widening exponent,
0 to below 1), pw_k (above 0 to 1000), bias (0 to 1000), hint (game|heuristic), reuse (0|1),
workers (1 to 64 trees), opponents (maxn|paranoid|policy), beliefs (uniform|inferred: worlds
weighed by what the seat can infer from public play, where the game infers anything; no preset
does, see docs/ai.md).

A spec string is read once (``boardbot.ai.bot_specs.parse_bot_spec``) into a ``BotSpec``, the
same typed spec the API's ``BotSpec`` message gives; ``make_bot`` takes either.
"""


from __future__ import annotations

import random

from boardbot.engine.core import Game, State

from .bot_specs import BotSpec, parse_bot_spec, search_plan
from .bot_specs import (BotSpecError, DEFAULT_PRESET, PRESETS, parse_ismcts,  # noqa: F401 (the spec language,
                        split_seat_specs)  # named here too)
from .instant_bots import Bot, GreedyBot, RandomBot, make_instant_bot  # noqa: F401 (every bot, named here)
from .ismcts import Search
from .service_api import run_search


class ISMCTSBot(Bot):
    """Information-set MCTS (``boardbot.ai.ismcts``) as ``search_plan`` makes it of its spec at
    each table, optionally root-parallel over a pool."""

    name = "ismcts"

    def __init__(self, game: Game, spec: BotSpec, pool=None, in_process: bool = False):
        self.game = game
        self.spec = spec
        self.in_process = in_process  # True: a split search runs its trees one after another here, on one core
        plan = search_plan(spec)  # at no table: what the bot is, whatever the table's size
        self.params = plan.params
        self.budget = plan.budget
        self.pool = pool
        self.last = None  # the last SearchResult, for inspection
        self.clock = None  # what a time budget is read on (None: wall time; a bench: time.thread_time)
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
        plan = search_plan(self.spec, self.game, state.config.get("players"))
        params = plan.params
        if self.pool is None and params.workers > 1 and not self.in_process and not _in_daemon():
            from .pool import default_pool

            self.pool = default_pool(params.workers)
        reuse = params.reuse and params.workers == 1 and self.pool is None
        search = None
        if reuse and self._search is not None and self._search.seat == seat:
            search = self._search
            search.advance(self._since, view, seed)
        result = run_search(self.game, view, plan.budget, seed, params, pool=self.pool, search=search,
                            clock=self.clock)
        self.last = result
        if reuse:
            self._search = result.search
            self._since = []
        return result.move


def _in_daemon() -> bool:
    """In a daemonic process (an arena --jobs worker), which may not start a pool."""
    import multiprocessing

    return multiprocessing.current_process().daemon


def make_bot(spec: str | BotSpec, game: Game, pool=None, in_process: bool = False) -> Bot:
    """Build a bot from its spec: a string such as ``random`` or ``ismcts:hard``, or a BotSpec.
    ``in_process``: never start a pool; a search split into trees runs them one after another
    (the same trees and the same move as on a pool: a bench that keeps to one core)."""
    if not isinstance(spec, BotSpec):
        spec = parse_bot_spec(spec)
    if spec.kind == "ismcts":
        return ISMCTSBot(game, spec, pool=pool, in_process=in_process)
    return make_instant_bot(spec, game)
