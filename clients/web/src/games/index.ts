// The table of each game: src/games/<game>.tsx (the game's name with "_" for "-"), whose default
// export is its GameUI. No list of them: esbuild bundles every module the import() pattern below
// can name, and the page loads a game's module when it first draws that game, after the game
// types (ListGameTypes) are here, so that the module can read its components (componentsOf).
import type { GameType, LegalMove, SeatView } from "@boardbot/client";
import type { GameUI } from "./types.js";

const components = new Map<string, unknown>();

/** Keep the games' components (GameType.components) for their modules to read when they load. */
export function knowGameTypes(types: GameType[]): void {
  for (const type of types) components.set(type.name, type.components ?? {});
}

/** The table of the game `name`; `types`: the server's game types (ListGameTypes). */
export async function gameUI(name: string, types: GameType[]): Promise<GameUI> {
  knowGameTypes(types);
  let module: { default?: GameUI } | undefined;
  try {
    module = await import(`./${name.replaceAll("-", "_")}.tsx`);
  } catch {
    module = undefined;
  }
  if (typeof module?.default?.render !== "function") throw new Error(`this page cannot draw the game ${name}`);
  return module.default;
}

/** A game's components as ListGameTypes gives them (GameType.components), for its module to read
 *  when it loads (gameUI loads it once they are here). */
export function componentsOf<T>(name: string): T {
  const found = components.get(name);
  if (found === undefined) throw new Error(`the components of ${name} are not loaded`);
  return found as T;
}

/** The kind of a legal move (its game message's oneof case), e.g. "leap". */
export function moveKind(move: LegalMove): string | undefined {
  const game = move.move?.game;
  return game?.value?.kind.case;
}

/** The kind of a legal move in words, for the move list's groups: "take order" for takeOrder. */
export function moveGroup(move: LegalMove): string {
  const kind = moveKind(move);
  return kind ? kind.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`) : "other moves";
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
