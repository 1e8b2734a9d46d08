// Drives Debian's Chromium (headless, through playwright-core: nothing is downloaded) through the
// web app as a player would: for each case, pick the game in the lobby, set its rules and seats,
// start it, and play it to the end by clicking — the highlighted pieces and cards where there are
// any, else the legal-move list — asking the AI for a hint on the way, and where the case says so
// playing the hinted move; every number of a hint must read with its unit and lie within its
// range (the case's valueRange: points within the game's score bounds, or a percentage), and a
// review must call every hinted move that was played the AI's own, with a search of as many
// iterations as the hint's, even when it runs on a busier machine (a case's freshReview: the
// hints' answers forgotten, the review searched again under load). Screenshots of each
// table mid-play and at the end go to the folder given. Any console error or page error fails.
//
//   node test/play.mjs <base url> <cases.json> <screenshot folder>
// Prints one line per case and a closing "N passed, N failed".
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { decide, launch, random, startGame, tableState, watchedPage } from "./browser.mjs";
import { identifierWords } from "./words.mjs";

const [base, casesPath, shots] = process.argv.slice(2);
const axeSource = readFileSync(new URL("../node_modules/axe-core/axe.min.js", import.meta.url), "utf8");
const cases = JSON.parse(readFileSync(casesPath, "utf8"));
mkdirSync(join(shots, "docs"), { recursive: true });
const MAX_DECISIONS = 600;

const browser = await launch();
const problems = [];
const page = await watchedPage(browser.context, problems);
const state = () => tableState(page);

/** Wait until it is our decision or the game is over. When the table waits for "Next move"
 *  (the moves of the other seats one at a time), ask for it: each click brings exactly one move;
 *  after `c.steps` of them, the moves come at once again. */
async function waitForTurn(c, counts) {
  for (;;) {
    await page.waitForFunction(() => {
      const s = document.querySelector(".table-layout")?.getAttribute("data-state");
      return s === "my-move" || s === "over" || document.querySelector("button.next-move");
    }, undefined, { timeout: 90_000 });
    const next = page.locator("button.next-move");
    if (!(await next.count())) return state();
    const theirs = () => page.locator(".log ol > li:not(.mine)").count(); // the other seats' moves in the log
    const before = Number((await state()).version);
    const movesBefore = await theirs();
    await next.click();
    await page.waitForFunction((v) => Number(document.querySelector(".table-layout")?.getAttribute("data-version")) > v, before);
    const after = Number((await state()).version);
    // one move of another seat per click; the player's own single moves may come between, when
    // the page makes them by itself (the option)
    const moved = (await theirs()) - movesBefore;
    if (c.autoForced ? moved !== 1 : after !== before + 1) {
      throw new Error(`"Next move" went from version ${before} to ${after} (${moved} moves of the other seats)`);
    }
    counts.steps++;
    if (counts.steps >= c.steps) await page.selectOption("#pace", "0");
  }
}

/** The last move outlined on the table (data-last), and the line that says it. */
async function lastMoveShown() {
  return page.evaluate(() => ({
    marked: document.querySelectorAll(".board [data-last]").length,
    said: document.querySelector(".last-move")?.textContent ?? "",
  }));
}

/** At the end: every bot move of the log says why it was made; with a searching bot, its search's
 *  statistics open from the log line (they come once the game is over). */
async function explained(c) {
  const bots = await page.locator(".log li .reasons").count();
  const moves = await page.evaluate(() => [...document.querySelectorAll(".log ol > li")]
    .filter((li) => !li.classList.contains("mine")).length);
  if (c.seats.length && bots < moves / 2) throw new Error(`${bots} of ${moves} bot moves can say why they were made`);
  if (!c.explain) return 0;
  await page.waitForFunction(() => document.querySelectorAll(".log .reasons-table").length > 0, undefined, { timeout: 60_000 });
  const why = page.locator(".log details.reasons", { has: page.locator(".reasons-table") }).first();
  await why.locator("summary").click();
  const rows = why.locator(".reasons-table tbody tr");
  if (!(await rows.first().isVisible())) throw new Error("a bot's reasons did not open from its log line");
  const cells = await rows.first().locator("td").allInnerTexts();
  if (!/\d+ %/.test(cells[1] ?? "") || !/\d+ %/.test(cells[2] ?? "")) throw new Error(`a reason without its figures: ${cells}`);
  return rows.count();
}

