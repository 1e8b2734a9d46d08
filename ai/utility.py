"""What a seat wants: a number per seat from a finished game's ``Result``.

Every seat maximises its own utility (max^n, not two-player zero-sum):

    u_i = 0.8 * win_i + 0.1 * place_i + 0.1 * margin_i        (2 or more seats)

* ``win_i``: the seat's share of the victory, ``1 / len(winners)`` if it is
  among the winners, else 0. A shared win (a tie, or a team that wins
  together) is worth the same to every seat that shares it, so team mates
  pull in the same direction; within one game all team wins have the same
  size, so the scale does not change which move is best.
* ``place_i = (n - 1 - rank_i) / (n - 1)``: 1 for first place, 0 for last,
  so a seat that cannot win still prefers second place to last.
* ``margin_i``: the seat's score against the mean of all scores, scaled by
  the mean absolute score and squashed into (0, 1):
  ``x = (s_i - mean) / (1 + mean|s|)``, ``margin = 0.5 + 0.5 x / (1 + |x|)``.
  It breaks ties between equally won (or lost) games in favour of bigger
  margins; using the mean of all seats (not the best other seat) keeps team
  mates, who share a score, from counting each other as rivals.

With one seat (a solo game against an automaton) the utility is the raw
score: the result's winners say nothing then. The search normalises values
by the range it has seen (see ``boardbot.ai.ismcts``), so the raw scale is harmless.

All terms lie in [0, 1], so ``u_i`` does too for two or more seats, which is
also the range of ``Game.evaluate``'s estimates used at a rollout cut-off.

What the search reports (``Reporting``): every move's value on one scale, 0 (worst)
to 1 (best), in every game: the mean utility for two or more seats, and for a solo
game the expected score placed within the game's score bounds (``Game.score_bounds``:
0 is the least score, 1 the greatest); the solo game's expected score itself, in
points, beside it. Each with an interval, from the spread of the values the move's
visits backed up.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Final, Sequence

from boardbot.engine.core import Game, Result, State

WIN_WEIGHT: Final = 0.8
PLACE_WEIGHT: Final = 0.1
MARGIN_WEIGHT: Final = 0.1


def utilities(result: Result) -> list[float]:
    return outcome_utilities(result.scores, result.winners, result.ranks)


def final_utilities(world: Any) -> list[float]:
    """The utilities of a finished game: from a state's ``outcome()`` (its result without what
    only players' screens need), or from ``result()`` for a stand-in that is no ``State``."""
    if isinstance(world, State):
        outcome = world.outcome()
        assert outcome is not None  # the game is over
        return outcome_utilities(outcome[0], outcome[1], outcome[2])
    result = world.result()
    assert result is not None  # the game is over
    return utilities(result)


def outcome_utilities(scores: Sequence[float], winners: tuple[int, ...], ranks: tuple[int, ...]) -> list[float]:
    """Every seat's utility from a finished game's scores, winners and ranks (``Result``'s)."""
    n = len(scores)
    if n == 1:
        return [float(scores[0])]
    share = 1.0 / len(winners)
    mean = sum(scores) / n
    scale = 1.0 + sum(abs(s) for s in scores) / n
    out = []
    for i in range(n):
        x = (scores[i] - mean) / scale
        margin = 0.5 + 0.5 * x / (1.0 + abs(x))
        place = (n - 1 - ranks[i]) / (n - 1)
        win = share if i in winners else 0.0
        out.append(WIN_WEIGHT * win + PLACE_WEIGHT * place + MARGIN_WEIGHT * margin)
    return out


Z95: Final = 1.96  # the normal quantile of a two-sided 95 % interval


@dataclass(frozen=True)
class Reporting:
    """How one search's mean utilities read as the API's numbers (see the module's docstring).

    ``least`` and ``greatest``: the utility's range (a solo game's score bounds, 0 and 1
    otherwise); ``in_points``: the utility is the seat's final score (a solo game)."""

    least: float = 0.0
    greatest: float = 1.0
    in_points: bool = False

    @classmethod
    def of(cls, game: Game, config: dict) -> "Reporting":
        if config.get("players") != 1:
            return cls()
        bounds = game.score_bounds(config)
        if bounds is None or not bounds[1] > bounds[0]:
            # a solo game that declares no bounds (tests/test_ai_numbers.py holds ours to it):
            # its scores squashed monotonically into (0, 1), ``share``
            return cls(-math.inf, math.inf, True)
        return cls(float(bounds[0]), float(bounds[1]), True)

    def share(self, utility: float) -> float:
        """A utility on the 0-1 scale."""
        if math.isinf(self.greatest - self.least):
            return 0.5 + 0.5 * utility / (1.0 + abs(utility))
        return min(1.0, max(0.0, (utility - self.least) / (self.greatest - self.least)))

    def interval(self, visits: int, total: float, squares: float | None) -> tuple[float, float]:
        """An approximate 95 % interval of the mean utility of ``visits`` values summing to
        ``total`` (``squares``: their squares' sum; None: unknown, the whole range), within the range.

        The normal approximation over the visits' values: a search's visits are not
        independent draws (the tree's choices change as it learns), so it says how sure the
        search is, not a guarantee. One visit or none: the whole range."""
        if visits < 2 or squares is None:
            return self.least, self.greatest
        mean = total / visits
        variance = max(0.0, (squares - visits * mean * mean) / (visits - 1))
        half = Z95 * math.sqrt(variance / visits)
        return max(self.least, mean - half), min(self.greatest, mean + half)

    def candidate(self, visits: int, total: float, squares: float | None = None) -> dict:
        """A root move's numbers: ``value`` (0-1; None unvisited), ``value_low``/``value_high``
        (its interval, 0-1) and ``score``: a solo game's expected final score in points with
        its interval, ``(points, low, high)`` (None in other games, and unvisited)."""
        low, high = self.interval(visits, total, squares)
        if not visits:
            return {"value": None, "value_low": 0.0, "value_high": 1.0, "score": None}
        mean = min(self.greatest, max(self.least, total / visits))
        return {"value": self.share(mean), "value_low": self.share(low), "value_high": self.share(high),
                "score": (mean, low, high) if self.in_points else None}
