"""Seats taken by players: what state each human seat is in, and what follows from it.

A human seat is TAKEN (its player holds its token), OPEN (created open: nobody holds it),
RESERVED (JoinGame gave a token; until a call acts with it, ``take_up``, before
``SeatRecord.until``, after which it counts as open again) or LEFT (LeaveGame: the
stand-in bot plays it, or nobody does and the game waits at its turn, as the game's
lobby options say, until its player reclaims it with JoinGame and the same token).
A game with an open or reserved seat waits (GAME_STATUS_WAITING): no seat moves, no
bot plays and no clock runs until every seat is taken. Every change of a seat is a
version of its own (an EVENT_KIND_SEAT event: ``boardbot.server.events.seat_event``),
committed like a move. The calls that change seats are ``boardbot.server.lobby``'s.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from boardbot.engine.core import TERMINAL, State
from boardbot.v1 import common_pb2

from . import clocks, errors

from .bot_plans import requested_bot
from .bots import check_spec
from .records import HUMAN, LEFT, OPEN, REPLACED, RESERVED, TAKEN, GameRecord, SeatRecord

STAND_IN, WAIT = "stand_in", "wait"
LEAVE_POLICIES = {common_pb2.LEAVE_POLICY_UNSPECIFIED: STAND_IN, common_pb2.LEAVE_POLICY_STAND_IN: STAND_IN,
                  common_pb2.LEAVE_POLICY_WAIT: WAIT}
LEAVE_ENUM = {STAND_IN: common_pb2.LEAVE_POLICY_STAND_IN, WAIT: common_pb2.LEAVE_POLICY_WAIT}
DEFAULT_STAND_IN = "greedy"
DEFAULT_RESERVATION = 30.0  # seconds a JoinGame reservation lasts until its seat is taken up
MIN_RESERVATION, MAX_RESERVATION = 1.0, 600.0
DEFAULT_LOBBY = {"on_leave": STAND_IN, "stand_in": DEFAULT_STAND_IN, "reservation": DEFAULT_RESERVATION}
DEFAULT_REPLACE_AFTER = 3  # failures in a row of a seat's player before the stand-in bot plays it
MAX_REPLACE_AFTER = 100
MAX_NAME = 64  # characters of a player's name
STATE_ENUM = {TAKEN: common_pb2.SEAT_STATE_TAKEN, OPEN: common_pb2.SEAT_STATE_OPEN,
              RESERVED: common_pb2.SEAT_STATE_RESERVED, LEFT: common_pb2.SEAT_STATE_LEFT,
              REPLACED: common_pb2.SEAT_STATE_REPLACED}


# --- what a game's seats are --------------------------------------------------------------
def lobby_of(message: common_pb2.LobbyOptions, max_bot_seconds: float | None) -> dict[str, Any]:
    """The lobby options CreateGame asks for, checked (INVALID_ARGUMENT naming the field)."""
    if message.on_leave not in LEAVE_POLICIES:
        raise errors.invalid("lobby.on_leave", f"unknown leave policy {message.on_leave}", "BAD_LOBBY")
    out = dict(DEFAULT_LOBBY, on_leave=LEAVE_POLICIES[message.on_leave])
    if message.stand_in_bot or message.HasField("stand_in_bot_spec"):
        bot = requested_bot(message.stand_in_bot,
                            message.stand_in_bot_spec if message.HasField("stand_in_bot_spec") else None,
                            "lobby.stand_in_", reason="BAD_LOBBY")
        try:
            check_spec(bot, max_bot_seconds)
        except ValueError as err:
            which = "stand_in_bot" if message.stand_in_bot else "stand_in_bot_spec"
            raise errors.invalid(f"lobby.{which}", str(err), "BAD_LOBBY") from None
        out["stand_in"] = bot.text
    if message.HasField("reservation"):
        r = message.reservation
        seconds = r.seconds + r.nanos / 1e9
        if r.seconds < 0 or r.nanos < 0 or not MIN_RESERVATION <= seconds <= MAX_RESERVATION:
            raise errors.invalid("lobby.reservation", f"reservation must be {MIN_RESERVATION:g} to "
                                 f"{MAX_RESERVATION:g} seconds", "BAD_LOBBY")
        out["reservation"] = seconds
    if message.HasField("replace_after_failures"):
        value = message.replace_after_failures
        if value > MAX_REPLACE_AFTER:
            raise errors.invalid("lobby.replace_after_failures", "replace_after_failures must be 0 (never) to "
                                 f"{MAX_REPLACE_AFTER}, not {value}", "BAD_LOBBY")
        out["replace_after"] = value
    return out


def replace_after(record: GameRecord) -> int:
    """How many failures in a row of a seat's player hand the seat to the stand-in bot
    (``boardbot.server.failures``; 0: never, as in a game without a lobby)."""
    if record.lobby is None:
        return 0
    return record.lobby.get("replace_after", DEFAULT_REPLACE_AFTER)


def options_of(request, open_seats: bool, limits) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """A CreateGame request's lobby options and clock options (``boardbot.server.clocks``), checked.
    A game gets a lobby when it asks for one, has a clock or has ``open_seats``."""
    clock = clocks.options_of(request.clock) if request.HasField("clock") else None
    if request.HasField("lobby") or clock is not None or open_seats:
        return lobby_of(request.lobby, limits.max_bot_seconds), clock
    return None, clock


def lobby(record: GameRecord) -> dict[str, Any]:
    return record.lobby or DEFAULT_LOBBY


def lobby_message(record: GameRecord) -> common_pb2.LobbyOptions:
    options = lobby(record)
    out = common_pb2.LobbyOptions(on_leave=LEAVE_ENUM[options["on_leave"]], stand_in_bot=options["stand_in"])
    out.reservation.FromNanoseconds(round(options["reservation"] * 1e9))
    out.replace_after_failures = replace_after(record)
    return out


def lapsed(seat: SeatRecord) -> SeatRecord:
    """The seat once its reservation lapsed: open, nobody's."""
    return dataclasses.replace(seat, token="", state=OPEN, name="", until=0.0)


