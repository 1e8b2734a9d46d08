// An external bot in TypeScript (Node): it takes a seat of a hosted game like a player and plays it
// through GameService.PlayGame, as examples/external_bot.py does in Python (docs/clients.md, "External bots").
//
//   cd clients/typescript && npm ci && npm run build
//   node build/examples/examples/external_bot.mjs GAME_ID [--url http://127.0.0.1:50051] [--protocol grpc]
//        [--name "Example bot"] [--seat N --token=TOKEN] [--think SECONDS]
//   node build/examples/examples/external_bot.mjs --bot-token=BOT_TOKEN [--games N] [--url ...] [--protocol ...]
//
// Without --token it joins an open seat (JoinGame: --seat, or the first open one) under --name; with one it
// plays the seat CreateGame gave that token. --protocol: grpc (the gRPC port), connect or grpc-web (the
// browser port, --url http://127.0.0.1:8080). Each decision is answered with a random legal move after
// --think seconds (put your own choose() there) and the version it was decided at, so a move that comes
// after the clock's timeout policy acted is refused, not misplayed. The client's decisions() opens the stream
// again from the last version seen if the server ends it early. Prints one line per decision and the
// outcome; exits 0 when the game is over, 1 when the seat is out (resigned or out of time), 2 when it
// was handed to the stand-in bot after failing too often in a row (illegal moves, time-outs).
//
// With --bot-token (a bot account's: CreateBotAccount) it connects once (ConnectBot, the client's botDecisions():
// one stream, opened again after a disconnect from each game's last version) and plays every game offered to the
// account (InviteBot) at once, until --games games ended (0, the default: until it is stopped); one line per game
// started and ended, each decision's line starting with its game's id; exits 0.
import { parseArgs } from "node:util";
import {
  BoardbotClient, BotEventKind, ConnectError, errorDetails, PlayEventKind, type PlayGameResponse, type SeatView,
} from "../clients/typescript/src/index.js";
import { nodeTransport, type NodeProtocol } from "../clients/typescript/src/node.js";

const LATE = new Set(["OUT_OF_TIME", "NOT_YOUR_DECISION", "STALE_VERSION", "GAME_OVER", "SEAT_RESIGNED"]);
type Seat = ReturnType<BoardbotClient["seat"]>;

/** The bot's move: a legal move's id. Replace with your own (view.view is the seat's view). */
function choose(view: SeatView): number {
  return view.legalMoves[Math.floor(Math.random() * view.legalMoves.length)].id;
}

/** Answer one DECISION message after `think` seconds; a move the game went on without is reported, not thrown. */
async function decide(seat: Seat, message: PlayGameResponse, think: number, print: (line: string) => void,
  label = ""): Promise<void> {
  const view = message.view!;
  const moveId = choose(view);
  await new Promise((done) => setTimeout(done, think * 1000));
  try {
    await seat.play(moveId, { expectedVersion: view.version });
  } catch (err) {
    const reason = err instanceof ConnectError ? errorDetails(err).reason ?? "" : "";
    if (!LATE.has(reason)) throw err;
    print(`${label}version ${view.version}: too late (${reason}); going on`);
    return;
  }
  const left = message.timeLeft === undefined ? ""
    : `, ${(Number(message.timeLeft.seconds) + message.timeLeft.nanos / 1e9).toFixed(1)} s left`;
  print(`${label}version ${view.version}: played ${JSON.stringify(view.legalMoves[moveId].text)}${left}`);
}

/** A seat's last message (GAME_OVER, SEAT_OUT or SEAT_REPLACED) in words, with the exit code it means. */
function ending(message: PlayGameResponse): [string, number] {
  if (message.kind === PlayEventKind.SEAT_OUT) return ["the seat is out of the game (resigned or out of time)", 1];
  if (message.kind === PlayEventKind.SEAT_REPLACED) {
    return [`the seat was handed to the stand-in bot after ${message.failures?.consecutive ?? 0} failures in a row`, 2];
  }
  return [`game over at version ${message.view!.version}: scores ${JSON.stringify(message.view!.outcome?.scores ?? [])}`,
    0];
}

const ENDS = new Set([PlayEventKind.GAME_OVER, PlayEventKind.SEAT_OUT, PlayEventKind.SEAT_REPLACED]);

/** Play every game offered to the bot account until `games` of them ended (0: never stop): how many did. */
async function playOfferedGames(client: BoardbotClient, botToken: string, games: number, think: number,
  print: (line: string) => void): Promise<number> {
  const stop = new AbortController();
  const seats = new Map<string, Seat>();
  let ended = 0;
  try {
    for await (const message of client.botDecisions(botToken, stop.signal)) {
      const label = `game ${message.gameId}: `;
      if (message.kind === BotEventKind.GAME_START) {
        seats.set(message.gameId, client.seat(message.gameId, message.seat, message.seatToken));
        print(`${label}seat ${message.seat} taken`);
      } else if (message.play?.kind === PlayEventKind.DECISION) {
        await decide(seats.get(message.gameId)!, message.play, think, print, label);
      } else if (message.play !== undefined && ENDS.has(message.play.kind)) {
        seats.delete(message.gameId);
        print(label + ending(message.play)[0]);
        if (++ended === games) break;
      }
    }
  } finally {
    stop.abort();
  }
  return ended;
}

export async function runBot(argv: string[], print: (line: string) => void = console.log): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: {
    url: { type: "string", default: "http://127.0.0.1:50051" },
    protocol: { type: "string", default: "grpc" },
    name: { type: "string", default: "Example bot" },
    seat: { type: "string" },
    token: { type: "string" },
    think: { type: "string", default: "0" },
    "bot-token": { type: "string" },
    games: { type: "string", default: "0" },
  } });
  const gameId = positionals[0];
  const think = Number(values.think);
  const client = new BoardbotClient(nodeTransport(values.url!, values.protocol as NodeProtocol));
  const botToken = values["bot-token"];
  if (botToken !== undefined) {
    if (gameId !== undefined || values.token !== undefined || values.seat !== undefined) {
      throw new Error("--bot-token plays the games offered to the account: no GAME_ID, --seat or --token");
    }
    const ended = await playOfferedGames(client, botToken, Number(values.games), think, print);
    print(`${ended} games ended`);
    return 0;
  }
  if (gameId === undefined) throw new Error("usage: external_bot GAME_ID [options], or external_bot --bot-token=TOKEN");
  let seat: Seat;
  if (values.token !== undefined) {
    if (values.seat === undefined) throw new Error("--token needs --seat");
    seat = client.seat(gameId, Number(values.seat), values.token);
  } else {
    seat = (await client.joinGame(gameId, { seat: values.seat === undefined ? undefined : Number(values.seat),
      name: values.name })).seat;
    print(`joined game ${gameId} at seat ${seat.seat}`);
  }
  for await (const message of seat.decisions()) {
    if (ENDS.has(message.kind)) {
      const [line, code] = ending(message);
      print(line);
      return code;
    }
    if (message.kind === PlayEventKind.DECISION) await decide(seat, message, think, print);
  }
  throw new Error("the stream ended before the game did");
}

if (process.argv[1]?.endsWith("external_bot.mjs")) {
  runBot(process.argv.slice(2)).then((code) => { process.exitCode = code; },
    (err) => { console.error(err); process.exitCode = 2; });
}
