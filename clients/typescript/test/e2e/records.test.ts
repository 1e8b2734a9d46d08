// A finished game's record over every transport (tests/test_typescript_client.py starts the server):
// the deal committed at creation is the one revealed at the end (checkDeal), the record holds every
// event, and the browser port answers it as a plain HTTP GET in its JSON form, as a web page fetches it.
// The game is rated: its bots' entries in the leaderboard count it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fromJson, type JsonValue } from "@bufbuild/protobuf";
import type { Transport } from "@connectrpc/connect";
import { BoardbotClient, checkDeal, GameConfigSchema, GameRecordSchema, GameStatus } from "../../src/index.js";
import { nodeTransport } from "../../src/node.js";
import { webTransport } from "../../src/web.js";

interface Case { name: string; game: string; config: JsonValue; players: number }

const grpcUrl = process.env.BOARDBOT_GRPC_URL!;
const httpUrl = process.env.BOARDBOT_HTTP_URL!;
const cases: Case[] = JSON.parse(readFileSync(process.env.BOARDBOT_CASES!, "utf8"));

const transports: [string, () => Transport][] = [
  ["grpc", () => nodeTransport(grpcUrl, "grpc")],
  ["connect", () => nodeTransport(httpUrl, "connect")],
  ["connect-json", () => nodeTransport(httpUrl, "connect", false)],
  ["grpc-web", () => nodeTransport(httpUrl, "grpc-web")],
  ["web-fetch", () => webTransport(httpUrl, "connect")],
];

for (const [name, makeTransport] of transports) {
  test(`${name}: a finished game's record, its deal checked`, async () => {
    const client = new BoardbotClient(makeTransport());
    const c = cases.find((k) => k.players > 1 && k.players <= 5)!;  // five presets, each rated once a game
    const bots = ["random", "greedy", "ismcts:easy", "ismcts:medium", "ismcts:hard"].slice(0, c.players);
    const config = fromJson(GameConfigSchema, c.config);
    const before = new Map((await client.leaderboard(c.game, config)).map((e) => [e.name, e.games]));
    const created = await client.createGame(c.game, { config, seats: bots.map((bot) => ({ bot })), rated: true });
    assert.ok(created.game.rated);
    const committed = created.game.deal!;
    assert.match(committed.seedSha256, /^[0-9a-f]{64}$/, "every seat sees the commitment from the start");
    assert.equal(committed.seed, undefined, "the seed stays hidden while the game runs");
    assert.equal(await checkDeal(committed), undefined);
    let last = 0n;
    for await (const item of client.seat(created.game.gameId, undefined).watch()) {
      last = item.view!.version;
      if (item.view!.status === GameStatus.FINISHED) break;
    }
    const record = await client.gameRecord(created.game.gameId);
    assert.ok(record.complete);
    assert.equal(record.game!.deal!.seedSha256, committed.seedSha256, "the same commitment at the end");
    assert.equal(await checkDeal(record.game!.deal), true, "the revealed seed gives the commitment");
    const forged = { ...record.game!.deal!, seed: record.game!.deal!.seed! + 1n };
    assert.equal(await checkDeal(forged), false, "another seed does not");
    assert.equal(BigInt(record.events.length), last);
    assert.ok(record.events.every((e, i) => e.version === BigInt(i + 1) && e.move !== undefined));
    assert.equal(record.game!.outcome!.scores.length, c.players);
    // the JSON form as a web page fetches it: Connect's GET on the browser port
    const query = new URLSearchParams({ encoding: "json", message: JSON.stringify({ gameId: created.game.gameId }) });
    const response = await fetch(`${httpUrl}/boardbot.v1.GameService/GetGameRecord?${query}`);
    assert.equal(response.status, 200);
    const json = (await response.json()) as { gameRecord: JsonValue };
    const parsed = fromJson(GameRecordSchema, json.gameRecord);
    assert.equal(parsed.events.length, record.events.length);
    assert.equal(await checkDeal(parsed.game!.deal), true);
    // the rating is updated as the game ends (poll: the end is seen before the update lands)
    for (let tries = 0; ; tries++) {
      const board = await client.leaderboard(c.game, config);
      const counted = bots.every((bot) => board.find((e) => e.name === bot)?.games === (before.get(bot) ?? 0) + 1);
      if (counted) {
        assert.ok(board.every((e, i) => i === 0 || e.rating <= board[i - 1].rating), "best first");
        break;
      }
      assert.ok(tries < 100, "the leaderboard counts the rated game");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
}
