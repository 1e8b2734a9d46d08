// Clocks as players read them: the lobby's clock choices as ClockOptions, and each seat's time
// left, counted down from the server's time reference (Clocks.as_of), in words with units.
// Pure functions (no page, no server): test/unit/clocks.test.mjs.
import { ClockKind, TimeoutPolicy, type Clocks, type ClockOptionsInit } from "@boardbot/client";

/** A Duration or a Timestamp (seconds and nanos) in milliseconds. */
export function ms(value: { seconds: bigint; nanos: number } | undefined): number {
  return value === undefined ? 0 : Number(value.seconds) * 1000 + value.nanos / 1e6;
}

function duration(millis: number): { seconds: bigint; nanos: number } {
  const whole = Math.floor(millis / 1000);
  return { seconds: BigInt(whole), nanos: Math.round((millis - whole * 1000) * 1e6) };
}

/** The lobby's clock choices: none, base + increment, a time bank with a per-turn credit, or days per move. */
export interface ClockChoice {
  kind: "none" | "increment" | "bank" | "days";
  minutes: number; // the base time (increment, bank)
  seconds: number; // added per move (increment) or per turn (bank)
  days: number; // per decision (days)
  forfeit: boolean; // on a timeout the seat is out; else the stand-in bot moves for it
}

export const NO_CLOCK: ClockChoice = { kind: "none", minutes: 5, seconds: 5, days: 2, forfeit: true };

/** The ClockOptions the choice asks CreateGame or CreateQueue for (undefined: no clock). */
export function clockOptions(choice: ClockChoice): ClockOptionsInit | undefined {
  const onTimeout = choice.forfeit ? TimeoutPolicy.FORFEIT : TimeoutPolicy.STAND_IN;
  switch (choice.kind) {
    case "increment":
    case "bank":
      return { kind: choice.kind === "bank" ? ClockKind.TIME_BANK : ClockKind.INCREMENT, onTimeout,
        initialTime: duration(choice.minutes * 60_000), increment: duration(choice.seconds * 1000) };
    case "days":
      return { kind: ClockKind.DAYS_PER_MOVE, days: choice.days, onTimeout };
    default:
      return undefined;
  }
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

/** A time left, with its units: "2 days 3 h", "1 h 05 min", "4 min 07 s", "9.4 s", "0 s". */
export function timeText(millis: number): string {
  const left = Math.max(0, millis);
  if (left < 10_000 && left % 1000 !== 0) return `${(Math.floor(left / 100) / 10).toFixed(1)} s`; // the last seconds
  const s = Math.floor(left / 1000);
  const [d, h, m, sec] = [Math.floor(s / 86400), Math.floor(s / 3600) % 24, Math.floor(s / 60) % 60, s % 60];
  const two = (n: number) => String(n).padStart(2, "0");
  if (d > 0) return `${plural(d, "day")} ${h} h`;
  if (h > 0) return `${h} h ${two(m)} min`;
  return m > 0 ? `${m} min ${two(sec)} s` : `${sec} s`;
}

/** The clock's rule in a sentence: "5 min each, plus 5 s per move; out of time: the seat is out". */
export function clockRule(options: Clocks["options"]): string {
  if (!options || options.kind === ClockKind.UNSPECIFIED) return "no clock";
  const base = timeText(ms(options.initialTime));
  const plus = ms(options.increment);
  const rule = options.kind === ClockKind.DAYS_PER_MOVE ? `${plural(options.days, "day")} per move`
    : options.kind === ClockKind.TIME_BANK ? `a time bank of ${base} each, plus ${timeText(plus)} per turn`
    : `${base} each${plus ? `, plus ${timeText(plus)} per move` : ""}`;
  const out = options.onTimeout === TimeoutPolicy.STAND_IN ? "a bot moves for a seat out of time"
    : "a seat out of time is out of the game";
  return `${rule}; ${out}`;
}

/** The server's clock as this page knows it: the offset (server minus local, ms) is the largest
 *  as_of - receipt seen, since a view's as_of is never later than the server's time when it was sent
 *  (a view sent at once gives nearly the offset itself; one sent later, a smaller bound). */
export class ServerClock {
  private offset?: number;

  observe(asOfMs: number, receivedLocalMs: number): void {
    const seen = asOfMs - receivedLocalMs;
    if (this.offset === undefined || seen > this.offset) this.offset = seen;
  }

  /** The server's time now, by the local clock corrected with the offset. */
  now(localMs: number): number {
    return localMs + (this.offset ?? 0);
  }
}

export interface SeatClock {
  left: number; // ms left, now
  running: boolean;
  timeouts: number;
}

/** Each seat's time left at the server time `serverNow`: the running seat's deadline minus now,
 *  the others' remaining at as_of. */
export function seatClocks(clocks: Clocks, serverNow: number): SeatClock[] {
  return clocks.remaining.map((remaining, seat) => {
    const running = clocks.runningSeat === seat;
    const left = running && clocks.deadline ? ms(clocks.deadline) - serverNow : ms(remaining);
    return { left: Math.max(0, left), running, timeouts: clocks.timeouts[seat] ?? 0 };
  });
}

/** What a timeout did to a seat, in words ("" when its clock never ran out). */
export function timeoutText(clocks: Clocks, seat: number): string {
  const n = clocks.timeouts[seat] ?? 0;
  if (n === 0) return "";
  if (clocks.options?.onTimeout === TimeoutPolicy.STAND_IN) {
    return `ran out of time ${n === 1 ? "once" : `${n} times`}: a bot moved for this seat`;
  }
  return "ran out of time: out of the game, the random bot plays on for this seat";
}