/** Plain words (test/words.mjs): no identifier-shaped word in what the page shows or says:
 *  its text, the options of its lists, and its labels, titles and descriptions. Links' addresses
 *  (a join link's token) are addresses, not words. */
async function plainWords(where) {
  const texts = await page.evaluate(() => {
    const out = [document.title, document.body.innerText];
    for (const el of document.querySelectorAll("*")) {
      for (const name of ["aria-label", "aria-description", "title", "data-label", "alt", "placeholder"]) {
        const value = el.getAttribute(name);
        if (value) out.push(value);
      }
      if (el.tagName === "OPTION") out.push(el.textContent ?? "");
    }
    return out;
  });
  const found = texts.flatMap((text) => identifierWords(text.replace(/https?:\/\/\S+/g, "")).map(({ shape, word }) =>
    `${shape} "${word}" in "${text.slice(Math.max(0, text.indexOf(word) - 60), text.indexOf(word) + 60).replace(/\s+/g, " ")}"`));
  if (found.length) throw new Error(`words a player should not read on ${where}: ${[...new Set(found)].slice(0, 8).join(" | ")}`);
}

/** On a phone: the prompt and the board together (the move list, after the board, closed at
 *  first), and the board before the move list in the Tab order. */
async function phoneLayout(where) {
  const layout = await page.evaluate(() => {
    const prompt = document.querySelector(".decision")?.getBoundingClientRect();
    const board = document.querySelector(".board")?.getBoundingClientRect();
    const moves = document.querySelector("details.moves");
    const order = document.querySelector(".board")?.compareDocumentPosition(moves ?? document.body);
    return { gap: board && prompt ? board.top - prompt.bottom : -1, open: moves?.open, boardFirst: !!(order && order & Node.DOCUMENT_POSITION_FOLLOWING),
      moves: !!moves };
  });
  if (!layout.moves) throw new Error(`${where}: no move list on a phone`);
  if (layout.gap < 0 || layout.gap > 40) throw new Error(`${where}: the board is ${layout.gap} px below the prompt on a phone`);
  if (layout.open) throw new Error(`${where}: the move list is open at first on a phone`);
  if (!layout.boardFirst) throw new Error(`${where}: the move list comes before the board`);
}

/** The lobby's "Your games": each game's status and review link stay through any change in the
 *  form; a new bot seat is the bot its label calls the default. */
