// The table: one seat's (or a spectator's) live view of a hosted game, from WatchGame.
//
// The page shows only what the seat's view holds and offers only the view's legal moves:
// a move is made by pointing (the clicks GameUI.points gives, narrowed click by click:
// pointing.ts), or from the list of legal moves, which is always there.
//
// TableModel follows the game and keeps what the player did on the page (the points taken, a
// hint); every change draws the table again with Preact, which keeps the elements that stay,
// so the focus and what the player opened or closed stay as they were.
import { Code, EventKind, GameStatus, SeatKind, errorDetails, type Event, type Game, type GameType, type LegalMove,
  type LiveScore, type SeatView, type SearchStats } from "@boardbot/client";
import type { ComponentChildren } from "preact";
import { inPoints, valueCaption, valueHeading, valueText, type Advice } from "./advice.js";
import { askHint } from "./ask_ai.js";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { botName, client, describeError, gameType, listGameTypes, titleOf } from "./api.js";
import { gameUI, moveGroup } from "./games/index.js";
import type { GameUI, TableContext } from "./games/types.js";
import { SeatClocks } from "./clock_view.js";
import { changedPoints } from "./marks.js";
import { click, fitting, nextPoints, pointed, type Pointing } from "./pointing.js";
import { findSaved, PACES, saveGame, saveSettings, settings, STEP } from "./store.js";

const FATAL = [Code.PermissionDenied, Code.Unauthenticated, Code.NotFound, Code.InvalidArgument];

const TOOK_BACK = "took back the last move";

interface LogEntry {
  version: bigint;
  seat: number;
  who: string;
  text: string;
  lines: string[];
  mine: boolean;
  own?: boolean; // a move the player made (not a bot for them): one they may take back
  bot?: string; // the bot spec, for a bot seat's move
  stats?: SearchStats; // the bot's search for the move (WatchGameResponse.bot_stats: once the game is over)
}

interface Hint {
  version: bigint;
  move: LegalMove;
  advice: Advice;
}

export function seatNames(game: Game, me: number | undefined): string[] {
  return game.seats.map((seat) => {
    if (seat.index === me) return `You (seat ${seat.index})`;
    if (seat.kind === SeatKind.HUMAN && seat.playerName) return `${seat.playerName} (seat ${seat.index})`;
    return `Seat ${seat.index} (${seat.kind === SeatKind.BOT ? `${botName(seat.bot)} bot` : "a person"})`;
  });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => { clearTimeout(timer); resolve(); }, { once: true });
  });
}

/** The table page of `gameId`: the seat's (with its token) or a spectator's. */
export function TablePage({ gameId, seat, token }: { gameId: string; seat?: number; token?: string }) {
  const [model, setModel] = useState<TableModel | undefined>(undefined);
  const [error, setError] = useState("");
  const [, redraw] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    void (async () => {
      try {
        const game = await client.getGame(gameId);
        const [type, ui] = await Promise.all([gameType(game.gameName), listGameTypes().then((t) => gameUI(game.gameName, t))]);
        if (type === undefined) throw new Error("this server does not host the game any more");
        if (controller.signal.aborted) return;
        const table = new TableModel(game, type, ui, seat, token, controller.signal, () => redraw((n) => n + 1));
        setModel(table);
        await table.run();
      } catch (err) {
        if (!controller.signal.aborted) setError(describeError(err));
      }
    })();
    return () => controller.abort();
  }, []);
  if (error) {
    return <><p class="error" role="alert">{`Cannot open game ${gameId}: ${error}`}</p>
      <p><a href="#/">Back to the lobby</a></p></>;
  }
  if (!model) return <p class="loading">Opening the table…</p>;
  return <TableView t={model} />;
}

/** A game as this page follows it: WatchGame's views and events, and what the player did here. */
export class TableModel {
  names: string[]; // by seat, as seatNames says: again after a seat changes hands (a player joins with their name)
  readonly handle;
  sv?: SeatView;
  lastEvent?: Event; // the event that brought the game to sv
  private previousEvent?: Event; // the one before it
  marked = new Set<string>(); // the points the last moves changed on the board (mark())
  markedSince = 0n; // the version of the first event of those moves
  log: LogEntry[] = [];
  selection: string[] = [];
  hint?: Hint;
  hintBusy = false;
  busyVersion?: bigint; // a move of ours is on its way from this version
  autoVersion?: bigint; // the page is about to make the player's only move at this version (Settings.autoForced)
  message = "";
  fatal = "";
  confirmResign = false;
  pace = settings().botDelayMs; // the pause after each move of another seat (ms), or STEP: until the player asks
  autoForced = settings().autoForced; // play a decision's only legal move by itself
  waitingForStep = false;
  private step?: () => void;
  reasonsLoaded = false;

