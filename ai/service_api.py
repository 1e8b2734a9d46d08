"""The in-process AI API that the gRPC BotService calls.

    from boardbot.ai.pool import SearchPool
    from boardbot.ai.service_api import suggest, Budget

    pool = SearchPool(2)                      # once, before the gRPC server starts
    ...
    # in an RPC handler thread:
    result = suggest("frogriders", view, {"time": 0.5, "deadline": time.monotonic() + ctx.time_remaining()},
                     seed=42, params="ismcts:hard", pool=pool, cancel=event)
    result.move, result.iterations, result.seconds, result.candidates

``suggest`` takes a seat's view dict (``State.view(seat)``, the stateless
ChooseMove case) or a state already sampled for the deciding seat (the
hosted SuggestMove case: ``state.sample_for(seat, rng)``); either way the
search only ever uses the seat's view. It is thread-safe: several handler
threads may share one pool. Setting ``cancel`` (a ``threading.Event``, e.g.
from ``context.add_callback``) stops the search within one iteration and
returns the best move found so far (``cancelled=True``).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from boardbot.engine import registry
from boardbot.engine.core import TERMINAL, Game, State

from .bot_specs import BotSpec, BotSpecError, parse_ismcts, search_plan
from .ismcts import Budget, Search, SearchError, SearchParams, best_of, derive_seed, merge_stats
from .utility import Reporting

__all__ = ["Budget", "SearchParams", "SearchResult", "suggest", "run_search", "run_search_async"]


@dataclass
class SearchResult:
    move: tuple
    seat: int
    iterations: int
    seconds: float
    candidates: list[dict]        # per legal move, legal order: move, text, visits, and the numbers of
                                  # boardbot.ai.utility.Reporting.candidate: value (0-1), value_low,
                                  # value_high, score (a solo game's points, low, high)
    mode: str
    workers: int
    cancelled: bool = False
    stopped: str = ""             # why a managed search stopped before its budget: "decided" (the
                                  # leader could not be overtaken), "target" (not close at the
                                  # target time), "" (it did not; with several trees: the first's)
    search: Search | None = field(default=None, repr=False)  # in-process searches only (tree reuse)

    def to_dict(self, game: Game | None = None) -> dict:
        out = {
            "move": list(self.move),
            "seat": self.seat,
            "iterations": self.iterations,
            "seconds": round(self.seconds, 6),
            "mode": self.mode,
            "workers": self.workers,
            "cancelled": self.cancelled,
            "stopped": self.stopped,
            "candidates": [
                {**c, "move": list(c["move"])} for c in self.candidates
            ],
        }
        if game is not None:
            out["move_dict"] = game.move_to_dict(self.move)
        return out


def _budget(budget) -> Budget:
    if isinstance(budget, Budget):
        return budget
    if isinstance(budget, Mapping):
        unknown = set(budget) - {"iterations", "time", "deadline"}
        if unknown:
            raise SearchError(f"unknown budget field(s): {', '.join(sorted(unknown))}")
        return Budget(**budget)
    raise SearchError(f"a budget is a Budget or a dict, not {type(budget).__name__}")


def _params(params) -> tuple[SearchParams, BotSpec | None]:
    """(SearchParams, the parsed spec or None): a spec's preset may name the budget."""
    if params is None:
        return SearchParams(), None
    if isinstance(params, SearchParams):
        return params, None
    if isinstance(params, (str, BotSpec)):
        try:
            spec = params if isinstance(params, BotSpec) else parse_ismcts(
                params if params.startswith("ismcts") else f"ismcts:{params}")
        except BotSpecError as err:
            raise SearchError(str(err)) from None
        return spec.params, spec
    raise SearchError(f"params is a SearchParams, a BotSpec or a spec string, not {type(params).__name__}")


