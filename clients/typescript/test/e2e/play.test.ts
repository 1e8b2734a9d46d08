// End to end against a real server (tests/test_typescript_client.py starts it and sets):
//   BOARDBOT_GRPC_URL  the native gRPC port        BOARDBOT_HTTP_URL  the browser port
//   BOARDBOT_CASES     a JSON file: [{name, game, config (proto JSON of GameConfig), players}]
// Every case is played to its end over two transports (every one with BOARDBOT_LONG=1), with every
// seat human and with bots in all seats but one (below); a spectator's watch stream must deliver every version in order.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fromJson, type JsonValue } from "@bufbuild/protobuf";
import type { Transport } from "@connectrpc/connect";
import { BoardbotClient, ClockKind, Code, errorDetails, GameConfigSchema, GameStatus, LeavePolicy, myTurn, SeatKind, SeatState,
  type SeatChoice, type SeatView } from "../../src/index.js";
import { nodeTransport } from "../../src/node.js";
import { webTransport } from "../../src/web.js";

interface Case { name: string; game: string; config: JsonValue; players: number }

const grpcUrl = process.env.BOARDBOT_GRPC_URL;
const httpUrl = process.env.BOARDBOT_HTTP_URL;
const casesFile = process.env.BOARDBOT_CASES;
if (!grpcUrl || !httpUrl || !casesFile) {
  throw new Error("set BOARDBOT_GRPC_URL, BOARDBOT_HTTP_URL and BOARDBOT_CASES (tests/test_typescript_client.py does)");
}
const cases: Case[] = JSON.parse(readFileSync(casesFile, "utf8"));

// Every way a frontend reaches the server: Node's native gRPC, Connect (binary and JSON) and
// gRPC-Web over the browser port, and the browser build's fetch-based Connect transport.
const transports: [string, () => Transport][] = [
  ["grpc", () => nodeTransport(grpcUrl, "grpc")],
  ["connect", () => nodeTransport(httpUrl, "connect")],
  ["connect-json", () => nodeTransport(httpUrl, "connect", false)],
  ["grpc-web", () => nodeTransport(httpUrl, "grpc-web")],
  ["web-fetch", () => webTransport(httpUrl, "connect")],
];

let seed = 1;
function pick<T>(items: T[]): T {
  seed = (seed * 1103515245 + 12345) % 2147483648;  // a fixed sequence: failures replay
  return items[seed % items.length];
}

async function watchAll(client: BoardbotClient, gameId: string): Promise<bigint[]> {
  const versions: bigint[] = [];
  for await (const item of client.seat(gameId, undefined).watch(0)) {
    versions.push(item.view!.version);
  }
  return versions;
}

async function playToEnd(client: BoardbotClient, c: Case, seats: SeatChoice[]): Promise<void> {
  const config = fromJson(GameConfigSchema, c.config);
  const created = await client.createGame(c.game, { config, seats, seed: 7 });
  const gameId = created.game.gameId;
  const watched = watchAll(client, gameId);
  const spectator = client.seat(gameId, undefined);
  let view: SeatView = await spectator.view();
  let moves = 0;
  while (view.status === GameStatus.RUNNING) {
    const decider = view.decider;
    if (decider === undefined || seats[decider] !== "human") {  // a bot's turn: wait for the next version
      for await (const item of spectator.watch(view.version)) {
        if (item.view!.version > view.version || item.view!.status !== GameStatus.RUNNING) { view = item.view!; break; }
      }
      continue;
    }
    const seat = client.seat(gameId, decider, created.seatTokens[decider]);
    const mine = await seat.view();
    assert.ok(myTurn(mine), `seat ${decider} is the decider`);
    const move = pick(mine.legalMoves);
    const played = await seat.play(move.id, { expectedVersion: mine.version, requestId: `${gameId}-${mine.version}` });
    assert.equal(played.version, mine.version + 1n);
    moves++;
    view = await spectator.view();
  }
  assert.ok(view.status === GameStatus.FINISHED, `${c.name}: ended ${GameStatus[view.status]}`);
  const versions = await watched;
  const last = versions[versions.length - 1];
  assert.equal(last, view.version, "the watch stream reached the final version");
  assert.deepEqual(versions, Array.from({ length: Number(last) + 1 }, (_, i) => BigInt(i)),
    "the watch stream delivered every version from 0, in order");
  if (seats.every((s) => s === "human")) assert.equal(BigInt(moves), view.version, "every version was our move");
}

