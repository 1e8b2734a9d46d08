// The lobby: pick a game, set its parameters and seats, start it; resume the games kept here.
import { GameStatus, LeavePolicy, SeatState, gameConfig, type BotOffer, type Game, type GameType, type SeatChoice } from "@boardbot/client";
import { useEffect, useState } from "preact/hooks";
import { botName, client, describeError, listBots, listGameTypes, titleOf, type Wire } from "./api.js";
import { clockOptions, NO_CLOCK, type ClockChoice } from "./clocks.js";
import { ClockFields, ParamFields, settle } from "./form.js";
import { OpenGames, playNow, SeatActions } from "./lobby_seats.js";
import { forgetGame, MAX_NAME, PACES, saveGame, saveSettings, savedGames, settings, type SavedGame } from "./store.js";

const HUMAN = "human";
const OPEN = "open"; // a seat anyone with the invitation link, or from the open games, can take

const NUMBERS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

// A game, or its one-player mode against its automaton (GameType.solo), as the lobby offers them.
interface Choice {
  game: string;
  solo: boolean;
}

export function Lobby() {
  const [offer, setOffer] = useState<{ types: GameType[]; bots: BotOffer[] } | undefined>(undefined);
  const [error, setError] = useState("");
  useEffect(() => {
    Promise.all([listGameTypes(), listBots()]).then(([types, bots]) => setOffer({ types, bots }),
      (err) => setError(describeError(err)));
  }, []);
  if (error) return <p class="error" role="alert">{`Cannot reach the server: ${error}`}</p>;
  if (!offer) return <p class="loading">Loading the games…</p>;
  const { types, bots } = offer;
  return <>
    <header class="lobby-head"><h1>boardbot</h1>
      <p>{`Play ${types.length === 1 ? "a tabletop game" : `${NUMBERS[types.length] ?? types.length} tabletop games`} `
        + "against the AI, and see what the AI thinks of every move."}</p>
    </header>
    <div class="lobby"><NewGame types={types} bots={bots} /><OpenGames types={types} /><YourGames />
      <SettingsPanel bots={bots} /></div>
  </>;
}

/** A bot as the lobby offers it: its name, what it does, and which is the default. */
function botLabel(bot: BotOffer): string {
  return `${bot.title} — ${bot.description}${bot.isDefault ? " (the default)" : ""}`;
}

