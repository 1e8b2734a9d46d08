// The lobby's seats: joining an open game (from the list or an invitation link), playing now in a
// matchmaking queue, and leaving, coming back to and rematching a game kept in this browser.
//   #/open/<game>    an invitation: reserve an open seat of the game, then take it up at the table
//   #/queue/<queue>  wait in a queue until matched (bots fill the empty seats after its wait)
import { GameStatus, LeavePolicy, SeatKind, SeatState, type Game, type GameType, type MatchQueue } from "@boardbot/client";
import { useEffect, useState } from "preact/hooks";
import { botName, client, describeError, gameType } from "./api.js";
import { clockRule, ms } from "./clocks.js";
import { MAX_NAME, saveGame, saveSettings, savedGames, settings, type SavedGame } from "./store.js";

/** The address of a page of this app (an invitation or a queue to share). */
export function appLink(hash: string): string {
  return `${location.origin}${location.pathname}${hash}`;
}

function opponents(game: Game, me: number | undefined): string {
  return game.seats.filter((s) => s.index !== me)
    .map((s) => s.kind === SeatKind.BOT ? `${botName(s.bot)} bot` : s.playerName || "a person").join(", ") || "nobody";
}

async function keep(game: Game, seat: number, token: string): Promise<void> {
  const type = await gameType(game.gameName);
  saveGame({ gameId: game.gameId, game: game.gameName, title: type?.title ?? "A game", seat, token,
    created: Date.now(), opponents: opponents(game, seat) });
}

/** An invitation link: reserve an open seat (JoinGame) and open the table, whose first call takes it
 *  up. A browser that already holds a seat of the game goes back to it. A browser that has no name
 *  kept yet (someone opening a friend's link) is asked for one first: the other seats see it. */
