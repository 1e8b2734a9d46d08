"""A fixed amount of one game's work, for counting its instructions under callgrind (noise-free,
where CPU time on the shared machine is not).

    valgrind --tool=callgrind --toggle-collect='CPyDef_playout___random_playout' \\
        python bench/instruction_count.py dulore-jutunk playout --games 100
    valgrind --tool=callgrind --toggle-collect='CPyDef_ismcts___Search___run' \\
        python bench/instruction_count.py dulore-jutunk search --iterations 150

``playout``: random playouts (engine/playout.py) of ``--games`` seeded games (seed 1 for the moves); ``search``:
``ismcts:hard`` searches of ``--iterations`` iterations from the deciding seat's view at
``--positions`` decision points (``ai_speed.decision_points``, seed 1). Both at ``--players``;
``--rules-version 1``: the playouts under an older rules version the engine keeps (the chance
stream's, docs/storage.md: the same checkout, either stream).
``--toggle-collect`` counts only inside the named function (the compiled build's; in the pure
one, count the whole run against a run with no work). ``callgrind_annotate --inclusive=yes``
shows where the instructions go, and ``bench/search_own_cost.py`` how much of a search is the
search's own. Prints the build and the work done (stderr).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

from boardbot.ai.service_api import suggest
from boardbot.engine import build, registry
from boardbot.engine.playout import random_playout

sys.path.insert(0, os.path.dirname(__file__))
from ai_speed import decision_points  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("what", choices=("playout", "search"))
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=100, help="playout: games played")
    ap.add_argument("--positions", type=int, default=2, help="search: decision points searched")
    ap.add_argument("--iterations", type=int, default=150, help="search: iterations per search")
    ap.add_argument("--rules-version", type=int, default=None,
                    help="playout: play the games under this rules version (an older one the engine keeps: "
                         "Game.older_versions), e.g. 1 for the Mersenne Twister's chance (docs/storage.md)")
    args = ap.parse_args(argv)
    game = registry.get(args.game)
    cfg = game.validate(next(c for c in game.configurations() if game.validate(c)["players"] == args.players))
    if args.what == "playout":
        rng = random.Random(1)
        actions = 0
        for g in range(args.games):
            actions += random_playout(game.new_state(cfg, g, args.rules_version), rng)
        done = f"{actions} actions in {args.games} games"
        if args.rules_version is not None:
            done += f" (rules version {args.rules_version})"
    else:
        views = [s.view(s.decider()) for s in decision_points(game, cfg, args.positions, 1)]
        start = time.process_time()
        iterations = sum(suggest(game, view, {"iterations": args.iterations}, seed=i, params="ismcts:hard").iterations
                         for i, view in enumerate(views))
        spent = time.process_time() - start
        done = f"{iterations} iterations on {len(views)} positions, {spent / iterations * 1e6:.0f} µs of CPU each"
    print(f"{build.describe()}: {args.game} {args.players} players, {done}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
