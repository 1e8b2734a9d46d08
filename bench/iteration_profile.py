"""Where an ISMCTS iteration's time goes, per game, at the hard preset.

    python bench/iteration_profile.py [--games frogriders,...] [--positions 3] [--seed 1]

Per game at its smallest table (2 players, 3 where that is the minimum), on decision points of
random games (``ai_speed.decision_points``), searched from the deciding seat's view with
``ismcts:hard`` (the game's own hard budget at that table), prints the share of the search's
CPU time spent in each part:

* ``legal``: ``State.legal_moves`` (generation where the cache is empty);
* ``apply``: ``State.apply`` (the move and whatever the rules do after it);
* ``copy``: ``State.copy`` outside ``sample_for`` (the heuristic's trial copies, hints);
* ``sample``: ``State.sample_for`` (world sampling, its copy included);
* ``policy``: ``Game.playout_move``, ``Game.search_hint`` and ``Game.evaluate`` (their own work;
  engine calls they make are charged to the engine parts above);
* ``result``: ``State.result`` and the utilities of the finished game;
* ``texts``: ``State.public_move_text`` (the multiple-observer trees' keys);
* ``tree``: everything else: selection, expansion, backup and the rollout loop itself.

Each part's time is exclusive (a call inside another part is charged to the inner one). The
timing wrappers cost about a microsecond a call; that cost is measured and taken off each part,
and the search's own figure (µs an iteration, iterations/s) is measured without them, on the same
positions, before the instrumented run. CPU time of this process (``time.process_time``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from boardbot.ai import ismcts
from boardbot.ai.service_api import suggest
from boardbot.engine import build, registry

sys.path.insert(0, __import__("os").path.dirname(__file__))
from ai_speed import decision_points  # noqa: E402

PARTS = ("legal", "apply", "copy", "sample", "policy", "result", "texts", "tree")


class Profiler:
    """Exclusive CPU time per part, through wrappers that pause the enclosing part."""

    def __init__(self):
        self.time = dict.fromkeys(PARTS, 0.0)
        self.calls = dict.fromkeys(PARTS, 0)
        self.stack: list[list] = []  # [part, start of its current stretch]
        self.clock = time.process_time

    def wrap(self, part: str, fn):
        prof = self

        def timed(*args, **kwargs):
            now = prof.clock()
            stack = prof.stack
            if stack:
                outer = stack[-1]
                prof.time[outer[0]] += now - outer[1]
            frame = [part, now]
            stack.append(frame)
            prof.calls[part] += 1
            try:
                return fn(*args, **kwargs)
            finally:
                end = prof.clock()
                prof.time[part] += end - frame[1]
                stack.pop()
                if stack:
                    stack[-1][1] = end

        return timed

    def overhead_s(self) -> float:
        """CPU time one wrapped call adds (measured on an empty function)."""
        def bare(state, arg):
            return None

        inner = self.wrap("tree", bare)
        saved_t, saved_c = dict(self.time), dict(self.calls)
        n = 50000
        best_wrapped = best_bare = float("inf")
        for _ in range(5):  # the best of five: a shared machine only slows a pass down
            start = self.clock()
            for _ in range(n):
                inner(self, n)
            best_wrapped = min(best_wrapped, self.clock() - start)
            start = self.clock()
            for _ in range(n):
                bare(self, n)
            best_bare = min(best_bare, self.clock() - start)
        wrapped, bare_s = best_wrapped, best_bare
        self.time, self.calls = saved_t, saved_c
        return max(0.0, (wrapped - bare_s) / n)


def instrument(game, state_cls, prof: Profiler) -> list:
    """Wrap the engine's and the game's hooks; returns what to undo."""
    undo = []

    def patch(owner, name, part):
        if name not in dir(owner):
            return
        old = owner.__dict__.get(name, None)
        setattr(owner, name, prof.wrap(part, getattr(owner, name)))
        undo.append((owner, name, old))

    for name, part in (("legal_moves", "legal"), ("apply", "apply"), ("copy", "copy"),
                       ("sample_for", "sample"), ("result", "result"), ("outcome", "result"),
                       ("public_move_text", "texts")):
        # on the class, so that every world the search copies is timed
        old = getattr(state_cls, name)
        setattr(state_cls, name, prof.wrap(part, old))
        undo.append((state_cls, name, state_cls.__dict__.get(name)))
    for name in ("playout_move", "search_hint", "evaluate", "heuristic_move"):
        patch(game, name, "policy")
    old_util = ismcts.final_utilities
    ismcts.final_utilities = prof.wrap("result", old_util)
    undo.append((ismcts, "final_utilities", old_util))
    return undo


def restore(undo: list) -> None:
    for owner, name, old in reversed(undo):
        if isinstance(owner, type) and old is None:
            delattr(owner, name)
        elif not isinstance(owner, type) and old is None:
            delattr(owner, name)  # an instance attribute we set; the class's method shows again
        else:
            setattr(owner, name, old)


def table_of(game) -> dict:
    """The game's table at 2 players (its smallest where that is more)."""
    counts = sorted({game.validate(c)["players"] for c in game.configurations()})
    n = 2 if 2 in counts else counts[0]
    return game.validate(next(c for c in game.configurations() if game.validate(c)["players"] == n))


