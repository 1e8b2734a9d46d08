"""The clocks' arithmetic (boardbot.server.clocks) on its own: what each kind charges and
credits at each commit, whose clock runs, and what a restart charges. The end-to-end
tests (tests/test_seats_and_clocks.py) run them through a real server."""

import pytest

from boardbot.server import clocks, seats
from boardbot.server.records import BOT, HUMAN, LEFT, OPEN, GameRecord, SeatRecord
from boardbot.v1 import common_pb2


class Deciding:
    """A stand-in engine state: only ``decider`` is read."""

    def __init__(self, seat: int):
        self.seat = seat

    def decider(self) -> int:
        return self.seat


def record(kind: str, *, initial=10.0, increment=0.0, maximum=0.0, days=0, seat_kinds=(HUMAN, HUMAN),
           states=None, lobby=None) -> GameRecord:
    options = {"kind": kind, "initial": initial, "increment": increment, "maximum": maximum or initial, "days": days,
               "on_timeout": clocks.FORFEIT}
    states = states or [""] * len(seat_kinds)
    seat_list = tuple(SeatRecord(k, "random" if k == BOT else "", state=s) for k, s in zip(seat_kinds, states))
    return GameRecord("g", "frogriders", {"players": len(seat_list)}, 1, seat_list, "", {}, 0.0,
                      lobby=lobby or dict(seats.DEFAULT_LOBBY), clock=clocks.new_clock(options, len(seat_list), 0.0))


def step(rec: GameRecord, decider: int, acted, moved: bool, when: float) -> GameRecord:
    return clocks.settle(rec, seats.running_seat(rec, Deciding(decider)), acted, moved, when)


def test_increment_charges_the_mover_and_adds_the_increment_after_its_move():
    rec = step(record("increment", initial=10, increment=2), 0, None, False, 100.0)  # the game starts
    assert rec.clock["running"] == 0 and clocks.deadline(rec.clock) == 110.0
    rec = step(rec, 1, 0, True, 103.0)  # seat 0 moved after 3 s
    assert rec.clock["remaining"] == [9.0, 10.0] and rec.clock["running"] == 1 and rec.clock["as_of"] == 103.0
    rec = step(rec, 1, 1, True, 104.5)  # seat 1 moves and decides again: the increment after each move
    assert rec.clock["remaining"] == [9.0, 10.5]
    assert clocks.out_of_time(rec.clock, 104.5 + 10.5) and not clocks.out_of_time(rec.clock, 114.9)


def test_a_time_bank_credits_each_turn_before_it_up_to_its_maximum():
    rec = step(record("bank", initial=10, increment=5, maximum=12), 0, None, False, 0.0)
    assert rec.clock["remaining"] == [12.0, 10.0]  # the first turn's credit, capped
    rec = step(rec, 1, 0, True, 8.0)
    assert rec.clock["remaining"] == [4.0, 12.0]  # seat 0 used 8 s; seat 1's turn credited
    rec = step(rec, 1, 1, True, 9.0)  # the same turn goes on: no new credit
    assert rec.clock["remaining"] == [4.0, 11.0]
    rec = step(rec, 0, 1, True, 10.0)
    assert rec.clock["remaining"] == [9.0, 10.0]


def test_days_per_move_gives_every_decision_its_days_and_carries_nothing_over():
    rec = step(record("days", days=2), 0, None, False, 0.0)
    assert rec.clock["remaining"][0] == 2 * clocks.DAY
    rec = step(rec, 1, 0, True, 3600.0)
    assert rec.clock["remaining"] == [2 * clocks.DAY - 3600.0, 2 * clocks.DAY]
    rec = step(rec, 0, 1, True, 7200.0)
    assert rec.clock["remaining"][0] == 2 * clocks.DAY  # a new decision: its full days again


def test_no_clock_runs_for_a_bot_a_stand_in_or_while_the_game_waits():
    bots = step(record("increment", seat_kinds=(HUMAN, BOT)), 1, None, False, 0.0)
    assert bots.clock["running"] is None and clocks.deadline(bots.clock) is None
    left = record("increment", states=["", LEFT])
    assert step(left, 1, None, False, 0.0).clock["running"] is None  # the stand-in bot plays it
    waiting_for_them = record("increment", states=["", LEFT], lobby=dict(seats.DEFAULT_LOBBY, on_leave=seats.WAIT))
    assert step(waiting_for_them, 1, None, False, 0.0).clock["running"] == 1  # nobody plays it: its time runs
    open_seat = record("increment", states=["", OPEN])
    assert step(open_seat, 0, None, False, 0.0).clock["running"] is None


def test_a_restart_charges_the_running_seat_only_up_to_the_last_mark():
    rec = step(record("increment", initial=10), 0, None, False, 100.0)
    resumed = clocks.resume(rec, down_since=104.0, when=500.0)  # down from 104 s to 500 s
    assert resumed.clock["remaining"] == [6.0, 10.0] and resumed.clock["as_of"] == 500.0
    assert clocks.deadline(resumed.clock) == 506.0
    assert clocks.resume(rec, down_since=90.0, when=500.0).clock["remaining"][0] == 10.0  # the turn began later


@pytest.mark.parametrize("message, field", [
    (common_pb2.ClockOptions(kind=common_pb2.CLOCK_KIND_TIME_BANK, initial_time={"seconds": 0}), "clock.initial_time"),
    (common_pb2.ClockOptions(kind=common_pb2.CLOCK_KIND_INCREMENT, initial_time={"seconds": 31 * 86400}),
     "clock.initial_time"),
    (common_pb2.ClockOptions(kind=common_pb2.CLOCK_KIND_INCREMENT, initial_time={"seconds": 5, "nanos": -1}),
     "clock.initial_time"),
    (common_pb2.ClockOptions(kind=common_pb2.CLOCK_KIND_INCREMENT, initial_time={"seconds": 5}, maximum={"seconds": 9}),
     "clock.maximum"),
    (common_pb2.ClockOptions(kind=common_pb2.CLOCK_KIND_DAYS_PER_MOVE, days=0), "clock.days"),
])
def test_clock_options_out_of_range_name_their_field(message, field):
    from boardbot.server.errors import ServiceError

    with pytest.raises(ServiceError) as refused:
        clocks.options_of(message)
    assert refused.value.field == field and refused.value.reason == "BAD_CLOCK"


def test_the_options_read_back_as_they_were_given():
    given = common_pb2.ClockOptions(kind=common_pb2.CLOCK_KIND_TIME_BANK, initial_time={"seconds": 60},
                                    increment={"seconds": 5}, maximum={"seconds": 90},
                                    on_timeout=common_pb2.TIMEOUT_POLICY_STAND_IN)
    assert clocks.options_message(clocks.options_of(given)) == given
    assert clocks.options_of(common_pb2.ClockOptions()) is None
