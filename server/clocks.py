"""Per-seat clocks of a hosted game: what CreateGame asks for, what each version keeps,
when a seat runs out, and what every view shows.

A clocked game's record carries its clocks as of its current version
(``GameRecord.clock``, a JSON-safe dict): the options, each seat's time left at
``as_of`` (a server ``time.time()``), the seat whose clock runs (``running``) and how
often each seat ran out. Every commit settles them (``settle``): the running seat is
charged the time since ``as_of``, the kind's credit is added, the next running seat is
found. Only a seat its player plays runs a clock (``boardbot.server.seats.client_plays``):
not a bot seat, a resigned seat or one the stand-in bot plays, and none while the game
waits for players. The deadline is ``as_of + remaining[running]``; the master's bot
driver waits for it and then applies the game's timeout policy
(``boardbot.server.bot_driver``), and a move that comes later is FAILED_PRECONDITION
OUT_OF_TIME.

The kinds: ``increment`` (Fischer: initial time, plus ``increment`` after each move),
``bank`` (Board Game Arena's time bank: initial time, plus ``increment`` before each turn,
up to ``maximum``), ``days`` (``days`` per decision, unused time not carried over).

Time does not run while the server is down (docs/api-contract.md, "Clocks"): every
server process marks the store alive every ``ALIVE_SECONDS`` (``GameStore.mark_alive``).
A process that starts on a store nobody kept alive (its own file: any start; a shared
store: no mark for ``DOWN_AFTER`` seconds) resumes every running clock (``resume``): the
running seat is charged up to the last mark, and its clock starts again at the restart,
with an EVENT_KIND_CLOCKS_RESUMED event.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from google.protobuf import duration_pb2

from boardbot.v1 import common_pb2

from . import errors
from .events import timestamp

KINDS = {common_pb2.CLOCK_KIND_INCREMENT: "increment", common_pb2.CLOCK_KIND_TIME_BANK: "bank",
         common_pb2.CLOCK_KIND_DAYS_PER_MOVE: "days"}
KIND_ENUM = {v: k for k, v in KINDS.items()}
FORFEIT, STAND_IN = "forfeit", "stand_in"
POLICIES = {common_pb2.TIMEOUT_POLICY_UNSPECIFIED: FORFEIT, common_pb2.TIMEOUT_POLICY_FORFEIT: FORFEIT,
            common_pb2.TIMEOUT_POLICY_STAND_IN: STAND_IN}
POLICY_ENUM = {FORFEIT: common_pb2.TIMEOUT_POLICY_FORFEIT, STAND_IN: common_pb2.TIMEOUT_POLICY_STAND_IN}
DAY = 86400.0
MAX_INITIAL = 30 * DAY
MAX_INCREMENT = DAY
MAX_DAYS = 60
ALIVE_SECONDS = 2.0  # how often a server process marks its store alive
DOWN_AFTER = 3 * ALIVE_SECONDS  # a shared store with no mark for this long had no server up


def _seconds(duration: duration_pb2.Duration, field: str, low: float, high: float) -> float:
    if duration.nanos < 0 or duration.seconds < 0 or not 0 <= duration.nanos < 10**9:
        raise errors.invalid(field, f"{field} must not be negative", "BAD_CLOCK")
    value = duration.seconds + duration.nanos / 1e9
    if not low <= value <= high:
        raise errors.invalid(field, f"{field} must be {low:g} to {high:g} seconds, not {value:g}", "BAD_CLOCK")
    return value


def options_of(message: common_pb2.ClockOptions, field: str = "clock") -> dict[str, Any] | None:
    """The clock options CreateGame asks for, checked (INVALID_ARGUMENT naming the field,
    reason BAD_CLOCK), as stored; None without a kind (no clock)."""
    kind = KINDS.get(message.kind)
    if kind is None:
        if message.kind != common_pb2.CLOCK_KIND_UNSPECIFIED:
            raise errors.invalid(f"{field}.kind", f"unknown clock kind {message.kind}", "BAD_CLOCK")
        if message.ByteSize():
            raise errors.invalid(f"{field}.kind", "a clock needs its kind", "BAD_CLOCK")
        return None
    if message.on_timeout not in POLICIES:
        raise errors.invalid(f"{field}.on_timeout", f"unknown timeout policy {message.on_timeout}", "BAD_CLOCK")
    out: dict[str, Any] = {"kind": kind, "initial": 0.0, "increment": 0.0, "maximum": 0.0, "days": 0,
                           "on_timeout": POLICIES[message.on_timeout]}
    if kind == "days":
        for name in ("initial_time", "increment", "maximum"):
            if message.HasField(name):
                raise errors.invalid(f"{field}.{name}", f"a days-per-move clock takes days, not {name}", "BAD_CLOCK")
        if not 1 <= message.days <= MAX_DAYS:
            raise errors.invalid(f"{field}.days", f"days must be 1 to {MAX_DAYS}, not {message.days}", "BAD_CLOCK")
        out["days"] = message.days
        return out
    if message.days:
        raise errors.invalid(f"{field}.days", "days is for a days-per-move clock", "BAD_CLOCK")
    out["initial"] = _seconds(message.initial_time, f"{field}.initial_time", 1.0, MAX_INITIAL)
    out["increment"] = _seconds(message.increment, f"{field}.increment", 0.0, MAX_INCREMENT)
    if kind == "bank":
        out["maximum"] = out["initial"]
        if message.HasField("maximum"):
            out["maximum"] = _seconds(message.maximum, f"{field}.maximum", out["initial"], MAX_INITIAL)
    elif message.HasField("maximum"):
        raise errors.invalid(f"{field}.maximum", "maximum is for a time-bank clock", "BAD_CLOCK")
    return out


def new_clock(options: dict[str, Any], seats: int, when: float) -> dict[str, Any]:
    """The clocks of a new game: every seat's full time, none running yet (the game's
    first ``settle`` starts the first)."""
    start = options["days"] * DAY if options["kind"] == "days" else options["initial"]
    return dict(options, remaining=[start] * seats, as_of=when, running=None, timeouts=[0] * seats)


def deadline(clock: dict[str, Any] | None) -> float | None:
    """When the running clock runs out (server time), or None when none runs."""
    if clock is None or clock["running"] is None:
        return None
    return clock["as_of"] + clock["remaining"][clock["running"]]


def out_of_time(clock: dict[str, Any] | None, when: float) -> bool:
    end = deadline(clock)
    return end is not None and when >= end


def settle(record, running: int | None, acted: int | None, moved: bool, when: float, timed_out: int | None = None):
    """``record`` (the new version's, seats as they are now) with its clocks as of ``when``:
    the seat whose clock ran is charged the time since ``as_of``; ``acted`` made a move
    (``moved``) or another change; ``running``: the seat whose clock runs from now on
    (``boardbot.server.seats.running_seat``); ``timed_out``: the seat that ran out (it counts)."""
    clock = record.clock
    if clock is None:
        return record
    c = dict(clock)
    remaining, ran = list(c["remaining"]), c["running"]
    if ran is not None:
        remaining[ran] = max(0.0, remaining[ran] - max(0.0, when - c["as_of"]))
        if moved and acted == ran and c["kind"] == "increment":
            remaining[ran] += c["increment"]
    if running is not None and (running != ran or moved):  # a new decision of a player's seat
        if c["kind"] == "bank" and running != ran:
            remaining[running] = min(c["maximum"], remaining[running] + c["increment"])
        elif c["kind"] == "days":
            remaining[running] = c["days"] * DAY
    if timed_out is not None:
        timeouts = list(c["timeouts"])
        timeouts[timed_out] += 1
        c["timeouts"] = timeouts
    c.update(remaining=remaining, running=running, as_of=when)
    return dataclasses.replace(record, clock=c)


def resume(record, down_since: float, when: float):
    """``record`` with its running clock started again at ``when`` after the server was down
    from ``down_since``: the running seat is charged only up to ``down_since``."""
    clock = dict(record.clock)
    ran = clock["running"]
    remaining = list(clock["remaining"])
    remaining[ran] = max(0.0, remaining[ran] - max(0.0, down_since - clock["as_of"]))
    clock.update(remaining=remaining, as_of=when)
    return dataclasses.replace(record, clock=clock)


def options_message(clock: dict[str, Any]) -> common_pb2.ClockOptions:
    out = common_pb2.ClockOptions(kind=KIND_ENUM[clock["kind"]], on_timeout=POLICY_ENUM[clock["on_timeout"]])
    if clock["kind"] == "days":
        out.days = clock["days"]
    else:
        out.initial_time.FromNanoseconds(round(clock["initial"] * 1e9))
        out.increment.FromNanoseconds(round(clock["increment"] * 1e9))
        if clock["kind"] == "bank":
            out.maximum.FromNanoseconds(round(clock["maximum"] * 1e9))
    return out


def message(clock: dict[str, Any]) -> common_pb2.Clocks:
    """The clocks as every view shows them, with the server time they refer to."""
    out = common_pb2.Clocks(options=options_message(clock), as_of=timestamp(clock["as_of"]),
                            timeouts=clock["timeouts"])
    for left in clock["remaining"]:
        out.remaining.add().FromNanoseconds(round(left * 1e9))
    if clock["running"] is not None:
        out.running_seat = clock["running"]
        out.deadline.CopyFrom(timestamp(deadline(clock)))
    return out
