// Load generator for bench/browser_port.py: `clients` concurrent callers, each
// calling GetView for its own seat in a loop for `seconds`, over one transport
// of the TypeScript client (clients/typescript, built with npm run build).
//   node bench/browser_load.mjs PROTOCOL URL SECONDS CLIENTS SEATS_JSON
// Prints one JSON line: calls, errors, seconds, p50_ms, p99_ms.
import { readFileSync } from "node:fs";
import { BoardbotClient } from "../clients/typescript/dist/index.js";
import { nodeTransport } from "../clients/typescript/dist/node.js";

const [protocol, url, seconds, clients, seatsFile] = process.argv.slice(2);
const seats = JSON.parse(readFileSync(seatsFile, "utf8"));
const client = new BoardbotClient(nodeTransport(url, protocol));
const latencies = [];
let errors = 0;
const stopAt = performance.now() + Number(seconds) * 1000;

async function caller(i) {
  const { gameId, seat, token } = seats[i % seats.length];
  const handle = client.seat(gameId, seat, token);
  while (performance.now() < stopAt) {
    const started = performance.now();
    try {
      await handle.view();
      latencies.push(performance.now() - started);
    } catch {
      errors++;
    }
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: Number(clients) }, (_, i) => caller(i)));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q) => latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : NaN;
console.log(JSON.stringify({ calls: latencies.length, errors, seconds: elapsed, p50_ms: at(0.5), p99_ms: at(0.99) }));
