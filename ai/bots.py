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
from collections.abc import Mapping
from dataclasses import dataclass

from boardbot.engine.core import Game, State

from .ismcts import Budget, Search, SearchError, SearchParams


class BotSpecError(ValueError):
    """A bot spec that cannot be parsed; the message says what is wrong."""


class Bot:
    name = "bot"

    def choose(self, state: State, rng: random.Random) -> tuple:
        raise NotImplementedError

    def observe(self, mover: int, move: tuple | None, text: str) -> None:
        """A move was played. ``move`` is None unless this bot's seat saw it in full."""

    def new_game(self) -> None:
        """Forget anything kept from the previous game."""


class RandomBot(Bot):
    name = "random"

    def choose(self, state: State, rng: random.Random) -> tuple:
        moves = state.legal_moves()
        return moves[rng.randrange(len(moves))]


class GreedyBot(Bot):
    """The game's own heuristic (``Game.heuristic_move``)."""

    name = "greedy"

    def __init__(self, game: Game):
        self.game = game

    def choose(self, state: State, rng: random.Random) -> tuple:
        return self.game.heuristic_move(state, rng)


# iteration budgets keep arena results reproducible; ``time=`` overrides
PRESETS: dict[str, dict] = {
    "easy": {"iterations": 100, "rollout": "random"},
    "medium": {"iterations": 600},
    "hard": {"iterations": 2500},
}
DEFAULT_PRESET = "medium"

_PARAM_KEYS = {
    "c": float, "mode": str, "rollout": str, "depth": int, "pw": float, "pw_alpha": float,
    "pw_k": float, "bias": float, "hint": str, "reuse": bool, "workers": int,
    "opponents": str, "beliefs": str,
}
_BUDGET_KEYS = {"iterations": int, "time": float}


@dataclass
class ISMCTSSpec:
    params: SearchParams
    budget: Budget
    text: str
    preset: str = DEFAULT_PRESET
    explicit: frozenset = frozenset()  # keys the spec set itself (not from the preset)

    def budget_for(self, game: Game, config: Mapping) -> Budget:
        """The budget at ``game``'s table of ``config``: the preset's, unless the game sets
        the preset's iterations for that table size (``Game.preset_iterations``) and the spec
        names no budget of its own."""
        if self.explicit & _BUDGET_KEYS.keys():
            return self.budget
        iterations = game.preset_iterations.get(config.get("players"), {}).get(self.preset)
        return self.budget if iterations is None else Budget(iterations=iterations)


def _convert(key: str, kind: type, raw: str, spec: str):
    try:
        if kind is bool:
            if raw.lower() in ("1", "true", "yes", "on"):
                return True
            if raw.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError(raw)
        return kind(raw)
    except ValueError:
        raise BotSpecError(f"{spec!r}: {key} expects {kind.__name__}, got {raw!r}") from None


def parse_ismcts(spec: str) -> ISMCTSSpec:
    """``ismcts[:preset][,key=value...]`` -> parameters and budget."""
    body = spec.split(":", 1)[1] if ":" in spec else ""
    items = [p.strip() for p in body.split(",") if p.strip()] if body else []
    values: dict = {}
    preset = DEFAULT_PRESET
    if items and "=" not in items[0]:
        preset = items.pop(0)
        if preset not in PRESETS:
            raise BotSpecError(f"{spec!r}: unknown preset {preset!r} (known: {', '.join(PRESETS)})")
    values.update(PRESETS[preset])
    explicit_budget = {}
    explicit = set()
    for item in items:
        if "=" not in item:
            raise BotSpecError(f"{spec!r}: expected key=value, got {item!r} (a preset must come first)")
        key, raw = (s.strip() for s in item.split("=", 1))
        explicit.add("pw_alpha" if key == "pw" else key)
        if key in _BUDGET_KEYS:
            explicit_budget[key] = _convert(key, _BUDGET_KEYS[key], raw, spec)
        elif key in _PARAM_KEYS:
            values[key] = _convert(key, _PARAM_KEYS[key], raw, spec)
        else:
            known = ", ".join(sorted({*_BUDGET_KEYS, *_PARAM_KEYS}))
            raise BotSpecError(f"{spec!r}: unknown parameter {key!r} (known: {known})")
    if explicit_budget:  # an explicit budget replaces the preset's
        values.pop("iterations", None)
        values.pop("time", None)
        values.update(explicit_budget)
    if "pw" in values:
        values["pw_alpha"] = values.pop("pw")
    budget_values = {k: values.pop(k) for k in list(values) if k in _BUDGET_KEYS}
    try:
        params = SearchParams(**values)
        budget = Budget(**budget_values)
    except SearchError as err:
        raise BotSpecError(f"{spec!r}: {err}") from None
    return ISMCTSSpec(params, budget, spec, preset, frozenset(explicit))


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
        from .service_api import run_search

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


def split_seat_specs(text: str) -> list[str]:
    """Split ``--seats``: commas separate seats, but ``key=value`` items
    (no ``:``) continue the previous spec; ``;`` always separates."""
    if ";" in text:
        return [s.strip() for s in text.split(";") if s.strip()]
    out: list[str] = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        if "=" in item and ":" not in item and out:
            out[-1] += "," + item
        else:
            out.append(item)
    return out


def make_bot(spec: str, game: Game, pool=None) -> Bot:
    """Build a bot from a spec string such as ``random`` or ``ismcts:hard``."""
    spec = spec.strip()
    kind = spec.split(":", 1)[0].strip()
    if kind == "random":
        if spec != "random":
            raise BotSpecError(f"{spec!r}: the random bot takes no parameters")
        return RandomBot()
    if kind == "greedy":
        if spec != "greedy":
            raise BotSpecError(f"{spec!r}: the greedy bot takes no parameters")
        return GreedyBot(game)
    if kind == "ismcts":
        parsed = parse_ismcts(spec)
        return ISMCTSBot(game, parsed.params, parsed.budget, pool=pool, spec=parsed)
    raise BotSpecError(f"unknown bot {kind!r} in {spec!r} (known: random, greedy, ismcts)")
