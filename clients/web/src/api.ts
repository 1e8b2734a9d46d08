// The one client of the page: @boardbot/client over the browser port of the page's own origin.
import { Code, errorDetails, type BotOffer, type GameType } from "@boardbot/client";
import { connectWeb } from "@boardbot/client/web";

export const client = connectWeb("");

let gameTypes: Promise<GameType[]> | undefined;

/** ListGameTypes, asked once per page load. */
export function listGameTypes(): Promise<GameType[]> {
  gameTypes ??= client.gameTypes();
  return gameTypes;
}

/** The game type of `name`, or undefined for a game this server does not host. */
export async function gameType(name: string): Promise<GameType | undefined> {
  return (await listGameTypes()).find((t) => t.name === name);
}

/** A game's title as players read it; `solo`: its one-player mode's ("… — solo against …"). */
export function titleOf(type: GameType, solo = false): string {
  return solo && type.solo ? `${type.title} — ${type.solo.title}` : type.title;
}

let bots: Promise<BotOffer[]> | undefined;
const botTitles = new Map<string, string>();

/** ListBots (every game's), asked once per page load; afterwards botName knows their names. */
export function listBots(): Promise<BotOffer[]> {
  bots ??= client.listBots().then((offers) => {
    for (const offer of offers) botTitles.set(offer.bot, offer.title);
    return offers;
  });
  return bots;
}

/** The iterations ``bot`` (a preset ListBots offers) runs at most at ``game``'s table of ``players``: its
 *  published cap (BotAtTable.iterations). The hint and the review ask for it as a named budget, spent
 *  whole with the position's seed: one reproducible search, where the preset alone stops on a clock.
 *  Undefined for a bot that does not search or a table ListBots does not publish. */
export async function presetIterations(bot: string, game: string, players: number): Promise<number | undefined> {
  const offer = (await listBots()).find((b) => b.bot === bot);
  const iterations = offer?.tables.find((t) => t.game === game && t.players === players)?.iterations;
  return iterations ? iterations : undefined;
}

/** A bot's name for players ("Hard") from its spec string, once listBots has answered; a spec the server does
 *  not offer by name (set by hand through the API) keeps its string. */
export function botName(spec: string): string {
  return botTitles.get(spec) ?? spec;
}

export type Wire = string | number | boolean | null;

/** What a google.protobuf.Value (GameParam.default_value, choices, ...) looks like here. */
type Value = GameType["parameters"][number]["choices"][number];

/** A google.protobuf.Value as the plain value it holds. */
export function wire(value: Value | undefined): Wire {
  const kind = value?.kind;
  switch (kind?.case) {
    case "numberValue":
    case "stringValue":
    case "boolValue":
      return kind.value;
    default:
      return null;
  }
}

// What a player is told for the codes whose server messages speak to programmers (metadata,
// bearer tokens): the same thing in the page's terms.
const IN_WORDS: Partial<Record<Code, string>> = {
  [Code.Unauthenticated]: "this browser does not hold this seat's secret (open the join link you were sent, or watch as a spectator)",
  [Code.PermissionDenied]: "this browser's secret is not this seat's (open the join link you were sent, or watch as a spectator)",
  [Code.Unavailable]: "the server cannot be reached just now",
  [Code.DeadlineExceeded]: "the server took too long to answer",
};

/** A failed call, in words for the player: the server's message (written for players where a
 *  player can meet it), or the code's own words where the message is about the API. */
export function describeError(err: unknown): string {
  const details = errorDetails(err);
  return IN_WORDS[details.code] ?? (details.message || String(err));
}