// Each case on two transports, once with every seat human and once with bots in all seats but one
// (case k human over transport k mod 5, with bots over transport k - 1 mod 5), so every case is played
// both ways and every transport plays both ways; with BOARDBOT_LONG=1 every case on every transport,
// alternating along the transports (the whole matrix was 180 s of the CI run's 15 minutes).
const everyTransport = process.env.BOARDBOT_LONG === "1";
transports.forEach(([transportName, makeTransport], t) => {
  const client = new BoardbotClient(makeTransport());
  cases.forEach((c, k) => {
    const slot = (k - t + transports.length) % transports.length;  // 0: human here, 1: with bots here
    if (!everyTransport && slot > 1) return;
    const human = c.players === 1 || (everyTransport ? (t + k) % 2 === 0 : slot === 0);
    if (human) {
      test(`${transportName}: ${c.name}, every seat human`, async () => {
        await playToEnd(client, c, Array.from({ length: c.players }, () => "human" as const));
      });
    } else {
      test(`${transportName}: ${c.name}, bots in all seats but one`, async () => {
        const seats: SeatChoice[] = Array.from({ length: c.players }, (_, i) => i === 0 ? "human" : { bot: i % 2 ? "random" : "greedy" });
        await playToEnd(client, c, seats);
      });
    }
  });

  test(`${transportName}: suggest a move, choose one for a view, resign`, async () => {
    const c = cases[0];
    const created = await client.createGame(c.game, { config: fromJson(GameConfigSchema, c.config),
      seats: Array.from({ length: c.players }, () => "human" as const) });
    const gameId = created.game.gameId;
    const decider = created.game.decider!;
    const seat = client.seat(gameId, decider, created.seatTokens[decider]);
    const view = await seat.view();
    const advice = await seat.suggest({ bot: "ismcts", iterations: 50, seed: 1 });
    assert.ok(view.legalMoves.some((m) => m.text === advice.move.text), "the advice is a legal move");
    assert.equal(advice.version, view.version);
    assert.equal(advice.stats?.iterations, 50n);
    assert.ok((advice.stats?.candidates.length ?? 0) > 0, "the search explains its choice");
    const chosen = await client.chooseMove(c.game, view.view, { bot: "greedy" });
    assert.ok(view.legalMoves.some((m) => m.text === chosen.move.text));
    const game = await seat.resign();
    assert.ok(game?.seats[decider].resigned, "the seat is out");
    const after = await seat.play(0).then(() => undefined, (e) => errorDetails(e));
    assert.equal(after?.code, Code.FailedPrecondition);
  });

  test(`${transportName}: open seats joined by two players, a clock, leaving and coming back, a queue`, async () => {
    const c = cases.find((k) => k.players === 2) ?? cases[0];
    const created = await client.createGame(c.game, { config: fromJson(GameConfigSchema, c.config),
      seats: Array.from({ length: c.players }, () => "open" as const),
      clock: { kind: ClockKind.INCREMENT, initialTime: { seconds: 600n }, increment: { seconds: 5n } },
      lobby: { onLeave: LeavePolicy.STAND_IN, standInBot: "random" } });
    const gameId = created.game.gameId;
    assert.equal(created.game.status, GameStatus.WAITING);
    assert.deepEqual(created.seatTokens.filter((t) => t !== ""), [], "an open seat has no token yet");
    const open: string[] = [];
    for await (const g of client.listOpenGames({ game: c.game, clock: ClockKind.INCREMENT })) open.push(g.gameId);
    assert.ok(open.includes(gameId), "the game is listed as open");
    const joined = [];
    for (let i = 0; i < c.players; i++) joined.push(await client.joinGame(gameId, { name: `player ${i}` }));
    assert.ok(joined.every((j) => j.expiresAt !== undefined && j.expiresAt.getTime() > Date.now()));
    assert.equal((await client.getGame(gameId)).status, GameStatus.WAITING, "reserved, not taken yet");
    for (const j of joined) await j.seat.view();  // each seat's first call takes it up
    const running = await client.getGame(gameId);
    assert.equal(running.status, GameStatus.RUNNING);
    assert.deepEqual(running.seats.map((s) => s.state), running.seats.map(() => SeatState.TAKEN));
    assert.equal(running.clocks?.runningSeat, running.decider, "the decider's clock runs");
    assert.equal(running.clocks?.remaining[running.decider!].seconds, 600n);
    const spectatorView = await client.seat(gameId, undefined).view();
    assert.equal(spectatorView.clocks?.deadline?.seconds, running.clocks!.asOf!.seconds + 600n, "every view shows them");
    const leaver = joined.find((j) => j.seat.seat !== running.decider)!.seat;
    assert.equal((await leaver.leave())?.seats[leaver.seat!].state, SeatState.LEFT);
    assert.equal((await leaver.comeBack())?.seats[leaver.seat!].state, SeatState.TAKEN);
    await client.deleteGame(gameId, created.ownerToken);
    // a queue: one player, and the bot fills the other seats after the wait
    const queue = await client.createQueue(c.game, { config: fromJson(GameConfigSchema, c.config),
      backfillAfterSeconds: 0.2, backfillBot: "random" });
    assert.equal(queue.players, c.players);
    const queued = await (await client.joinQueue(queue.queueId, "solo")).seat(20);
    const matched = await client.getGame(queued.gameId);
    assert.equal(matched.seats.filter((s) => s.kind === SeatKind.BOT).length, c.players - 1);
    assert.equal(matched.seats[queued.seat!].playerName, "solo");
    await queued.view();  // the ticket's token is the seat's
  });

  test(`${transportName}: the bots the server offers, by string and typed`, async () => {
    const c = cases[0];
    const offers = await client.listBots(c.game);
    assert.deepEqual(offers.map((o) => o.bot), ["random", "greedy", "ismcts:easy", "ismcts:medium", "ismcts:hard"]);
    const medium = offers.find((o) => o.isDefault)!;
    assert.equal(medium.bot, "ismcts:medium");
    assert.ok(medium.title && medium.description, "each bot is named and described in words");
    assert.ok(medium.tables.length > 0 && medium.tables.every((t) => t.game === c.game && t.iterations > 0));
    // a typed spec plays the same bot as its string: the same move for the same seed
    const created = await client.createGame(c.game, { config: fromJson(GameConfigSchema, c.config),
      seats: Array.from({ length: c.players }, (_, i) => i === 0 ? "human" as const : { botSpec: medium.botSpec! }) });
    assert.equal(created.game.seats[1].bot, "ismcts:medium");
    assert.equal(created.game.seats[1].botSpec?.bot.case, "ismcts");
    const game = await client.createGame(c.game, { config: fromJson(GameConfigSchema, c.config),
      seats: Array.from({ length: c.players }, () => "human" as const) });
    const seat = client.seat(game.game.gameId, game.game.decider!, game.seatTokens[game.game.decider!]);
    const typed = await seat.suggest({ botSpec: { bot: { case: "ismcts", value: { iterations: 30 } } }, seed: 5 });
    const spelled = await seat.suggest({ bot: "ismcts:iterations=30", seed: 5 });
    assert.equal(typed.move.text, spelled.move.text);
    assert.equal(typed.stats?.bot, "ismcts:iterations=30");
    const bad = await seat.suggest({ botSpec: { bot: { case: "ismcts", value: { exploration: -1 } } } })
      .then(() => undefined, (e) => errorDetails(e));
    assert.equal(bad?.code, Code.InvalidArgument);
    assert.deepEqual(bad?.fieldViolations.map((v) => v.field), ["bot_spec.ismcts.exploration"]);
  });

  test(`${transportName}: errors arrive with their details`, async () => {
    const missing = await client.getGame("no-such-game").then(() => undefined, (e) => errorDetails(e));
    assert.ok(missing, "GetGame of a missing game fails");
    assert.equal(missing.code, Code.NotFound);
    assert.equal(missing.reason, "GAME_NOT_FOUND");
    assert.equal(missing.metadata.game_id, "no-such-game");

    const bad = await client.games.createGame({ game: cases[0].game, seats: [{ kind: 0 }] })
      .then(() => undefined, (e) => errorDetails(e));
    assert.ok(bad, "a seat of no kind is refused");
    assert.equal(bad.code, Code.InvalidArgument);
    assert.deepEqual(bad.fieldViolations.map((v) => v.field), ["seats[0].kind"]);

    const c = cases[0];
    const created = await client.createGame(c.game, { config: fromJson(GameConfigSchema, c.config),
      seats: Array.from({ length: c.players }, () => "human" as const) });
    const gameId = created.game.gameId;
    const decider = created.game.decider!;
    const other = (decider + 1) % c.players;
    const noToken = await client.seat(gameId, decider).play(0).then(() => undefined, (e) => errorDetails(e));
    assert.equal(noToken?.code, Code.Unauthenticated);
    const wrongToken = await client.seat(gameId, decider, created.seatTokens[other]).play(0)
      .then(() => undefined, (e) => errorDetails(e));
    assert.equal(wrongToken?.code, Code.PermissionDenied);
    const seat = client.seat(gameId, decider, created.seatTokens[decider]);
    const stale = await seat.play(0, { expectedVersion: 99 }).then(() => undefined, (e) => errorDetails(e));
    assert.equal(stale?.code, Code.Aborted);
    assert.equal(stale?.metadata.current_version, "0");
    const illegal = await seat.play(100000).then(() => undefined, (e) => errorDetails(e));
    assert.equal(illegal?.code, Code.InvalidArgument);
    assert.ok(illegal!.fieldViolations.length > 0, "an illegal move names the field");
    await client.deleteGame(gameId, created.ownerToken);
    // a queue: one player, and the bot fills the other seats after the wait
    const queue = await client.createQueue(c.game, { config: fromJson(GameConfigSchema, c.config),
      backfillAfterSeconds: 0.2, backfillBot: "random" });
    assert.equal(queue.players, c.players);
    const queued = await (await client.joinQueue(queue.queueId, "solo")).seat(20);
    const matched = await client.getGame(queued.gameId);
    assert.equal(matched.seats.filter((s) => s.kind === SeatKind.BOT).length, c.players - 1);
    assert.equal(matched.seats[queued.seat!].playerName, "solo");
    await queued.view();  // the ticket's token is the seat's
  });
});