  constructor(readonly game: Game, readonly type: GameType, readonly ui: GameUI, readonly seat: number | undefined,
    token: string | undefined, private readonly signal: AbortSignal, readonly changed: () => void) {
    this.names = seatNames(game, seat);
    this.handle = client.seat(game.gameId, seat, token);
  }

  async run(): Promise<void> {
    const liveFrom = this.game.version;
    let from = 0n; // the log is rebuilt from the first event on
    while (!this.signal.aborted) {
      try {
        for await (const item of this.handle.watch(from, this.signal)) {
          const view = item.view;
          if (view === undefined) continue;
          const event = item.gameEvent;
          if (event !== undefined) this.addLog(event);
          const before = this.sv;
          const previous = this.lastEvent;
          this.sv = view;
          this.lastEvent = event;
          this.previousEvent = previous;
          from = view.version;
          if (this.busyVersion !== undefined && view.version > this.busyVersion) this.busyVersion = undefined;
          if (this.hint && this.hint.version !== view.version) this.hint = undefined;
          if (view.version < liveFrom) continue; // catching up: draw once we are there
          if (event !== undefined) this.mark(event, before, view);
          this.selection = [];
          const running = view.status !== GameStatus.FINISHED;
          const only = this.autoForced && this.myDecision() && view.legalMoves.length === 1 && running; // made for them
          // the page makes that move: the player is not asked for it meanwhile (not even during the pause)
          this.autoVersion = only ? view.version : undefined;
          this.changed();
          const theirs = event !== undefined && event.seat !== this.seat;
          if (theirs && (view.legalMoves.length === 0 || only) && running) {
            await this.pause(); // let the player see each bot move (before the page makes their only move)
          }
          if (only && this.sv === view) {
            this.autoVersion = undefined;
            void this.play(view.legalMoves[0]); // the player's only move (Settings)
          }
        }
        if (this.sv?.status === GameStatus.FINISHED) await this.loadReasons();
        if (this.sv?.status === GameStatus.FINISHED || this.signal.aborted) return;
      } catch (err) {
        if (this.signal.aborted) return;
        if (FATAL.includes(errorDetails(err).code)) { // no retry mends a missing token or a deleted game
          this.fatal = describeError(err);
          this.changed();
          return;
        }
        this.message = `Connection lost (${describeError(err)}); reconnecting…`;
        this.changed();
        await sleep(1500, this.signal);
        this.message = "";
      }
    }
  }

  /** Outline what `event` changed on the table: with what the other seats changed since the
   *  player's own last move (a bot's turn is often several moves, its last one "end turn"),
   *  or for a spectator since another seat began to act. */
  private mark(event: Event, before: SeatView | undefined, view: SeatView): void {
    const changed = changedPoints(this.ui, before, view, this.names);
    const previous = this.previousEvent;
    const fresh = previous === undefined || event.seat === this.seat || previous.seat === this.seat
      || (this.seat === undefined && previous.seat !== event.seat);
    this.marked = fresh ? changed : new Set([...this.marked, ...changed]);
    this.markedSince = fresh ? event.version : this.markedSince;
  }

  /** After a move of another seat: the pause the player chose, or until the player asks for the
   *  next move (STEP). */
  private async pause(): Promise<void> {
    if (this.pace === STEP) {
      this.waitingForStep = true;
      this.changed();
      await new Promise<void>((resolve) => {
        this.step = resolve;
        this.signal.addEventListener("abort", () => resolve(), { once: true });
      });
      this.waitingForStep = false;
    } else if (this.pace > 0) {
      await sleep(this.pace, this.signal);
    }
  }

  /** The next move of another seat, in STEP pace. */
  nextStep(): void {
    const step = this.step;
    this.step = undefined;
    step?.();
  }

  /** The pause after each move of another seat, from now on (kept for the next games too). */
  setPace(pace: number): void {
    this.pace = pace;
    saveSettings({ botDelayMs: pace });
    if (pace !== STEP) this.nextStep();
    this.changed();
  }

