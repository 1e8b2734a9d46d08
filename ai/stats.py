"""Small statistics helpers: the arena's and the benches' win-rate intervals, and the one
percentile function of the whole project."""

from __future__ import annotations

import math

import numpy as np

PERCENTILE_METHOD = "inverted_cdf"  # numpy's name for the nearest-rank definition


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a win rate (95 % by default).

    ``wins`` may be fractional (shared victories count as a share).
    """
    if n <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, wins / n))
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values, q, empty: float = float("nan"), axis: int | None = None,
               method: str = PERCENTILE_METHOD):
    """The q-th percentile (0..100; a sequence of them gives an array) of ``values``, for the
    whole project (the load tester's report, the server's serving stats, the benches): the
    nearest-rank order statistic, ``numpy.percentile(..., method="inverted_cdf")``, the
    smallest value with at least q % of the values at or below it, so every figure is a
    value that was observed. ``empty`` is the answer for no values; ``axis`` as numpy's; ``method``
    only where documented figures were computed another way (bench/ladder.py's bootstrap intervals:
    numpy's default, "linear")."""
    if len(values) == 0:
        return np.full(len(q), empty) if np.ndim(q) else empty
    out = np.percentile(values, q, axis=axis, method=method)
    return out if np.ndim(q) or axis is not None else float(out)
