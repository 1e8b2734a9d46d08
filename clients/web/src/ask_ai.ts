// Asking the AI about one seat's position, for the table's hint and the review: one voice.
//
// Both ask the player's AI (the lobby's setting, one of the presets ListBots publishes) at its
// own budget with the position's seed (advice.ts adviceSeed): one search, so the review's
// answer for a position is the hint's and a hinted move is the review's own. The hint's answer
// is kept (store.ts), so the review searches only the positions no hint answered.
import type { LegalMove, SeatHandle, SeatView } from "@boardbot/client";
import { adviceOf, adviceSeed, type Advice } from "./advice.js";
import { client } from "./api.js";
import { findAdvice, saveAdvice, settings } from "./store.js";

/** The hint for the seat of ``handle`` at ``version`` (SuggestMove), kept for the review; the
 *  version it answers for (a later one when the game moved on meanwhile) and its move. */
export async function askHint(handle: SeatHandle, version: bigint):
  Promise<{ version: bigint; move: LegalMove; advice: Advice }> {
  const bot = settings().aiBot;
  const seed = adviceSeed(handle.gameId, version);
  const answer = await handle.suggest({ bot, seed });
  const advice = adviceOf(answer.version, bot, seed, answer.move, answer.stats);
  // an answer for a later version (the game moved on meanwhile) has another position's seed: not kept
  if (handle.seat !== undefined && answer.version === version) saveAdvice(handle.gameId, handle.seat, advice);
  return { version: answer.version, move: answer.move, advice };
}

/** The kept answer for the seat's position at ``version`` from ``bot``, if a hint asked it. */
export function keptAdvice(gameId: string, seat: number, version: bigint, bot: string): Advice | undefined {
  return findAdvice(gameId, seat, version, bot, adviceSeed(gameId, version));
}

/** The review's answer for the seat's view ``sv`` of a game: the kept one, else ChooseMove on the
 *  view with the same bot and seed (the search the hint would have run), kept in turn. */
export async function reviewAdvice(gameName: string, gameId: string, seat: number, sv: SeatView,
  bot: string): Promise<Advice> {
  const kept = keptAdvice(gameId, seat, sv.version, bot);
  if (kept) return kept;
  const seed = adviceSeed(gameId, sv.version);
  const answer = await client.chooseMove(gameName, sv.view, { bot, seed });
  const advice = adviceOf(sv.version, bot, seed, answer.move, answer.stats);
  saveAdvice(gameId, seat, advice);
  return advice;
}
