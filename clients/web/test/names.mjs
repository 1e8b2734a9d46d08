// Names for people and live scores (issue 48), as two people meet them in two browsers:
//   * A gives a name in the lobby ("Ann"), creates a Frogriders game with an open seat; B gives
//     hers ("Bea") and opens the invitation link: each table names the other seat by its player's
//     name, so does the log of the other's moves, and the lobby's open games list;
//   * while the game runs, the seat strip shows every seat's score if the game ended now, with
//     what makes it up; once B has kept her secret set card, A's strip says that B's score does
//     not count what is hidden from A (B's own strip does not say so of B);
//   * a name with a control character is refused with the field named (INVALID_ARGUMENT);
//   * no identifier-shaped word on those pages, no console error.
//
//   node test/names.mjs <base url>     prints "1 passed, 0 failed" or the failure
import { check, plainWords, playSome, twoPeople, until } from "./browser.mjs";

const [base] = process.argv.slice(2);
const log = (text) => console.log(text);

/** The seat strip's entries, by seat: their text. */
async function seatStrip(page) {
  return page.locator(".table-head .seats li").allInnerTexts();
}

await twoPeople(async (a, b) => {
    for (const [page, name] of [[a, "Ann"], [b, "Bea"]]) {
      await page.goto(`${base}/#/`);
      await page.locator("details.settings summary").click();
      await page.selectOption("#bot-delay", "0"); // no pause after the other seat's moves
      await page.locator('label[for="game-frogriders"]').click();
      await page.fill("#player-name", name);
      await plainWords(page, "the lobby with the name field");
    }
    await a.selectOption("#param-players", "2");
    await a.selectOption("#seat-1", "open");
    await a.locator("#create-game").click();
    await a.waitForSelector(".table-layout");
    const invite = await a.locator(".waiting-note a.invite-link").getAttribute("href");
    const gameId = invite.match(/#\/open\/([0-9a-f]+)$/)[1];
    await b.goto(`${base}/#/`);
    await b.selectOption("#open-game-filter", "frogriders");
    await b.selectOption("#open-players-filter", "2");
    const row = b.locator(`.open-game[data-game="${gameId}"]`);
    await row.waitFor();
    check((await row.innerText()).includes("Ann"), `the open game names its player: ${await row.innerText()}`);
    await b.goto(invite); // the name given in B's lobby goes with the invitation
    await until("B seated by the invitation", async () => b.url().endsWith(`#/play/${gameId}/1`));
    await b.waitForSelector(".table-layout");
    await until("A's table naming B", async () => (await seatStrip(a))[1]?.includes("Bea (seat 1)"));
    const [bSeesA] = await seatStrip(b);
    check(bSeesA.includes("Ann (seat 0)"), `B's table names A: ${bSeesA}`);
    check((await seatStrip(a))[0].includes("You (seat 0)"), "A's own seat is 'You'");

    // both keep a set card (the first decisions), then a few moves more
    await playSome([a, b], 4);
    const strip = await until("live scores on A's table", async () => {
      const s = await seatStrip(a);
      return s.length === 2 && s.every((t) => /if it ended now: -?\d+ points?/.test(t)) ? s : undefined;
    });
    check(strip[1].includes("what is hidden from you not counted"), `A does not see B's set card: ${strip[1]}`);
    check(!strip[0].includes("hidden from you"), `A's own score counts A's set card: ${strip[0]}`);
    const bStrip = await seatStrip(b);
    check(bStrip[0].includes("hidden from you") && !bStrip[1].includes("hidden from you"), `B's strip: ${bStrip}`);
    await until("B's moves in A's log under B's name", async () => (await a.locator(".log").innerText()).includes("Bea (seat 1)"));
    await plainWords(a, "A's table with names and live scores");
    await plainWords(b, "B's table with names and live scores");
    log(`names: A sees "${strip[1].split("\n")[0]}"; live scores: "${strip[0].replace(/\s+/g, " ")}"`);

    // a name with a control character: INVALID_ARGUMENT naming the field
    const refused = await fetch(`${base}/boardbot.v1.GameService/CreateGame`, { method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: "frogriders", seats: [{ kind: "SEAT_KIND_HUMAN", playerName: "Ann\u0007" },
        { kind: "SEAT_KIND_BOT", bot: "greedy" }] }) });
    const answer = await refused.json();
    check(refused.status === 400 && answer.code === "invalid_argument" && /seats\[0\]\.player_name/.test(JSON.stringify(answer)),
      `a control character in a name: ${refused.status} ${JSON.stringify(answer)}`);
    log("a name with a control character: invalid_argument, seats[0].player_name");
});
