"""SubmitMove: a seat's move, checked against the game's current version, applied and
committed once (a request's id and fingerprint make a retry answer as the first), the
answer's view, and the wait for the seat's next decision (RESPONSE_VIEW_NEXT_DECISION).

On a shared store whose process holds a copy of the game (Redis, SQLite at several
processes: ``GameStore.speculative_live``), the move is tried on the copy first and
committed at once (Redis: in one round trip; SQLite: without reading the game's last
version first); the store's compare-and-set and its check of the request's id refuse
the commit if the copy was behind or the request was committed already, and the call is
then made on the game read now: what is answered is what a read first would answer.
"""

from __future__ import annotations

import hashlib

from boardbot.engine.core import TERMINAL
from boardbot.v1 import common_pb2, game_service_pb2

from . import convert, errors, failures, lobby
from .access import authorize_seat
from .calls import Call
from .chosen_moves import requested_move
from .events import now, stored_event
from .records import RESERVED
from .snapshots import Snapshot, check_rules
from .store import Live
from .watching import next_decision_view

SPECULATIONS = 2  # tries on a shared store's copy of the game before the game is read (submit_move)
FINGERPRINT_CHARS = 16  # of a request's SHA-256 (hex) kept with its event: tells a retry from a reused id


async def submit_move(master, request: game_service_pb2.SubmitMoveRequest,
                      call: Call) -> game_service_pb2.SubmitMoveResponse:
    """The game master's SubmitMove (``master``: the ``GameMaster``)."""
    # a shared store (Redis, SQLite's processes) may hold the game as this process last saw
    # it: the move is checked and applied there and committed at once (the commit's
    # compare-and-set and its request-id check make it exact); if the game had moved on,
    # or the move is refused there, the call is made again from the game read now, so
    # what is answered is what it is today (SPECULATIONS: twice at most, the commit that
    # failed having brought the store's copy up to date)
    for _ in range(SPECULATIONS):
        live = master.store.speculative_live(request.game_id)
        if live is None:
            break
        try:
            response = await _submit_move(master, request, call, live, None, speculative=True)
        except errors.ServiceError:
            break
        if response is not None:
            return response
    live, done = await master.live_and_request(request.game_id, call, request.request_id)
    return await _submit_move(master, request, call, live, done)


async def _submit_move(master, request: game_service_pb2.SubmitMoveRequest, call: Call, live: Live,
                       done: dict | None,
                       speculative: bool = False) -> game_service_pb2.SubmitMoveResponse | None:
    """SubmitMove on ``live``, the game as read with ``done``, the event the request's
    id committed (if any); ``speculative``: ``live`` is the store's copy, maybe behind,
    read without its request: None, and no side effect, where only the game read now
    can answer (the commit failed, a reservation to take up, an illegal move)."""
    if speculative:
        call.log["game_id"] = request.game_id
        call.log["game"] = live.record.game
    record = live.record
    seat = request.seat
    authorize_seat(record, seat, call)
    if record.seats[seat].state == RESERVED and done is None:
        if speculative:
            return None
        live = await lobby.take_up(master, live, seat, call)
        record = live.record
    fingerprint = ""
    if request.request_id:
        bare = game_service_pb2.SubmitMoveRequest()
        bare.CopyFrom(request)
        bare.ClearField("request_id")
        fingerprint = hashlib.sha256(bare.SerializeToString(deterministic=True)).hexdigest()[:FINGERPRINT_CHARS]
        if done is not None:
            if done["request"]["fp"] != fingerprint:
                raise errors.invalid("request_id", "this request_id was used for a different request",
                                     "REQUEST_ID_REUSED")
            return await _answer_again(master, record.id, done, request)
    version = live.version
    if request.HasField("expected_version") and request.expected_version != version:
        raise errors.aborted(f"the game is at version {version}, not {request.expected_version}", version)
    state = live.state  # read-only: the move is applied to a copy (Snapshot.next_of)
    decider = state.decider()
    if decider == TERMINAL:
        raise errors.precondition("GAME_OVER", f"games/{record.id}", "the game is over")
    check_rules(record, "play on")
    if record.seats[seat].resigned:
        raise errors.precondition("SEAT_RESIGNED", f"seats/{seat}", f"seat {seat} has resigned")
    if decider != seat:
        raise errors.precondition("NOT_YOUR_DECISION", f"seats/{seat}",
                                  f"it is seat {decider}'s decision, not seat {seat}'s")
    lobby.check_seat_plays(master, live, seat)
    try:
        move = requested_move(request, state, record.game)
    except errors.ServiceError:  # no legal move: the seat's player failed (boardbot.server.failures)
        if not speculative:
            await failures.illegal_move(master, live, seat)
        raise
    snap = Snapshot.next_of(live)
    when = now()
    event = snap.apply_move(seat, move, False, when)  # move is one of the engine's legal moves
    snap.settle(seat, True, when)
    response, view = move_response(snap, event, request.response_view)
    views = None if view is None else {seat: view}  # of the version this move commits
    committed = await master.commit(live, snap, event, stored_event(event, request.request_id, fingerprint), views)
    if committed is None and speculative:
        return None
    if committed is None:
        # a concurrent retry of this very request may have won the race
        done = await master.store.find_request(record.id, request.request_id) if request.request_id else None
        if done is not None and done["request"]["fp"] == fingerprint:
            return await _answer_again(master, record.id, done, request)
        latest = await master.store.get_live(record.id)
        raise errors.aborted("the game changed during the call; read it again",
                             (latest or live).version)
    wanted = request.response_view
    if wanted == game_service_pb2.RESPONSE_VIEW_NEXT_DECISION and not response.HasField("view"):
        # instant bots reply within this call (no driver task, no extra loop turns); the
        # driver plays any other bot while we wait
        latest = await master.driver.inline_steps(record.id, committed)
        master.driver.kick(record.id, None if latest is None else Snapshot.of(latest))
        response.view.CopyFrom(await next_decision_view(master.store, master._closing, record.id, seat, call, latest))
        return response
    master.driver.kick(record.id, snap)
    return response


def move_response(snap: Snapshot, event: dict,
                   wanted: int) -> tuple[game_service_pb2.SubmitMoveResponse, common_pb2.SeatView | None]:
    """SubmitMove's answer for the move ``event`` that brought ``snap`` to its version: the
    view of that version with RESPONSE_VIEW_AFTER_MOVE, and with NEXT_DECISION when the
    move ended the game (otherwise the caller adds the next decision's view); and that
    view's message (for the version's cache), or None."""
    seat = event["seat"]
    response = game_service_pb2.SubmitMoveResponse(
        version=snap.version, move=convert.to_proto(common_pb2.Move, snap.game_name, event["move"]),
        move_text=event["texts"][seat + 1], status=snap.status())
    view = None
    if wanted == game_service_pb2.RESPONSE_VIEW_AFTER_MOVE or (
            wanted == game_service_pb2.RESPONSE_VIEW_NEXT_DECISION and event["finished"]):
        view = snap.seat_view(seat)
        response.view.CopyFrom(view)
    return response, view


async def _answer_again(master, game_id: str, done: dict, request) -> game_service_pb2.SubmitMoveResponse:
    """The answer to a retried request: the same as the first (made again from the
    event it committed, at that event's version)."""
    snap, event = await master.replay(game_id, done["version"])
    return move_response(snap, event, request.response_view)[0]