  /** Whether a decision with one legal move is played by itself, from now on (kept for the next games too). */
  setAutoForced(on: boolean): void {
    this.autoForced = on;
    saveSettings({ autoForced: on });
    const sv = this.sv;
    if (on && sv && this.myDecision() && sv.legalMoves.length === 1) void this.play(sv.legalMoves[0]);
    this.changed();
  }

  /** The seats as they are now (GetGame), after a seat changed hands: its player's name. */
  private async readSeats(): Promise<void> {
    try {
      const seats = (await client.getGame(this.game.gameId)).seats;
      seats.forEach((seat, i) => { if (this.game.seats[i]) this.game.seats[i].playerName = seat.playerName; });
      this.names = seatNames(this.game, this.seat);
      this.changed();
    } catch {
      // the names stay as they were until the next seat change
    }
  }

  private addLog(event: Event): void {
    if (event.kind === EventKind.SEAT) void this.readSeats();
    const who = this.names[event.seat] ?? `Seat ${event.seat}`;
    const seat = this.game.seats[event.seat];
    const lines = this.ui.logLine ? event.log.map((line) => this.ui.logLine!(line)) : event.log;
    const base = { version: event.version, seat: event.seat, who, lines, mine: event.seat === this.seat };
    if (event.kind === EventKind.RESIGN) {
      if (seat) seat.resigned = true; // from now on the random bot plays it
      this.log.push({ ...base, text: "resigned" });
      return;
    }
    if (event.kind === EventKind.TAKE_BACK) { // the moves it undid leave the log: it shows the line of play
      const to = event.backToVersion ?? 0n;
      this.log = this.log.filter((e) => e.version <= to);
      this.log.push({ ...base, text: TOOK_BACK });
      return;
    }
    const auto = !event.byBot || seat?.kind !== SeatKind.HUMAN ? ""
      : seat.resigned ? " (resigned: played by the random bot)" : " (played by a bot for this seat: left or out of time)";
    const own = event.kind === EventKind.MOVE && base.mine && !event.byBot;
    this.log.push({ ...base, own, text: event.moveText + auto, bot: event.byBot ? (seat?.kind === SeatKind.BOT ? seat.bot : "random") : undefined });
  }

  /** Once the game is over, the bots' reasons for their moves (WatchGameResponse.bot_stats, sent
   *  only then): the game read again from the start, its statistics put on the log's lines. */
  private async loadReasons(): Promise<void> {
    if (this.reasonsLoaded || !this.log.some((e) => e.bot)) return;
    const byVersion = new Map(this.log.map((e) => [e.version, e]));
    try {
      for await (const item of this.handle.watch(0n, this.signal)) {
        const entry = item.gameEvent && byVersion.get(item.gameEvent.version);
        if (entry && item.botStats) entry.stats = item.botStats;
      } // the server ends the stream after the finished game's last event (no break: its body is read to the end)
      this.reasonsLoaded = true;
    } catch (err) {
      if (!this.signal.aborted) this.message = `The bots' reasons did not load: ${describeError(err)}`;
    }
    this.changed();
  }

  myDecision(): boolean {
    const sv = this.sv;
    return sv !== undefined && this.seat !== undefined && sv.decider === this.seat && sv.legalMoves.length > 0
      && !this.game.seats[this.seat]?.resigned // a resigned seat is the random bot's
      && this.autoVersion !== sv.version; // nor is a move the page makes by itself
  }

  /** The legal moves that fit the points taken (none when it is not our decision). */
  candidates(): LegalMove[] {
    const sv = this.sv;
    if (!sv || !this.myDecision()) return [];
    return fitting(sv, this.selection, this.ui.points);
  }

  /** What a pointed element needs to know now. */
  pointing(): Pointing {
    const sv = this.sv;
    const live = sv !== undefined && this.myDecision() && this.busyVersion === undefined;
    return {
      next: live ? nextPoints(sv, this.selection, this.ui.points) : new Set(),
      selection: this.selection, marked: this.marked, choose: (key) => this.choose(key),
    };
  }

  async play(move: LegalMove): Promise<void> {
    const sv = this.sv;
    if (!sv || this.busyVersion !== undefined) return;
    this.busyVersion = sv.version;
    this.selection = [];
    this.message = "";
    this.changed();
    try {
      await this.handle.play(move.id, { expectedVersion: sv.version });
    } catch (err) {
      this.busyVersion = undefined;
      this.message = `Move refused: ${describeError(err)}`;
      this.changed();
    }
  }