export function JoinOpen({ gameId }: { gameId: string }) {
  const [error, setError] = useState("");
  const [asking, setAsking] = useState(false);
  const [name, setName] = useState(settings().playerName);
  const [game, setGame] = useState<Game | undefined>(undefined);
  const [gameTitle, setGameTitle] = useState("");
  const join = async (asName: string) => {
    setAsking(false);
    try {
      const joined = await client.joinGame(gameId, { name: asName });
      const seat = joined.seat.seat!;
      await keep(joined.game, seat, joined.seat.token!);
      location.replace(`#/play/${gameId}/${seat}`);
    } catch (err) {
      setError(describeError(err));
    }
  };
  useEffect(() => {
    const held = savedGames().find((g) => g.gameId === gameId && g.token);
    if (held) {
      location.replace(`#/play/${gameId}/${held.seat}`);
      return;
    }
    if (settings().playerName) {
      void join(settings().playerName);
      return;
    }
    setAsking(true);
    void (async () => {
      try {
        const found = await client.getGame(gameId);
        setGameTitle((await gameType(found.gameName))?.title ?? "");
        setGame(found);
      } catch (err) {
        setError(describeError(err));
      }
    })();
  }, []);
  if (error) return <><p class="error" role="alert">{`Cannot join: ${error}`}</p><p><a href="#/">Back to the lobby</a></p></>;
  if (!asking) return <p class="loading">Taking a seat…</p>;
  const named = game?.seats.map((s) => s.kind === SeatKind.BOT ? `${botName(s.bot)} bot` : s.playerName).filter((n) => n) ?? [];
  return <form class="join-open-form" onSubmit={(e) => {
    e.preventDefault();
    saveSettings({ playerName: name });
    void join(name);
  }}>
    <h2>{gameTitle ? `Join a game of ${gameTitle}` : "Join a game"}</h2>
    {game ? <p class="muted">{`${game.seats.length} players${named.length ? `, with ${named.join(", ")}` : ""}`
      + `${game.clocks ? `; clock: ${clockRule(game.clocks.options)}` : "; no clock"}`}</p> : null}
    <label for="join-name">Your name (the other players see it; leave it empty to be known by your seat's number)</label>
    <input id="join-name" type="text" maxLength={MAX_NAME} autocomplete="nickname" value={name}
      onInput={(e) => setName((e.target as HTMLInputElement).value)} />
    <button type="submit" id="take-seat">Take the seat</button>
  </form>;
}

/** Play now: one ticket in the queue, waited on (WaitForMatch, up to 20 s a call) until matched. */
export function QueuePage({ queueId }: { queueId: string }) {
  const [queue, setQueue] = useState<MatchQueue | undefined>(undefined);
  const [error, setError] = useState("");
  const [started] = useState(Date.now());
  const [, tick] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setInterval(() => tick((n) => n + 1), 500);
    let ticket: Awaited<ReturnType<typeof client.joinQueue>> | undefined;
    let matched = false;
    void (async () => {
      try {
        ticket = await client.joinQueue(queueId, settings().playerName);
        const auth = { headers: { authorization: `Bearer ${ticket.token}` }, signal: controller.signal, timeoutMs: 25_000 };
        while (!controller.signal.aborted) {
          const answer = await client.games.waitForMatch({ queueId, ticketId: ticket.ticketId }, auth);
          if (answer.queue) setQueue(answer.queue);
          if (answer.gameId !== undefined && answer.seat !== undefined) {
            matched = true;
            await keep(await client.getGame(answer.gameId), answer.seat, ticket.token);
            location.replace(`#/play/${answer.gameId}/${answer.seat}`);
            return;
          }
        }
      } catch (err) {
        if (!controller.signal.aborted) setError(describeError(err));
      }
    })();
    return () => {
      controller.abort();
      clearInterval(timer);
      if (ticket && !matched) void ticket.leave().catch(() => undefined); // gone from the page: out of the queue
    };
  }, []);
  if (error) return <><p class="error" role="alert">{`Cannot wait in this queue: ${error}`}</p><p><a href="#/">Back to the lobby</a></p></>;
  const waited = (Date.now() - started) / 1000;
  const fill = queue ? ms(queue.backfillAfter) / 1000 : undefined;
  return <section class="queue-page" aria-label="Play now">
    <h1>Finding players…</h1>
    <p class="queue-wait" role="status">{`Waiting for ${Math.floor(waited)} s.`}
      {queue ? ` ${queue.waiting} of ${queue.players} players here.` : ""}</p>
    {fill !== undefined ? <p class="help">{fill > waited
      ? `If nobody else comes, bots (${botName(queue!.backfillBot)}) take the empty seats in about ${Math.ceil(fill - waited)} s.`
      : `Bots (${botName(queue!.backfillBot)}) are taking the empty seats.`}</p> : null}
    {queue?.clock ? <p class="help">{`Clock: ${clockRule(queue.clock)}.`}</p> : null}
    <p>{"Friends can join this queue with this link: "}<a href={appLink(`#/queue/${queueId}`)}>{appLink(`#/queue/${queueId}`)}</a></p>
    <p><a href="#/" class="button">Leave the queue</a></p>
  </section>;
}

