// What the browser tests share: Debian's Chromium through playwright-core (nothing downloaded),
// a seeded choice of clicks, the table's state, and making one decision as a player would.
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { identifierWords } from "./words.mjs";

// A seeded generator, so a failure can be replayed.
let seed = 12345;
export function random() {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
}
export const pick = (n) => Math.floor(random() * n);

/** Chromium, headless, on a new empty profile; close() removes the profile. */
export async function launch() {
  const profile = mkdtempSync(join(tmpdir(), "boardbot-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--no-first-run"],
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const handedOut = new WeakSet();

/** A new page (the browser's first, empty one if not taken yet) whose console errors and page
 *  errors are collected in `problems`. */
export async function watchedPage(context, problems) {
  const page = context.pages().find((p) => !handedOut.has(p) && p.url() === "about:blank") ?? await context.newPage();
  handedOut.add(page);
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.setDefaultTimeout(60_000);
  return page;
}

/** The table's state ("my-move", "sending", "waiting", "over") and version, or null off the table. */
export async function tableState(page) {
  return page.evaluate(() => {
    const el = document.querySelector(".table-layout");
    return el ? { state: el.getAttribute("data-state"), version: el.getAttribute("data-version") } : null;
  });
}

/** In the lobby: pick the game, set its rules and seats, and start it. */
export async function startGame(page, base, c) {
  await page.goto(`${base}/#/`);
  await page.locator(`label[for="${c.choice}"]`).click();
  for (const [name, value] of Object.entries(c.params ?? {})) await page.selectOption(`#param-${name}`, String(value));
  const me = c.mySeat ?? 0;
  if (me) await page.selectOption("#my-seat", String(me));
  const others = Array.from({ length: (c.seats ?? []).length + 1 }, (_, i) => i).filter((i) => i !== me);
  for (const [i, spec] of (c.seats ?? []).entries()) await page.selectOption(`#seat-${others[i]}`, spec);
  await page.locator("#create-game").click();
  await page.waitForSelector(".table-layout");
}

/** Make one decision by clicks: points on the table first, the move list when nothing is highlighted. */
export async function decide(page, usePointing, counts) {
  const before = await tableState(page);
  for (let click = 0; click < 6; click++) {
    const now = await tableState(page);
    if (now.state !== "my-move" || now.version !== before.version) return;
    const points = page.locator(".board .pointable");
    const n = await points.count();
    if (usePointing && n > 0) {
      await points.nth(pick(n)).click();
      counts.points++;
      continue;
    }
    const moves = page.locator("button.move");
    const m = await moves.count();
    if (m === 0) throw new Error("my decision, but no move offered");
    const move = moves.nth(pick(m));
    // a move in a closed group of a long list: open its group first, as a player would
    const group = move.locator("xpath=ancestor::details[1]");
    if (await group.count() && !(await group.evaluate((d) => d.open))) await group.locator("summary").click();
    await move.click();
    counts.list++;
    return;
  }
}

/** Fail the script with `what` unless `cond`. */
export function check(cond, what) {
  if (!cond) throw new Error(what);
}

/** The page's text has no identifier-shaped word (words.mjs). */
export async function plainWords(page, where) {
  const text = await page.evaluate(() => document.body.innerText);
  const found = identifierWords(text);
  check(found.length === 0, `${where}: identifier-shaped words ${JSON.stringify(found.slice(0, 5))}`);
}

/** `test()`'s first truthy value, asked every 200 ms for up to `seconds`. */
export async function until(what, test, seconds = 30) {
  const end = Date.now() + seconds * 1000;
  for (;;) {
    const value = await test();
    if (value) return value;
    if (Date.now() > end) throw new Error(`waited ${seconds} s for ${what}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

/** Make `decisions` decisions by clicks on whichever of `pages` is to move; how many were made. */
export async function playSome(pages, decisions) {
  const counts = { points: 0, list: 0 };
  let made = 0;
  for (let round = 0; round < 200 && made < decisions; round++) {
    let moved = false;
    for (const page of pages) {
      const state = await tableState(page);
      if (state?.state === "my-move") {
        await decide(page, made % 2 === 0, counts);
        made++;
        moved = true;
      }
    }
    if (!moved) await new Promise((done) => setTimeout(done, 200));
  }
  check(made >= decisions, `only ${made} decisions made of ${decisions}`);
  return made;
}

/** Two people in two browsers: `run(a, b)` with a page each, then "1 passed, 0 failed", or the
 *  failure with the pages' console errors (and the exit code 1). */
export async function twoPeople(run) {
  const browsers = [await launch(), await launch()];
  const problems = [];
  const pages = [await watchedPage(browsers[0].context, problems), await watchedPage(browsers[1].context, problems)];
  let failure = "";
  try {
    await run(...pages);
    check(problems.length === 0, problems.join("\n"));
  } catch (err) {
    failure = err instanceof Error ? err.stack ?? err.message : String(err);
  }
  for (const browser of browsers) await browser.close();
  console.log(failure ? `0 passed, 1 failed\n${failure}\n${problems.join("\n")}` : "1 passed, 0 failed");
  process.exitCode = failure ? 1 : 0;
}
