"""PlayGame: a seat played from elsewhere (an external bot), as a stream of its decisions.

Lichess's Bot API is the model: the bot takes a seat like a player (JoinGame, or a
token from CreateGame), opens one stream for it and answers each "your decision" with
SubmitMove before the deadline. The stream is made of the seat's own watch stream
(``boardbot.server.watching``: the same shared waits, per-seat and per-client slots,
resume by version and end at shutdown), folded into fewer, bigger messages: the events
since the previous message travel with the next one, and a message goes out only

* first (WAIT, or DECISION when the seat is to decide already),
* when the seat is to decide (DECISION: the view with its legal moves, and the deadline
  of its running clock; once per decision, again if the deadline moves),
* when the game starts (WAIT), or ``MAX_EVENTS`` events piled up (WAIT),
* at the end: GAME_OVER, SEAT_OUT once the seat resigned or forfeited on time, or
  SEAT_REPLACED once its player failed too often in a row and the stand-in bot plays it
  (``boardbot.server.failures``, whose counts a DECISION and the last message carry).

Nothing is queued: the stream is pulled by its transport, which ends a stream its client
does not read (``STREAM_WRITE_TIMEOUT``), and a message holds at most ``MAX_EVENTS``
events (a resume from long ago sends the piled events in several). The deadline is the
clocks' (``boardbot.server.clocks``): the master's bot driver applies the timeout policy
when it passes, whatever the bot does. Nothing here names a game.
"""

from __future__ import annotations

import time
from typing import AsyncIterator, Awaitable, Callable

from boardbot.v1 import common_pb2, game_service_pb2

from . import failures
from .access import authorize_seat
from .calls import Call
from .records import GameRecord
from .records import REPLACED
from .seats import client_plays

MAX_EVENTS = 100  # events per PlayGame message at most (PlayEventKind.PLAY_EVENT_KIND_WAIT says so)

WAIT, DECISION = game_service_pb2.PLAY_EVENT_KIND_WAIT, game_service_pb2.PLAY_EVENT_KIND_DECISION
GAME_OVER, SEAT_OUT = game_service_pb2.PLAY_EVENT_KIND_GAME_OVER, game_service_pb2.PLAY_EVENT_KIND_SEAT_OUT
SEAT_REPLACED = game_service_pb2.PLAY_EVENT_KIND_SEAT_REPLACED
OUT_EVENTS = (common_pb2.EVENT_KIND_RESIGN, common_pb2.EVENT_KIND_TIMEOUT)  # the seat is out after one of its own


async def play_game(master, request: game_service_pb2.PlayGameRequest,
                    call: Call) -> AsyncIterator[game_service_pb2.PlayGameResponse]:
    """The game master's PlayGame (``master``: the ``GameMaster``): the seat's token checked,
    its watch stream (``GameMaster.watch``: a reservation taken up, ``from_version``
    checked) folded into ``decisions``."""
    live = await master.live(request.game_id, call)
    record = live.record
    authorize_seat(record, request.seat, call)
    seat = request.seat

    async def record_now() -> GameRecord | None:
        latest = await master.store.get_live(record.id)
        return None if latest is None else latest.record

    async def with_failures(message: game_service_pb2.PlayGameResponse) -> None:
        latest = await record_now()
        if latest is not None:
            await failures.fill(master.store, latest, seat, message)

    watch = master.watch(live, seat, request, call)
    try:
        async for item in decisions(watch, seat, live.version, record_now, record.seats[seat].resigned,
                                    record.seats[seat].state == REPLACED, with_failures):
            yield item
    finally:
        await watch.aclose()