async function lobbyKeeps() {
  await page.goto(`${base}/#/`);
  await page.waitForFunction(() => { // the list drawn (not the page loading), each status read
    const statuses = [...document.querySelectorAll(".saved-game .status")];
    return statuses.length > 0 && statuses.every((s) => s.textContent);
  }, undefined, { timeout: 30_000 });
  const before = await page.locator(".your-games").innerText();
  const reviews = await page.locator(".your-games .review-link").count();
  if (!reviews) throw new Error("no finished game has its review link in the lobby");
  const games = page.locator("fieldset.game-picker input");
  for (let i = 0; i < await games.count(); i++) {
    await games.nth(i).click();
    const players = page.locator("#param-players");
    if (await players.count()) {
      const options = await players.locator("option:not([disabled])").evaluateAll((all) => all.map((o) => o.value));
      if (options.length) await players.selectOption(options[options.length - 1]);
    }
    const seat = page.locator("#seat-1");
    if (await seat.count()) {
      const chosen = await seat.evaluate((s) => s.selectedOptions[0]?.textContent ?? "");
      if (!chosen.includes("(the default)")) throw new Error(`a new bot seat is "${chosen}", not the default`);
    }
    const now = await page.locator(".your-games").innerText();
    if (now !== before) throw new Error(`"Your games" changed with the form: ${JSON.stringify(before.slice(0, 200))} to ${JSON.stringify(now.slice(0, 200))}`);
  }
  if (await page.locator(".your-games .review-link").count() !== reviews) throw new Error("a review link went with a change in the form");
  return reviews;
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
  if (c.mySeat !== undefined) { // the seat chosen in the lobby is the one played
    const me = await page.locator(".seat.me").innerText();
    if (!page.url().endsWith(`/${c.mySeat}`) || !me.includes(`seat ${c.mySeat}`)) throw new Error(`playing ${me} at ${page.url()}`);
  }
  const counts = { points: 0, list: 0, keys: 0, decisions: 0, hints: 0, numbers: 0, followed: [], steps: 0, marked: 0, others: 0,
    hintIterations: {}, tookBack: 0 };
  let before; // the position the player takes a move back to (c.takeBackAt): its version and moves
  let shotMid = false;
  let hinted = false;
  for (;;) {
    const now = await waitForTurn(c, counts);
    if (now.state === "over") break;
    counts.decisions++;
    const last = await lastMoveShown();
    if (last.said && !last.said.includes("You")) {
      counts.others++;
      if (last.marked) counts.marked++;
    }
    if (counts.decisions === c.stepAt) await page.selectOption("#pace", String(-1)); // one at a time, when asked
    if (c.autoForced && counts.decisions === 1) await page.locator("#auto-forced").check(); // single moves made by the page
    if (c.autoForced && counts.decisions > 1) {
      const offered = await page.locator("button.move").count();
      if (offered === 1) throw new Error("a decision with one legal move waited for the player, with the option on");
    }
    if (counts.decisions > MAX_DECISIONS) throw new Error(`no end after ${MAX_DECISIONS} decisions`);
    if (before && !counts.tookBack) { // take the last move back: the table is at that decision again
      await takeBack(before, now.version);
      counts.tookBack++;
      continue;
    }
    if (counts.decisions === c.takeBackAt) before = { version: now.version, moves: await page.locator("button.move").allInnerTexts() };
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
      const said = await page.locator(".hint p").first().innerText();
      const iterations = /, (\d+) iterations\) suggests/.exec(said);
      if (!iterations) throw new Error(`the hint does not say how long the AI searched: ${said}`);
      counts.hintIterations[now.version] = Number(iterations[1]);
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
      await plainWords(`the ${c.name} table`);
      // the pictures of docs/web.md (docs/web/, copied there with BOARDBOT_WEB_DOCS=1), desktop and phone
      await page.screenshot({ path: join(shots, "docs", `${c.name}-desktop.jpg`), type: "jpeg", quality: 70, fullPage: true });
      // the same table on a phone-sized screen, opened there
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await waitForTurn(c, counts);
      await page.screenshot({ path: join(shots, "docs", `${c.name}-phone.jpg`), type: "jpeg", quality: 70 });
      if (c.phone) await page.screenshot({ path: join(shots, `${c.name}-mid-phone.png`), fullPage: true });
      await fitsWidth(`the ${c.name} table`);
      await phoneLayout(`the ${c.name} table`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.reload();
      await waitForTurn(c, counts);
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
  counts.reasons = await explained(c);
  if (c.autoForced) { // the page made the single moves: the seat moved more often than the player decided
    const mine = await page.locator(".log ol > li.mine").count();
    counts.auto = mine - counts.decisions;
    if (counts.auto < 1) throw new Error(`no single move was made by the page (${mine} moves of the seat, ${counts.decisions} decisions)`);
    await page.locator("#auto-forced").uncheck(); // the setting is kept for the next games: back as it was
  }
  await page.locator(".log details.reasons summary").evaluateAll((all) => all.forEach((s) => s.click()));
  await plainWords(`the ${c.name} table at the end, every bot's reasons open`);
  if (counts.others > 4 && counts.marked < counts.others / 2) {
    throw new Error(`the last move was outlined at ${counts.marked} of ${counts.others} decisions after another seat's move`);
  }
  if (c.stepAt && counts.steps < Math.min(c.steps, 1)) throw new Error(`no move of the other seats came one at a time`);
  if (c.review && (c.seats ?? []).length) { // another seat's table, whose secret this browser does not hold: in plain words
    const gameId = await page.evaluate(() => location.hash.split("/")[2]);
    await page.goto(`${base}/#/play/${gameId}/1`);
    const refused = await page.locator("p.error").first().innerText({ timeout: 30_000 });
    if (!refused.includes("secret")) throw new Error(`a seat without its token says: ${refused}`);
    await plainWords("a seat this browser holds no token of");
    await page.goto(`${base}/#/play/${gameId}/0`);
    await page.waitForSelector("table.outcome");
  }
  if (c.review) {
    if (c.freshReview) { // forget the hints' answers: the review searches those positions again
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("boardbot.advice."))
        .forEach((k) => localStorage.removeItem(k)));
    }
    // a fresh review runs on a busier machine than the hints did: the same search all the same
    const load = c.freshReview ? busy(2) : [];
    try {
      await page.locator("a", { hasText: "Review your moves with the AI" }).click();
      await page.waitForFunction(() => document.querySelectorAll(".review-table tbody tr .value").length >= 4,
        undefined, { timeout: 180_000 });
      counts.verdicts = await hintedVerdicts(counts.followed, counts.hintIterations);
    } finally {
      for (const child of load) child.kill();
    }
    await page.screenshot({ path: join(shots, `${c.name}-review.png`), fullPage: true });
    await page.screenshot({ path: join(shots, "docs", `${c.name}-review.jpg`), type: "jpeg", quality: 70, fullPage: true });
  }
  if (c.replay) counts.replayed = await replay(c);
  if (c.phone) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/#/`);
    await page.screenshot({ path: join(shots, `phone-lobby.png`), fullPage: false });
    await page.screenshot({ path: join(shots, "docs", "lobby-phone.jpg"), type: "jpeg", quality: 70 });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: join(shots, "docs", "lobby-desktop.jpg"), type: "jpeg", quality: 70 });
    await fitsWidth("the lobby");
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  return { ...counts, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

/** Take the player's last move back (the button of an unrated game against bots): the table goes
 *  back to the decision of ``before`` as a new version, with the same moves, and the log says so. */
async function takeBack(before, version) {
  const button = page.locator("button[data-focus=\"take-back\"]");
  if (!(await button.count())) throw new Error("no take-back button at the player's decision after their move");
  await button.click();
  await page.waitForFunction((v) => {
    const table = document.querySelector(".table-layout");
    return table?.getAttribute("data-state") === "my-move" && BigInt(table.getAttribute("data-version") ?? "0") > BigInt(v);
  }, version, { timeout: 30_000 });
  const moves = await page.locator("button.move").allInnerTexts();
  if (moves.join("|") !== before.moves.join("|")) {
    throw new Error(`after the take-back the moves are ${moves.slice(0, 5).join(", ")}…, not those of v${before.version}`);
  }
  const log = await page.locator(".log").innerText();
  if (!log.includes("took back the last move")) throw new Error("the log does not say the move was taken back");
  await plainWords("the table after a take-back");
}

/** The finished game's replay from its record: stepped forward and back, its record downloaded (into
 *  the screenshot folder's records/, which the Python test replays with `boardbot records replay`),
 *  then that file opened in the replay page and stepped to its end. The number of versions. */
async function replay(c) {
  await page.locator("a[data-focus=\"replay\"]").click();
  const step = page.locator(".replay [data-focus=\"step\"]");
  await step.waitFor({ timeout: 60_000 });
  const total = Number(/of (\d+)$/.exec(await step.innerText())?.[1]);
  if (!(total > 3) || !(await step.innerText()).startsWith("Version 0 ")) throw new Error(`the replay opens at ${await step.innerText()}`);
  for (let i = 0; i < 3; i++) await page.locator(".replay button[data-focus=\"next\"]").click();
  await page.keyboard.press("ArrowLeft");
  if (await step.innerText() !== `Version 2 of ${total}`) throw new Error(`stepping 3 forward and 1 back shows ${await step.innerText()}`);
  if (!(await page.locator(".replay .board > :not(.stepper):not(.step-event)").count())) throw new Error("the replay shows no table");
  await accessibility(`the ${c.name} replay`);
  await plainWords(`the ${c.name} replay`);
  mkdirSync(join(shots, "records"), { recursive: true });
  const file = join(shots, "records", `${c.name}.json`);
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator("a[data-focus=\"download\"]").click()]);
  await download.saveAs(file);
  await page.goto(`${base}/#/replay`);
  await page.setInputFiles("#record-file", file);
  await step.waitFor({ timeout: 60_000 });
  await page.locator(".replay button[data-focus=\"last\"]").click();
  if (await step.innerText() !== `Version ${total} of ${total}`) throw new Error(`the record file replays to ${await step.innerText()}`);
  await page.screenshot({ path: join(shots, `${c.name}-replay.png`), fullPage: true });
  return total;
}

