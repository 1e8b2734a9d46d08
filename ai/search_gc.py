"""The cyclic garbage collector's youngest threshold while a search runs.

CPython collects its youngest generation every 700 net allocations of containers (by default),
every tenth of those the middle one too, and now and then the whole heap (the modules, the
engines' tables). A search grows its tree by a dozen or more containers an iteration (nodes,
their ``totals`` lists, new ``children`` dicts) and makes no garbage in cycles at all (the tree
has no parent links, worlds are freed by reference counting), so those collections find
nothing: 181 young, 17 middle and 2 full ones in 10,000 iterations of Fröccs at 6 players, each
walking what survived since the last (``bench/search_collector.py``), 1.6 % of the compiled
search's instructions over 1,200 iterations and more in a process's first search, whose full
collection walks everything.

So while a ``Search.run`` is in progress, the youngest threshold is at least ``SEARCH_YOUNG`` (the
server's own setting, server/collector.py, so a server process changes nothing); the older
generations keep theirs. Garbage in cycles (none from the search; a game's, if any) then waits
at most ``SEARCH_YOUNG`` allocations, so memory stays bounded (docs/performance.md, stage 18:
peak RSS of a long search). Process-wide, hence counted: searches in several threads share one
raised threshold, and the last to finish puts back what was there before the first began,
unless something else has set the thresholds meanwhile.
"""

from __future__ import annotations

import gc
import threading

SEARCH_YOUNG = 10_000  # net container allocations between young collections during a search


class _Raised:
    """How many searches are running, and the thresholds found when the first began."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running = 0
        self.before: tuple[int, int, int] = gc.get_threshold()
        self.set = False  # whether the first search raised the threshold (0: the collector is off)

    def enter(self) -> None:
        with self.lock:
            if self.running == 0:
                self.before = gc.get_threshold()
                young, middle, old = self.before
                self.set = 0 < young < SEARCH_YOUNG
                if self.set:
                    gc.set_threshold(SEARCH_YOUNG, middle, old)
            self.running += 1

    def leave(self) -> None:
        with self.lock:
            self.running -= 1
            if self.running == 0 and self.set:
                self.set = False
                young, middle, old = gc.get_threshold()
                if young == SEARCH_YOUNG and (middle, old) == self.before[1:]:
                    gc.set_threshold(*self.before)


_raised = _Raised()


def search_started() -> None:
    """A search begins: the young threshold at least ``SEARCH_YOUNG`` until it ends."""
    _raised.enter()


def search_ended() -> None:
    """A search ends (call once for every ``search_started``, also when it raised)."""
    _raised.leave()
