// A spectator's watch over connections the server ends every half second (tests/test_typescript_client.py
// starts that server and sets BOARDBOT_AGING_GRPC_URL): SeatHandle.watch opens the ended streams again
// from the last version seen, so it sees every version of a game played for three seconds once, in order;
// the moves and reads meanwhile, sent as connections close, are sent again (retry.ts).
import { test } from "node:test";
import assert from "node:assert/strict";
import { BoardbotClient, Code, errorDetails, GameStatus } from "../../src/index.js";
import { nodeTransport } from "../../src/node.js";

const agingUrl = process.env.BOARDBOT_AGING_GRPC_URL;
if (!agingUrl) throw new Error("set BOARDBOT_AGING_GRPC_URL (tests/test_typescript_client.py does)");

test("grpc: a watch carries on across aged connections", async () => {
  const client = new BoardbotClient(nodeTransport(agingUrl, "grpc"));
  const created = await client.createGame("frogriders", { seats: ["human", "human"], seed: 3 });
  const gameId = created.game.gameId;
  const seen: bigint[] = [];
  const watching = (async () => {
    for await (const item of client.seat(gameId, undefined).watch(0)) {
      seen.push(item.view!.version);
      if (item.view!.status === GameStatus.FINISHED) return;
    }
  })();
  const until = Date.now() + 3000;
  for (let i = 0; Date.now() < until; i++) {
    const game = await client.getGame(gameId);
    if (game.status === GameStatus.FINISHED) break;
    const seat = client.seat(gameId, game.decider!, created.seatTokens[game.decider!]);
    const view = await seat.view();
    await seat.play(i % view.legalMoves.length, { expectedVersion: view.version });
    await new Promise((done) => setTimeout(done, 50));
  }
  if ((await client.getGame(gameId)).status !== GameStatus.FINISHED) {
    for (const seat of [0, 1]) {  // bots finish it; a resignation can come after the last move
      await client.seat(gameId, seat, created.seatTokens[seat]).resign()
        .catch((e) => assert.equal(errorDetails(e).code, Code.FailedPrecondition));
    }
  }
  await watching;
  const final = (await client.getGame(gameId)).version;
  assert.ok(final > 20n, `only ${final} versions`);
  assert.deepEqual(seen, Array.from({ length: Number(final) + 1 }, (_, i) => BigInt(i)));
});
