// The table of each game, by game name.
import type { LegalMove, SeatView } from "@boardbot/client";
import { czechPub } from "./czech_pub.js";
import { dulore } from "./dulore.js";
import { froccs } from "./froccs.js";
import { fritanga } from "./fritanga.js";
import { frogriders } from "./frogriders.js";
import type { GameUI } from "./types.js";

const GAMES: Record<string, GameUI> = {
  "frogriders": frogriders, "czech-pub": czechPub, "froccs": froccs, "fritanga": fritanga, "dulore-jutunk": dulore,
};

export function gameUI(name: string): GameUI {
  const ui = GAMES[name];
  if (!ui) throw new Error(`this page cannot draw the game ${name}`);
  return ui;
}

/** The kind of a legal move (its game message's oneof case), e.g. "leap". */
export function moveKind(move: LegalMove): string | undefined {
  const game = move.move?.game;
  return game?.value?.kind.case;
}

/** The game-specific part of a seat view, when it is this game's. */
export function viewOf<C extends string>(sv: SeatView, game: C) {
  const v = sv.view?.game;
  return v?.case === game ? (v.value as Extract<NonNullable<SeatView["view"]>["game"], { case: C }>["value"]) : undefined;
}

/** The game-specific move of a legal move, when it is this game's. */
export function moveOf<C extends string>(move: LegalMove, game: C) {
  const m = move.move?.game;
  return m?.case === game ? (m.value as Extract<NonNullable<LegalMove["move"]>["game"], { case: C }>["value"]) : undefined;
}
