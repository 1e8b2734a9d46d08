"""The garbage collector's settings for a ``boardbot serve`` process.

CPython's cyclic collector is triggered by allocations, not by garbage: with its
defaults (700, 10, 10) a server that holds games in its memory (every store keeps the
``Live`` games it serves; the memory store keeps all of them) walks that whole heap
again every time it has grown by a quarter, and the young generations every 700 net
allocations, which a call makes dozens of. Measured in process (``python
bench/call_probes.py gc [--tuned]``): CreateGame 130 → 103-108 µs, SubmitMove 38 → 29-30 µs,
GetView 121-123 → 109-111 µs of CPU a call with these settings; CreateGame's share was
the full collections (2 in 3,000 creates walking 185,000 objects, 46 µs a create).
Through the service (``bench/call_cost.py``) the difference is within the machine's noise
(docs/performance.md, branch i50-mem7).

So, once the server is up: what it loaded to start (modules, descriptors, the engines'
tables) is moved out of the collector's sight (``gc.freeze``: it lives as long as the
process), and the young generation is collected every ``YOUNG`` net allocations, the
older ones rarely. Memory is still freed by reference counting at once; only garbage in
cycles waits longer, at most ``YOUNG`` allocations for what dies young (most of a call's).
"""

from __future__ import annotations

import gc

YOUNG = 10_000  # net container allocations between collections of the youngest generation
MIDDLE = 20  # young collections between collections of the middle one
OLD = 100  # middle collections before a full one is considered (CPython also waits for +25 %)


def tune() -> None:
    """Freeze what the process holds now (its startup) and set the thresholds."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLD)
