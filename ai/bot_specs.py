"""Bot specs: which bot plays, typed (``BotSpec``), and the one place a spec becomes a search.

A spec has two spellings that mean the same: the string of the command line and of the
API's ``bot`` fields (``random``, ``greedy``, ``ismcts:hard,workers=2``; the language is
documented in ``boardbot.ai.bots``), and the API's ``BotSpec`` message
(``boardbot.server.bot_plans`` reads and writes it). Both become one frozen ``BotSpec``:
the string through ``parse_bot_spec``, the one parser, and every field, whichever way it
came, is checked by ``BotSpec`` itself (``BotSpecError`` names the setting at fault).

``search_plan`` turns a spec into what a search runs (``SearchPlan``: the budget and the
parameters, ``params.workers`` being the number of independent trees merged at the root)
at a game's table: the bots of ``make_bot`` (the arena, the ladder: bench/ladder.py), the
server's hosted seats and BotService all search what it says, so the bot a caller gets is
the one the ladder rated (tests/test_served_plans.py compares them).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from boardbot.engine.core import Game

from .ismcts import Budget, SearchError, SearchParams


class BotSpecError(ValueError):
    """A bot spec that names no bot; the message says what is wrong. ``key``: the setting at
    fault (a key of the string language: ``iterations``, ``c``, ``pw``...), if one is."""

    def __init__(self, message: str, key: str | None = None):
        super().__init__(message)
        self.key = key


@dataclass(frozen=True)
class Preset:
    """A named search: the most wall time a decision takes (``seconds``, managed:
    ``search_plan``), at most its iterations (unless the game sets them for a table size:
    ``Game.preset_iterations``), whichever comes first, the parameters it sets, and what it
    means in plain words. Its iterations alone (``ismcts:hard,iterations=2500``) play
    reproducibly with a seed."""

    name: str
    title: str
    description: str
    iterations: int
    seconds: float
    settings: tuple[tuple[str, Any], ...] = ()


# A time per decision a frontend can rely on, on one core; iterations cap it where the search
# is done sooner (and, alone, give reproducible play)
PRESETS: dict[str, Preset] = {p.name: p for p in (
    Preset("easy", "Easy", "Looks a few moves ahead, with random guesses about how the game goes on: "
           "quick, and beatable.", 100, 0.1, (("rollout", "random"),)),
    Preset("medium", "Medium", "Looks ahead with the game's own sense of good play: a fair opponent, "
           "and the default.", 600, 0.3),
    Preset("hard", "Hard", "Looks furthest ahead: the strongest, and the slowest.", 2500, 1.0),
)}
DEFAULT_PRESET = "medium"
KINDS = ("random", "greedy", "ismcts")
# what the bots that do not search mean, in plain words (the server publishes them: ListBots)
PLAIN_BOTS = {
    "random": ("Random", "Plays any legal move, at random."),
    "greedy": ("Greedy", "Plays the move the game's own rule of thumb likes best, without looking ahead."),
}

MAX_ITERATIONS = 10_000_000   # the most iterations any spec may ask for
MAX_SECONDS = 60.0            # the longest time budget any spec may ask for
MAX_TREES = 64                # the most independent trees (``workers``) a search may be split into
MAX_SPEC_LENGTH = 500         # the longest spec string read

# The settings a spec may make: the string language's key -> (SearchParams field, type). Each
# number's range is checked here (finite, within what the search can use), every other rule by
# SearchParams itself.
SETTINGS: dict[str, tuple[str, type]] = {
    "c": ("c", float), "mode": ("mode", str), "rollout": ("rollout", str), "depth": ("depth", int),
    "pw": ("pw_alpha", float), "pw_k": ("pw_k", float), "bias": ("bias", float), "hint": ("hint", str),
    "reuse": ("reuse", bool), "workers": ("workers", int), "opponents": ("opponents", str),
    "beliefs": ("beliefs", str), "timing": ("timing", str), "prior": ("prior", str),
    "value": ("value", str),
}
ALIASES = {"pw_alpha": "pw"}  # keys the language also reads
KEY_OF = {field: key for key, (field, _) in SETTINGS.items()}
# each number's range: (low, high, which ends are in it: "[]", "[)", "(]")
RANGES: dict[str, tuple[float, float, str]] = {
    "iterations": (0, MAX_ITERATIONS, "[]"), "time": (0, MAX_SECONDS, "[]"), "c": (0, 100, "[]"),
    "depth": (0, 10_000, "[]"), "pw": (0, 1, "[)"), "pw_k": (0, 1000, "(]"), "bias": (0, 1000, "[]"),
    "workers": (1, MAX_TREES, "[]"),
}
_FIELD_ORDER = {f.name: i for i, f in enumerate(fields(SearchParams))}


@dataclass(frozen=True)
class SearchPlan:
    """What a search runs: when it stops, and how it searches (``params.workers``: the
    independent trees whose root statistics are merged)."""

    budget: Budget
    params: SearchParams


@dataclass(frozen=True)
class BotSpec:
    """A bot, typed. ``kind``: random, greedy or ismcts. For ismcts: ``preset`` (a ``PRESETS``
    name; None: the default, medium), an explicit budget (``iterations`` and/or ``time`` in
    seconds, replacing the preset's) and ``settings``: the ``SearchParams`` fields the spec
    sets itself, as (field, value) pairs in the fields' order. Checked when made."""

    kind: str
    preset: str | None = None
    iterations: int | None = None
    time: float | None = None
    settings: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self):
        if self.kind not in KINDS:
            raise BotSpecError(f"unknown bot {self.kind!r} (known: {', '.join(KINDS)})")
        if self.kind != "ismcts":
            if self.preset is not None or self.iterations is not None or self.time is not None or self.settings:
                raise BotSpecError(f"the {self.kind} bot takes no parameters")
            return
        if self.preset is not None and self.preset not in PRESETS:
            raise BotSpecError(f"unknown preset {self.preset!r} (known: {', '.join(PRESETS)})", "preset")
        if self.iterations is not None:
            _check_number("iterations", self.iterations, int)
        if self.time is not None:
            _check_number("time", self.time, float)
            object.__setattr__(self, "time", float(self.time))
        settings = {}
        for field, value in self.settings:
            key = KEY_OF.get(field)
            if key is None:
                raise BotSpecError(f"unknown parameter {field!r} (known: {', '.join(sorted(KEY_OF))})")
            if field in settings:
                raise BotSpecError(f"{key} is set twice", key)
            kind = SETTINGS[key][1]
            if key in RANGES:
                _check_number(key, value, kind)
            elif not isinstance(value, kind):
                raise BotSpecError(f"{key} expects {kind.__name__}, got {value!r}", key)
            settings[field] = kind(value)
            try:
                SearchParams(**{field: settings[field]})
            except SearchError as err:
                raise BotSpecError(str(err), key) from None
        order = tuple(sorted(settings.items(), key=lambda item: _FIELD_ORDER[item[0]]))
        object.__setattr__(self, "settings", order)

    @property
    def text(self) -> str:
        """The spec as a string of the language (``parse_bot_spec(spec.text) == spec``)."""
        if self.kind != "ismcts":
            return self.kind
        items = [] if self.preset is None else [self.preset]
        items += [f"{key}={_spelled(value)}" for key, value in (("iterations", self.iterations), ("time", self.time))
                  if value is not None]
        items += [f"{KEY_OF[field]}={_spelled(value)}" for field, value in self.settings]
        return "ismcts" + (":" + ",".join(items) if items else "")

    def setting(self, field: str, default: Any = None) -> Any:
        """The value the spec itself sets for a ``SearchParams`` field, else ``default``."""
        return dict(self.settings).get(field, default)

    # the spec at no particular table, for callers that want its parameters or budget alone
    @property
    def params(self) -> SearchParams:
        return search_plan(self).params

    @property
    def budget(self) -> Budget:
        return search_plan(self).budget

    def budget_for(self, game: Game, config: Mapping) -> Budget:
        """The budget at ``game``'s table of ``config`` (``search_plan``)."""
        return search_plan(self, game, config.get("players")).budget


