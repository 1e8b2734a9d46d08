// The TypeScript example bot (examples/external_bot.mts, built by npm run build) in a process of its own, against a
// real server (tests/test_typescript_client.py starts it): it joins an open seat of a hosted game with a clock and
// plays it to the end through GameService.PlayGame, over the gRPC port and over the browser port (Connect); a bot
// account's one stream; an offer withdrawn (withdrawBot), and the example with --bot-token playing the game offered next.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import {
  BoardbotClient, BotEventKind, ClockKind, errorDetails, EventKind, GameStatus, PlayEventKind, SeatState,
} from "../../src/index.js";
import { nodeTransport, type NodeProtocol } from "../../src/node.js";

const grpcUrl = process.env.BOARDBOT_GRPC_URL!;
const httpUrl = process.env.BOARDBOT_HTTP_URL!;
const example = fileURLToPath(new URL("../../examples/examples/external_bot.mjs", import.meta.url));

for (const [protocol, url] of [["grpc", grpcUrl], ["connect", httpUrl]] as [NodeProtocol, string][]) {
  test(`${protocol}: the example bot joins an open seat and plays the hosted game to the end`, async () => {
    const host = new BoardbotClient(nodeTransport(url, protocol));
    const created = await host.createGame("frogriders", {
      seats: ["open", { bot: "random" }],
      clock: { kind: ClockKind.INCREMENT, initialTime: { seconds: 60n }, increment: { seconds: 5n } },
    });
    const gameId = created.game.gameId;
    const { stdout } = await promisify(execFile)(process.execPath,
      [example, gameId, "--url", url, "--protocol", protocol, "--name", "TS bot"], { timeout: 120_000 });
    assert.match(stdout, new RegExp(`joined game ${gameId} at seat 0`));
    assert.match(stdout, /game over at version \d+/);
    const game = await host.getGame(gameId);
    assert.equal(game.status, GameStatus.FINISHED);
    assert.equal(game.seats[0].playerName, "TS bot");
    assert.equal(game.seats[0].state, SeatState.TAKEN);
    const record = await host.gameRecord(gameId);
    const mine = record.events.filter((e) => e.kind === EventKind.MOVE && e.seat === 0);
    assert.ok(mine.length > 0 && mine.every((e) => !e.byBot), "every move of seat 0 was the bot's own answer");
    assert.equal(stdout.split("\n").filter((line) => line.includes(": played ")).length, mine.length);
  });
}

for (const [protocol, url] of [["grpc", grpcUrl], ["connect", httpUrl]] as [NodeProtocol, string][]) {
  test(`${protocol}: a bot account's one stream takes the seat offered to it and plays the game to the end`, async () => {
    const client = new BoardbotClient(nodeTransport(url, protocol));
    const name = `TS stream bot ${protocol} ${Math.floor(Math.random() * 1e9)}`;
    const account = await client.createBotAccount(name);
    const created = await client.createGame("frogriders", { seats: ["open", { bot: "random" }] });
    const gameId = created.game.gameId;
    const offered = await client.inviteBot(gameId, 0, name, created.ownerToken);
    assert.equal(offered.seats[0].playerName, name);
    const stop = new AbortController();
    let seat: ReturnType<BoardbotClient["seat"]> | undefined;
    const kinds: string[] = [];
    try {
      for await (const message of client.botDecisions(account.botToken, stop.signal)) {
        assert.equal(message.gameId, gameId);
        if (message.kind === BotEventKind.GAME_START) {
          seat = client.seat(gameId, message.seat, message.seatToken);
          kinds.push("start");
          continue;
        }
        const play = message.play!;
        if (play.kind === PlayEventKind.GAME_OVER) break;
        if (play.kind === PlayEventKind.DECISION) {
          await seat!.play(play.view!.legalMoves[0].id, { expectedVersion: play.view!.version });
          kinds.push("decision");
        }
      }
    } finally {
      stop.abort();
    }
    assert.equal(kinds[0], "start");
    assert.ok(kinds.includes("decision"));
    const game = await client.getGame(gameId);
    assert.equal(game.status, GameStatus.FINISHED);
    assert.equal(game.seats[0].playerName, name);
  });
}

for (const [protocol, url] of [["grpc", grpcUrl], ["connect", httpUrl]] as [NodeProtocol, string][]) {
  test(`${protocol}: an offer withdrawn, and the example bot with --bot-token plays the game offered next`, async () => {
    const host = new BoardbotClient(nodeTransport(url, protocol));
    const name = `TS example stream bot ${protocol} ${Math.floor(Math.random() * 1e9)}`;
    const account = await host.createBotAccount(name);
    const [withdrawn, offered] = [await host.createGame("frogriders", { seats: ["open", { bot: "random" }] }),
      await host.createGame("frogriders", { seats: ["open", { bot: "random" }] })];
    await host.inviteBot(withdrawn.game.gameId, 0, name, withdrawn.ownerToken);
    const reopened = await host.withdrawBot(withdrawn.game.gameId, 0, name, withdrawn.ownerToken);
    assert.equal(reopened.seats[0].state, SeatState.OPEN);
    assert.equal(reopened.seats[0].playerName, "");
    await assert.rejects(host.withdrawBot(withdrawn.game.gameId, 0, name, withdrawn.ownerToken),
      (err) => errorDetails(err).reason === "BOT_NOT_OFFERED");
    const gameId = offered.game.gameId;
    await host.inviteBot(gameId, 0, name, offered.ownerToken);
    const { stdout } = await promisify(execFile)(process.execPath,
      [example, `--bot-token=${account.botToken}`, "--games", "1", "--url", url, "--protocol", protocol],
      { timeout: 120_000 });
    assert.match(stdout, new RegExp(`^game ${gameId}: seat 0 taken$`, "m"));
    assert.match(stdout, new RegExp(`^game ${gameId}: game over at version \\d+`, "m"));
    assert.ok(stdout.endsWith("1 games ended\n") && !stdout.includes(withdrawn.game.gameId), stdout);
    const game = await host.getGame(gameId);
    assert.equal(game.status, GameStatus.FINISHED);
    const record = await host.gameRecord(gameId);
    const mine = record.events.filter((e) => e.kind === EventKind.MOVE && e.seat === 0);
    assert.ok(mine.length > 0 && mine.every((e) => !e.byBot), "every move of seat 0 was the example's own");
    assert.equal((await host.getGame(withdrawn.game.gameId)).seats[0].state, SeatState.OPEN);
  });
}
