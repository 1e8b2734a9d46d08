// The one client of the page: @boardbot/client over the browser port of the page's own origin.
import { errorDetails, type GameType } from "@boardbot/client";
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

/** A failed call, in words for the player. */
export function describeError(err: unknown): string {
  const details = errorDetails(err);
  const reason = details.reason ? ` (${details.reason})` : "";
  return `${details.message || String(err)}${reason}`;
}
