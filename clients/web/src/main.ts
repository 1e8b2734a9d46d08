// The web app's entry: a hash router over the lobby, the table and the review.
//   #/                          the lobby
//   #/play/<game>/<seat>        your seat (its token kept in this browser)
//   #/join/<game>/<seat>/<tok>  a join link: keeps the token here, then opens the seat
//   #/watch/<game>              a spectator
//   #/review/<game>/<seat>      the finished game with the AI's view of your moves
import "./style.css";
import { client, describeError, listBots } from "./api.js";
import { h, mount } from "./dom.js";
import { showLobby } from "./lobby.js";
import { showReview } from "./review.js";
import { findSaved } from "./store.js";
import { rememberJoin, showTable } from "./table.js";

let current: AbortController | undefined;

async function route(): Promise<void> {
  current?.abort();
  const controller = new AbortController();
  current = controller;
  const root = document.getElementById("app")!;
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  const [page, gameId, seatText, token] = parts;
  const seat = seatText === undefined || seatText === "" ? undefined : Number(seatText);
  window.scrollTo(0, 0);
  document.title = "boardbot — play against the AI";
  await listBots().catch(() => undefined); // the bots' names for the seats (once per page load; else their specs)
  switch (page) {
    case "play":
      return showTable(root, gameId, seat, findSaved(gameId, seat)?.token, controller.signal);
    case "watch":
      try {
        await rememberJoin(gameId, await client.getGame(gameId), undefined, undefined);
      } catch { /* the table says what is wrong */ }
      return showTable(root, gameId, undefined, undefined, controller.signal);
    case "join":
      try {
        await rememberJoin(gameId, await client.getGame(gameId), seat, token);
        location.replace(`#/play/${gameId}/${seat}`); // the token leaves the address bar and the history
      } catch (err) {
        mount(root, h("p", { class: "error", role: "alert" }, `Cannot join: ${describeError(err)}`));
      }
      return;
    case "review":
      return showReview(root, gameId, seat ?? 0, findSaved(gameId, seat)?.token, controller.signal);
    default:
      return showLobby(root, controller.signal);
  }
}

window.addEventListener("hashchange", () => void route());
void route();
