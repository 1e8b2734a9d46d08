"""A finished game's outcome (``boardbot.engine.core`` re-exports it). Its own module so that the
state base class (engine/state.py, compiled) can name it without importing ``core``, which
imports the state: no import cycle."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Result:
    """Final outcome. ``ranks``: 0 for the winners; equal ranks share a place."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    ranks: tuple[int, ...]
    breakdown: tuple[dict, ...] = field(default=(), compare=False)

    def to_dict(self) -> dict:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "ranks": list(self.ranks),
            "breakdown": [dict(b) for b in self.breakdown],
        }
