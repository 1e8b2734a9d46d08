// The lobby's seats, queue and clocks, as two people meet them in two browsers (issue 49):
//   * A creates a Frogriders game with an open seat and a clock (1 minute plus 2 seconds a move);
//     the table waits for players and shows the invitation link;
//   * B finds the game in the open games (filtered by game and players) and joins; the game starts,
//     both tables show every seat's clock, the running one counts down, and both play moves;
//   * A creates a second game with an open seat; B opens its invitation link and is seated; B
//     leaves (a bot plays for B) and comes back from the lobby's list;
//   * A plays now in a queue whose bots fill the empty seats after 5 s: A is seated at a game with
//     a bot, within the wait plus the page's polling;
//   * a clock of 2 seconds runs out under each policy (games made through the API, opened by their
//     join links): the table says in words what the timeout did;
//   * no identifier-shaped word on any of those pages, no console error.
//
//   node test/lobby.mjs <base url>     prints "1 passed, 0 failed" or the failure
import { check, plainWords, playSome, tableState, twoPeople, until } from "./browser.mjs";

const [base] = process.argv.slice(2);
const log = (text) => console.log(text);

/** In the lobby: Frogriders for two, the player in seat 0, seat 1 open, and the clock asked. */
async function createOpenGame(page, clock) {
  await page.goto(`${base}/#/`);
  await page.locator('label[for="game-frogriders"]').click();
  await page.selectOption("#param-players", "2");
  await page.selectOption("#seat-1", "open");
  if (clock) {
    await page.selectOption("#clock-kind", "increment");
    await page.fill("#clock-minutes", "1");
    await page.fill("#clock-seconds", "2");
  }
  await plainWords(page, "the lobby with the clock's fields");
  await page.locator("#create-game").click();
  await page.waitForSelector(".table-layout");
  const invite = await page.locator(".waiting-note a.invite-link").getAttribute("href");
  check(/#\/open\/[0-9a-f]+$/.test(invite ?? ""), `the waiting table's invitation link: ${invite}`);
  return invite;
}

/** Each seat's clock on the table: [{text, ms, running}] by seat. */
async function clocks(page) {
  return page.locator(".seat-clocks li.clock").evaluateAll((items) => items.map((li) => {
    const time = li.querySelector(".time");
    return { text: time?.textContent ?? "", ms: Number(time?.getAttribute("data-ms") ?? NaN), running: li.classList.contains("running") };
  }));
}

await twoPeople(async (a, b) => {
    for (const page of [a, b]) { // no pause after the other seats' moves
      await page.goto(`${base}/#/`);
      await page.locator("details.settings summary").click();
      await page.selectOption("#bot-delay", "0");
    }

    // 1. an open seat and a clock; B joins from the open games
    await createOpenGame(a, true);
    const gameId = a.url().match(/#\/play\/([0-9a-f]+)\/0/)?.[1];
    check(gameId, `A's table: ${a.url()}`);
    check((await a.locator(".seat-clocks").innerText()).includes("1 min 00 s each, plus 2 s per move"),
      "the table states the clock's rule in words");
    await plainWords(a, "the waiting table");
    await b.goto(`${base}/#/`);
    await b.selectOption("#open-game-filter", "frogriders");
    await b.selectOption("#open-players-filter", "2");
    const row = b.locator(`.open-game[data-game="${gameId}"]`);
    await row.waitFor();
    check((await row.innerText()).includes("clock: 1 min 00 s each"), `the open game's line: ${await row.innerText()}`);
    await plainWords(b, "the lobby's open games");
    await row.locator("a.join-open").click();
    await b.locator("#take-seat").click(); // no name kept, none given: B is known by the seat's number
    await b.waitForSelector(".table-layout");
    check(b.url().endsWith(`#/play/${gameId}/1`), `B's table: ${b.url()}`);
    // the game runs: one seat's clock runs on both tables and counts down
    const running = await until("a running clock on A's table", async () => {
      const c = await clocks(a);
      return c.length === 2 && c.some((x) => x.running) ? c : undefined;
    });
    const seat = running.findIndex((x) => x.running);
    check(running[seat].ms <= 60_000 && running[seat].ms > 30_000 && /\d+ (s|min \d\d s) left \(running\)/.test(running[seat].text),
      `the running clock: ${JSON.stringify(running)}`);
    await new Promise((done) => setTimeout(done, 1500));
    const later = await clocks(a);
    check(later[seat].running && later[seat].ms < running[seat].ms - 800,
      `the clock counts down: ${running[seat].ms} then ${later[seat].ms} ms`);
    check((await clocks(b)).some((x) => x.running), "B's table shows the running clock too");
    await plainWords(a, "A's table with the clocks");
    const made = await playSome([a, b], 6);
    const after = await clocks(a);
    check(after.every((x) => x.ms > 0 && /left/.test(x.text)), `both clocks after the moves: ${JSON.stringify(after)}`);
    log(`game with an open seat and a clock: joined from the list, ${made} decisions played, clock ${running[seat].text} -> ${later[seat].text}`);

    // 2. an invitation link; leaving and coming back
    const invite = await createOpenGame(a, false);
    const second = invite.match(/#\/open\/([0-9a-f]+)$/)[1];
    await b.goto(invite); // B has kept no name yet: the invitation asks for one before taking the seat
    await b.locator("form.join-open-form").waitFor();
    await until("the invitation names the game", async () => (await b.locator("form.join-open-form h2").innerText()).includes("Frogriders"));
    await plainWords(b, "the invitation's name prompt");
    await b.fill("#join-name", "  Bea  ");
    await b.locator("#take-seat").click();
    await until("B seated by the invitation", async () => b.url().endsWith(`#/play/${second}/1`));
    await until("A's table naming B as B gave it", async () => (await a.locator(".table-head .seats li").allInnerTexts())[1]?.includes("Bea (seat 1)"));
    await b.waitForSelector(".table-layout");
    await until("the second game running", async () => (await tableState(a))?.state !== undefined
      && !(await a.locator(".waiting-note").count()));
    await playSome([a, b], 2);
    await b.goto(`${base}/#/`);
    const mine = b.locator(`.saved-game[data-game="${second}"]`);
    await mine.locator("button.leave").click();
    await mine.locator("button.come-back").waitFor();
    check((await mine.innerText()).includes("you left"), `B's line after leaving: ${await mine.innerText()}`);
    await plainWords(b, "the lobby after leaving");
    await mine.locator("button.come-back").click();
    await mine.locator("button.leave").waitFor();
    log("game by the invitation link: B seated, left (a bot played for B) and came back");

    // 3. play now: a queue whose bots fill the empty seat after 5 s
    await a.goto(`${base}/#/`);
    await a.locator('label[for="game-frogriders"]').click();
    await a.selectOption("#param-players", "2");
    await a.selectOption("#fill-after", "5");
    const asked = Date.now();
    await a.locator("#play-now").click();
    await a.waitForSelector(".queue-page");
    check((await a.locator(".queue-wait").innerText()).includes("Waiting for"), "the queue page tells the wait");
    await plainWords(a, "the queue page");
    await a.waitForSelector(".table-layout", { timeout: 60_000 });
    const seated = (Date.now() - asked) / 1000;
    const names = await a.locator(".table-head .seats").innerText();
    check(/bot/.test(names), `a bot fills the other seat: ${names}`);
    check(seated >= 4.5, `seated after ${seated} s, before the queue's wait of 5 s`);
    await playSome([a], 2);
    log(`play now: seated with a bot after ${seated.toFixed(1)} s (the queue's wait: 5 s)`);

    // 4. a clock runs out: the seat is out, or a bot moves for it, as the game's policy says
    const expected = { TIMEOUT_POLICY_FORFEIT: /ran out of time: out of the game/,
      TIMEOUT_POLICY_STAND_IN: /ran out of time (once|\d+ times): a bot moved for this seat/ };
    for (const [page, policy] of [[a, "TIMEOUT_POLICY_FORFEIT"], [b, "TIMEOUT_POLICY_STAND_IN"]]) {
      const made = await (await fetch(`${base}/boardbot.v1.GameService/CreateGame`, { method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ game: "frogriders", config: { frogriders: { players: 2 } },
          seats: [{ kind: "SEAT_KIND_HUMAN" }, { kind: "SEAT_KIND_BOT", bot: "greedy" }],
          clock: { kind: "CLOCK_KIND_INCREMENT", initialTime: "2s", onTimeout: policy } }) })).json();
      const token = made.seatTokens.find((t) => (t.seat ?? 0) === 0).token;
      await page.goto(`${base}/#/join/${made.game.gameId}/0/${token}`);
      await page.waitForSelector(".table-layout");
      const said = await until(`the timeout in words (${policy})`, async () => {
        const text = await page.locator(".seat-clocks").innerText();
        return expected[policy].test(text) ? text : undefined;
      }, 30).catch(async (err) => { throw new Error(`${err.message}: ${await page.locator("main, #app").first().innerText()}`); });
      await plainWords(page, `the table after a timeout (${policy})`);
      log(`a 2 s clock ran out (${policy}): "${said.split("\n").find((l) => l.includes("ran out"))}"`);
    }
});
