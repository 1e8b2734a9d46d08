// The hidden-information rule, in the page: a Czech Pub game of two people and a bot, the second
// person joining by the join link in a second browser. Both play to the end by clicks; every answer
// the server sent each page is read back (Connect JSON: unary bodies and WatchGame's stream
// frames), and so is the first page's DOM at each of its decisions. Then:
//   * no view the first seat's page received holds another seat's hand (only its own);
//   * what the page shows of the second person's hand is exactly the cards its view says it
//     knows (taken face up), never more;
//   * the test is not empty: the second person's real hand (from its own page) held cards the
//     first page never knew.
//
//   node test/hidden.mjs <base url>     prints "1 passed, 0 failed" or the failure
import { decide, launch, random, startGame, tableState, watchedPage } from "./browser.mjs";

const [base] = process.argv.slice(2);
// two browsers, as two people have: the second knows nothing but the join link
const browsers = [await launch(), await launch()];
const problems = [];
const pages = [await watchedPage(browsers[0].context, problems), await watchedPage(browsers[1].context, problems)];
const answers = [[], []]; // per page: every JSON message of the API it received

function frames(body) { // Connect streaming: [flags][length, big-endian][JSON], repeated
  const out = [];
  for (let at = 0; at + 5 <= body.length;) {
    const length = body.readUInt32BE(at + 1);
    if ((body[at] & 2) === 0) out.push(JSON.parse(body.subarray(at + 5, at + 5 + length).toString("utf8")));
    at += 5 + length;
  }
  return out;
}

// The bytes of every API answer as the page's fetch received them, kept beside what the page reads
// (a copy of each body stream: the WatchGame streams stay live for the page).
const keepAnswers = () => {
  const original = window.fetch.bind(window);
  window.__answers = [];
  window.fetch = async (input, init) => {
    const response = await original(input, init);
    const url = typeof input === "string" ? input : input instanceof Request ? input.url : String(input);
    if (!url.includes("/boardbot.v1.") || !response.body) return response;
    const [copy, forPage] = response.body.tee();
    const entry = { type: response.headers.get("content-type") ?? "", chunks: [] };
    window.__answers.push(entry);
    void (async () => {
      const reader = copy.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        entry.chunks.push(btoa(Array.from(value, (byte) => String.fromCharCode(byte)).join("")));
      }
    })();
    return new Response(forPage, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
};
for (const b of browsers) await b.context.addInitScript(keepAnswers);

async function readAnswers(page, into) {
  const entries = await page.evaluate(() => window.__answers);
  for (const { type, chunks } of entries) {
    const body = Buffer.concat(chunks.map((c) => Buffer.from(c, "base64")));
    if (body.length) into.push(...(type.includes("connect+json") ? frames(body) : [JSON.parse(body.toString("utf8"))]));
  }
}

function viewsOf(messages) { // every Czech Pub seat view in the answers, by version
  const views = new Map();
  for (const m of messages) {
    const sv = m.view?.view?.czechPub ? m.view : undefined;
    if (sv) views.set(Number(sv.version ?? 0), sv.view.czechPub);
  }
  return views;
}

let failure = "";
try {
  const [a, b] = pages;
  for (const page of pages) { // no pause after the bot's moves (the lobby's setting)
    await page.goto(`${base}/#/`);
    await page.locator("details.settings summary").click();
    await page.selectOption("#bot-delay", "0");
  }
  await startGame(a, base, { choice: "game-czech-pub", params: { players: 3 }, seats: ["human", "random"] });
  const join = await a.locator('details.share a[href*="/#/join/"]').first().getAttribute("href");
  await b.goto(join);
  await b.waitForSelector(".table-layout");
  const shown = []; // the first page's DOM at its decisions: version, cards shown in seat 1's panel
  const counts = { points: 0, list: 0 };
  for (let rounds = 0; rounds < 3000; rounds++) {
    const states = [await tableState(a), await tableState(b)];
    if (states.every((s) => s?.state === "over")) break;
    const mover = states.findIndex((s) => s?.state === "my-move");
    if (mover < 0) {
      await a.waitForTimeout(20);
      continue;
    }
    if (mover === 0) {
      shown.push(await a.evaluate(() => ({
        version: Number(document.querySelector(".table-layout")?.getAttribute("data-version")),
        cards: document.querySelectorAll('.seat-panel[data-seat="1"] .card').length,
        handSection: document.querySelectorAll('.hand .card').length,
      })));
    }
    await decide(pages[mover], random() < 0.75, counts);
  }
  if ((await tableState(a))?.state !== "over") {
    await a.screenshot({ path: "/tmp/shots/hidden-a.png", fullPage: true });
    await b.screenshot({ path: "/tmp/shots/hidden-b.png", fullPage: true });
    throw new Error(`the game did not end: ${JSON.stringify([await tableState(a), await tableState(b)])}`);
  }
  await a.waitForTimeout(300);
  await readAnswers(a, answers[0]);
  await readAnswers(b, answers[1]);
  const seen = viewsOf(answers[0]);
  const truth = viewsOf(answers[1]);
  if (seen.size < 10 || truth.size < 10) throw new Error(`too few views read back: ${seen.size} and ${truth.size}`);
  for (const [version, view] of seen) {
    (view.players ?? []).forEach((p, seat) => {
      if (seat !== 0 && (p.hand ?? []).length) throw new Error(`v${version}: seat 0's page received seat ${seat}'s hand`);
    });
  }
  let unknownSomewhere = false;
  for (const { version, cards } of shown) {
    const view = seen.get(version);
    if (!view) continue;
    const known = view.players?.[1]?.knownCards ?? [];
    if (cards !== known.length) throw new Error(`v${version}: the page shows ${cards} cards of seat 1, its view knows ${known.length}`);
    const real = truth.get(version)?.players?.[1]?.hand ?? [];
    if (real.length > known.length) unknownSomewhere = true;
  }
  if (!unknownSomewhere) throw new Error("the second person never held a card the first did not know: nothing was tested");
  if (problems.length) throw new Error(problems.slice(0, 3).join(" | "));
  console.log(`ok czech-pub, two people and a bot: ${seen.size} views of seat 0 and ${shown.length} of its screens ` +
    `hold none of seat 1's hidden cards (${counts.points} clicks on the table, ${counts.list} from the move list)`);
} catch (err) {
  failure = err instanceof Error ? err.stack ?? err.message : String(err);
}
for (const b of browsers) await b.close();
console.log(failure ? `FAIL hidden information: ${failure}\n0 passed, 1 failed` : "1 passed, 0 failed");
process.exit(failure ? 1 : 0);