async def decisions(watch: AsyncIterator[game_service_pb2.WatchGameResponse], seat: int, current: int,
                    record_now: Callable[[], Awaitable[GameRecord | None]],
                    out_already: bool, replaced: bool = False,
                    with_failures: Callable[[game_service_pb2.PlayGameResponse], Awaitable[None]] | None = None,
                    ) -> AsyncIterator[game_service_pb2.PlayGameResponse]:
    """The PlayGame messages of ``seat`` made from its watch stream ``watch`` (which starts
    at the version to resume from; ``current``: the game's version when the stream opened,
    where the first message goes out). ``record_now``: the game's record as stored now
    (whether the seat's player plays it, or the stand-in bot: read only at a decision);
    ``out_already``: the seat had resigned or forfeited when the stream opened; ``replaced``: the
    stand-in bot played it then, its player having failed too often (``boardbot.server.failures``);
    ``with_failures``: adds the seat's failure counts to a DECISION or the last message."""
    events: list[common_pb2.Event] = []
    first, started = True, None
    sent_decision = None  # (the number of moves and outs seen, the deadline) of the last DECISION sent
    turns = 0
    async for item in watch:
        view = item.view
        if item.HasField("game_event"):
            event = item.game_event
            events.append(event)
            if event.kind in (common_pb2.EVENT_KIND_MOVE,) + OUT_EVENTS:
                turns += 1
            if event.kind in OUT_EVENTS and event.seat == seat:
                out_already = True
            if event.kind == common_pb2.EVENT_KIND_SEAT and event.seat == seat:  # replaced, or reclaimed?
                record = await record_now()
                replaced = record is not None and record.seats[seat].state == REPLACED
        over = view.status == common_pb2.GAME_STATUS_FINISHED
        if over or ((out_already or replaced) and view.version >= current):
            messages = _messages(GAME_OVER if over else SEAT_OUT if out_already else SEAT_REPLACED, view, events)
            if with_failures is not None:
                await with_failures(messages[-1])
            for message in messages:
                yield message
            return
        kind = None
        if view.version < current:  # resuming: the past's events travel with the first message
            if len(events) >= MAX_EVENTS:
                yield _message(WAIT, view, events)
                events = []
            continue
        if view.decider == seat and view.HasField("decider") and view.legal_moves:
            record = await record_now()
            if record is not None and client_plays(record, seat):
                key = (turns, _deadline(view, seat))
                if key != sent_decision:
                    kind, sent_decision = DECISION, key
        running = view.status == common_pb2.GAME_STATUS_RUNNING
        if kind is None and (first or len(events) >= MAX_EVENTS or (running and started is False)):
            kind = WAIT
        started = running
        first = False
        if kind is not None:
            messages = _messages(kind, view, events)
            if kind == DECISION and with_failures is not None:
                await with_failures(messages[-1])
            for message in messages:
                yield message
            events = []


def _messages(kind: int, view: common_pb2.SeatView, events: list) -> list[game_service_pb2.PlayGameResponse]:
    """A message of ``kind`` with ``events``; WAIT messages before it with the events past
    MAX_EVENTS (the oldest first)."""
    chunks = [events[i:i + MAX_EVENTS] for i in range(0, len(events), MAX_EVENTS)] or [[]]
    return [_message(WAIT, view, chunk) for chunk in chunks[:-1]] + [_message(kind, view, chunks[-1])]


def _deadline(view: common_pb2.SeatView, seat: int) -> float | None:
    """When the seat's clock runs out (server seconds), if it runs in ``view``."""
    clocks = view.clocks
    if not view.HasField("clocks") or not clocks.HasField("running_seat") or clocks.running_seat != seat:
        return None
    return clocks.deadline.ToNanoseconds() / 1e9


def _message(kind: int, view: common_pb2.SeatView, events: list) -> game_service_pb2.PlayGameResponse:
    out = game_service_pb2.PlayGameResponse(kind=kind, view=view, events=events)
    if kind == DECISION:
        end = _deadline(view, view.seat)
        if end is not None:
            out.deadline.CopyFrom(view.clocks.deadline)
            # the clock's remaining time less what ran since as_of: never more than it (as_of is
            # to the millisecond, and may be a moment ahead of this process's time)
            clocks = view.clocks
            ran = max(0.0, time.time() - clocks.as_of.ToNanoseconds() / 1e9)
            left = clocks.remaining[view.seat].ToNanoseconds() / 1e9 - ran
            out.time_left.FromNanoseconds(max(0, int(left * 1e9)))
    return out