  choose(key: string): void {
    const sv = this.sv;
    if (!sv || this.busyVersion !== undefined) return;
    const done = click(sv, this.selection, key, this.ui.points);
    if (done.play) {
      void this.play(done.play);
      return;
    }
    this.selection = done.selection;
    this.changed();
  }

  clearSelection(): void {
    if (!this.selection.length) return;
    this.selection = [];
    this.changed();
  }

  async askHint(): Promise<void> {
    const sv = this.sv;
    if (!sv || this.hintBusy) return;
    this.hintBusy = true;
    this.changed();
    try {
      // the review's search of the position (ask_ai.ts)
      const hint = await askHint(this.handle, sv.version, this.game.gameName, this.game.seats.length);
      if (this.sv?.version === hint.version) this.hint = hint;
    } catch (err) {
      this.message = `No hint: ${describeError(err)}`;
    }
    this.hintBusy = false;
    this.changed();
  }

  async resign(): Promise<void> {
    this.confirmResign = false;
    try {
      const seats = (await this.handle.resign())?.seats;
      if (seats) seats.forEach((seat, i) => { if (this.game.seats[i]) this.game.seats[i].resigned = seat.resigned; });
    } catch (err) {
      this.message = `Cannot resign: ${describeError(err)}`;
    }
    this.changed();
  }

  /** Whether the player may take their last move back now (TakeBack, which checks it again): at
   *  their decision in an unrated game without clocks whose every other seat is a bot, with a
   *  move of theirs on the line of play. */
  canTakeBack(): boolean {
    const seat = this.seat;
    if (seat === undefined || !this.myDecision() || this.game.rated || this.game.clocks) return false;
    if (this.game.seats.some((s, i) => i !== seat && s.kind !== SeatKind.BOT)) return false;
    return this.log.some((e) => e.own);
  }

  /** Take the player's last move back: the game goes back to their decision then (a new version,
   *  which the watch brings). */
  async takeBack(): Promise<void> {
    const sv = this.sv;
    if (!sv || this.busyVersion !== undefined || !this.canTakeBack()) return;
    this.busyVersion = sv.version;
    this.message = "";
    this.changed();
    try {
      await this.handle.takeBack(sv.version);
    } catch (err) {
      this.busyVersion = undefined;
      this.message = `Cannot take the move back: ${describeError(err)}`;
      this.changed();
    }
  }

  askResign(ask: boolean): void {
    this.confirmResign = ask;
    this.changed();
  }
}

// --- drawing ---------------------------------------------------------------------

function TableView({ t }: { t: TableModel }) {
  const root = useRef<HTMLDivElement>(null);
  const focusedBefore = useRef<string | undefined>(undefined);
  const announced = useRef("");
  focusedBefore.current = (document.activeElement as HTMLElement | null)?.dataset?.focus;
  useLayoutEffect(() => {
    // the focus stays where it was; when that element no longer acts (a point was taken), it goes
    // on to the next points
    const focused = focusedBefore.current;
    const el = root.current;
    if (el && focused) {
      const again = el.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focused)}"]`)
        ?? el.querySelector<HTMLElement>(".board .pointable") ?? el.querySelector<HTMLElement>(".decision h2");
      if (again && document.activeElement !== again) again.focus();
    }
    const logList = el?.querySelector(".log ol");
    if (logList) logList.scrollTop = logList.scrollHeight;
  });
  useEffect(() => {
    const escape = (e: KeyboardEvent) => { if (e.key === "Escape") t.clearSelection(); };
    const node = root.current;
    node?.addEventListener("keydown", escape);
    return () => node?.removeEventListener("keydown", escape);
  }, []);
  if (t.fatal) {
    return <div ref={root}><p class="error" role="alert">{`Cannot open this seat: ${t.fatal}`}</p>
      <p><a href={`#/watch/${t.game.gameId}`}>Watch as a spectator</a>{" · "}<a href="#/">Back to the lobby</a></p></div>;
  }
  const sv = t.sv;
  if (!sv) return <div ref={root}><p class="loading">Opening the table…</p></div>;
  const pointing = t.pointing();
  const ctx: TableContext = { sv, me: t.seat, names: t.names,
    point: (el, label, ...keys) => pointed(pointing, el, label, keys) };
  const state = sv.status === GameStatus.FINISHED ? "over"
    : t.busyVersion !== undefined || t.autoVersion === sv.version ? "sending"
    : t.myDecision() ? "my-move" : "waiting";
  const status = statusLine(t, sv);
  if (status !== announced.current) { // said once by screen readers, and in the tab's title
    announced.current = status;
    const region = document.getElementById("announce");
    if (region) region.textContent = status;
    document.title = `${t.myDecision() ? "● " : ""}${t.type.title} — boardbot`;
  }
  return <div ref={root}>
    <Header t={t} sv={sv} />
    <SeatClocks game={t.game} sv={sv} names={t.names} />
    <div class="table-layout" data-state={state} data-version={String(sv.version)}>
      <DecisionPanel t={t} sv={sv} status={status} />
      <section class="board" aria-label="The table">{t.ui.render(ctx)}</section>
      <ChoicesPanel t={t} sv={sv} />
      <LogPanel t={t} />
    </div>
  </div>;
}

