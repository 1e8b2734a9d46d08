// The web app's entry: a hash router over the lobby, the table and the review.
//   #/                          the lobby
//   #/play/<game>/<seat>        your seat (its token kept in this browser)
//   #/join/<game>/<seat>/<tok>  a join link: keeps the token here, then opens the seat
//   #/watch/<game>              a spectator
//   #/review/<game>/<seat>      the finished game with the AI's view of your moves
//   #/replay/<game>             a finished game's replay from its record (#/replay: of a record file)
//   #/open/<game>               an invitation to a game's open seat (lobby_seats.tsx)
//   #/queue/<queue>             play now: waiting in a matchmaking queue (lobby_seats.tsx)
import "./style.css";
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { client, describeError, listBots } from "./api.js";
import { Lobby } from "./lobby.js";
import { Replay } from "./replay.js";
import { JoinOpen, QueuePage } from "./lobby_seats.js";
import { Review } from "./review.js";
import { findSaved } from "./store.js";
import { rememberJoin, TablePage } from "./table.js";

function parse(hash: string) {
  const parts = hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  const [page, gameId, seatText, token] = parts;
  const seat = seatText === undefined || seatText === "" ? undefined : Number(seatText);
  return { page, gameId, seat, token };
}

/** A join link: keep the seat's token in this browser, then open the seat (the token leaves the
 *  address bar and the history). */
function Join({ gameId, seat, token }: { gameId: string; seat?: number; token?: string }) {
  const [error, setError] = useState("");
  useEffect(() => {
    void (async () => {
      try {
        await rememberJoin(gameId, await client.getGame(gameId), seat, token);
        location.replace(`#/play/${gameId}/${seat}`);
      } catch (err) {
        setError(describeError(err));
      }
    })();
  }, []);
  return error ? <p class="error" role="alert">{`Cannot join: ${error}`}</p> : <p class="loading">Joining…</p>;
}

/** A spectator: keep the game in this browser's list, then show the table. */
function Watch({ gameId }: { gameId: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void (async () => {
      try {
        await rememberJoin(gameId, await client.getGame(gameId), undefined, undefined);
      } catch { /* the table says what is wrong */ }
      setReady(true);
    })();
  }, []);
  return ready ? <TablePage gameId={gameId} /> : <p class="loading">Opening the table…</p>;
}

function Page({ hash }: { hash: string }) {
  const { page, gameId, seat, token } = parse(hash);
  switch (page) {
    case "play": return <TablePage gameId={gameId} seat={seat} token={findSaved(gameId, seat)?.token} />;
    case "watch": return <Watch gameId={gameId} />;
    case "join": return <Join gameId={gameId} seat={seat} token={token} />;
    case "replay": return <Replay gameId={gameId} />;
    case "open": return <JoinOpen gameId={gameId} />;
    case "queue": return <QueuePage queueId={gameId} />;
    case "review": return <Review gameId={gameId} seat={seat ?? 0} token={findSaved(gameId, seat)?.token} />;
    default: return <Lobby />;
  }
}

function App() {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const changed = () => {
      window.scrollTo(0, 0);
      document.title = "boardbot — play against the AI";
      setHash(location.hash);
    };
    window.addEventListener("hashchange", changed);
    return () => window.removeEventListener("hashchange", changed);
  }, []);
  return <Page key={hash} hash={hash} />; // a new page for each address: its state starts afresh
}

// the bots' names for the seats first (ListBots, once per page load; else their spec strings)
void listBots().catch(() => undefined).finally(() => render(<App />, document.getElementById("app")!));
