"""Samples, percentiles, histograms and timelines.

Every call's latency is kept as a sample (its send time and its latency, in
seconds, as float64 in an ``array``), so percentiles are exact order
statistics of all samples, not estimates: the project's one percentile
function, ``boardbot.ai.stats.percentile`` (numpy's, ``method="inverted_cdf"``:
the nearest-rank definition, the smallest sample such that at least p% of
the samples are at or below it, so it is always a latency that was really
observed). Histograms for the
report use fixed log-spaced bins (``BINS_PER_DECADE`` per decade from 1 µs to
1000 s), the same for every call and every run, so they can be compared and
merged. Samples from several generator processes are merged by concatenation.
"""

from __future__ import annotations

import math
from array import array
from collections import defaultdict
from typing import Iterable

import numpy as np

from boardbot.ai.stats import PERCENTILE_METHOD as METHOD, percentile

PERCENTILES = (50, 90, 95, 99)
BINS_PER_DECADE = 20
HIST_MIN_S, HIST_MAX_S = 1e-6, 1e3
HIST_EDGES_S = np.logspace(math.log10(HIST_MIN_S), math.log10(HIST_MAX_S),
                           int(round(math.log10(HIST_MAX_S / HIST_MIN_S) * BINS_PER_DECADE)) + 1)


class Recorder:
    """What one generator process saw: samples per metric, errors, counters.

    Times are ``time.monotonic()`` values; ``t0`` is the run's start (shared
    by every generator process of a run: CLOCK_MONOTONIC is system-wide).
    """

    def __init__(self, t0: float = 0.0):
        self.t0 = t0
        self.times: dict[str, array] = defaultdict(lambda: array("d"))
        self.lats: dict[str, array] = defaultdict(lambda: array("d"))
        self.error_times: dict[tuple[str, str], array] = defaultdict(lambda: array("d"))  # (call, code) -> sent
        self.marks: dict[str, array] = defaultdict(lambda: array("d"))  # counted by time only (stream messages)
        self.counters: dict[str, int] = defaultdict(int)

    def ok(self, name: str, start: float, latency: float) -> None:
        self.times[name].append(start - self.t0)
        self.lats[name].append(latency)

    def over_budget(self, name: str, start: float, latency: float, budget: float | None) -> None:
        """The AI's latency over its think budget (0 within it), as the entry "NAME over budget"."""
        if budget is not None:
            self.ok(f"{name} over budget", start, max(0.0, latency - budget))

    def error(self, name: str, code: str, start: float) -> None:
        self.error_times[name, code].append(start - self.t0)

    def mark(self, name: str, at: float) -> None:
        self.marks[name].append(at - self.t0)

    def count(self, name: str, n: int = 1) -> None:
        self.counters[name] += n

    def export(self) -> dict:
        """A picklable form (for merging across processes)."""
        return {
            "samples": {k: (self.times[k].tobytes(), self.lats[k].tobytes()) for k in self.times},
            "error_times": {k: v.tobytes() for k, v in self.error_times.items()},
            "marks": {k: v.tobytes() for k, v in self.marks.items()},
            "counters": dict(self.counters),
        }


class Merged:
    """Samples of one run, from one or several recorders, as numpy arrays."""

    def __init__(self, exports: Iterable[dict]):
        chunks: dict[tuple[str, object], list] = defaultdict(list)  # (attribute, key) -> bytes
        self.counters: dict[str, int] = {}
        for part in exports:
            for name, (t, lat) in part["samples"].items():
                chunks["times", name].append(t)
                chunks["lats", name].append(lat)
            for field in ("error_times", "marks"):
                for key, t in part[field].items():
                    chunks[field, key].append(t)
            for name, n in part["counters"].items():
                self.counters[name] = self.counters.get(name, 0) + n
        self.times, self.lats, self.error_times, self.marks = {}, {}, {}, {}
        for (field, key), parts in chunks.items():
            getattr(self, field)[key] = np.concatenate([np.frombuffer(b, dtype=np.float64) for b in parts])

    def window(self, start: float, end: float) -> "Merged":
        """Only the samples sent in [start, end) (seconds from the run's start)."""
        out = Merged(())
        for field in ("times", "error_times", "marks"):
            for key, t in getattr(self, field).items():
                keep = (t >= start) & (t < end)
                getattr(out, field)[key] = t[keep]
                if field == "times":
                    out.lats[key] = self.lats[key][keep]
        out.counters = dict(self.counters)
        return out

    def errors(self) -> dict[str, dict[str, int]]:
        """call -> status code -> count."""
        out: dict[str, dict[str, int]] = {}
        for (name, code), t in sorted(self.error_times.items()):
            if t.size:
                out.setdefault(name, {})[code] = int(t.size)
        return out