function statusLine(t: TableModel, sv: SeatView): string {
  if (sv.status === GameStatus.FINISHED) {
    const won = t.seat !== undefined && sv.outcome?.winners.includes(t.seat);
    const solo = t.game.seats.length === 1;
    const scale = solo ? sv.outcome?.breakdown[0]?.scale : undefined; // the solo game's result scale
    return t.seat === undefined ? "Game over."
      : solo ? `Game over: ${sv.outcome?.scores[0] ?? 0} points${typeof scale === "string" ? `. ${scale}` : ""}`
        : won ? "Game over: you won!" : "Game over.";
  }
  if (t.myDecision()) {
    const outOfTurn = t.ui.turnSeat(sv) !== t.seat;
    return outOfTurn ? `Your call, out of turn: ${t.ui.prompt(sv, true)}` : `Your move: ${t.ui.prompt(sv, true)}`;
  }
  if (sv.status === GameStatus.WAITING) return "Waiting for players to take the open seats.";
  const decider = sv.decider === undefined ? "" : t.names[sv.decider];
  return t.seat === undefined ? `Waiting for ${decider}.` : `Waiting for ${decider}…`;
}

/** A score in the game's points, with their unit. */
function pointsText(t: TableModel, score: number): string {
  return t.ui.scoreText ? t.ui.scoreText(score) : String(score);
}

/** A seat's score if the game ended now (SeatView.liveScores), and what makes it up, in words. */
function LiveScoreTag({ t, score }: { t: TableModel; score: LiveScore }) {
  const parts = t.ui.details((score.breakdown ?? {}) as Record<string, unknown>);
  return <span class="score live">{`if it ended now: ${pointsText(t, score.points)}`}
    {score.partial ? " (what is hidden from you not counted)" : ""}
    {parts ? <span class="score-parts">{` (${parts})`}</span> : null}</span>;
}

function Header({ t, sv }: { t: TableModel; sv: SeatView }) {
  const turn = t.ui.turnSeat(sv);
  const scores = sv.outcome?.scores.length ? sv.outcome.scores.map((s) => pointsText(t, s)) : t.ui.scores(sv);
  return <header class="table-head">
    <nav><a href="#/" data-focus="lobby">← Lobby</a></nav>
    <h1>{titleOf(t.type, t.game.seats.length === 1)}</h1>
    <p class="meta">{`game ${t.game.gameId} · version ${sv.version}`}{t.seat === undefined ? " · watching as a spectator" : ""}</p>
    <ol class="seats" aria-label="Seats">{t.game.seats.map((seat, i) => <li key={i}
      class={["seat", i === t.seat ? "me" : "", i === sv.decider ? "deciding" : "", `c${i}`].join(" ")}
      aria-current={i === sv.decider ? "true" : undefined}>
      <span class="dot" /><span class="name">{t.names[i]}</span>
      {i === turn ? <span class="tag">turn</span> : null}
      {i === sv.decider && i !== turn ? <span class="tag">deciding</span> : null}
      {seat.resigned ? <span class="tag">resigned</span> : null}
      {scores[i] !== undefined ? <span class="score">{scores[i]}</span> : null}
      {sv.liveScores[i] ? <LiveScoreTag t={t} score={sv.liveScores[i]} /> : null}
      {sv.outcome?.winners.includes(i) ? <span class="tag win">winner</span> : null}
    </li>)}</ol>
    <Share t={t} sv={sv} />
  </header>;
}

