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
* ``list_bots``: the bots the server offers (``boardbot.server.bot_plans``).

Bots: a request names its bot by a spec string (``bot``) or a typed ``BotSpec``
(``bot_spec``), read once into one typed spec (``bot_plans.requested_bot``).
``ismcts`` specs (presets ``easy``/``medium``/``hard`` and explicit parameters)
search through the server's ``SearchQueue`` (worker processes) as
``search_plan`` plans them at the game's table: the plan the ladder rated, one
tree unless the spec asks for ``workers``; ``random`` and ``greedy`` answer at
once on the loop (they cost microseconds). A request's ``budget`` (iterations
and/or seconds) replaces the spec's own budget. Deadlines, queueing, shedding:
``boardbot.server.search_queue``.
"""

from __future__ import annotations

import asyncio
import math
import random
import secrets
import time
from dataclasses import dataclass

import structlog

from boardbot.ai.bot_specs import BotSpec, SearchPlan, search_plan
from boardbot.ai.bots import make_bot
from boardbot.ai.ismcts import Budget
from boardbot.ai.pool import SearchFailed
from boardbot.ai.view_check import ViewRejected
from boardbot.engine import build, registry
from boardbot.engine.core import TERMINAL, Game

from boardbot.v1 import bot_service_pb2, common_pb2

from . import bot_plans, convert, errors
from .bot_plans import DEFAULT_BOT, requested_bot
from .calls import Call
from .events import MODE, STOP, duration
from .game_types import game_named
from .master import GameMaster
from .search_queue import MAX_ITERATIONS, MAX_SECONDS, SearchOutcome, SearchQueue

log = structlog.get_logger("boardbot.server")


@dataclass(frozen=True)
class _Asked:
    """What a request asks for: its bot (``spec``, read once) and the budget its own
    ``budget`` field sets in place of the spec's (None: the spec's plan decides)."""

    spec: BotSpec
    budget: Budget | None = None

    def plan(self, game: Game, view: dict) -> SearchPlan:
        """What to search ``view`` with: the spec's plan at the view's table (the one the ladder
        rated: ``search_plan``), with the request's budget where it sets one."""
        return search_plan(self.spec, game, (view.get("config") or {}).get("players"), self.budget)


def asked(request) -> _Asked:
    """Read ``bot``/``bot_spec`` and ``budget`` (INVALID_ARGUMENT with the field on errors)."""
    spec = requested_bot(request.bot, request.bot_spec if request.HasField("bot_spec") else None,
                         default=DEFAULT_BOT)
    if spec.kind != "ismcts" or not request.HasField("budget"):
        return _Asked(spec)
    budget = request.budget
    iterations = budget.iterations if budget.HasField("iterations") else None
    seconds = budget.time.ToNanoseconds() / 1e9 if budget.HasField("time") else None
    if iterations is None and seconds is None:
        return _Asked(spec)
    if iterations is not None and not 0 <= iterations <= MAX_ITERATIONS:
        raise errors.invalid("budget.iterations", f"iterations must be between 0 and {MAX_ITERATIONS}, not {iterations}",
                             "BAD_BUDGET")
    if seconds is not None and not (math.isfinite(seconds) and 0 <= seconds <= MAX_SECONDS):
        raise errors.invalid("budget.time", f"the time must be between 0 and {MAX_SECONDS:g} seconds, not {seconds:g}",
                             "BAD_BUDGET")
    return _Asked(spec, Budget(iterations=iterations, time=seconds))


def _stats(spec: BotSpec, **fields) -> bot_service_pb2.SearchStats:
    """A SearchStats naming the bot that answered, as a string and typed."""
    return bot_service_pb2.SearchStats(bot=spec.text, bot_spec=bot_plans.message_of(spec), **fields)


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

    async def _decide(self, game: Game, view: dict, world, request: _Asked, seed: int, call: Call, kind: str,
                      fields: dict) -> tuple[tuple, bot_service_pb2.SearchStats, list]:
        """The move for the seat of ``view``, its stats and the root candidates
        (``world``: a state sampled from that seat's information, for the cheap bots)."""
        spec = request.spec
        if spec.kind != "ismcts":
            started = time.monotonic()
            move = make_bot(spec, game).choose(world, random.Random(seed))
            return move, _stats(spec, duration=duration(time.monotonic() - started),
                                stop=bot_service_pb2.SEARCH_STOP_NO_SEARCH), []
        self.master.quotas.check_ai(call)  # the caller's AI seconds of today
        plan = request.plan(game, view)
        outcome: SearchOutcome = await self.searches.search(
            game, view, plan.params, iterations=plan.budget.iterations, seconds=plan.budget.time,
            deadline=call.deadline, seed=seed, kind=kind, client=self.master.client(call),
            fields=dict(fields, bot=spec.text))
        r = outcome.result
        self.master.quotas.charge_ai(r.seconds, call)
        stats = _stats(spec, iterations=r.iterations, duration=duration(r.seconds), workers=r.workers,
                       cancelled=outcome.stop == "deadline",
                       mode=MODE.get(r.mode, bot_service_pb2.SEARCH_MODE_UNSPECIFIED),
                       stop=STOP.get(outcome.stop, bot_service_pb2.SEARCH_STOP_UNSPECIFIED),
                       queue_time=duration(outcome.queue_seconds))
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
            out = stats.candidates.add(move_id=ids.get(c["move"]), text=c["text"], visits=c["visits"],
                                       value=c["value"] or 0.0, value_low=c["value_low"], value_high=c["value_high"])
            if c["score"] is not None:
                points, low, high = c["score"]
                out.expected_score.CopyFrom(bot_service_pb2.ScoreEstimate(points=points, points_low=low,
                                                                          points_high=high))

    async def suggest_move(self, request: bot_service_pb2.SuggestMoveRequest,
                           call: Call) -> bot_service_pb2.SuggestMoveResponse:
        seat = request.seat
        snap = await self.master.deciding_seat(request.game_id, seat, call)
        state = snap.state  # the game's live state: read-only (views and samples are copies)
        game, name = state.game, snap.game_name
        wanted = asked(request)
        seed = request.seed if request.HasField("seed") else secrets.randbits(63)
        rng = random.Random(seed)
        world = state.sample_for(seat, rng) if wanted.spec.kind != "ismcts" else None
        fields = {"game_id": request.game_id, "seat": seat}
        move, stats, candidates = await self._unless_abandoned(
            request.game_id, seat, self._decide(game, state.view(seat), world, wanted, seed, call, "suggest", fields))
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
        wanted = asked(request)
        searching = wanted.spec.kind == "ismcts"
        seed = request.seed if request.HasField("seed") else secrets.randbits(63)
        # The view is the caller's: it is checked (bounds, rebuilt, consistent, playable) in a
        # search worker under a timer and a memory limit before anything else uses it.
        try:
            checked = await self.searches.check_view(game, view, seed, None if searching else wanted.spec.text)
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
        if not searching:
            move, stats, candidates = checked.chosen, _stats(wanted.spec, stop=bot_service_pb2.SEARCH_STOP_NO_SEARCH), []
        else:
            try:
                move, stats, candidates = await self._decide(game, view, None, wanted, seed, call, "choose",
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

    async def list_bots(self, request: bot_service_pb2.ListBotsRequest,
                        call: Call) -> bot_service_pb2.ListBotsResponse:
        games = [game_named(request.game, call)] if request.game else [registry.get(n) for n in registry.names()]
        return bot_plans.list_bots(games)

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
            process_index=self.process_index, processes=self.processes,
            compiled_engine=build.is_compiled(), engine_build=build.describe())