def percentiles(lat_s: np.ndarray) -> dict:
    """count, min, mean, p50/p90/p95/p99/p99.9 and max, in milliseconds."""
    n = int(lat_s.size)
    if n == 0:
        return {"count": 0}
    qs = percentile(lat_s, [*PERCENTILES, 99.9])
    out = {"count": n, "min_ms": _ms(lat_s.min()), "mean_ms": _ms(lat_s.mean())}
    for q, v in zip((*PERCENTILES, 99.9), qs):
        out[f"p{q:g}_ms".replace(".", "_")] = _ms(v)
    out["max_ms"] = _ms(lat_s.max())
    return out


def _ms(seconds: float) -> float:
    return round(float(seconds) * 1000.0, 4)


def histogram(lat_s: np.ndarray) -> dict:
    """Counts in the fixed log-spaced bins, trimmed to the bins with data."""
    if lat_s.size == 0:
        return {"edges_ms": [], "counts": []}
    clipped = np.clip(lat_s, HIST_MIN_S, HIST_MAX_S * 0.999999)
    counts, _ = np.histogram(clipped, bins=HIST_EDGES_S)
    nz = np.nonzero(counts)[0]
    lo, hi = int(nz[0]), int(nz[-1]) + 1
    return {"edges_ms": [round(float(e) * 1000.0, 6) for e in HIST_EDGES_S[lo:hi + 1]],
            "counts": [int(c) for c in counts[lo:hi]]}


def bucket_width(duration: float, target_buckets: int = 120) -> float:
    """A round bucket width giving at most about ``target_buckets`` buckets."""
    for width in (0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600):
        if duration / width <= target_buckets:
            return float(width)
    return float(math.ceil(duration / target_buckets))


def _buckets(times: np.ndarray, start: float, end: float, width: float) -> tuple[int, np.ndarray, np.ndarray]:
    """(the number of buckets, each time's bucket, which times fall in one)."""
    n = max(1, int(math.ceil((end - start) / width - 1e-9)))
    idx = np.floor((times - start) / width).astype(np.int64)
    return n, idx, (idx >= 0) & (idx < n)


def timeline(times: np.ndarray, lat_s: np.ndarray, start: float, end: float, width: float) -> dict:
    """Per time bucket: calls per second, p50, p99 and max latency (ms; None when empty)."""
    n, idx, keep = _buckets(times, start, end, width)
    parts = [lat_s[keep][idx[keep] == b] for b in range(n)]
    spans = [min(width, end - (start + b * width)) for b in range(n)]
    qs = [(*percentile(part, [50, 99]), part.max()) if part.size else (None,) * 3 for part in parts]
    return {"per_s": [round(part.size / span, 3) if span > 0 else 0.0 for part, span in zip(parts, spans)],
            **{key: [None if q[i] is None else _ms(q[i]) for q in qs]
               for i, key in enumerate(("p50_ms", "p99_ms", "max_ms"))}}


def error_timeline(times: np.ndarray, start: float, end: float, width: float) -> list:
    n, idx, keep = _buckets(times, start, end, width)
    return [int(c) for c in np.bincount(idx[keep], minlength=n)]