/** ``n`` processes that keep a core busy each (kill them when done): a machine under load. */
function busy(n) {
  return Array.from({ length: n }, () => spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
}

/** The review's verdicts on the decisions where the hinted move was played (rows by version):
 *  each must be the AI's own move, none a slip, from a search of the hint's iterations
 *  (``iterations``: version -> the hint's). */
async function hintedVerdicts(versions, iterations) {
  if (!versions.length) return 0;
  // a function, not a string: the page's CSP (script-src 'self') forbids evaluating a string
  const done = await page.waitForFunction((vs) => {
    const seen = vs.map((v) => {
      const row = Array.from(document.querySelectorAll(".review-table tbody tr"))
        .find((tr) => tr.querySelector("td button")?.textContent === `v${v}`);
      return { version: v, kind: row?.className ?? "", text: row?.querySelector("td.verdict")?.textContent ?? "",
        visits: row?.querySelector(".visits")?.textContent ?? "" };
    });
    return seen.every((r) => r.text && !r.text.includes("looking")) && seen;
  }, versions, { timeout: 300_000 });
  const seen = await done.jsonValue();
  for (const r of seen) {
    if (r.text !== "the AI agrees" || r.kind.includes("slip")) {
      throw new Error(`the review of the hinted move at v${r.version} says "${r.text}" (${r.kind})`);
    }
    const searched = / of (\d+) visits$/.exec(r.visits);
    if (!searched || Number(searched[1]) !== iterations[r.version]) {
      throw new Error(`the review searched v${r.version} with ${searched?.[1]} iterations, the hint with ${iterations[r.version]}`);
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
  const games = page.locator("fieldset.game-picker input");
  for (let i = 0; i < await games.count(); i++) { // each game's form, with the settings open
    await games.nth(i).click();
    await plainWords(`the lobby with ${await games.nth(i).getAttribute("id")}`);
  }
  await games.first().click();
  console.log("ok lobby: no serious or critical accessibility violation (axe-core), plain words");
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
      (result.verdicts !== undefined ? `, all ${result.verdicts} the AI's own in the review` : "") + "; " +
      `the last move outlined at ${result.marked} of ${result.others} decisions after another seat's move, ` +
      `${result.steps} moves one at a time, ${result.reasons} reasons of a bot opened` +
      (result.auto !== undefined ? `, ${result.auto} single moves made by the page` : "") +
      (result.tookBack ? `, ${result.tookBack} move taken back` : "") +
      (result.replayed !== undefined ? `, replayed from its record file (${result.replayed} versions)` : ""));
    passed++;
  } catch (err) {
    await page.screenshot({ path: join(shots, `${c.name}-failure.png`), fullPage: true }).catch(() => {});
    console.log(`FAIL ${c.name}: ${err instanceof Error ? err.stack : err}`);
    failed++;
  }
}
try {
  const reviews = await lobbyKeeps();
  console.log(`ok lobby after the games: "Your games" and its ${reviews} review links stay through every change in the form; new bot seats are the default bot`);
  passed++;
} catch (err) {
  await page.screenshot({ path: join(shots, "lobby-failure.png"), fullPage: true }).catch(() => {});
  console.log(`FAIL lobby after the games: ${err instanceof Error ? err.stack : err}`);
  failed++;
}
await browser.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