def _check_number(key: str, value: Any, kind: type) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (kind is int and not isinstance(value, int)):
        raise BotSpecError(f"{key} expects {kind.__name__}, got {value!r}", key)
    low, high, ends = RANGES[key]
    above = value >= low if ends[0] == "[" else value > low
    below = value <= high if ends[1] == "]" else value < high
    if not (math.isfinite(value) and above and below):
        raise BotSpecError(f"{key} must be {'>=' if ends[0] == '[' else '>'} {low:,} and "
                           f"{'<=' if ends[1] == ']' else '<'} {high:,}, not {value!r}", key)


def _spelled(value: Any) -> str:
    return str(int(value)) if isinstance(value, bool) else repr(value) if isinstance(value, float) else str(value)


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
        raise BotSpecError(f"{spec!r}: {key} expects {kind.__name__}, got {raw!r}", key) from None


@functools.lru_cache(maxsize=1024)  # a hosted seat's spec is read at every move it plays
def parse_bot_spec(spec: str) -> BotSpec:
    """The one parser: ``random``, ``greedy`` or ``ismcts[:preset][,key=value...]`` -> a BotSpec."""
    if len(spec) > MAX_SPEC_LENGTH:
        raise BotSpecError(f"a bot spec is at most {MAX_SPEC_LENGTH} characters, not {len(spec)}")
    spec = spec.strip()
    kind, _, body = (s.strip() for s in spec.partition(":"))
    if kind not in KINDS:
        raise BotSpecError(f"unknown bot {kind!r} in {spec!r} (known: {', '.join(KINDS)})")
    if kind != "ismcts":
        if spec != kind:
            raise BotSpecError(f"{spec!r}: the {kind} bot takes no parameters")
        return BotSpec(kind)
    items = [p.strip() for p in body.split(",") if p.strip()]
    preset = None
    if items and "=" not in items[0]:
        preset = items.pop(0)
        if preset not in PRESETS:
            raise BotSpecError(f"{spec!r}: unknown preset {preset!r} (known: {', '.join(PRESETS)})", "preset")
    budget: dict[str, Any] = {}
    settings: dict[str, Any] = {}
    for item in items:
        if "=" not in item:
            raise BotSpecError(f"{spec!r}: expected key=value, got {item!r} (a preset must come first)")
        key, raw = (s.strip() for s in item.split("=", 1))
        key = ALIASES.get(key, key)
        if key in ("iterations", "time"):
            budget[key] = _convert(key, int if key == "iterations" else float, raw, spec)
        elif key in SETTINGS:
            field, kind_of = SETTINGS[key]
            settings[field] = _convert(key, kind_of, raw, spec)
        else:
            known = ", ".join(sorted({"iterations", "time", *SETTINGS}))
            raise BotSpecError(f"{spec!r}: unknown parameter {key!r} (known: {known})", key)
    try:
        return BotSpec("ismcts", preset, budget.get("iterations"), budget.get("time"), tuple(settings.items()))
    except BotSpecError as err:
        raise BotSpecError(f"{spec!r}: {err}", err.key) from None