function Share({ t, sv }: { t: TableModel; sv: SeatView }) {
  const base = `${location.origin}${location.pathname}`;
  const invites = t.seat === undefined ? [] : findSaved(t.game.gameId, t.seat)?.invites ?? [];
  const link = (label: string, url: string) => <li>{`${label}: `}<a href={url}>{url}</a></li>;
  // open at first while the others have not moved yet; after that as the player leaves it
  const [open] = useState(invites.length > 0 && sv.version === 0n);
  return <details class="share" open={open}>
    <summary>{invites.length ? "Invite players and spectators" : "Spectator link"}</summary>
    <ul>{invites.map((i) => link(`Join link for seat ${i.seat} (it carries the seat's secret token)`,
      `${base}#/join/${t.game.gameId}/${i.seat}/${i.token}`))}
    {link("Watch (public information only)", `${base}#/watch/${t.game.gameId}`)}</ul>
  </details>;
}

function DecisionPanel({ t, sv, status }: { t: TableModel; sv: SeatView; status: string }) {
  const parts: ComponentChildren[] = [];
  const finished = sv.status === GameStatus.FINISHED;
  if (finished) {
    parts.push(<h2>{status}</h2>, <Outcome t={t} sv={sv} />);
    if (t.seat !== undefined) {
      parts.push(<p><a class="button primary" href={`#/review/${t.game.gameId}/${t.seat}`} data-focus="review">
        Review your moves with the AI</a></p>);
    }
    parts.push(<p><a class="button" href={`#/replay/${t.game.gameId}`} data-focus="replay">
      Replay the game move by move (and download its record)</a></p>);
  } else if (t.myDecision()) {
    const outOfTurn = t.ui.turnSeat(sv) !== t.seat;
    parts.push(<h2 class={outOfTurn ? "prompt out-of-turn" : "prompt"} tabindex={-1}>{status}</h2>);
    if (t.busyVersion !== undefined) parts.push(<p class="busy">Sending your move…</p>);
    if (t.selection.length) {
      parts.push(<p class="selection">{`Selected: ${t.selection.map((k) => pointLabel(k)).join(" → ")} `}
        <button type="button" data-focus="clear" onClick={() => t.clearSelection()}>Clear (Esc)</button></p>);
    } else {
      parts.push(<p class="help">Click a highlighted piece or card, or pick a move from the list.</p>);
    }
  } else {
    const asked = t.ui.prompt(sv, false);
    parts.push(<h2>{status}</h2>, asked ? <p class="help">{`${t.ui.turnSeat(sv) === sv.decider ? "Their move" : "Their call"}: ${asked}`}</p> : null);
    if (t.waitingForStep) {
      parts.push(<p><button type="button" class="primary next-move" data-focus="next-move" onClick={() => t.nextStep()}>
        Next move</button></p>);
    }
  }
  if (t.message) parts.push(<p class="error" role="alert">{t.message}</p>);
  return <section class="decision" aria-label="Your decision">{parts}</section>;
}

/** Below the board (on a phone) or beside it: the legal moves, the hint, resigning. After the
 *  board in the page's order, so the Tab key reaches the pieces to point at first. */
function ChoicesPanel({ t, sv }: { t: TableModel; sv: SeatView }) {
  const parts: ComponentChildren[] = [];
  const finished = sv.status === GameStatus.FINISHED;
  if (!finished && t.myDecision()) parts.push(<MoveList t={t} sv={sv} />, <HintPanel t={t} sv={sv} />);
  if (t.canTakeBack()) {
    parts.push(<p class="take-back"><button type="button" data-focus="take-back" disabled={t.busyVersion !== undefined}
      onClick={() => void t.takeBack()}>Take back my last move</button></p>);
  }
  if (!finished && t.seat !== undefined && !t.game.seats[t.seat]?.resigned) {
    parts.push(t.confirmResign
      ? <p class="resign">Resign this game?{" "}
        <button type="button" class="danger" data-focus="resign-yes" onClick={() => void t.resign()}>Yes, resign</button>{" "}
        <button type="button" data-focus="resign-no" onClick={() => t.askResign(false)}>No</button></p>
      : <p class="resign"><button type="button" data-focus="resign" onClick={() => t.askResign(true)}>Resign</button></p>);
  }
  return parts.length ? <section class="choices" aria-label="Your moves">{parts}</section> : null;
}

function pointLabel(key: string): string {
  return document.querySelector(`[data-point~="${CSS.escape(key)}"]`)?.getAttribute("data-label") ?? key;
}

