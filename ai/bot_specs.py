"""Bot specs: the strings that name a bot (``random``, ``greedy``, ``ismcts:hard,workers=2``), parsed.

The spec language is documented in ``boardbot.ai.bots``; this module only reads
it (``parse_ismcts``, ``split_seat_specs``), so that whoever needs a spec's
parameters (the search API, the server) does not build a bot for them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from boardbot.engine.core import Game

from .ismcts import Budget, SearchError, SearchParams


class BotSpecError(ValueError):
    """A bot spec that cannot be parsed; the message says what is wrong."""


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