def profile_game(name: str, positions: int, seed: int) -> dict:
    game = registry.get(name)
    cfg = table_of(game)
    points = decision_points(game, cfg, positions, seed)
    views = [s.view(s.decider()) for s in points]
    # the search alone, not instrumented
    iterations = 0
    start = time.process_time()
    for i, view in enumerate(views):
        iterations += suggest(game, view, None, seed=i, params="ismcts:hard").iterations
    plain_s = time.process_time() - start
    prof = Profiler()
    per_call = prof.overhead_s()
    undo = instrument(game, type(points[0]), prof)
    try:
        start = time.process_time()
        for i, view in enumerate(views):
            suggest(game, view, None, seed=i, params="ismcts:hard")
        total = time.process_time() - start
    finally:
        restore(undo)
    wrapped_calls = sum(prof.calls[p] for p in PARTS if p != "tree")
    # each wrapped call's own cost lands partly in its part and partly in the part around it:
    # take it off the parts in proportion to their calls, and off the total
    own = {p: max(0.0, prof.time[p] - prof.calls[p] * per_call) for p in PARTS if p != "tree"}
    total_net = total - wrapped_calls * per_call
    own["tree"] = max(0.0, total_net - sum(own.values()))
    # what the correction leaves unexplained (the instrumented run, less its wrappers' cost,
    # against the plain run): a check on the figures, printed beside them
    residue = total_net / plain_s - 1 if plain_s else 0.0
    return {
        "game": name, "players": cfg["players"], "iterations": iterations,
        "us_per_iteration": plain_s / max(1, iterations) * 1e6,
        "iterations_per_s": iterations / plain_s if plain_s else 0.0,
        "share": {p: own[p] / max(1e-12, sum(own.values())) for p in PARTS},
        "residue": residue,
        "calls_per_iteration": {p: prof.calls[p] / max(1, iterations) for p in PARTS if p != "tree"},
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default=",".join(registry.names()))
    ap.add_argument("--positions", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    print(f"build: {build.describe()}")
    head = (f"{'game':<14} {'n':>2} {'µs/iter':>8} {'iter/s':>7} " + " ".join(f"{p:>7}" for p in PARTS)
            + f" {'residue':>8}")
    print(head)
    rows = []
    for name in args.games.split(","):
        row = profile_game(name, args.positions, args.seed)
        rows.append(row)
        shares = " ".join(f"{100 * row['share'][p]:>6.0f}%" for p in PARTS)
        print(f"{name:<14} {row['players']:>2} {row['us_per_iteration']:>8.0f} {row['iterations_per_s']:>7.0f} "
              f"{shares} {100 * row['residue']:>+7.0f}%", flush=True)
    print("calls per iteration:")
    for row in rows:
        calls = " ".join(f"{p} {row['calls_per_iteration'][p]:.1f}" for p in PARTS if p != "tree")
        print(f"  {row['game']:<14} {calls}")
    return 0


if __name__ == "__main__":
    random.seed(0)
    sys.exit(main())