function MoveList({ t, sv }: { t: TableModel; sv: SeatView }) {
  const cands = t.candidates();
  const groups = new Map<string, LegalMove[]>();
  for (const m of cands) {
    const kind = moveGroup(m);
    groups.set(kind, [...(groups.get(kind) ?? []), m]);
  }
  const hinted = t.hint?.move.id;
  const button = (m: LegalMove) => <li key={m.id}><button type="button" class={m.id === hinted ? "move hinted" : "move"}
    data-focus={`m:${m.text}`} data-move={m.text} disabled={t.busyVersion !== undefined} onClick={() => void t.play(m)}>
    {m.text}</button></li>;
  const many = cands.length > 12;
  // open beside the board; on a phone closed at first, so the prompt and the board stay together
  const wide = typeof matchMedia !== "function" || matchMedia("(min-width: 900px)").matches;
  return <details class="moves" open={wide || t.selection.length > 0}>
    <summary><h3>{t.selection.length ? `Moves that fit (${cands.length})` : `Legal moves (${sv.legalMoves.length})`}</h3></summary>
    {many
      ? Array.from(groups.entries()).map(([kind, moves]) => <details key={kind} open={groups.size === 1}>
        <summary>{`${kind} (${moves.length})`}</summary><ul>{moves.map(button)}</ul></details>)
      : <ul>{cands.map(button)}</ul>}
  </details>;
}

function HintPanel({ t, sv }: { t: TableModel; sv: SeatView }) {
  const hint = t.hint;
  const button = <button type="button" class="hint-button" data-focus="hint" disabled={t.hintBusy}
    onClick={() => void t.askHint()}>{t.hintBusy ? "The AI is thinking…" : "Hint: ask the AI"}</button>;
  if (!hint) return <div class="hint">{button}</div>;
  const advice = hint.advice;
  const rows = [...advice.candidates].sort((a, b) => b.visits - a.visits);
  const best = rows[0]?.visits ?? 1;
  const points = inPoints(advice);
  const chosen = advice.candidates.find((c) => c.moveId === hint.move.id);
  return <div class="hint">{button}
    <p>{`The AI (${botName(advice.bot)}, ${advice.iterations} iterations) suggests: `}<strong>{hint.move.text}</strong>
      {chosen ? ` (${valueHeading(points).toLowerCase()}: ${valueText(chosen)})` : null}</p>
    {rows.length ? <table class="hint-table" data-unit={points ? "points" : "percent"}>
      <caption>{`Every legal move: how often the search tried it. ${valueCaption(points)}`}</caption>
      <thead><tr><th scope="col">Move</th><th scope="col">Visits</th>
        <th scope="col">{`${valueHeading(points)} (${points ? "points" : "%"})`}</th></tr></thead>
      <tbody>{rows.map((c) => <tr class={c.moveId === hint.move.id ? "best" : ""}>
        <td>{c.text}</td>
        <td class="num">{String(c.visits)}
          <meter class="bar" min={0} max={Math.max(1, best)} value={c.visits} aria-hidden="true" /></td>
        <td class="num value">{valueText(c)}</td>
      </tr>)}</tbody>
    </table> : null}
    {sv.legalMoves.some((m) => m.id === hint.move.id)
      ? <button type="button" class="primary" data-focus="play-hint" onClick={() => void t.play(hint.move)}>Play the AI's move</button>
      : null}
  </div>;
}

function Outcome({ t, sv }: { t: TableModel; sv: SeatView }) {
  const outcome = sv.outcome;
  if (!outcome) return <p />;
  return <table class="outcome">
    <caption>Final standing</caption>
    <thead><tr><th scope="col">Rank</th><th scope="col">Seat</th><th scope="col">Score</th><th scope="col">What scored</th></tr></thead>
    <tbody>{t.game.seats.map((_, i) => i)
      .sort((a, b) => (outcome.ranks[a] ?? 0) - (outcome.ranks[b] ?? 0))
      .map((i) => <tr class={i === t.seat ? "me" : ""}>
        <td>{String((outcome.ranks[i] ?? 0) + 1)}</td><td>{t.names[i]}</td>
        <td class="num">{outcome.scores[i] === undefined ? "" : pointsText(t, outcome.scores[i])}</td>
        <td class="small">{t.ui.details((outcome.breakdown[i] ?? {}) as Record<string, unknown>)}</td>
      </tr>)}</tbody>
  </table>;
}