function NewGame({ types, bots }: { types: GameType[]; bots: BotOffer[] }) {
  const [choice, setChoice] = useState<Choice>({ game: types[0]?.name ?? "", solo: false });
  const [chosen, setChosen] = useState<Record<string, Wire>>({}); // values the player set
  const [seatSpecs, setSeatSpecs] = useState<string[]>([]); // by seat number: a bot spec or "human"
  const [mySeat, setMySeat] = useState(0); // the seat the player sits at
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [clock, setClock] = useState<ClockChoice>(NO_CLOCK);
  const [waitOnLeave, setWaitOnLeave] = useState(false); // a seat whose player left waits for them (else a bot plays it)
  const [fillAfter, setFillAfter] = useState(20); // Play now: seconds before bots take the empty seats
  const [playerName, setPlayerName] = useState(settings().playerName); // kept for the join links and Play now too
  // a new seat gets the bot the list calls the default (the server's: ListBots)
  const defaultBot = bots.find((b) => b.isDefault)?.bot ?? bots[0]?.bot ?? HUMAN;
  const type = types.find((t) => t.name === choice.game);
  const choices: [GameType, Choice][] = types.flatMap((t) => t.solo
    ? [[t, { game: t.name, solo: false }], [t, { game: t.name, solo: true }]] : [[t, { game: t.name, solo: false }]]);
  const values = type ? settle(type, chosen) : {};
  const players = typeof values.players === "number" ? values.players : 2;
  const me = Math.min(mySeat, Math.max(0, players - 1));
  // every seat's spec: yours "human", the others as chosen (a new one as the last chosen, else the default bot)
  const lastChosen = [...seatSpecs].reverse().find((s, i) => s !== undefined && seatSpecs.length - 1 - i !== me);
  const specs = Array.from({ length: players }, (_, i) => i === me ? HUMAN : seatSpecs[i] ?? lastChosen ?? defaultBot);
  const seats = specs.filter((_, i) => i !== me); // the other seats' specs

  const change = (name: string, value: Wire) => {
    setChosen({ ...chosen, [name]: value });
    if (name === "players" && type) setChoice({ ...choice, solo: value === 1 && type.solo !== undefined });
  };
  const create = async (type: GameType) => {
    setBusy(true);
    setMessage("");
    const choices: SeatChoice[] = specs.map((spec) => spec === HUMAN || spec === OPEN ? spec : { bot: spec });
    try {
      const made = await client.createGame(type.name, {
        config: gameConfig(type.name, values as Record<string, string | number | boolean>), seats: choices,
        clock: clockOptions(clock), lobby: lobbyOptions(), playerNames: specs.map((_, i) => i === me ? playerName : "") });
      const gameId = made.game.gameId;
      saveGame({ gameId, game: type.name, title: type.title + (values.players === 1 ? " (solo)" : ""), seat: me,
        token: made.seatTokens[me], ownerToken: made.ownerToken, created: Date.now(),
        opponents: seats.map((s) => s === HUMAN ? "a person" : s === OPEN ? "an open seat" : `${botName(s)} bot`).join(", ") || type.solo?.opponent || "nobody",
        invites: made.seatTokens.map((token, seat) => ({ seat, token })).filter((t) => t.seat !== me && t.token) });
      location.hash = `#/play/${gameId}/${me}`;
    } catch (err) {
      setBusy(false);
      setMessage(`The server refused the game: ${describeError(err)}`);
    }
  };
  // who plays a seat whose player left: asked only where people play against people or against a clock
  const lobbyOptions = () => specs.some((s, i) => i !== me && (s === HUMAN || s === OPEN)) || clock.kind !== "none"
    ? { onLeave: waitOnLeave ? LeavePolicy.WAIT : LeavePolicy.STAND_IN } : undefined;
  const findPlayers = async (type: GameType) => {
    setBusy(true);
    setMessage("");
    try {
      await playNow(type.name, { config: gameConfig(type.name, values as Record<string, string | number | boolean>),
        clock: clockOptions(clock), backfillAfterSeconds: fillAfter, lobby: lobbyOptions() });
    } catch (err) {
      setBusy(false);
      setMessage(`The server refused the queue: ${describeError(err)}`);
    }
  };
  return <form class="new-game" aria-label="New game" onSubmit={(e) => { e.preventDefault(); if (type) void create(type); }}>
    <h2>New game</h2>
    <fieldset class="game-picker"><legend>1. Pick a game</legend>
      {choices.map(([t, c]) => {
        const id = `game-${c.game}${c.solo ? "-solo" : ""}`;
        const checked = choice.game === c.game && choice.solo === c.solo;
        return <label class={`game-choice${checked ? " checked" : ""}`} for={id} key={id}>
          <input type="radio" name="game" id={id} value={id} checked={checked} onChange={() => {
            setChoice(c);
            setChosen(c.solo ? { players: 1 } : {});
            setSeatSpecs([]);
            setMySeat(0);
          }} />
          <span class="game-title">{titleOf(t, c.solo)}</span>
          <span class="game-blurb">{c.solo ? t.solo?.blurb ?? "" : t.blurb}</span>
        </label>;
      })}
    </fieldset>
    {type ? <>
      <fieldset class="params"><legend>{`2. Rules of ${type.title}`}</legend>
        <ParamFields type={type} values={values} change={change} /></fieldset>
      <fieldset class="seat-form"><legend>3. Seats</legend>
        {players > 1 ? <div class="field"><label for="my-seat">Your seat</label>
          <select id="my-seat" value={String(me)} onChange={(e) => setMySeat(Number((e.target as HTMLSelectElement).value))}>
            {specs.map((_, i) => <option value={String(i)}>{`Seat ${i}`}</option>)}
          </select></div> : null}
        <ol class="seat-list">
          {specs.map((spec, i) => {
            const id = `seat-${i}`;
            if (i === me) return <li key={id}><span class="seat-label">{`Seat ${i}`}</span><strong>You</strong></li>;
            return <li key={id}><label class="seat-label" for={id}>{`Seat ${i}`}</label>
              <select id={id} value={spec} onChange={(e) => {
                const next = specs.map((s, j) => j === me ? seatSpecs[j] : s) as string[]; // yours stays unset
                next[i] = (e.target as HTMLSelectElement).value;
                setSeatSpecs(next);
              }}>
                {bots.map((b) => <option value={b.bot}>{`Bot: ${botLabel(b)}`}</option>)}
                <option value={HUMAN}>Another person (you get a join link)</option>
                <option value={OPEN}>Open seat (for a friend with the invitation link, or anyone from the open games)</option>
              </select></li>;
          })}
        </ol>
        <div class="field"><label for="player-name">Your name (the other seats see it; empty: your seat's number)</label>
          <input id="player-name" type="text" maxLength={MAX_NAME} autocomplete="nickname" value={playerName}
            onInput={(e) => { const name = (e.target as HTMLInputElement).value; setPlayerName(name); saveSettings({ playerName: name }); }} />
        </div>
        <Strength bots={bots} game={type.name} players={players} />
        {players === 1 && type.solo?.note ? <p class="help">{type.solo.note}</p> : null}
      </fieldset>
      <fieldset class="clock-form"><legend>4. Clock and leaving</legend>
        <ClockFields choice={clock} change={setClock} />
        {players > 1 ? <div class="field"><label for="on-leave">When a person leaves the game</label>
          <select id="on-leave" value={waitOnLeave ? "wait" : "bot"} onChange={(e) => setWaitOnLeave((e.target as HTMLSelectElement).value === "wait")}>
            <option value="bot">A bot plays their seat until they come back</option>
            <option value="wait">The game waits for them at their turns</option>
          </select></div> : null}
      </fieldset>
      <div class="actions">
        <button type="submit" class="primary" id="create-game" disabled={busy}>{busy ? "Starting…" : "Start the game"}</button>
        {players > 1 ? <span class="play-now">
          <button type="button" id="play-now" disabled={busy} onClick={() => void findPlayers(type)}>
            Play now: find other players</button>{" "}
          <label for="fill-after">bots fill empty seats after</label>{" "}
          <select id="fill-after" value={String(fillAfter)} onChange={(e) => setFillAfter(Number((e.target as HTMLSelectElement).value))}>
            {[5, 10, 20, 30, 60, 120].map((s) => <option value={String(s)}>{s < 60 ? `${s} s` : `${s / 60} min`}</option>)}
          </select></span> : null}
        {message ? <p class="error" role="alert">{message}</p> : null}
      </div>
    </> : null}
  </form>;
}

interface Status {
  text: string;
  finished: boolean;
  game?: Game;
}

/** The games kept in this browser, each with its status from GetGame (a game the server no
 *  longer has says so). */
function YourGames() {
  const [games, setGames] = useState<SavedGame[]>(savedGames);
  const [statuses, setStatuses] = useState<Record<string, Status>>({});
  const [round, setRound] = useState(0); // read the statuses again after a seat's action
  useEffect(() => {
    let stopped = false;
    void (async () => {
      for (const g of savedGames()) {
        let status: Status;
        try {
          const game = await client.getGame(g.gameId);
          const finished = game.status === GameStatus.FINISHED;
          const left = g.seat !== undefined && game.seats[g.seat]?.state === SeatState.LEFT;
          status = { finished, game, text: finished ? " · finished" : left ? " · you left"
            : game.status === GameStatus.WAITING ? " · waiting for players" : game.decider === g.seat ? " · your turn" : " · running" };
        } catch {
          status = { finished: false, text: " · not on this server" };
        }
        if (stopped) return;
        setStatuses((now) => ({ ...now, [g.gameId]: status }));
      }
    })();
    return () => { stopped = true; };
  }, [round]);
  return <section class="your-games" aria-label="Your games"><h2>Your games</h2>
    <p><a href="#/replay">Replay a record file</a></p>
    {games.length === 0 ? <p class="muted">Games you start or join appear here, to resume later.</p>
      : <ul>{games.map((g) => {
        const open = g.seat === undefined ? `#/watch/${g.gameId}` : `#/play/${g.gameId}/${g.seat}`;
        const status = statuses[g.gameId];
        return <li class="saved-game" data-game={g.gameId} key={`${g.gameId}/${g.seat}`}>
          <a href={open}>{g.title}</a>
          <span class="muted">{` ${g.seat === undefined ? "watching" : `seat ${g.seat}`} vs ${g.opponents} · ${new Date(g.created).toLocaleString()}`}</span>
          <span class="status" data-status={g.gameId}>{status?.text ?? ""}</span>
          {" "}
          {g.seat !== undefined && status?.finished ? <a href={`#/review/${g.gameId}/${g.seat}`} class="review-link">review</a> : null}
          {" "}
          {status?.finished ? <><a href={`#/replay/${g.gameId}`} class="replay-link">replay</a>{" "}</> : null}
          {status?.game ? <SeatActions saved={g} game={status.game} done={() => { setGames(savedGames()); setRound(round + 1); }} /> : null}
          {" "}
          <button type="button" class="link" onClick={() => { forgetGame(g.gameId, g.seat); setGames(savedGames()); }}>forget</button>
        </li>;
      })}</ul>}
  </section>;
}

/** How strong each bot played at this table on the difficulty ladder, where the server's ladder rated it. */
function Strength({ bots, game, players }: { bots: BotOffer[]; game: string; players: number }) {
  const rated = bots.flatMap((b) => {
    const rating = b.tables.find((t) => t.game === game && t.players === players)?.rating;
    return rating ? [`${b.title} ${rating.elo}`] : [];
  });
  if (rated.length === 0) return null;
  return <p class="help bot-strength">{"Strength at this table, in rating points above the random bot "
    + `(400 points: 10 to 1 odds): ${rated.join(", ")}.`}</p>;
}

function SettingsPanel({ bots }: { bots: BotOffer[] }) {
  const now = settings();
  return <details class="settings"><summary>Settings</summary>
    <div class="field"><label for="bot-delay">Moves of the other seats</label>
      <select id="bot-delay" value={String(now.botDelayMs)}
        onChange={(e) => saveSettings({ botDelayMs: Number((e.target as HTMLSelectElement).value) })}>
        {PACES.map(([ms, text]) => <option value={String(ms)}>{text}</option>)}
      </select></div>
    <div class="field"><label for="auto-forced-setting">Play my only possible move by itself</label>
      <input type="checkbox" id="auto-forced-setting" checked={now.autoForced}
        onChange={(e) => saveSettings({ autoForced: (e.target as HTMLInputElement).checked })} /></div>
    <div class="field"><label for="ai-bot">The AI for hints and reviews</label>
      <select id="ai-bot" value={now.aiBot} onChange={(e) => saveSettings({ aiBot: (e.target as HTMLSelectElement).value })}>
        {bots.filter((b) => b.botSpec?.bot.case === "ismcts").map((b) => <option value={b.bot}>{botLabel(b)}</option>)}
      </select></div>
  </details>;
}