def suggest(game: Game | str, position: Mapping[str, Any] | State, budget=None, seed: int = 0,
            params: SearchParams | BotSpec | str | None = None, pool=None, cancel=None) -> SearchResult:
    """The move ISMCTS suggests for the seat whose view (or sampled world) is given.

    ``budget``: a ``Budget`` or a dict with any of ``iterations``, ``time``
    (seconds) and ``deadline`` (absolute ``time.monotonic()``); None uses
    the budget of the ``params`` preset. ``params``: a ``SearchParams``, a
    ``BotSpec`` or a spec (``"hard"``, ``"ismcts:c=0.5,mode=mo"``). ``pool``: a
    ``SearchPool`` to run on (recommended in a server: the search then runs
    outside the server process's GIL).
    """
    if isinstance(game, str):
        game = registry.get(game)
    search_params, spec = _params(params)
    if budget is None and spec is None:
        raise SearchError("no budget given")
    if isinstance(position, State):
        seat = position.decider()
        if seat == TERMINAL:
            raise SearchError("the game is over")
        view = position.view(seat)
    else:
        view = position
    if spec is not None:  # the spec's plan at this table (bot_specs.search_plan), the caller's budget first
        plan = search_plan(spec, game, (view.get("config") or {}).get("players"),
                           None if budget is None else _budget(budget))
        search_params, budget = plan.params, plan.budget
    return run_search(game, view, _budget(budget), seed, search_params, pool=pool, cancel=cancel)


def run_search(game: Game, view: Mapping[str, Any], budget: Budget | None, seed: int, params: SearchParams,
               pool=None, cancel=None, search: Search | None = None, end: float | None = None,
               clock: Callable[[], float] | None = None) -> SearchResult:
    """Search from a seat's view. ``search``: an advanced earlier Search to continue (tree reuse).
    ``end``: an absolute ``time.monotonic()`` stop time that replaces the budget's time and deadline.
    ``clock``: in-process only, what the budget's time is read on instead of wall time (a bench's
    ``time.thread_time``: the time of one core the thread has, whatever else runs)."""
    start = time.monotonic()
    if search is None:
        # the root, rebuilt from the view alone; also answers single-move positions
        search = prepare(game, view, seed, params)
    if clock is not None and pool is None:
        search.clock = clock
        if end is None and budget is not None and budget.deadline is None:
            end = budget.end_time(clock())
    if end is None:
        end = budget.end_time(start)
    iteration_budget = budget.iterations if budget is not None else None
    workers = params.workers
    moves = search.root.legal_moves()
    if len(moves) == 1:
        return finish(search, [(moves[0], 0, 0.0)], 0, seed, start, keep=search)
    if pool is not None:
        jobs = _split(iteration_budget, workers, seed)
        parts = pool.run(game, view, params.to_dict(), jobs, end, cancel=cancel)
        return finish(search, merge_stats([p["stats"] for p in parts]), sum(p["iterations"] for p in parts),
                      seed, start, cancelled=cancel is not None and cancel.is_set(), parts=len(parts),
                      stopped=_stopped(parts))
    if workers == 1:
        iterations = search.run(iterations=iteration_budget, end=end, cancel=cancel)
        stats = search.root_stats(squares=True)  # a reused tree also counts its earlier visits
        keep = search
    else:
        # no pool: the same independent searches, one after another
        parts = []
        iterations = 0
        jobs = _split(iteration_budget, workers, seed)
        for j, (iters, job_seed) in enumerate(jobs):
            part = search if j == 0 else Search.from_view(game, view, params, job_seed)
            part.clock = search.clock
            part_end = None
            if end is not None:  # share the remaining time
                now = search.clock()
                part_end = now + (end - now) / (workers - j)
            iterations += part.run(iterations=iters, end=part_end, cancel=cancel)
            parts.append(part.root_stats(squares=True))
        stats = merge_stats(parts)
        keep = None
    return finish(search, stats, iterations, seed, start, cancelled=cancel is not None and cancel.is_set(),
                  keep=keep, stopped=search.stopped)


