// The table: one seat's (or a spectator's) live view of a hosted game, from WatchGame.
//
// The page shows only what the seat's view holds and offers only the view's legal moves:
// a move is made by pointing (the clicks GameUI.points gives, narrowed click by click),
// or from the list of legal moves, which is always there.
import { Code, EventKind, GameStatus, SeatKind, errorDetails, type Event, type Game, type GameType, type LegalMove,
  type SeatView } from "@boardbot/client";
import { inPoints, valueCaption, valueHeading, valueText, type Advice } from "./advice.js";
import { askHint } from "./ask_ai.js";
import { botName, client, describeError, gameType, titleOf } from "./api.js";
import { h, mount } from "./dom.js";
import { gameUI, moveKind } from "./games/index.js";
import type { GameUI, TableContext } from "./games/types.js";
import { findSaved, saveGame, settings } from "./store.js";

const FATAL = [Code.PermissionDenied, Code.Unauthenticated, Code.NotFound, Code.InvalidArgument];

interface LogEntry {
  version: bigint;
  who: string;
  text: string;
  lines: string[];
  mine: boolean;
}

interface Hint {
  version: bigint;
  move: LegalMove;
  advice: Advice;
}

export function seatNames(game: Game, me: number | undefined): string[] {
  return game.seats.map((seat) => {
    if (seat.index === me) return `You (seat ${seat.index})`;
    const who = seat.kind === SeatKind.BOT ? ` (${botName(seat.bot)})` : "";
    return `Seat ${seat.index}${who}`;
  });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => { clearTimeout(timer); resolve(); }, { once: true });
  });
}

/** Run the table for `gameId` in `root` until `signal` aborts. */
export async function showTable(root: HTMLElement, gameId: string, seat: number | undefined, token: string | undefined,
  signal: AbortSignal): Promise<void> {
  mount(root, h("p", { class: "loading" }, "Opening the table…"));
  let game: Game, type: GameType | undefined, ui: GameUI;
  try {
    game = await client.getGame(gameId);
    [type, ui] = await Promise.all([gameType(game.gameName), gameUI(game.gameName)]);
    if (type === undefined) throw new Error("this server does not host the game any more");
  } catch (err) {
    mount(root, h("p", { class: "error", role: "alert" }, `Cannot open game ${gameId}: ${describeError(err)}`),
      h("p", {}, h("a", { href: "#/" }, "Back to the lobby")));
    return;
  }
  const table = new Table(root, game, type, ui, seat, token, signal);
  await table.run();
}

class Table {
  private readonly names: string[];
  private readonly handle;
  private sv?: SeatView;
  private log: LogEntry[] = [];
  private selection: string[] = [];
  private hint?: Hint;
  private hintBusy = false;
  private busyVersion?: bigint; // a move of ours is on its way from this version
  private message = "";
  private confirmResign = false;
  private announced = "";
  private readonly opened = new Map<string, boolean>(); // details the player opened or closed, by data-keep
  private readonly delay = settings().botDelayMs;