def parse_ismcts(spec: str) -> BotSpec:
    """``ismcts[:preset][,key=value...]`` -> its BotSpec (a search's spec, nothing else)."""
    parsed = parse_bot_spec(spec)
    if parsed.kind != "ismcts":
        raise BotSpecError(f"{spec!r}: not a search (ismcts) spec")
    return parsed


def search_plan(spec: BotSpec, game: Game | None = None, players: int | None = None,
                budget: Budget | None = None) -> SearchPlan:
    """The one place a spec becomes a search: at ``game``'s table of ``players`` (where given),
    the budget is ``budget`` (a request's own), else the spec's own, else the preset's: its
    time per decision, managed (``SearchParams.timing``: done sooner once the move is settled),
    and at most its iterations as the game sets them for that table size
    (``Game.preset_iterations``), else the preset's. An explicit budget is spent whole unless
    the spec says ``timing=managed``. The parameters are the defaults, then the preset's, then
    the spec's own. One tree unless the spec asks for ``workers``: a split into smaller trees
    plays worse where budgets are small (research/notes/server-split-small-budgets.md), and the
    ladder rated one tree."""
    if spec.kind != "ismcts":
        raise BotSpecError(f"the {spec.kind} bot does not search")
    preset = PRESETS[spec.preset or DEFAULT_PRESET]
    timing = "fixed"
    if budget is None and (spec.iterations is not None or spec.time is not None):
        budget = Budget(iterations=spec.iterations, time=spec.time)
    elif budget is None:
        iterations = preset.iterations
        if game is not None:
            iterations = game.preset_iterations.get(players, {}).get(preset.name, iterations)
        budget, timing = Budget(iterations=iterations, time=preset.seconds), "managed"
    return SearchPlan(budget, SearchParams(**{"timing": timing, **dict(preset.settings), **dict(spec.settings)}))


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