async def run_search_async(game: Game, view: Mapping[str, Any], iterations: int | None, end: float | None,
                           seed: int, params: SearchParams, pool, on_submitted=None,
                           grace: float = 0.010, search: Search | None = None,
                           answer_by: float | None = None) -> SearchResult:
    """``run_search`` on a ``SearchPool`` for asyncio code: the loop never blocks.

    ``iterations`` and ``end`` (absolute ``time.monotonic()``) bound the
    search; at least one of them must be set. Cancelling the awaiting task
    cancels the search: the workers stop within a slice. ``on_submitted``
    gets the pool's ``Request`` (e.g. to learn when the workers are free),
    or None when no worker was needed. ``search``: the root from ``prepare``
    if the caller already built it. ``answer_by``: an absolute time by which
    to answer with whatever parts are in (with none, the immediate answer).
    """
    if iterations is None and end is None:
        raise SearchError("a search needs iterations or an end time")
    start = time.monotonic()
    if search is None:
        search = prepare(game, view, seed, params)
    moves = search.root.legal_moves()
    if len(moves) == 1:
        if on_submitted is not None:
            on_submitted(None)
        return finish(search, [(moves[0], 0, 0.0)], 0, seed, start)
    request = pool.submit(game, view, params.to_dict(), _split(iterations, params.workers, seed), end)
    if on_submitted is not None:
        on_submitted(request)
    parts = await request.wait_async(end, grace=grace, answer_by=answer_by)
    stats = merge_stats([p["stats"] for p in parts]) if parts else search.root_stats(squares=True)
    return finish(search, stats, sum(p["iterations"] for p in parts),
                  seed, start, cancelled=any(p.get("cancelled") for p in parts), parts=len(parts),
                  stopped=_stopped(parts))


def prepare(game: Game, view: Mapping[str, Any], seed: int, params: SearchParams) -> Search:
    """The search's root, rebuilt from the view alone (what the answer is described against)."""
    return Search.from_view(game, view, params, derive_seed(seed, 0))


def immediate_move(search: Search, seed: int) -> tuple:
    """The answer when no iteration fitted in the time left: the game's heuristic move."""
    root = search.root
    try:
        move = search.game.heuristic_move(root.copy(),
                                          random.Random(derive_seed(seed, -1)))
        if move in root.legal_moves():
            return move
    except Exception:  # noqa: BLE001 - any legal move beats none
        pass
    return root.legal_moves()[0]


def _stopped(parts: list[dict]) -> str:
    """Why the first tree of a search stopped before its budget, if it did."""
    return parts[0].get("stopped", "") if parts else ""


def finish(search: Search, stats: list[tuple], iterations: int, seed: int, start: float,
           cancelled: bool = False, keep: Search | None = None, parts: int | None = None,
           stopped: str = "") -> SearchResult:
    """A SearchResult from merged root statistics: (move, visits, value sum[, sum of squares])."""
    root = search.root
    if iterations == 0 and not any(s[1] for s in stats) and len(stats) > 1:
        move = immediate_move(search, seed)
    else:
        move = best_of(stats)
    reporting = Reporting.of(search.game, root.config)
    candidates = [
        {"move": s[0], "text": root.move_text(s[0]), "visits": s[1],
         **reporting.candidate(s[1], s[2], s[3] if len(s) > 3 else None)}
        for s in stats
    ]
    return SearchResult(
        move=move, seat=search.seat, iterations=iterations, seconds=time.monotonic() - start,
        candidates=candidates, mode=search.mode, workers=search.params.workers if parts is None else parts,
        cancelled=cancelled, stopped=stopped, search=keep,
    )


def _split(iterations: int | None, workers: int, seed: int) -> list[tuple]:
    jobs = []
    for j in range(workers):
        if iterations is None:
            iters = None
        else:
            iters = iterations // workers + (1 if j < iterations % workers else 0)
        jobs.append((iters, derive_seed(seed, j)))
    return jobs


def choose_seed(rng: random.Random) -> int:
    return rng.getrandbits(63)
