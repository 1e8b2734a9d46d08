// Clocks as players read them (src/clocks.ts): the lobby's choices as ClockOptions, each seat's time
// left from the server's time reference, and the words and units on the page. No browser, no server.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ClockKind, TimeoutPolicy } from "@boardbot/client";
import { clockOptions, clockRule, ms, NO_CLOCK, seatClocks, ServerClock, timeoutText, timeText } from "../../src/clocks.ts";
import { identifierWords } from "../words.mjs";

const at = (millis) => ({ seconds: BigInt(Math.floor(millis / 1000)), nanos: (millis % 1000) * 1e6 });

test("the lobby's choices ask for the clock the player chose, or none", () => {
  assert.equal(clockOptions(NO_CLOCK), undefined);
  const fischer = clockOptions({ ...NO_CLOCK, kind: "increment", minutes: 3, seconds: 2 });
  assert.equal(fischer.kind, ClockKind.INCREMENT);
  assert.equal(ms(fischer.initialTime), 180_000);
  assert.equal(ms(fischer.increment), 2_000);
  assert.equal(fischer.onTimeout, TimeoutPolicy.FORFEIT);
  const bank = clockOptions({ ...NO_CLOCK, kind: "bank", minutes: 10, seconds: 30, forfeit: false });
  assert.equal(bank.kind, ClockKind.TIME_BANK);
  assert.equal(bank.onTimeout, TimeoutPolicy.STAND_IN);
  const days = clockOptions({ ...NO_CLOCK, kind: "days", days: 3 });
  assert.deepEqual([days.kind, days.days, days.initialTime], [ClockKind.DAYS_PER_MOVE, 3, undefined]);
});

test("times read with their units, never below zero", () => {
  assert.equal(timeText(-5), "0 s");
  assert.equal(timeText(0), "0 s");
  assert.equal(timeText(9_460), "9.4 s");
  assert.equal(timeText(2_000), "2 s");
  assert.equal(timeText(59_999), "59 s");
  assert.equal(timeText(247_000), "4 min 07 s");
  assert.equal(timeText(3_900_000), "1 h 05 min");
  assert.equal(timeText(2 * 86_400_000 + 3 * 3_600_000), "2 days 3 h");
  assert.equal(timeText(86_400_000), "1 day 0 h");
});

test("the running seat counts down from the server's deadline; the others show their time at as_of", () => {
  const clocks = { options: { kind: ClockKind.INCREMENT, initialTime: at(60_000), increment: at(0), days: 0, onTimeout: 1 },
    asOf: at(1_000_000), remaining: [at(60_000), at(42_000)], runningSeat: 0, deadline: at(1_060_000), timeouts: [0, 1] };
  const [mine, theirs] = seatClocks(clocks, 1_015_000);
  assert.deepEqual(mine, { left: 45_000, running: true, timeouts: 0 });
  assert.deepEqual(theirs, { left: 42_000, running: false, timeouts: 1 });
  assert.equal(seatClocks(clocks, 1_070_000)[0].left, 0);
  assert.equal(timeoutText(clocks, 0), "");
  assert.match(timeoutText(clocks, 1), /ran out of time: out of the game/);
  assert.match(timeoutText({ ...clocks, options: { ...clocks.options, onTimeout: TimeoutPolicy.STAND_IN } }, 1),
    /ran out of time once: a bot moved for this seat/);
  assert.equal(clockRule(clocks.options), "1 min 00 s each; a seat out of time is out of the game");
  for (const text of [clockRule(clocks.options), timeoutText(clocks, 1), clockRule({ kind: ClockKind.DAYS_PER_MOVE, days: 2 })]) {
    assert.deepEqual(identifierWords(text), [], text);
  }
});

test("the server's time: the local clock corrected by the largest as_of minus receipt seen", () => {
  const clock = new ServerClock();
  assert.equal(clock.now(5_000), 5_000); // nothing seen: the local clock
  clock.observe(100_000, 40_000); // the browser's clock is 60 s behind the server's
  assert.equal(clock.now(41_000), 101_000);
  clock.observe(90_000, 41_000); // an older reference (a view sent later) does not move it back
  assert.equal(clock.now(42_000), 102_000);
  clock.observe(103_500, 42_000); // a fresher one does
  assert.equal(clock.now(42_000), 103_500);
});
