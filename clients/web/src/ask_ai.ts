// Asking the AI about one seat's position, for the table's hint and the review: one voice.
//
// Both ask the player's AI (the lobby's setting, one of the presets ListBots publishes) with the
// position's seed (advice.ts adviceSeed) and the preset's iteration cap at the game's table
// (ListBots' BotAtTable.iterations) as a named budget, spent whole: one search, whatever the
// load, so the review's answer for a position is the hint's and a hinted move is the review's
// own. The hint's answer is kept (store.ts), so the review searches only the positions no hint
// answered.
import type { LegalMove, SeatHandle, SeatView } from "@boardbot/client";
import { adviceOf, adviceSeed, type Advice } from "./advice.js";
import { client, presetIterations } from "./api.js";
import { findAdvice, saveAdvice, settings } from "./store.js";

/** The named budget the AI searches a position of ``game`` at a table of ``players`` with: the
 *  preset's published iterations there (0: the bot's own budget, for a bot ListBots gives none). */
async function budgetOf(bot: string, game: string, players: number): Promise<number> {
  return (await presetIterations(bot, game, players)) ?? 0;
}

/** The hint for the seat of ``handle`` at ``version`` in a game of ``game`` at a table of
 *  ``players`` (SuggestMove), kept for the review; the version it answers for (a later one when
 *  the game moved on meanwhile) and its move. */
export async function askHint(handle: SeatHandle, version: bigint, game: string, players: number):
  Promise<{ version: bigint; move: LegalMove; advice: Advice }> {
  const bot = settings().aiBot;
  const seed = adviceSeed(handle.gameId, version);
  const budget = await budgetOf(bot, game, players);
  const answer = await handle.suggest({ bot, seed, iterations: budget || undefined });
  const advice = adviceOf(answer.version, bot, seed, answer.move, answer.stats, budget);
  // an answer for a later version (the game moved on meanwhile) has another position's seed: not kept
  if (handle.seat !== undefined && answer.version === version) saveAdvice(handle.gameId, handle.seat, advice);
  return { version: answer.version, move: answer.move, advice };
}

/** The kept answer for the seat's position at ``version`` from ``bot`` at ``budget`` iterations,
 *  if a hint asked it. */
export function keptAdvice(gameId: string, seat: number, version: bigint, bot: string, budget: number): Advice | undefined {
  return findAdvice(gameId, seat, version, bot, adviceSeed(gameId, version), budget);
}

/** The review's answer for the seat's view ``sv`` of a game of ``gameName`` at a table of
 *  ``players``: the kept one, else ChooseMove on the view with the same bot, seed and budget (the
 *  search the hint would have run), kept in turn. */
export async function reviewAdvice(gameName: string, players: number, gameId: string, seat: number, sv: SeatView,
  bot: string): Promise<Advice> {
  const budget = await budgetOf(bot, gameName, players);
  const kept = keptAdvice(gameId, seat, sv.version, bot, budget);
  if (kept) return kept;
  const seed = adviceSeed(gameId, sv.version);
  const answer = await client.chooseMove(gameName, sv.view, { bot, seed, iterations: budget || undefined });
  const advice = adviceOf(sv.version, bot, seed, answer.move, answer.stats, budget);
  saveAdvice(gameId, seat, advice);
  return advice;
}
