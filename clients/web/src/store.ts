// The games this browser takes part in, kept in localStorage: the seat tokens live only here.

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
  hintBot: string;
  reviewBot: string;
  autoForced: boolean; // a decision with one legal move is played by itself
}

const DEFAULTS: Settings = { botDelayMs: 400, hintBot: "ismcts:medium", reviewBot: "ismcts:easy", autoForced: false };

export function settings(): Settings {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(SETTINGS) ?? "{}") };
  } catch {
    return { ...DEFAULTS };
  }
}

export function saveSettings(changes: Partial<Settings>): void {
  localStorage.setItem(SETTINGS, JSON.stringify({ ...settings(), ...changes }));
}
