// Drives Debian's Chromium (headless, through playwright-core: nothing is downloaded) through the
// web app as a player would: for each case, pick the game in the lobby, set its rules and seats,
// start it, and play it to the end by clicking — the highlighted pieces and cards where there are
// any, else the legal-move list — asking the AI for a hint on the way, and where the case says so
// playing the hinted move; every number of a hint must read with its unit and lie within its
// range (the case's valueRange: points within the game's score bounds, or a percentage), and a
// review must call every hinted move that was played the AI's own. Screenshots of each
// table mid-play and at the end go to the folder given. Any console error or page error fails.
//
//   node test/play.mjs <base url> <cases.json> <screenshot folder>
// Prints one line per case and a closing "N passed, N failed".
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { decide, launch, random, startGame, tableState, watchedPage } from "./browser.mjs";

const [base, casesPath, shots] = process.argv.slice(2);
const axeSource = readFileSync(new URL("../node_modules/axe-core/axe.min.js", import.meta.url), "utf8");
const cases = JSON.parse(readFileSync(casesPath, "utf8"));
mkdirSync(shots, { recursive: true });
const MAX_DECISIONS = 600;

const browser = await launch();
const problems = [];
const page = await watchedPage(browser.context, problems);
const state = () => tableState(page);

/** Wait until it is our decision or the game is over. */
async function waitForTurn() {
  await page.waitForFunction(() => {
    const s = document.querySelector(".table-layout")?.getAttribute("data-state");
    return s === "my-move" || s === "over";
  }, undefined, { timeout: 90_000 });
  return state();
}

/** On a phone-sized screen the page fits its width: nothing to scroll sideways. */
async function fitsWidth(where) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  if (scroll > client) throw new Error(`${where} is ${scroll} px wide on a ${client} px screen`);
}

/** axe-core's serious and critical violations on the page as it is now (evaluated through the
 *  debugging protocol, so the page's CSP, which admits no injected script, stays as it is). */
async function accessibility(where) {
  await page.evaluate(`${axeSource}; 0`);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.help}; ${v.nodes.length} elements, e.g. ${v.nodes[0]?.target.join(" ")}`);
  });
  if (violations.length) throw new Error(`accessibility of ${where}: ${violations.join(" | ")}`);
  return violations.length;
}

const PERCENT = { unit: "percent", least: 0, greatest: 100 };

/** The hint on the table: each move's number with its unit, within the case's range, in order
 *  (low <= value <= high), and the unit named in the column's heading. */
async function checkHintNumbers(c) {
  const range = c.valueRange ?? PERCENT;
  const hint = await page.evaluate(() => {
    const table = document.querySelector(".hint-table");
    return {
      unit: table?.getAttribute("data-unit"), heading: table?.querySelector("thead th:last-child")?.textContent ?? "",
      cells: Array.from(document.querySelectorAll(".hint-table td.value"), (td) => td.textContent ?? ""),
      summary: document.querySelector(".hint p")?.textContent ?? "",
    };
  });
  if (hint.unit !== range.unit) throw new Error(`the hint speaks in ${hint.unit}, not ${range.unit}`);
  const word = range.unit === "points" ? "points" : "%";
  if (!hint.heading.includes(`(${word})`)) throw new Error(`the hint's heading names no unit: ${hint.heading}`);
  const shape = range.unit === "points" ? /^(\d+\.\d) points \((\d+\.\d) to (\d+\.\d)\)$/ : /^(\d+) % \((\d+) to (\d+) %\)$/;
  let read = 0;
  for (const text of hint.cells) {
    if (text === "not tried") continue;
    const m = shape.exec(text);
    if (!m) throw new Error(`a hint's number without its unit (${word}): ${JSON.stringify(text)}`);
    const [value, low, high] = m.slice(1).map(Number);
    if (!(range.least <= low && low <= value && value <= high && high <= range.greatest)) {
      throw new Error(`a hint's number outside ${range.least} to ${range.greatest} ${word}, or out of order: ${text}`);
    }
    read++;
  }
  if (read === 0) throw new Error("the hint shows no number");
  if (!hint.summary.includes(range.unit === "points" ? " points (" : " % (")) throw new Error(`the hint's line has no number with its unit: ${hint.summary}`);
  return read;
}

