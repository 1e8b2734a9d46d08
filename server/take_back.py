"""TakeBack: a player takes their last move back, in a game against bots only.

The game master's call (``boardbot.server.master.GameMaster`` has it as its method:
``master`` below is the master). Allowed in an unrated game without clocks whose every
other seat is a bot, while it runs and no seat has resigned: the game goes back to the
seat's last decision, as a new event (EVENT_KIND_TAKE_BACK, ``events.take_back_event``), so
versions only grow, every watcher sees it, and the game's record shows it. The moves it
undid stay in the record, off the line of play (``events.line_of_play``).

The stored event keeps the version it went back to and that version's state (the engine is
deterministic: a replay gets the same state; keeping it spares every replay a second pass),
so a game holds at most ``MAX_TAKE_BACKS`` of them. Nothing here names a game.
"""

from __future__ import annotations

from boardbot.v1 import game_service_pb2

from . import errors
from .access import authorize_seat
from .calls import Call
from .events import event_message, line_of_play, now, stored_event, take_back_event
from .records import BOT
from .seats import waiting
from .snapshots import Snapshot, check_rules

MAX_TAKE_BACKS = 200  # per game: each keeps a state (a few kB)


def last_decision(events: list[dict], seat: int) -> int | None:
    """The version a take-back of ``seat`` returns to: the one before the seat's last own move
    (not a bot's for it) on the line of play as it stands; None when it made none there.
    ``events``: the game's stored events, versions 1 to n."""
    back_to = [e["move"]["to"] if e["kind"] == "take_back" else None for e in events]
    for version in line_of_play(back_to):
        event = events[version - 1]
        if event["kind"] == "move" and event["seat"] == seat and not event["by_bot"]:
            return version - 1
    return None


def refusal(rated: bool, clocked: bool, bots: list[bool], seat: int) -> str:
    """Why a game takes no move back from ``seat`` (empty: it does); ``bots``: which seats are
    bots."""
    if rated:
        return "a rated game takes no move back"
    if clocked:
        return "a game with clocks takes no move back"
    if not all(bot for q, bot in enumerate(bots) if q != seat):
        return "only a game against bots takes a move back: every other seat must be a bot"
    return ""


async def take_back(master, request: game_service_pb2.TakeBackRequest,
                    call: Call) -> game_service_pb2.TakeBackResponse:
    live = await master.live(request.game_id, call)
    record = live.record
    seat = request.seat
    authorize_seat(record, seat, call)
    if request.HasField("expected_version") and request.expected_version != live.version:
        raise errors.aborted(f"the game is at version {live.version}, not {request.expected_version}: "
                             "read it again", live.version)
    snap = Snapshot.of(live)
    if snap.finished():
        raise errors.precondition("GAME_OVER", f"games/{record.id}", "the game is over")
    check_rules(record, "take a move back")
    if any(snap.resigned):
        raise errors.precondition("SEAT_RESIGNED", f"games/{record.id}",
                                  "a seat has resigned: the game takes no move back")
    if waiting(record):
        raise errors.precondition("WAITING_FOR_PLAYERS", f"games/{record.id}", "the game has not started")
    why = refusal(bool(record.rated), record.clock is not None, [s.kind == BOT for s in record.seats], seat)
    if why:
        raise errors.precondition("TAKE_BACK_NOT_ALLOWED", f"games/{record.id}", why)
    events = await master.store.events(record.id, 0)
    if events is None:
        raise errors.not_found(record.id)
    events = [e for e in events if e["version"] <= live.version]
    if [e["version"] for e in events] != list(range(1, live.version + 1)):
        raise errors.aborted("the game changed during the call; try again", live.version)
    if sum(e["kind"] == "take_back" for e in events) >= MAX_TAKE_BACKS:
        raise errors.quota_exceeded(f"the game has taken {MAX_TAKE_BACKS} moves back, its most",
                                    "TAKE_BACK_LIMIT_REACHED", f"games/{record.id}/take_backs",
                                    metadata={"max_take_backs": str(MAX_TAKE_BACKS)})
    target = last_decision(events, seat)
    if target is None:
        raise errors.precondition("NOTHING_TO_TAKE_BACK", f"seats/{seat}",
                                  f"seat {seat} has made no move to take back")
    back = Snapshot.initial(record)
    for stored in events[:target]:
        back, _ = back.advance(stored, describe=False)
    snap = Snapshot(record, back.state, live.version + 1, list(snap.resigned))
    event = take_back_event(snap.version, seat, len(record.seats), target, back.state.to_dict(), now())
    if await master.commit(live, snap, event, stored_event(event)) is None:
        raise errors.aborted("the game changed during the call; try again", live.version)
    master.cancel_searches(record.id)  # the bots' searches and the seat's hints were for a position now gone
    master.driver.kick(record.id)
    return game_service_pb2.TakeBackResponse(game_event=event_message(event, seat, record.game),
                                             view=snap.seat_view(seat))