function LogPanel({ t }: { t: TableModel }) {
  const log = t.log;
  const over = t.sv?.status === GameStatus.FINISHED;
  return <section class="log" aria-label="Event log">
    <h2>What happened</h2>
    <div class="pace">
      <label for="pace">Moves of the other seats</label>
      <select id="pace" value={String(t.pace)} onChange={(e) => t.setPace(Number((e.target as HTMLSelectElement).value))}>
        {PACES.map(([ms, text]) => <option value={String(ms)}>{text}</option>)}
      </select>
      <label class="auto-forced"><input type="checkbox" id="auto-forced" checked={t.autoForced}
        onChange={(e) => t.setAutoForced((e.target as HTMLInputElement).checked)} /> Play my only possible move by itself</label>
    </div>
    {t.lastEvent ? <p class="last-move">{`Last move: ${t.names[t.lastEvent.seat] ?? ""}: ${t.lastEvent.kind === EventKind.RESIGN
      ? "resigned" : t.lastEvent.kind === EventKind.TAKE_BACK ? TOOK_BACK : t.lastEvent.moveText}`}{!t.marked.size ? ""
        : t.markedSince === t.lastEvent.version ? " (outlined on the table)"
          : t.seat === undefined ? " (outlined on the table, with this seat's moves before it)"
            : " (outlined on the table, with the other moves since yours)"}</p> : null}
    {log.length ? null : <p class="muted">Nothing yet.</p>}
    <ol tabindex={0} aria-label="Moves and revealed events, oldest first">
      {log.slice(-200).map((e) => <li key={String(e.version)} class={e.mine ? "mine" : ""}>
        <span class="v">{`v${e.version}`}</span><span class="who">{`${t.names[e.seat] ?? e.who}: `}</span>{e.text}
        {e.lines.length ? <ul>{e.lines.map((line) => <li>{line}</li>)}</ul> : null}
        {e.bot ? <Reasons entry={e} over={over} loaded={t.reasonsLoaded} /> : null}
      </li>)}
    </ol>
  </section>;
}

/** Why a bot made its move: a closed line under its move that opens its search's statistics. */
function Reasons({ entry, over, loaded }: { entry: LogEntry; over: boolean; loaded: boolean }) {
  const stats = entry.stats;
  const searches = entry.bot?.startsWith("ismcts") ?? false;
  let body;
  if (stats && stats.candidates.length) {
    const total = stats.candidates.reduce((sum, c) => sum + Number(c.visits), 0);
    body = stats.iterations === 0n
      ? <p>{`It had only this move: ${stats.candidates[0].text}.`}</p>
      : <table class="reasons-table">
        <caption>{`Its search (${stats.iterations} tries): the moves it tried most, and how good it found them for itself`}</caption>
        <thead><tr><th scope="col">Move</th><th scope="col">Share of tries</th><th scope="col">Value (0–100 %)</th></tr></thead>
        <tbody>{stats.candidates.map((c, i) => <tr class={i === 0 ? "best" : ""}>
          <td>{c.text}</td>
          <td class="num">{`${total ? Math.round((100 * Number(c.visits)) / total) : 0} %`}</td>
          <td class="num">{`${Math.round(100 * c.value)} %`}</td>
        </tr>)}</tbody>
      </table>;
  } else if (!searches) {
    body = <p>{entry.bot === "greedy" ? "The greedy bot plays the move the game's own rule of thumb rates best; it does not search."
      : "The random bot plays any legal move, at random."}</p>;
  } else {
    body = <p>{over ? (loaded ? "Its search was not kept." : "Loading its search…")
      : "Shown when the game is over: its search would give away the cards it holds."}</p>;
  }
  return <details class="reasons"><summary>Why this move?</summary>{body}</details>;
}

/** Open a game as a seat of this browser (its token from localStorage) or as a spectator. */
export async function rememberJoin(gameId: string, game: Game, seat: number | undefined, token: string | undefined):
  Promise<void> {
  if (findSaved(gameId, seat)) return;
  const type = await gameType(game.gameName);
  if (type === undefined) throw new Error("this server does not host the game any more");
  saveGame({ gameId, game: game.gameName, title: type.title, seat, token, created: Date.now(),
    opponents: game.seats.filter((s) => s.index !== seat).map((s) => s.kind === SeatKind.BOT ? `${botName(s.bot)} bot` : "a person")
      .join(", ") });
}