/** Make one decision with the keyboard alone: Tab to the first thing that acts (a highlighted
 *  piece or card, or a move button) and press Enter; again while the move needs more points. */
async function decideByKeyboard(counts) {
  const before = await state();
  for (let presses = 0; presses < 400; presses++) {
    const now = await state();
    if (now.state !== "my-move" || now.version !== before.version) return;
    await page.keyboard.press("Tab");
    const acts = await page.evaluate(() => { // points on the table when there are any, else the move list
      const el = document.activeElement;
      const wanted = document.querySelector(".board .pointable") ? "pointable" : "move";
      return !!el && el.classList.contains(wanted);
    });
    if (acts) {
      await page.keyboard.press("Enter");
      counts.keys++;
    }
  }
  throw new Error("could not reach a move with the Tab key");
}

async function playCase(c) {
  const started = Date.now();
  await startGame(page, base, c);
  if (c.showsText) await page.getByText(c.showsText).first().waitFor({ timeout: 10_000 });
  const counts = { points: 0, list: 0, keys: 0, decisions: 0, hints: 0, numbers: 0, followed: [] };
  let shotMid = false;
  let hinted = false;
  for (;;) {
    const now = await waitForTurn();
    if (now.state === "over") break;
    counts.decisions++;
    if (counts.decisions > MAX_DECISIONS) throw new Error(`no end after ${MAX_DECISIONS} decisions`);
    // the hint is asked where there is a choice (with one legal move the AI does not search)
    const choice = await page.locator("button.move").count() > 1;
    const follow = (c.followHints ?? []).includes(counts.decisions) && choice;
    if ((!hinted && counts.decisions >= c.hintAt && choice) || follow) {
      hinted = true;
      await page.locator("button.hint-button").click();
      await page.waitForSelector(".hint-table, .hint p", { timeout: 60_000 });
      counts.hints++;
      counts.numbers += await checkHintNumbers(c);
    }
    if (follow) { // the player takes the AI's advice: the review must call it the AI's own move
      counts.followed.push(now.version);
      await page.locator("button[data-focus=\"play-hint\"]").click();
      await page.waitForFunction((v) => document.querySelector(".table-layout")?.getAttribute("data-version") !== v,
        now.version);
      continue;
    }
    // The mid-play shot and check are taken at the first decision and again at midAfter: a game the
    // random seats end early (a 3-player Fritanga can end within 6 of our decisions) still has one.
    if (!shotMid && (counts.decisions === 1 || counts.decisions >= (c.midAfter ?? 5))) {
      await page.screenshot({ path: join(shots, `${c.name}-mid.png`), fullPage: true });
      await accessibility(`the ${c.name} table`);
      if (c.phone) { // the same table on a phone-sized screen
        await page.setViewportSize({ width: 390, height: 844 });
        await page.screenshot({ path: join(shots, `${c.name}-mid-phone.png`), fullPage: true });
        await fitsWidth(`the ${c.name} table`);
        await page.setViewportSize({ width: 1280, height: 900 });
      }
      counts.midAt = counts.decisions;
      shotMid = counts.decisions >= (c.midAfter ?? 5);
    }
    if (counts.decisions === c.resignAfter) { // resign: the random bot plays the seat to the end
      await page.locator("button", { hasText: "Resign" }).click();
      await page.locator("button", { hasText: "Yes, resign" }).click();
      await page.waitForFunction(() => document.querySelector(".table-layout")?.getAttribute("data-state") !== "my-move");
      counts.resigned = true;
      continue;
    }
    if (counts.decisions <= (c.keyboard ?? 0)) await decideByKeyboard(counts);
    else await decide(page, random() < 0.75, counts);
    const refused = await page.locator(".decision .error").count();
    if (refused) throw new Error(`the server refused a move the page offered: ${await page.locator(".decision .error").innerText()}`);
  }
  await page.waitForSelector("table.outcome");
  if (c.resignAfter && !(await page.locator(".seat.me .tag", { hasText: "resigned" }).count())) {
    throw new Error("the seat resigned, but the table does not say so");
  }
  await page.screenshot({ path: join(shots, `${c.name}-end.png`), fullPage: true });
  if (c.review) {
    if (c.freshReview) { // forget the hints' answers: the review searches those positions again
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("boardbot.advice."))
        .forEach((k) => localStorage.removeItem(k)));
    }
    await page.locator("a", { hasText: "Review your moves with the AI" }).click();
    await page.waitForFunction(() => document.querySelectorAll(".review-table tbody tr .value").length >= 4,
      undefined, { timeout: 180_000 });
    counts.verdicts = await hintedVerdicts(counts.followed);
    await page.screenshot({ path: join(shots, `${c.name}-review.png`), fullPage: true });
  }
  if (c.phone) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/#/`);
    await page.screenshot({ path: join(shots, `phone-lobby.png`), fullPage: false });
    await fitsWidth("the lobby");
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  return { ...counts, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

/** The review's verdicts on the decisions where the hinted move was played (rows by version):
 *  each must be the AI's own move, none a slip. */
async function hintedVerdicts(versions) {
  if (!versions.length) return 0;
  // a function, not a string: the page's CSP (script-src 'self') forbids evaluating a string
  const done = await page.waitForFunction((vs) => {
    const seen = vs.map((v) => {
      const row = Array.from(document.querySelectorAll(".review-table tbody tr"))
        .find((tr) => tr.querySelector("td button")?.textContent === `v${v}`);
      return { version: v, kind: row?.className ?? "", text: row?.querySelector("td.verdict")?.textContent ?? "" };
    });
    return seen.every((r) => r.text && !r.text.includes("looking")) && seen;
  }, versions, { timeout: 300_000 });
  const seen = await done.jsonValue();
  for (const r of seen) {
    if (r.text !== "the AI agrees" || r.kind.includes("slip")) {
      throw new Error(`the review of the hinted move at v${r.version} says "${r.text}" (${r.kind})`);
    }
  }
  return seen.length;
}

let passed = 0;
let failed = 0;
// bots move at once: no pause after their moves (the lobby's setting, as a player would set it)
await page.goto(`${base}/#/`);
await page.locator("details.settings summary").click();
await page.selectOption("#bot-delay", "0");
try {
  await accessibility("the lobby");
  console.log("ok lobby: no serious or critical accessibility violation (axe-core)");
  passed++;
} catch (err) {
  console.log(`FAIL lobby: ${err.message}`);
  failed++;
}
for (const c of cases) {
  const before = problems.length;
  try {
    const result = await playCase(c);
    if (problems.length > before) {
      const seen = problems.slice(before);
      throw new Error(`${seen.length} console problems, the first: ${seen.slice(0, 3).map((p) => p.slice(0, 300)).join(" | ")}`);
    }
    console.log(`ok ${c.name}: played to the end in ${result.seconds} s, no serious accessibility violation mid-play (decision ${result.midAt}): ${result.decisions} decisions, ` +
      `${result.points} clicks on the table, ${result.list} from the move list, ${result.keys} by keyboard, ${result.hints} hints ` +
      `(${result.numbers} numbers within range with their unit), ${result.followed.length} hinted moves played` +
      (result.verdicts !== undefined ? `, all ${result.verdicts} the AI's own in the review` : ""));
    passed++;
  } catch (err) {
    await page.screenshot({ path: join(shots, `${c.name}-failure.png`), fullPage: true }).catch(() => {});
    console.log(`FAIL ${c.name}: ${err instanceof Error ? err.stack : err}`);
    failed++;
  }
}
await browser.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
