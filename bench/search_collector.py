"""The collector during long searches, with and without the raised young threshold of ``Search.run``
(ai/search_gc.py): peak RSS, CPU time an iteration and the collections of each generation.

    .venv/bin/python bench/search_collector.py on froccs 6 5000
    .venv/bin/python bench/search_collector.py off froccs 6 5000

``ismcts:hard`` searches of the given iterations on 2 decision points (``ai_speed.decision_points``,
seed 1) in this process; ``off`` makes ``Search.run`` leave the thresholds as they are (the
default 700, 10, 10). Run each in a fresh process: peak RSS is the process's.
"""

from __future__ import annotations

import gc
import os
import resource
import sys
import time

import boardbot.ai.search_gc as search_gc
from boardbot.ai.service_api import suggest
from boardbot.engine import build, registry

sys.path.insert(0, os.path.dirname(__file__))
from ai_speed import decision_points  # noqa: E402


def main(argv: list[str]) -> int:
    mode, name, players, iterations = argv[0], argv[1], int(argv[2]), int(argv[3])
    if mode == "off":
        search_gc.SEARCH_YOUNG = 0  # never raised
    game = registry.get(name)
    cfg = game.validate(next(c for c in game.configurations() if game.validate(c)["players"] == players))
    views = [s.view(s.decider()) for s in decision_points(game, cfg, 2, 1)]
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    collections = [s["collections"] for s in gc.get_stats()]
    start = time.process_time()
    done = sum(suggest(game, view, {"iterations": iterations}, seed=i, params="ismcts:hard").iterations
               for i, view in enumerate(views))
    spent = time.process_time() - start
    during = [s["collections"] - c for s, c in zip(gc.get_stats(), collections)]
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"{build.describe()}, raised threshold {mode}: {name} {players} players, {done} iterations, "
          f"{spent / done * 1e6:.0f} µs of CPU each; peak RSS {peak / 1024:.1f} MiB ({before / 1024:.1f} before "
          f"the searches); collections during the searches by generation {during}; thresholds after {gc.get_threshold()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
