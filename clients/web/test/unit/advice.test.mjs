// The AI's advice as a player reads it (src/advice.ts): the numbers with their units and
// intervals, the position's seed, and the review's verdicts. No browser, no server: the
// answers are SearchStats as the client library decodes them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { adviceOf, adviceSeed, inPoints, valueText, verdict } from "../../src/advice.ts";

const share = (moveId, text, visits, value, low, high) => ({ moveId, text, visits: BigInt(visits), value,
  valueLow: low, valueHigh: high });
const solo = (moveId, text, visits, points, low, high) => ({ ...share(moveId, text, visits, points / 40, low / 40, high / 40),
  expectedScore: { points, pointsLow: low, pointsHigh: high } });
const stats = (candidates) => ({ iterations: 600n, candidates });
const move = { id: 0, text: "leap a" };

test("the seed is the position's: one game and version give one seed, another version another", () => {
  assert.equal(adviceSeed("g1", 7n), adviceSeed("g1", 7n));
  assert.notEqual(adviceSeed("g1", 7n), adviceSeed("g1", 8n));
  assert.notEqual(adviceSeed("g1", 7n), adviceSeed("g2", 7n));
  const seed = adviceSeed("a-game-id", 123456789n);
  assert.ok(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32, String(seed));
});

test("shares read as percentages with their interval, a solo game's numbers in points", () => {
  const shares = adviceOf(3n, "ismcts:medium", 1, move, stats([share(0, "leap a", 400, 0.583, 0.52, 0.641),
    share(1, "leap b", 0, 0, 0, 1)]));
  assert.equal(inPoints(shares), false);
  assert.equal(valueText(shares.candidates[0]), "58 % (52 to 64 %)");
  assert.equal(valueText(shares.candidates[1]), "not tried");
  assert.equal(shares.iterations, 600);
  const points = adviceOf(3n, "ismcts:medium", 1, move, stats([solo(0, "leap a", 300, 18.44, 18.1, 18.72)]));
  assert.equal(inPoints(points), true);
  assert.equal(valueText(points.candidates[0]), "18.4 points (18.1 to 18.7)");
});

test("the AI's own move is never a slip, whatever the numbers", () => {
  const advice = adviceOf(3n, "ismcts:medium", 1, move, stats([share(0, "leap a", 5, 0.1, 0.0, 0.3),
    share(1, "leap b", 500, 0.9, 0.88, 0.92)]));
  assert.equal(verdict(advice, { id: 0, text: "leap a" }).kind, "agree");
  assert.equal(verdict(advice, { text: "leap a" }).kind, "agree"); // a move known by its text only
});

test("a slip only beyond both intervals and by more than a trifle; overlapping intervals are about as good", () => {
  const judge = (ai, mine) => verdict(adviceOf(3n, "b", 1, move, stats([ai, mine])), { id: 1, text: "leap b" });
  assert.deepEqual(judge(share(0, "leap a", 400, 0.6, 0.55, 0.65), share(1, "leap b", 100, 0.3, 0.2, 0.4)),
    { kind: "slip", text: "a slip: about 30 percentage points below the AI's move" });
  assert.equal(judge(share(0, "leap a", 400, 0.6, 0.5, 0.7), share(1, "leap b", 100, 0.45, 0.35, 0.55)).kind, "close");
  // sure of it, but a trifle (1 percentage point): not a slip
  assert.equal(judge(share(0, "leap a", 400, 0.6, 0.599, 0.601), share(1, "leap b", 300, 0.59, 0.589, 0.591)).kind,
    "close");
  // tried once: no spread, no verdict
  assert.equal(judge(share(0, "leap a", 400, 0.6, 0.55, 0.65), share(1, "leap b", 1, 0.1, 0, 1)).kind, "unjudged");
  assert.equal(judge(share(0, "leap a", 400, 0.6, 0.55, 0.65), share(1, "leap b", 0, 0, 0, 1)).text,
    "not judged: the AI tried your move not at all");
  // a solo game judges in points: half a point is the least slip
  assert.deepEqual(judge(solo(0, "leap a", 400, 20, 19.5, 20.5), solo(1, "leap b", 100, 17, 16, 18)),
    { kind: "slip", text: "a slip: about 3.0 points below the AI's move" });
  assert.equal(judge(solo(0, "leap a", 400, 20, 19.9, 20.1), solo(1, "leap b", 100, 19.7, 19.6, 19.8)).kind, "close");
});

test("the answers kept for the review stay within their share of the storage; the seat tokens keep theirs", async () => {
  // the page's localStorage, as a Map (Node has none): keys, getItem, setItem, removeItem
  const items = new Map();
  globalThis.localStorage = new Proxy({
    getItem: (k) => items.get(k) ?? null, setItem: (k, v) => { items.set(k, String(v)); }, removeItem: (k) => { items.delete(k); },
  }, { ownKeys: () => [...items.keys()], getOwnPropertyDescriptor: () => ({ enumerable: true, configurable: true }) });
  const { findAdvice, saveAdvice, saveGame, savedGames } = await import("../../src/store.ts");
  saveGame({ gameId: "g0", game: "frogriders", title: "Frogriders", seat: 0, token: "secret", created: 0, opponents: "" });
  const long = (gameId, version) => adviceOf(BigInt(version), "ismcts:medium", adviceSeed(gameId, BigInt(version)), move,
    stats(Array.from({ length: 200 }, (_, i) => share(i, `a move with a long description number ${i}`.repeat(2), 10, 0.5, 0.4, 0.6))));
  for (let version = 0; version < 20; version++) saveAdvice("g1", 0, long("g1", version));
  const kept = (gameId) => (items.get(`boardbot.advice.${gameId}.0`) ?? "").length;
  assert.ok(kept("g1") > 0 && kept("g1") <= 500_000, String(kept("g1")));
  assert.ok(findAdvice("g1", 0, 19n, "ismcts:medium", adviceSeed("g1", 19n)), "the newest position is kept");
  assert.equal(findAdvice("g1", 0, 19n, "ismcts:hard", adviceSeed("g1", 19n)), undefined, "another bot's is not");
  assert.equal(findAdvice("g1", 0, 19n, "ismcts:medium", 1), undefined, "nor another seed's");
  // an answer searched with the preset's iterations named is found at that budget only
  saveAdvice("g1", 0, adviceOf(30n, "ismcts:medium", adviceSeed("g1", 30n), move, stats([share(0, "leap a", 9, 0.5, 0.4, 0.6)]), 800));
  assert.equal(findAdvice("g1", 0, 30n, "ismcts:medium", adviceSeed("g1", 30n), 800).budget, 800);
  assert.equal(findAdvice("g1", 0, 30n, "ismcts:medium", adviceSeed("g1", 30n), 400), undefined, "nor another budget's");
  assert.equal(findAdvice("g1", 0, 30n, "ismcts:medium", adviceSeed("g1", 30n)), undefined, "nor the preset's own clock's");
  for (let version = 0; version < 20; version++) saveAdvice("g2", 0, long("g2", version));
  assert.ok(kept("g1") + kept("g2") <= 500_000, `${kept("g1")} + ${kept("g2")}`);
  assert.ok(findAdvice("g2", 0, 19n, "ismcts:medium", adviceSeed("g2", 19n)));
  assert.equal(savedGames()[0].token, "secret");
});
