"""The AI as a service, with no transport in it: what BotService answers.

* ``suggest_move``: a move for a seat of a hosted game. Authorization and the
  game's state come from the game master (the seat's token; UNAUTHENTICATED,
  PERMISSION_DENIED, NOT_FOUND, FAILED_PRECONDITION when it is not the
  seat's decision, the seat resigned or the game is over). The search is
  given the seat's view only (``State.view(seat)``), never the true state.
* ``choose_move``: stateless; the caller sends a seat's view message, the
  root is rebuilt with ``Game.from_view``. A view that is not a seat's or
  whose seat is not to decide is FAILED_PRECONDITION; a malformed one
  INVALID_ARGUMENT with BadRequest field violations.
* ``get_serving_stats``: the search queue's limits and load.

Bots: ``ismcts`` specs (presets ``easy``/``medium``/``hard`` and explicit
parameters) search through the server's ``SearchQueue`` (worker processes);
``random`` and ``greedy`` answer at once on the loop (they cost
microseconds). A request's ``budget`` (iterations and/or seconds) replaces
the spec's own budget. Deadlines, queueing, shedding:
``boardbot.server.search_queue``.
"""

from __future__ import annotations

import asyncio
import math
import random
import secrets
import time

import structlog

from boardbot.ai.bots import BotSpecError, make_bot, parse_ismcts
from boardbot.ai.pool import SearchFailed
from boardbot.ai.view_check import ViewRejected
from boardbot.engine.core import TERMINAL, Game

from boardbot.v1 import bot_service_pb2, common_pb2

from . import convert, errors
from .calls import Call
from .events import MODE, STOP, duration
from .game_types import game_named
from .master import GameMaster
from .search_queue import MAX_ITERATIONS, MAX_SECONDS, SearchOutcome, SearchQueue

log = structlog.get_logger("boardbot.server")

DEFAULT_BOT = "ismcts:medium"
class _Plan:
    """What to run for a request: a cheap bot, or a search with its budget."""

    def __init__(self, spec: str, kind: str, params=None, explicit=frozenset(), iterations=None, seconds=None,
                 parsed=None):
        self.spec = spec
        self.kind = kind  # ismcts | random | greedy
        self.params = params
        self.explicit = explicit
        self.iterations = iterations
        self.seconds = seconds
        # the parsed spec when its preset names the budget (neither the spec nor the request
        # does): the game may set the preset's iterations by table size (ISMCTSSpec.budget_for)
        self.preset = parsed

    def budget(self, game: Game, view: dict) -> tuple[int | None, float | None]:
        """The iterations and seconds to search ``view`` with."""
        if self.preset is None:
            return self.iterations, self.seconds
        budget = self.preset.budget_for(game, view.get("config") or {})
        return budget.iterations, budget.time


def plan_request(request, game: Game) -> _Plan:
    """Parse ``bot`` and ``budget`` (INVALID_ARGUMENT with the field on errors)."""
    spec = request.bot.strip() or DEFAULT_BOT
    kind = spec.split(":", 1)[0].strip()
    if kind != "ismcts":
        try:
            make_bot(spec, game)
        except BotSpecError as err:
            raise errors.invalid("bot", str(err), "BAD_BOT") from None
        return _Plan(spec, kind)
    try:
        parsed = parse_ismcts(spec)
    except BotSpecError as err:
        raise errors.invalid("bot", str(err), "BAD_BOT") from None
    iterations, seconds = parsed.budget.iterations, parsed.budget.time
    field = "bot"
    preset = parsed
    if request.HasField("budget") and (request.budget.HasField("iterations") or request.budget.HasField("time")):
        field = "budget"
        preset = None
        iterations = request.budget.iterations if request.budget.HasField("iterations") else None
        seconds = request.budget.time.ToNanoseconds() / 1e9 if request.budget.HasField("time") else None
    if iterations is not None and not 0 <= iterations <= MAX_ITERATIONS:
        raise errors.invalid(f"{field}.iterations" if field == "budget" else field,
                             f"iterations must be between 0 and {MAX_ITERATIONS}, not {iterations}", "BAD_BUDGET")
    if seconds is not None and not (math.isfinite(seconds) and 0 <= seconds <= MAX_SECONDS):
        raise errors.invalid(f"{field}.time" if field == "budget" else field,
                             f"the time must be between 0 and {MAX_SECONDS:g} seconds, not {seconds:g}", "BAD_BUDGET")
    return _Plan(spec, kind, parsed.params, parsed.explicit, iterations, seconds, parsed=preset)


def _counters(message_type, counts: dict):
    """A counters message from a dict of counts (keys it has no field for are left out)."""
    names = message_type.DESCRIPTOR.fields_by_name
    return message_type(**{k: v for k, v in counts.items() if k in names})


