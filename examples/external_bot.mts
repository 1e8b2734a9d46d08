// An external bot in TypeScript (Node): it takes a seat of a hosted game like a player and plays it
// through GameService.PlayGame, as examples/external_bot.py does in Python (docs/clients.md, "External bots").
//
//   cd clients/typescript && npm ci && npm run build
//   node build/examples/examples/external_bot.mjs GAME_ID [--url http://127.0.0.1:50051] [--protocol grpc]
//        [--name "Example bot"] [--seat N --token=TOKEN] [--think SECONDS]
//
// Without --token it joins an open seat (JoinGame: --seat, or the first open one) under --name; with one it
// plays the seat CreateGame gave that token. --protocol: grpc (the gRPC port), connect or grpc-web (the
// browser port, --url http://127.0.0.1:8080). Each decision is answered with a random legal move after
// --think seconds (put your own choose() there) and the version it was decided at, so a move that comes
// after the clock's timeout policy acted is refused, not misplayed. The client's decisions() opens the stream
// again from the last version seen if the server ends it early. Prints one line per decision and the
// outcome; exits 0 when the game is over, 1 when the seat is out (resigned or out of time), 2 when it
// was handed to the stand-in bot after failing too often in a row (illegal moves, time-outs).
import { parseArgs } from "node:util";
import { BoardbotClient, ConnectError, errorDetails, PlayEventKind, type SeatView } from "../clients/typescript/src/index.js";
import { nodeTransport, type NodeProtocol } from "../clients/typescript/src/node.js";

const LATE = new Set(["OUT_OF_TIME", "NOT_YOUR_DECISION", "STALE_VERSION", "GAME_OVER", "SEAT_RESIGNED"]);

/** The bot's move: a legal move's id. Replace with your own (view.view is the seat's view). */
function choose(view: SeatView): number {
  return view.legalMoves[Math.floor(Math.random() * view.legalMoves.length)].id;
}

export async function runBot(argv: string[], print: (line: string) => void = console.log): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: {
    url: { type: "string", default: "http://127.0.0.1:50051" },
    protocol: { type: "string", default: "grpc" },
    name: { type: "string", default: "Example bot" },
    seat: { type: "string" },
    token: { type: "string" },
    think: { type: "string", default: "0" },
  } });
  const gameId = positionals[0];
  if (gameId === undefined) throw new Error("usage: external_bot GAME_ID [options]");
  const client = new BoardbotClient(nodeTransport(values.url!, values.protocol as NodeProtocol));
  let seat;
  if (values.token !== undefined) {
    if (values.seat === undefined) throw new Error("--token needs --seat");
    seat = client.seat(gameId, Number(values.seat), values.token);
  } else {
    seat = (await client.joinGame(gameId, { seat: values.seat === undefined ? undefined : Number(values.seat),
      name: values.name })).seat;
    print(`joined game ${gameId} at seat ${seat.seat}`);
  }
  for await (const message of seat.decisions()) {
    const view = message.view!;
    if (message.kind === PlayEventKind.GAME_OVER) {
      print(`game over at version ${view.version}: scores ${JSON.stringify(view.outcome?.scores ?? [])}`);
      return 0;
    }
    if (message.kind === PlayEventKind.SEAT_OUT) {
      print("the seat is out of the game (resigned or out of time)");
      return 1;
    }
    if (message.kind === PlayEventKind.SEAT_REPLACED) {
      const failed = message.failures;
      print(`the seat was handed to the stand-in bot after ${failed?.consecutive ?? 0} failures in a row`);
      return 2;
    }
    if (message.kind !== PlayEventKind.DECISION) continue;
    const moveId = choose(view);
    await new Promise((done) => setTimeout(done, Number(values.think) * 1000));
    try {
      await seat.play(moveId, { expectedVersion: view.version });
    } catch (err) {
      const reason = err instanceof ConnectError ? errorDetails(err).reason ?? "" : "";
      if (!LATE.has(reason)) throw err;
      print(`version ${view.version}: too late (${reason}); going on`);
      continue;
    }
    const left = message.timeLeft === undefined ? ""
      : `, ${(Number(message.timeLeft.seconds) + message.timeLeft.nanos / 1e9).toFixed(1)} s left`;
    print(`version ${view.version}: played ${JSON.stringify(view.legalMoves[moveId].text)}${left}`);
  }
  throw new Error("the stream ended before the game did");
}

if (process.argv[1]?.endsWith("external_bot.mjs")) {
  runBot(process.argv.slice(2)).then((code) => { process.exitCode = code; },
    (err) => { console.error(err); process.exitCode = 2; });
}
