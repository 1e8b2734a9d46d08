// A finished game's replay from its record (GetGameRecord, complete once the game is over: every
// move in full, every log line, the seed revealed), move by move, forward and back; and the
// record to download as a file (the protobuf JSON of boardbot.v1.GameRecord), which
// `boardbot records replay FILE` replays and checks (docs/web.md).
//
// The record says what happened; the table at each version is the spectator's view, which the
// server replays from the same events (WatchGame from version 0): the page runs no rules. A record
// file opened here is shown the same way when this server holds its game; else its events and its
// final table (GameRecord.final_view).
import { EventKind, GameStatus, recordFromJson, recordToJson, type Event, type Game, type GameRecord,
  type SeatView } from "@boardbot/client";
import { useEffect, useRef, useState } from "preact/hooks";
import { useStepper } from "./stepper.js";
import { client, describeError, gameType, listGameTypes } from "./api.js";
import { gameUI } from "./games/index.js";
import type { GameUI, TableContext } from "./games/types.js";
import { seatNames } from "./table.js";

interface Loaded {
  record: GameRecord;
  game: Game;
  title: string;
  ui: GameUI;
  views: Map<bigint, SeatView>; // the spectator's view at each version, where the server has the game
}

/** What an event did, in words for the replay: the mover's own text (a complete record has them). */
function eventText(event: Event): string {
  if (event.kind === EventKind.RESIGN) return "resigned";
  if (event.kind === EventKind.TAKE_BACK) return `took back the last move (back to version ${event.backToVersion ?? 0n})`;
  return event.moveText;
}

async function load(record: GameRecord, signal: AbortSignal): Promise<Loaded> {
  const game = record.game;
  if (!game) throw new Error("the record holds no game");
  if (!record.complete) throw new Error("the record is not complete: a game's record is complete once it is over");
  const [type, ui] = await Promise.all([gameType(game.gameName), listGameTypes().then((t) => gameUI(game.gameName, t))]);
  if (type === undefined) throw new Error("this server does not host the game");
  const views = new Map<bigint, SeatView>();
  try {
    for await (const item of client.seat(game.gameId, undefined).watch(0, signal)) {
      if (item.view) views.set(item.view.version, item.view);
      if (item.view?.status === GameStatus.FINISHED) break;
    }
  } catch { /* not on this server (a record file): its events and its final table */ }
  if (record.finalView) views.set(record.finalView.version, record.finalView);
  return { record, game, title: type.title, ui, views };
}

/** The replay of game ``gameId`` on this server, or (no id) of a record file the player opens. */
export function Replay({ gameId }: { gameId?: string }) {
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(gameId !== undefined && gameId !== "");
  const controller = useRef(new AbortController());
  useEffect(() => {
    const signal = controller.current.signal;
    if (gameId) {
      void (async () => {
        try {
          const game = await client.getGame(gameId);
          if (game.status !== GameStatus.FINISHED) throw new Error("the game is still running: its replay opens when it is over");
          const record = await client.gameRecord(gameId);
          setLoaded(await load(record, signal));
        } catch (err) {
          if (!signal.aborted) setProblem(describeError(err));
        }
        setBusy(false);
      })();
    }
    return () => controller.current.abort();
  }, []);
  const open = async (file: File | undefined) => {
    if (!file) return;
    setProblem("");
    setBusy(true);
    try {
      setLoaded(await load(recordFromJson(await file.text()), controller.current.signal));
    } catch (err) {
      setProblem(`That file is not a finished game's record: ${err instanceof Error ? err.message : String(err)}`);
    }
    setBusy(false);
  };
  const opener = <p class="record-file"><label for="record-file">Replay a record file (JSON, as downloaded here or from
    {" "}<code>boardbot records export</code>): </label>
  <input type="file" id="record-file" accept=".json,.jsonl,application/json" onChange={(e) =>
    void open((e.target as HTMLInputElement).files?.[0])} /></p>;
  return <div>
    <header class="table-head"><nav><a href="#/">← Lobby</a></nav>
      <h1>{loaded ? `Replay: ${loaded.title}` : "Replay a finished game"}</h1></header>
    {problem ? <p class="error" role="alert">{`Cannot replay it: ${problem}`}</p> : null}
    {busy ? <p class="loading">Loading the record…</p> : null}
    {loaded ? <ReplayView data={loaded} /> : null}
    {opener}
  </div>;
}

function ReplayView({ data }: { data: Loaded }) {
  const { record, game, ui, views } = data;
  const events = record.events;
  const { current, go, move, root } = useStepper(0, events.length); // the step shown
  const names = seatNames(game, undefined);
  const last = events.length;
  const [download, setDownload] = useState("");
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([recordToJson(record)], { type: "application/json" }));
    setDownload(url);
    return () => URL.revokeObjectURL(url);
  }, [record]);
  const event = current > 0 ? events[current - 1] : undefined;
  const view = views.get(BigInt(current));
  const ctx: TableContext | undefined = view ? { sv: view, me: undefined, names, point: (el) => el } : undefined;
  const scores = game.outcome?.scores ?? [];
  return <div ref={root} class="replay" data-version={String(current)}>
    <p class="meta">{`${events.length} events; the final scores: ${scores.map((s, i) => `${names[i]} ${ui.scoreText ? ui.scoreText(s) : s}`).join(", ")}. `}
      <a class="button" href={download} download={`${game.gameName}-${game.gameId}.json`} data-focus="download">
        Download the record</a></p>
    <div class="table-layout review">
      <section class="board" aria-label={`The table at version ${current}`}>
        <div class="stepper">
          <button type="button" data-focus="first" onClick={() => go(0)} disabled={current === 0}>⏮ Start</button>
          <button type="button" data-focus="prev" onClick={() => move(-1)} disabled={current === 0}>← Earlier</button>
          <span tabindex={-1} data-focus="step">{`Version ${current} of ${last}`}</span>
          <button type="button" data-focus="next" onClick={() => move(1)} disabled={current === last}>Later →</button>
          <button type="button" data-focus="last" onClick={() => go(last)} disabled={current === last}>End ⏭</button>
        </div>
        {event ? <p class="step-event">{`${names[event.seat] ?? ""}: ${eventText(event)}`}
          {event.log.length ? <ul>{event.log.map((l) => <li>{ui.logLine ? ui.logLine(l) : l}</li>)}</ul> : null}</p>
          : <p class="step-event">The start.</p>}
        {ctx ? ui.render(ctx) : <p class="muted">This server does not hold the game: its table is shown at the end only.</p>}
      </section>
      <section class="log" aria-label="The record's events">
        <h2>Every event</h2>
        <ol>{events.map((e) => <li class={Number(e.version) === current ? "current" : ""}>
          <button type="button" class="link" data-focus={`v:${e.version}`} onClick={() => go(Number(e.version))}>
            {`v${e.version}`}</button>{` ${names[e.seat] ?? ""}: ${eventText(e)}`}</li>)}</ol>
      </section>
    </div>
  </div>;
}
