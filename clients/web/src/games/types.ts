// What the table needs from each game: a drawing of the seat's view, the points a player
// clicks for each legal move, and whose turn it is.
import type { LegalMove, SeatView } from "@boardbot/client";

export interface TableContext {
  sv: SeatView;
  /** The viewer's seat; undefined for a spectator. */
  me?: number;
  /** Display names by seat ("You", "Seat 2 (greedy)"). */
  names: string[];
  /** Mark an element as the target of these points (the table makes it clickable when a legal move needs it). */
  point<E extends Element>(el: E, label: string, ...keys: string[]): E;
}

export interface GameUI {
  /** The game's table as this seat sees it. */
  render(ctx: TableContext): HTMLElement;
  /** The clicks that make a move, in order (keys that render() marked); [] for a move only in the list. */
  points(move: LegalMove, sv: SeatView): string[];
  /** The seat whose turn it is in the game's own sense (a decider other than it decides out of turn). */
  turnSeat(sv: SeatView): number | undefined;
  /** Each seat's running score, as the table's seat strip shows it. */
  scores(sv: SeatView): string[];
  /** What the deciding seat is asked, in words. */
  prompt(sv: SeatView): string;
}
