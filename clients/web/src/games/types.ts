// What the table needs from each game: a drawing of the seat's view, the points a player
// clicks for each legal move, whose turn it is, the scores and the prompt.
import type { LegalMove, SeatView } from "@boardbot/client";
import type { VNode } from "preact";

export interface TableContext {
  sv: SeatView;
  /** The viewer's seat; undefined for a spectator. */
  me?: number;
  /** Display names by seat ("You", "Seat 2 (greedy)"). */
  names: string[];
  /** Mark an element as the target of these points: the table makes it clickable when a legal
   *  move needs one of them next, outlines it while it is chosen, and marks it when the last
   *  move touched one of them. Returns the element with those attributes. */
  point<P>(el: VNode<P>, label: string, ...keys: string[]): VNode<P>;
}

export interface GameUI {
  /** The game's table as this seat sees it. */
  render(ctx: TableContext): VNode;
  /** The clicks that make a move, in order (keys that render() marked); [] for a move only in the list. */
  points(move: LegalMove, sv: SeatView): string[];
  /** The seat whose turn it is in the game's own sense (a decider other than it decides out of turn). */
  turnSeat(sv: SeatView): number | undefined;
  /** Each seat's running score, as the table's seat strip shows it. */
  scores(sv: SeatView): string[];
  /** A score in the game's points with their unit ("12 points", "30 forints"): the final scores
   *  and the live ones (SeatView.liveScores). Unset: the game's scores are no points (the number alone). */
  scoreText?(score: number): string;
  /** What the deciding seat is asked, in words: to the player ("keep one of your set cards")
   *  when `you`, else about the deciding seat in the third person. */
  prompt(sv: SeatView, you: boolean): string;
  /** The kinds of point targets (a key's part before ":", e.g. "cell") that show the last move
   *  when their drawing changes (marks.ts); every kind when unset. */
  marks?: readonly string[];
  /** What scored for a seat at the end, in words, from its Outcome.breakdown (only the parts that
   *  scored: "stars: 12 points; connections: 5 points"). */
  details(breakdown: Record<string, unknown>): string;
  /** A line of the game's log in the table's words, where the engine's line names a component by
   *  its key (a stored game's log must stay as it was written); the line itself when unset. */
  logLine?(line: string): string;
}