def _legal_move(state, game_name: str, move, move_id: int) -> common_pb2.LegalMove:
    return common_pb2.LegalMove(id=move_id, text=state.move_text(move), move=convert.to_proto(
        common_pb2.Move, game_name, state.game.move_to_dict(move)))


class BotAdvisor:
    """Answers BotService calls: searches on ``searches``, hosted games through ``master``.

    ``process_index``/``processes``: this process's place among several server
    processes, reported by ``get_serving_stats``."""

    def __init__(self, master: GameMaster, searches: SearchQueue, process_index: int = 0, processes: int = 1):
        self.master = master
        self.searches = searches
        self.process_index = process_index
        self.processes = processes

    async def _decide(self, game: Game, view: dict, world, plan: _Plan, seed: int, call: Call, kind: str,
                      fields: dict) -> tuple[tuple, bot_service_pb2.SearchStats, list]:
        """The move for the seat of ``view``, its stats and the root candidates
        (``world``: a state sampled from that seat's information, for the cheap bots)."""
        if plan.kind != "ismcts":
            started = time.monotonic()
            move = make_bot(plan.spec, game).choose(world, random.Random(seed))
            return move, bot_service_pb2.SearchStats(
                duration=duration(time.monotonic() - started), bot=plan.spec,
                stop=bot_service_pb2.SEARCH_STOP_NO_SEARCH), []
        params = self.searches.params_for(plan.params, plan.explicit)
        iterations, seconds = plan.budget(game, view)
        outcome: SearchOutcome = await self.searches.search(
            game, view, params, iterations=iterations, seconds=seconds, deadline=call.deadline,
            seed=seed, kind=kind, client=self.master.client(call), fields=dict(fields, bot=plan.spec))
        r = outcome.result
        stats = bot_service_pb2.SearchStats(
            iterations=r.iterations, duration=duration(r.seconds), workers=r.workers,
            cancelled=outcome.stop == "deadline", mode=MODE.get(r.mode, bot_service_pb2.SEARCH_MODE_UNSPECIFIED),
            stop=STOP.get(outcome.stop, bot_service_pb2.SEARCH_STOP_UNSPECIFIED),
            queue_time=duration(outcome.queue_seconds), bot=plan.spec)
        return r.move, stats, r.candidates

    async def _unless_abandoned(self, game_id: str, seat: int, decision):
        """Await ``decision`` unless the seat resigns or the game is deleted meanwhile: then
        its search stops and the call fails FAILED_PRECONDITION (nobody will use the move)."""
        abandoned = self.master.track_search(game_id, seat)
        deciding = asyncio.ensure_future(decision)
        watching = asyncio.ensure_future(abandoned.wait())
        try:
            await asyncio.wait({deciding, watching}, return_when=asyncio.FIRST_COMPLETED)
            if not deciding.done():
                deciding.cancel()
                raise errors.precondition("SEARCH_ABANDONED", f"games/{game_id}",
                                          f"seat {seat} resigned or the game was deleted during the search")
            return deciding.result()
        finally:
            if not deciding.done():  # the call itself was cancelled
                deciding.cancel()
            watching.cancel()
            self.master.untrack_search(game_id, seat, abandoned)

    @staticmethod
    def _candidates(stats: bot_service_pb2.SearchStats, result_candidates, ids: dict) -> None:
        for c in result_candidates:
            stats.candidates.add(move_id=ids.get(c["move"]), text=c["text"], visits=c["visits"],
                                 value=c["value"] or 0.0)

    async def suggest_move(self, request: bot_service_pb2.SuggestMoveRequest,
                           call: Call) -> bot_service_pb2.SuggestMoveResponse:
        seat = request.seat
        snap = await self.master.deciding_seat(request.game_id, seat, call)
        state = snap.state  # the game's live state: read-only (views and samples are copies)
        game, name = state.game, snap.game_name
        plan = plan_request(request, game)
        seed = request.seed if request.HasField("seed") else secrets.randbits(63)
        rng = random.Random(seed)
        world = state.sample_for(seat, rng) if plan.kind != "ismcts" else None
        fields = {"game_id": request.game_id, "seat": seat}
        move, stats, candidates = await self._unless_abandoned(
            request.game_id, seat, self._decide(game, state.view(seat), world, plan, seed, call, "suggest", fields))
        moves = state.legal_moves()
        ids = {m: i for i, m in enumerate(moves)}
        if move not in ids:
            raise RuntimeError(f"the search answered {move!r}, not a legal move of the game")
        self._candidates(stats, candidates, ids)
        return bot_service_pb2.SuggestMoveResponse(move=_legal_move(state, name, move, ids[move]),
                                                   version=snap.version, stats=stats)

    async def choose_move(self, request: bot_service_pb2.ChooseMoveRequest,
                          call: Call) -> bot_service_pb2.ChooseMoveResponse:
        name = request.game
        game = game_named(name, call)
        field = convert.oneof_field(name)
        if not request.HasField("view") or convert.game_of(request.view) is None:
            raise errors.invalid("view", f"view is required (a {name} view in view.{field})", "BAD_VIEW")
        which = convert.game_of(request.view)
        if which != field:
            raise errors.invalid("view", f"the view is a {which!r} view, not {name!r}", "BAD_VIEW")
        try:
            view = convert.to_dict(request.view, name)
        except convert.ProtoMismatch as err:
            raise errors.invalid(f"view.{field}", str(err), "BAD_VIEW") from None
        seat = view.get("seat")
        call.log["seat"] = seat
        if not isinstance(seat, int) or seat < 0:
            raise errors.precondition("NOT_A_SEAT_VIEW", "view.seat",
                                      "the view is a spectator's: send the deciding seat's own view")
        plan = plan_request(request, game)
        seed = request.seed if request.HasField("seed") else secrets.randbits(63)
        # The view is the caller's: it is checked (bounds, rebuilt, consistent, playable) in a
        # search worker under a timer and a memory limit before anything else uses it.
        try:
            checked = await self.searches.check_view(game, view, seed, plan.spec if plan.kind != "ismcts" else None)
        except ViewRejected as err:
            where = f"view.{field}.{err.field}" if err.field else f"view.{field}"
            raise errors.invalid(where.replace(".[", "["), f"not a valid {name} view: {err.message}",
                                 "BAD_VIEW") from None
        decider, moves = checked.decider, checked.moves
        if decider == TERMINAL:
            raise errors.precondition("GAME_OVER", "view", "the game in this view is over")
        if decider != seat:
            raise errors.precondition("NOT_YOUR_DECISION", f"seats/{seat}",
                                      f"it is seat {decider}'s decision, not seat {seat}'s (the view's)")
        if plan.kind != "ismcts":
            move, stats, candidates = checked.chosen, bot_service_pb2.SearchStats(
                bot=plan.spec, stop=bot_service_pb2.SEARCH_STOP_NO_SEARCH), []
        else:
            try:
                move, stats, candidates = await self._decide(game, view, None, plan, seed, call, "choose",
                                                             {"game_id": "", "seat": seat})
            except SearchFailed as err:  # the engine works from every real view: this one is not
                log.warning("choose_move_view_failed", game=name, error=errors.clip(str(err), 1000))
                raise errors.invalid(f"view.{field}", f"not a valid {name} view: the game cannot go on from it "
                                                      f"({errors.clip(str(err))})", "BAD_VIEW") from None
        ids = {m: i for i, m in enumerate(moves)}
        if move not in ids:  # the search's own rebuild of the view had other moves: the view decides nothing
            raise errors.invalid(f"view.{field}", f"not a valid {name} view: the seat's legal moves depend on "
                                                  "cards it cannot see", "BAD_VIEW")
        self._candidates(stats, candidates, ids)
        index = ids[move]
        return bot_service_pb2.ChooseMoveResponse(move=common_pb2.LegalMove(
            id=index, text=checked.texts[index],
            move=convert.to_proto(common_pb2.Move, name, game.move_to_dict(move))), stats=stats)

    async def get_serving_stats(self, request: bot_service_pb2.GetServingStatsRequest,
                            call: Call) -> bot_service_pb2.GetServingStatsResponse:
        snap = self.searches.snapshot()
        return bot_service_pb2.GetServingStatsResponse(
            workers=snap["workers"], max_running=snap["max_running"], queue_limit=snap["queue_limit"],
            running=snap["running"], queued=snap["queued"], peak_queued=snap["peak_queued"],
            counters=_counters(bot_service_pb2.SearchCounters, snap["counts"]),
            stops=_counters(bot_service_pb2.SearchStopCounters, snap["stops"]),
            wait_p50=duration(snap["wait_p50_seconds"]), wait_p99=duration(snap["wait_p99_seconds"]),
            search_p50=duration(snap["search_p50_seconds"]), search_p99=duration(snap["search_p99_seconds"]),
            worker_load=snap["worker_load"], worker_restarts=snap["worker_restarts"],
            loop_lag_p99=duration(snap["loop_lag_p99_seconds"]), loop_lag_max=duration(snap["loop_lag_max_seconds"]),
            process_index=self.process_index, processes=self.processes)