def is_free(seat: SeatRecord, when: float) -> bool:
    """Nobody holds the seat: it is open (not offered to a bot: an open seat with a name,
    ``boardbot.server.bot_accounts``), or its reservation lapsed."""
    return (seat.state == OPEN and not seat.name) or (seat.state == RESERVED and when >= seat.until)


def waiting(record: GameRecord) -> bool:
    """The game waits for players: a seat is open or reserved (only in a game with a lobby:
    open seats, a rematch, a queue's game)."""
    return record.lobby is not None and any(s.state in (OPEN, RESERVED) for s in record.seats)


def stands_in(record: GameRecord, seat: int) -> bool:
    """The stand-in bot plays the seat: its player left, and the game does not wait for them,
    or its player failed too often in a row (REPLACED: ``boardbot.server.failures``)."""
    info = record.seats[seat]
    if info.resigned:
        return False
    return info.state == REPLACED or (info.state == LEFT and lobby(record)["on_leave"] == STAND_IN)


def client_plays(record: GameRecord, seat: int) -> bool:
    """A client plays the seat (so its clock runs at its decisions): a human seat its player
    holds (or left, while the game waits for them), not resigned, not stood in for."""
    info = record.seats[seat]
    return (info.kind == HUMAN and not info.resigned and info.state in (TAKEN, LEFT)
            and not stands_in(record, seat))


def running_seat(record: GameRecord, state: State) -> int | None:
    """The seat whose clock runs in this version: a client's seat at its decision, none
    while the game waits for players."""
    if record.clock is None:
        return None
    seat = state.decider()
    if seat == TERMINAL or waiting(record) or not client_plays(record, seat):
        return None
    return seat


def seat_message(record: GameRecord, q: int, out: common_pb2.Seat) -> None:
    """The seat's lobby fields on its ``Seat`` message (none in a game without lobby
    options, open seats or clocks: its seats are all taken, as in games stored before)."""
    info = record.seats[q]
    out.player_name = info.name
    if record.lobby is None:
        return
    out.state = STATE_ENUM[info.state]  # a lapsed reservation: until the driver opens the seat again
    if info.state == RESERVED:
        out.reservation_expire_time.FromNanoseconds(int(info.until * 1e9))


def created_name(spec, i: int) -> str:
    """The name every seat sees for CreateGame's human seat ``i`` (its ``SeatSpec``): none for
    an open seat, whose player gives theirs to JoinGame."""
    field = f"seats[{i}].player_name"
    if spec.open and spec.player_name:
        raise errors.invalid(field, "an open seat takes the name of the player who joins it "
                             "(JoinGame.player_name)", "BAD_SEAT")
    return name_of(spec.player_name, field)


def name_of(request_name: str, field: str = "player_name") -> str:
    """A player's name as every seat sees it: runs of white space as one space, at most
    MAX_NAME printable characters (INVALID_ARGUMENT ``field`` otherwise)."""
    name = " ".join(request_name.split())
    if len(name) > MAX_NAME or not name.isprintable():
        raise errors.invalid(field, f"a player name is at most {MAX_NAME} printable characters", "BAD_NAME")
    return name