/** Games with an open seat (ListOpenGames), filtered by game and player count, each with its clock. */
export function OpenGames({ types }: { types: GameType[] }) {
  const [game, setGame] = useState("");
  const [players, setPlayers] = useState(0); // 0: any
  const [games, setGames] = useState<Game[] | undefined>(undefined);
  const [error, setError] = useState("");
  const [round, setRound] = useState(0);
  useEffect(() => {
    let stopped = false;
    void (async () => {
      try {
        const found: Game[] = [];
        for await (const g of client.listOpenGames({ game: game || undefined, players: players || undefined })) {
          found.push(g);
          if (found.length >= 30) break;
        }
        if (!stopped) { setGames(found); setError(""); }
      } catch (err) {
        if (!stopped) setError(describeError(err));
      }
    })();
    return () => { stopped = true; };
  }, [game, players, round]);
  const title = (name: string) => types.find((t) => t.name === name)?.title ?? "A game";
  const mine = new Set(savedGames().filter((g) => g.token).map((g) => g.gameId));
  return <section class="open-games" aria-label="Open games"><h2>Open games</h2>
    <div class="filters">
      <label for="open-game-filter">Game</label>
      <select id="open-game-filter" value={game} onChange={(e) => setGame((e.target as HTMLSelectElement).value)}>
        <option value="">Any game</option>
        {types.map((t) => <option value={t.name}>{t.title}</option>)}
      </select>
      <label for="open-players-filter">Players</label>
      <select id="open-players-filter" value={String(players)} onChange={(e) => setPlayers(Number((e.target as HTMLSelectElement).value))}>
        <option value="0">Any number</option>
        {[2, 3, 4, 5, 6].map((n) => <option value={String(n)}>{`${n} players`}</option>)}
      </select>
      <button type="button" id="open-games-refresh" onClick={() => setRound(round + 1)}>Refresh</button>
    </div>
    {error ? <p class="error" role="alert">{`The list did not load: ${error}`}</p> : null}
    {games === undefined ? <p class="loading">Loading…</p> : games.length === 0
      ? <p class="muted">No game waits for players just now. Start one with an open seat, or play now.</p>
      : <ul>{games.map((g) => {
        const open = g.seats.filter((s) => s.state === SeatState.OPEN).length;
        const named = g.seats.map((s) => s.playerName).filter((n) => n); // the people already there, by name
        return <li class="open-game" data-game={g.gameId} key={g.gameId}>
          <strong>{title(g.gameName)}</strong>
          <span class="muted">{` · ${g.seats.length} players · ${open} open seat${open === 1 ? "" : "s"} · `
            + `${named.length ? `with ${named.join(", ")} · ` : ""}`
            + `${g.clocks ? `clock: ${clockRule(g.clocks.options)}` : "no clock"}`}</span>{" "}
          {mine.has(g.gameId) ? <a href={`#/open/${g.gameId}`}>your game</a>
            : <a href={`#/open/${g.gameId}`} class="button join-open">Join</a>}
        </li>;
      })}</ul>}
  </section>;
}

/** What a kept game's seat can do now: leave (the game's option says who plays it meanwhile), come
 *  back, or ask for a rematch once it is over. */
export function SeatActions({ saved, game, done }: { saved: SavedGame; game: Game; done: () => void }) {
  const [message, setMessage] = useState("");
  const seat = saved.seat === undefined ? undefined : game.seats[saved.seat];
  if (!seat || !saved.token) return null;
  const handle = client.seat(saved.gameId, saved.seat, saved.token);
  const act = async (what: () => Promise<unknown>) => {
    try {
      await what();
      setMessage("");
      done();
    } catch (err) {
      setMessage(describeError(err));
    }
  };
  const buttons = [];
  if (game.status === GameStatus.FINISHED) {
    buttons.push(<button type="button" class="link rematch" onClick={() => void act(async () => {
      const next = await handle.rematch();
      const made = await client.getGame(next.gameId);
      saveGame({ ...saved, gameId: next.gameId, created: Date.now(), opponents: opponents(made, saved.seat), invites: undefined });
      location.hash = `#/play/${next.gameId}/${saved.seat}`;
    })}>rematch</button>);
  } else if (seat.state === SeatState.LEFT || seat.state === SeatState.REPLACED) {
    buttons.push(<button type="button" class="link come-back" onClick={() => void act(() => handle.comeBack())}>come back</button>);
  } else if (game.lobby && seat.state === SeatState.TAKEN && game.status === GameStatus.RUNNING) {
    const waits = game.lobby.onLeave === LeavePolicy.WAIT;
    buttons.push(<button type="button" class="link leave" title={waits ? "The game waits for you at your turns"
      : "A bot plays your seat until you come back"} onClick={() => void act(() => handle.leave())}>
      {waits ? "leave (the game waits for you)" : "leave (a bot plays for you)"}</button>);
  }
  return <>{buttons}{message ? <span class="error" role="alert">{` ${message}`}</span> : null}</>;
}

/** The lobby's Play-now button's work: a queue for the form's game, config and clock, then its page. */
export async function playNow(game: string, options: Parameters<typeof client.createQueue>[1]): Promise<void> {
  const queue = await client.createQueue(game, options);
  location.hash = `#/queue/${queue.queueId}`;
}