  constructor(private readonly root: HTMLElement, private readonly game: Game, private readonly type: GameType,
    private readonly ui: GameUI, private readonly seat: number | undefined, token: string | undefined,
    private readonly signal: AbortSignal) {
    this.names = seatNames(game, seat);
    this.handle = client.seat(game.gameId, seat, token);
    root.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && this.selection.length) {
        this.selection = [];
        this.render();
      }
    });
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
          this.sv = view;
          from = view.version;
          if (this.busyVersion !== undefined && view.version > this.busyVersion) this.busyVersion = undefined;
          if (this.hint && this.hint.version !== view.version) this.hint = undefined;
          if (view.version < liveFrom) continue; // catching up: draw once we are there
          this.selection = [];
          this.render();
          const theirs = event !== undefined && event.seat !== this.seat;
          if (theirs && view.legalMoves.length === 0 && view.status !== GameStatus.FINISHED && this.delay > 0) {
            await sleep(this.delay, this.signal); // let the player see each bot move
          }
        }
        if (this.sv?.status === GameStatus.FINISHED || this.signal.aborted) return;
      } catch (err) {
        if (this.signal.aborted) return;
        if (FATAL.includes(errorDetails(err).code)) { // no retry mends a missing token or a deleted game
          mount(this.root, h("p", { class: "error", role: "alert" }, `Cannot open this seat: ${describeError(err)}`),
            h("p", {}, h("a", { href: `#/watch/${this.game.gameId}` }, "Watch as a spectator"), " · ",
              h("a", { href: "#/" }, "Back to the lobby")));
          return;
        }
        this.message = `Connection lost (${describeError(err)}); reconnecting…`;
        this.render();
        await sleep(1500, this.signal);
        this.message = "";
      }
    }
  }

  private addLog(event: Event): void {
    const who = this.names[event.seat] ?? `Seat ${event.seat}`;
    const seat = this.game.seats[event.seat];
    if (event.kind === EventKind.RESIGN) {
      if (seat) seat.resigned = true; // from now on the random bot plays it
      this.log.push({ version: event.version, who, text: "resigned", lines: event.log, mine: event.seat === this.seat });
      return;
    }
    const auto = event.byBot && seat?.kind === SeatKind.HUMAN ? " (resigned: played by the random bot)" : "";
    this.log.push({ version: event.version, who, text: event.moveText + auto, lines: event.log,
      mine: event.seat === this.seat });
  }

  private myDecision(): boolean {
    const sv = this.sv;
    return sv !== undefined && this.seat !== undefined && sv.decider === this.seat && sv.legalMoves.length > 0
      && !this.game.seats[this.seat]?.resigned; // a resigned seat is the random bot's
  }

  private candidates(): LegalMove[] {
    const sv = this.sv;
    if (!sv || !this.myDecision()) return [];
    return sv.legalMoves.filter((m) => {
      const points = this.ui.points(m, sv);
      return this.selection.every((key, i) => points[i] === key);
    });
  }

  private async play(move: LegalMove): Promise<void> {
    const sv = this.sv;
    if (!sv || this.busyVersion !== undefined) return;
    this.busyVersion = sv.version;
    this.selection = [];
    this.message = "";
    this.render();
    try {
      await this.handle.play(move.id, { expectedVersion: sv.version });
    } catch (err) {
      this.busyVersion = undefined;
      this.message = `Move refused: ${describeError(err)}`;
      this.render();
    }
  }

  private choose(key: string): void {
    const sv = this.sv;
    if (!sv || this.busyVersion !== undefined) return;
    const depth = this.selection.length;
    if (this.selection[depth - 1] === key) { // a second click on the last point takes it back
      this.selection = this.selection.slice(0, -1);
      this.render();
      return;
    }
    this.selection = [...this.selection, key];
    const left = this.candidates();
    const done = left.filter((m) => this.ui.points(m, sv).length === this.selection.length);
    if (left.length === 1 && done.length === 1) {
      void this.play(done[0]);
      return;
    }
    if (left.length === 0) this.selection = this.selection.slice(0, -1);
    this.render();
  }

  private async askHint(): Promise<void> {
    const sv = this.sv;
    if (!sv || this.hintBusy) return;
    this.hintBusy = true;
    this.render();
    try {
      const hint = await askHint(this.handle, sv.version); // the review's search of the position (ask_ai.ts)
      if (this.sv?.version === hint.version) this.hint = hint;
    } catch (err) {
      this.message = `No hint: ${describeError(err)}`;
    }
    this.hintBusy = false;
    this.render();
  }

  private async resign(): Promise<void> {
    this.confirmResign = false;
    try {
      const seats = (await this.handle.resign())?.seats;
      if (seats) seats.forEach((seat, i) => { if (this.game.seats[i]) this.game.seats[i].resigned = seat.resigned; });
    } catch (err) {
      this.message = `Cannot resign: ${describeError(err)}`;
    }
    this.render();
  }

  // --- drawing ---------------------------------------------------------------------

  private render(): void {
    const sv = this.sv;
    if (!sv) return;
    const focused = (document.activeElement as HTMLElement | null)?.dataset?.focus;
    // what the player opened or closed stays so across redrawing
    for (const d of Array.from(this.root.querySelectorAll<HTMLDetailsElement>("details[data-keep]"))) {
      this.opened.set(d.dataset.keep ?? "", d.open);
    }
    const next = new Set<string>();
    const cands = this.candidates();
    for (const m of cands) {
      const key = this.ui.points(m, sv)[this.selection.length];
      if (key !== undefined) next.add(key);
    }
    const ctx: TableContext = {
      sv, me: this.seat, names: this.names,
      point: (el, label, ...keys) => {
        el.setAttribute("data-point", keys.join(" "));
        el.setAttribute("data-label", label);
        return el;
      },
    };
    const board = this.ui.render(ctx);
    for (const el of Array.from(board.querySelectorAll<HTMLElement | SVGElement>("[data-point]"))) {
      const keys = (el.getAttribute("data-point") ?? "").split(" ");
      const label = el.getAttribute("data-label") ?? keys[0];
      if (keys.some((k) => this.selection.includes(k))) el.classList.add("selected");
      const key = keys.find((k) => next.has(k));
      if (key === undefined || this.busyVersion !== undefined) continue;
      el.classList.add("pointable");
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "button");
      // the name stays the element's own text (or its SVG title); the action is the description.
      // A region's label (a seat panel's "Seat 1") would name the button with less than it shows,
      // which misleads speech input (axe: label-content-name-mismatch), so a button with text drops it.
      if (el.hasAttribute("aria-label") && el.textContent?.trim()) el.removeAttribute("aria-label");
      el.setAttribute("aria-description", label);
      el.dataset.focus = `p:${key}`;
      el.addEventListener("click", (e) => { e.stopPropagation(); this.choose(key); });
      el.addEventListener("keydown", (e) => {
        const ke = e as KeyboardEvent;
        if (ke.key === "Enter" || ke.key === " ") { ke.preventDefault(); this.choose(key); }
      });
    }
    const state = sv.status === GameStatus.FINISHED ? "over" : this.busyVersion !== undefined ? "sending"
      : this.myDecision() ? "my-move" : "waiting";
    mount(this.root,
      this.header(sv),
      h("div", { class: "table-layout", "data-state": state, "data-version": String(sv.version) },
        this.decisionPanel(sv, cands),
        h("section", { class: "board", "aria-label": "The table" }, board),
        this.logPanel()));
    for (const d of Array.from(this.root.querySelectorAll<HTMLDetailsElement>("details[data-keep]"))) {
      const open = this.opened.get(d.dataset.keep ?? "");
      if (open !== undefined) d.open = open;
    }
    if (focused) {
      // keep the keyboard where it was; when that element is gone (a point was taken), go on to the next points
      const again = this.root.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focused)}"]`)
        ?? this.root.querySelector<HTMLElement>(".board .pointable") ?? this.root.querySelector<HTMLElement>(".decision h2");
      again?.focus();
    }
    const logList = this.root.querySelector(".log ol");
    if (logList) logList.scrollTop = logList.scrollHeight;
  }

  private header(sv: SeatView): HTMLElement {
    const turn = this.ui.turnSeat(sv);
    const scores = sv.outcome?.scores.length ? sv.outcome.scores.map(String) : this.ui.scores(sv);
    const strip = h("ol", { class: "seats", "aria-label": "Seats" }, this.game.seats.map((seat, i) => h("li", {
      class: ["seat", i === this.seat ? "me" : "", i === sv.decider ? "deciding" : "", `c${i}`].join(" "),
      "aria-current": i === sv.decider ? "true" : undefined,
    }, h("span", { class: "dot" }), h("span", { class: "name" }, this.names[i]),
    i === turn ? h("span", { class: "tag" }, "turn") : null,
    i === sv.decider && i !== turn ? h("span", { class: "tag" }, "deciding") : null,
    seat.resigned ? h("span", { class: "tag" }, "resigned") : null,
    scores[i] !== undefined ? h("span", { class: "score" }, scores[i]) : null,
    sv.outcome?.winners.includes(i) ? h("span", { class: "tag win" }, "winner") : null)));
    return h("header", { class: "table-head" },
      h("nav", {}, h("a", { href: "#/", "data-focus": "lobby" }, "← Lobby")),
      h("h1", {}, titleOf(this.type, this.game.seats.length === 1)),
      h("p", { class: "meta" }, `game ${this.game.gameId} · version ${sv.version}`,
        this.seat === undefined ? " · watching as a spectator" : ""),
      strip, this.share());
  }

  private share(): HTMLElement {
    const base = `${location.origin}${location.pathname}`;
    const invites = this.seat === undefined ? [] : findSaved(this.game.gameId, this.seat)?.invites ?? [];
    const link = (label: string, url: string) => h("li", {}, `${label}: `, h("a", { href: url }, url));
    const waiting = invites.length > 0 && this.sv !== undefined && this.sv.version === 0n; // the others have not moved yet
    return h("details", { class: "share", "data-keep": "share", open: waiting || undefined },
      h("summary", {}, invites.length ? "Invite players and spectators" : "Spectator link"),
      h("ul", {}, invites.map((i) => link(`Join link for seat ${i.seat} (it carries the seat's secret token)`,
        `${base}#/join/${this.game.gameId}/${i.seat}/${i.token}`)),
      link("Watch (public information only)", `${base}#/watch/${this.game.gameId}`)));
  }

  private decisionPanel(sv: SeatView, cands: LegalMove[]): HTMLElement {
    const parts: (HTMLElement | null)[] = [];
    const finished = sv.status === GameStatus.FINISHED;
    let status: string;
    if (finished) {
      const won = this.seat !== undefined && sv.outcome?.winners.includes(this.seat);
      const solo = this.game.seats.length === 1;
      const scale = solo ? sv.outcome?.breakdown[0]?.scale : undefined; // the solo game's result scale
      status = this.seat === undefined ? "Game over."
        : solo ? `Game over: ${sv.outcome?.scores[0] ?? 0} points${typeof scale === "string" ? `. ${scale}` : ""}`
          : won ? "Game over: you won!" : "Game over.";
      parts.push(h("h2", {}, status), this.outcome(sv));
      if (this.seat !== undefined) {
        parts.push(h("p", {}, h("a", { class: "button primary", href: `#/review/${this.game.gameId}/${this.seat}`,
          "data-focus": "review" }, "Review your moves with the AI")));
      }
    } else if (this.myDecision()) {
      const outOfTurn = this.ui.turnSeat(sv) !== this.seat;
      status = outOfTurn ? `Your call, out of turn: ${this.ui.prompt(sv)}` : `Your move: ${this.ui.prompt(sv)}`;
      parts.push(h("h2", { class: outOfTurn ? "prompt out-of-turn" : "prompt", tabindex: "-1" }, status));
      parts.push(this.busyVersion !== undefined ? h("p", { class: "busy" }, "Sending your move…") : null);
      if (this.selection.length) {
        parts.push(h("p", { class: "selection" }, `Selected: ${this.selection.map((k) => this.pointLabel(k)).join(" → ")} `,
          h("button", { type: "button", "data-focus": "clear", onclick: () => { this.selection = []; this.render(); } },
            "Clear (Esc)")));
      } else {
        parts.push(h("p", { class: "help" }, "Click a highlighted piece or card, or pick a move from the list."));
      }
      parts.push(this.moveList(sv, cands), this.hintPanel(sv));
    } else {
      const decider = sv.decider === undefined ? "" : this.names[sv.decider];
      status = this.seat === undefined ? `Waiting for ${decider}.` : `Waiting for ${decider}…`;
      parts.push(h("h2", {}, status), h("p", { class: "help" }, this.ui.prompt(sv)));
    }
    if (!finished && this.seat !== undefined && !this.game.seats[this.seat]?.resigned) {
      parts.push(this.confirmResign
        ? h("p", { class: "resign" }, "Resign this game? ",
          h("button", { type: "button", class: "danger", "data-focus": "resign-yes", onclick: () => void this.resign() }, "Yes, resign"),
          " ", h("button", { type: "button", "data-focus": "resign-no", onclick: () => { this.confirmResign = false; this.render(); } }, "No"))
        : h("p", { class: "resign" }, h("button", { type: "button", "data-focus": "resign",
          onclick: () => { this.confirmResign = true; this.render(); } }, "Resign")));
    }
    if (this.message) parts.push(h("p", { class: "error", role: "alert" }, this.message));
    if (status !== this.announced) { // said once by screen readers, and in the tab's title
      this.announced = status;
      const region = document.getElementById("announce");
      if (region) region.textContent = status;
      document.title = `${this.myDecision() ? "● " : ""}${this.type.title} — boardbot`;
    }
    return h("section", { class: "decision", "aria-label": "Your decision" }, parts);
  }

  private pointLabel(key: string): string {
    return this.root.querySelector(`[data-point~="${CSS.escape(key)}"]`)?.getAttribute("data-label") ?? key;
  }

  private moveList(sv: SeatView, cands: LegalMove[]): HTMLElement {
    const groups = new Map<string, LegalMove[]>();
    for (const m of cands) {
      const kind = moveKind(m) ?? "move";
      groups.set(kind, [...(groups.get(kind) ?? []), m]);
    }
    const hinted = this.hint?.move.id;
    const button = (m: LegalMove) => h("li", {}, h("button", {
      type: "button", class: m.id === hinted ? "move hinted" : "move", "data-focus": `m:${m.text}`,
      "data-move": m.text, disabled: this.busyVersion !== undefined, onclick: () => void this.play(m),
    }, m.text));
    const many = cands.length > 12;
    return h("div", { class: "moves" },
      h("h3", {}, this.selection.length ? `Moves that fit (${cands.length})` : `Legal moves (${sv.legalMoves.length})`),
      many
        ? Array.from(groups.entries()).map(([kind, moves]) => h("details", { open: groups.size === 1 || undefined },
          h("summary", {}, `${kind} (${moves.length})`), h("ul", {}, moves.map(button))))
        : h("ul", {}, cands.map(button)));
  }

  private hintPanel(sv: SeatView): HTMLElement {
    const hint = this.hint;
    const button = h("button", { type: "button", class: "hint-button", "data-focus": "hint", disabled: this.hintBusy,
      onclick: () => void this.askHint() }, this.hintBusy ? "The AI is thinking…" : "Hint: ask the AI");
    if (!hint) return h("div", { class: "hint" }, button);
    const advice = hint.advice;
    const rows = [...advice.candidates].sort((a, b) => b.visits - a.visits);
    const best = rows[0]?.visits ?? 1;
    const points = inPoints(advice);
    const chosen = advice.candidates.find((c) => c.moveId === hint.move.id);
    return h("div", { class: "hint" }, button,
      h("p", {}, `The AI (${botName(advice.bot)}, ${advice.iterations} iterations) suggests: `, h("strong", {}, hint.move.text),
        chosen ? ` (${valueHeading(points).toLowerCase()}: ${valueText(chosen)})` : null),
      rows.length ? h("table", { class: "hint-table", "data-unit": points ? "points" : "percent" },
        h("caption", {}, `Every legal move: how often the search tried it. ${valueCaption(points)}`),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Move"), h("th", { scope: "col" }, "Visits"),
          h("th", { scope: "col" }, `${valueHeading(points)} (${points ? "points" : "%"})`))),
        h("tbody", {}, rows.map((c) => h("tr", { class: c.moveId === hint.move.id ? "best" : "" },
          h("td", {}, c.text),
          h("td", { class: "num" }, String(c.visits),
            h("meter", { class: "bar", min: 0, max: Math.max(1, best), value: c.visits, "aria-hidden": "true" })),
          h("td", { class: "num value" }, valueText(c)))))) : null,
      sv.legalMoves.some((m) => m.id === hint.move.id)
        ? h("button", { type: "button", class: "primary", "data-focus": "play-hint", onclick: () => void this.play(hint.move) },
          "Play the AI's move") : null);
  }

  private outcome(sv: SeatView): HTMLElement {
    const outcome = sv.outcome;
    if (!outcome) return h("p", {}, "");
    return h("table", { class: "outcome" },
      h("caption", {}, "Final standing"),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Rank"), h("th", { scope: "col" }, "Seat"),
        h("th", { scope: "col" }, "Score"), h("th", { scope: "col" }, "Details"))),
      h("tbody", {}, this.game.seats.map((_, i) => i)
        .sort((a, b) => (outcome.ranks[a] ?? 0) - (outcome.ranks[b] ?? 0))
        .map((i) => h("tr", { class: i === this.seat ? "me" : "" },
          h("td", {}, String((outcome.ranks[i] ?? 0) + 1)), h("td", {}, this.names[i]),
          h("td", { class: "num" }, String(outcome.scores[i] ?? "")),
          h("td", { class: "small" }, breakdownText(outcome.breakdown[i]))))));
  }

  private logPanel(): HTMLElement {
    return h("section", { class: "log", "aria-label": "Event log" },
      h("h2", {}, "What happened"),
      this.log.length ? null : h("p", { class: "muted" }, "Nothing yet."),
      h("ol", { tabindex: "0", "aria-label": "Moves and revealed events, oldest first" },
        this.log.slice(-200).map((e) => h("li", { class: e.mine ? "mine" : "" },
          h("span", { class: "v" }, `v${e.version}`), h("span", { class: "who" }, `${e.who}: `), e.text,
          e.lines.length ? h("ul", {}, e.lines.map((line) => h("li", {}, line))) : null))));
  }
}

function breakdownText(breakdown: Record<string, unknown> | undefined): string {
  if (!breakdown) return "";
  return Object.entries(breakdown)
    .filter(([key, value]) => key !== "total" && value !== "" && !(Array.isArray(value) && value.length === 0))
    .map(([key, value]) => `${key.replaceAll("_", " ")}: ${Array.isArray(value) ? value.join(", ") : String(value)}`)
    .join("; ");
}

/** Open a game as a seat of this browser (its token from localStorage) or as a spectator. */
export async function rememberJoin(gameId: string, game: Game, seat: number | undefined, token: string | undefined):
  Promise<void> {
  if (findSaved(gameId, seat)) return;
  const type = await gameType(game.gameName);
  if (type === undefined) throw new Error("this server does not host the game any more");
  saveGame({ gameId, game: game.gameName, title: type.title, seat, token, created: Date.now(),
    opponents: game.seats.filter((s) => s.index !== seat).map((s) => s.kind === SeatKind.BOT ? botName(s.bot) : "human")
      .join(", ") });
}
