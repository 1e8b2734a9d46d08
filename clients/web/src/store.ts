// The games this browser takes part in, kept in localStorage: the seat tokens live only here.
import type { Advice } from "./advice.js";

export interface SavedGame {
  gameId: string;
  game: string; // the game name, e.g. "frogriders"
  title: string;
  seat?: number; // undefined: watching as a spectator
  token?: string;
  ownerToken?: string;
  created: number; // ms since the epoch
  opponents: string; // "greedy, ismcts:easy"
  invites?: { seat: number; token: string }[]; // other human seats' tokens, for their join links
}

const KEY = "boardbot.games";
const SETTINGS = "boardbot.settings";

export function savedGames(): SavedGame[] {
  try {
    const games = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(games) ? games : [];
  } catch {
    return [];
  }
}

export function saveGame(game: SavedGame): void {
  const others = savedGames().filter((g) => !(g.gameId === game.gameId && g.seat === game.seat));
  localStorage.setItem(KEY, JSON.stringify([game, ...others].slice(0, 50)));
}

export function forgetGame(gameId: string, seat: number | undefined): void {
  localStorage.setItem(KEY, JSON.stringify(savedGames().filter((g) => !(g.gameId === gameId && g.seat === seat))));
  if (seat !== undefined) localStorage.removeItem(adviceKey(gameId, seat));
}

export function findSaved(gameId: string, seat: number | undefined): SavedGame | undefined {
  return savedGames().find((g) => g.gameId === gameId && g.seat === seat);
}

/** Settings.botDelayMs: the table waits for the player's "Next move" after each move of another seat. */
export const STEP = -1;

/** The paces a player may choose for the moves of the other seats: [ms, in words]. */
export const PACES: [number, string][] = [[0, "at once"], [400, "0.4 s apart"], [800, "0.8 s apart"], [1500, "1.5 s apart"],
  [3000, "3 s apart"], [STEP, "one at a time, when I ask"]];

export interface Settings {
  botDelayMs: number; // pause after each move of another seat, so a player sees the bots move (ms), or STEP
  aiBot: string; // the preset that hints at the table and reviews afterwards: one AI voice (advice.ts)
  autoForced: boolean; // a decision with one legal move is played by itself
  playerName: string; // the name the other seats see for the player's seat ("": none, they see the seat's number)
}

const DEFAULTS: Settings = { botDelayMs: 400, aiBot: "ismcts:medium", autoForced: false, playerName: "" };

export function settings(): Settings {
  try {
    const kept = JSON.parse(localStorage.getItem(SETTINGS) ?? "{}");
    // before the hint and the review spoke with one voice, the hint's preset was kept as hintBot
    return { ...DEFAULTS, ...(typeof kept.hintBot === "string" ? { aiBot: kept.hintBot } : {}), ...kept };
  } catch {
    return { ...DEFAULTS };
  }
}

// The AI's answers for one seat's positions (the table's hints), for the review to reuse.
const ADVICE = "boardbot.advice";
const ADVICE_KEPT = 200; // positions per seat
const ADVICE_CHARS = 500_000; // all seats' answers together (a position's answer: about 1-8 thousand)

function adviceKey(gameId: string, seat: number): string {
  return `${ADVICE}.${gameId}.${seat}`;
}

function keptAdvice(gameId: string, seat: number): Advice[] {
  try {
    const kept = JSON.parse(localStorage.getItem(adviceKey(gameId, seat)) ?? "[]");
    return Array.isArray(kept) ? kept : [];
  } catch {
    return [];
  }
}

/** Keep an answer. Only a saving: the review searches again what is not kept (the same search).
 *  All seats' answers together stay within ADVICE_CHARS, so the seat tokens keep their room in
 *  the storage: the other games' answers go first, then this seat's oldest positions. */
export function saveAdvice(gameId: string, seat: number, advice: Advice): void {
  const key = adviceKey(gameId, seat);
  let kept = [advice, ...keptAdvice(gameId, seat).filter((a) => !(a.version === advice.version && a.bot === advice.bot))]
    .slice(0, ADVICE_KEPT);
  let text = JSON.stringify(kept);
  while (text.length > ADVICE_CHARS && kept.length > 1) {
    kept = kept.slice(0, Math.floor(kept.length * 3 / 4));
    text = JSON.stringify(kept);
  }
  if (text.length > ADVICE_CHARS) return;
  const others = Object.keys(localStorage).filter((k) => k.startsWith(`${ADVICE}.`) && k !== key);
  let used = others.reduce((sum, k) => sum + (localStorage.getItem(k)?.length ?? 0), 0);
  while (used + text.length > ADVICE_CHARS && others.length) {
    const old = others.shift()!;
    used -= localStorage.getItem(old)?.length ?? 0;
    localStorage.removeItem(old);
  }
  try {
    localStorage.setItem(key, text);
  } catch { /* the storage is full of other things: not kept */ }
}

/** The answer kept for this seat's position at ``version`` from ``bot``, searched with ``seed`` and
 *  ``budget`` iterations (an answer kept before budgets were asked has none: searched again). */
export function findAdvice(gameId: string, seat: number, version: bigint, bot: string, seed: number,
  budget = 0): Advice | undefined {
  return keptAdvice(gameId, seat).find((a) => a.version === String(version) && a.bot === bot && a.seed === seed
    && (a.budget ?? 0) === budget);
}

export const MAX_NAME = 64; // characters of a player's name, as the server takes it (SeatSpec.player_name)

export function saveSettings(changes: Partial<Settings>): void {
  localStorage.setItem(SETTINGS, JSON.stringify({ ...settings(), ...changes }));
}
