// The AI's advice as a player reads it, for the table's hint and the review: one voice.
//
// Both ask the same preset with the same seed for a position, derived from the game and its
// version (adviceSeed; the asking: ask_ai.ts), and the preset's iteration cap at the table as a
// named budget, spent whole: one search, so the review's answer for a position is the hint's,
// and a hinted move is the review's own move, never a slip. (A preset alone is a time budget
// since issue 47: it stops on a clock, which no seed replays.)
//
// The numbers (CandidateStats, bot_service.proto): a share 0-1 in every game with its 95 %
// interval, and in a solo game the expected final score in points with its interval. A player
// reads points where there are points (solo), else the share as a percentage.
import type { SearchStats } from "@boardbot/client";

export interface Candidate {
  moveId?: number;
  text: string;
  visits: number;
  value: number; // 0-1
  low: number; // its interval, 0-1
  high: number;
  points?: { points: number; low: number; high: number }; // a solo game's expected final score
}

/** One answer of the AI for one position: what the hint showed, what the review judges by. */
export interface Advice {
  version: string; // the game version it is for
  bot: string;
  seed: number;
  budget: number; // the iterations asked for (0: the bot's own budget)
  move: { id: number; text: string };
  iterations: number;
  candidates: Candidate[];
}

/** The search seed of a position: the same for the hint and the review (FNV-1a of game and version). */
export function adviceSeed(gameId: string, version: bigint): number {
  let hash = 0x811c9dc5;
  for (const ch of `${gameId}/${version}`) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** An answer's statistics as plain data (kept in localStorage between the table and the review). */
export function adviceOf(version: bigint, bot: string, seed: number, move: { id: number; text: string },
  stats: SearchStats | undefined, budget = 0): Advice {
  return {
    version: String(version), bot, seed, budget, move: { id: move.id, text: move.text }, iterations: Number(stats?.iterations ?? 0),
    candidates: (stats?.candidates ?? []).map((c) => ({
      moveId: c.moveId, text: c.text, visits: Number(c.visits), value: c.value, low: c.valueLow, high: c.valueHigh,
      points: c.expectedScore ? { points: c.expectedScore.points, low: c.expectedScore.pointsLow,
        high: c.expectedScore.pointsHigh } : undefined,
    })),
  };
}

/** Whether the advice speaks in points (a solo game), else in shares. */
export function inPoints(advice: Advice): boolean {
  return advice.candidates.some((c) => c.points !== undefined);
}

const percent = (share: number) => `${Math.round(100 * share)} %`;
const points = (p: number) => `${p.toFixed(1)} points`;

/** A candidate's number with its unit and interval: "19.4 points (18.9 to 19.9)", "58 % (52 to 64 %)". */
export function valueText(c: Candidate | undefined): string {
  if (!c || c.visits === 0) return "not tried";
  if (c.points) return `${points(c.points.points)} (${c.points.low.toFixed(1)} to ${c.points.high.toFixed(1)})`;
  return `${percent(c.value)} (${Math.round(100 * c.low)} to ${percent(c.high)})`;
}

/** What the numbers are, for a table's heading and caption. */
export function valueHeading(pointsUnit: boolean): string {
  return pointsUnit ? "Expected final score" : "Expected result for you";
}

export function valueCaption(pointsUnit: boolean): string {
  return pointsUnit
    ? "The final score the AI expects if you play the move, in points, with a 95 % interval: how sure it is."
    : "Your expected result if you play the move, 0 to 100 % (about your chance of winning), with a 95 % interval: how sure the AI is.";
}

// Smaller differences are not worth calling a slip even when the AI is sure of them.
const SLIP_SHARE = 0.02;
const SLIP_POINTS = 0.5;

export interface Verdict {
  kind: "agree" | "slip" | "close" | "unjudged";
  text: string;
}

/** The review's verdict on a move: the AI's own, a slip (the AI's move is better beyond both
 *  intervals, by more than a trifle), about as good (the intervals overlap), or not judged (the
 *  search tried it less than twice, so it cannot say how sure it is). */
export function verdict(advice: Advice, mine: { id?: number; text: string }): Verdict {
  if (advice.move.id === mine.id || advice.move.text === mine.text) return { kind: "agree", text: "the AI agrees" };
  const ai = advice.candidates.find((c) => c.moveId === advice.move.id);
  const me = advice.candidates.find((c) => (mine.id !== undefined && c.moveId === mine.id) || c.text === mine.text);
  if (!ai || !me || me.visits < 2) {
    const tries = me?.visits ? "once" : "not at all";
    return { kind: "unjudged", text: `not judged: the AI tried your move ${tries}` };
  }
  if (ai.points && me.points) {
    const loss = ai.points.points - me.points.points;
    if (ai.points.low > me.points.high && loss >= SLIP_POINTS) {
      return { kind: "slip", text: `a slip: about ${points(loss)} below the AI's move` };
    }
  } else {
    const loss = ai.value - me.value;
    if (ai.low > me.high && loss >= SLIP_SHARE) {
      return { kind: "slip", text: `a slip: about ${Math.round(100 * loss)} percentage points below the AI's move` };
    }
  }
  return { kind: "close", text: "about as good: within how sure the AI is" };
}
