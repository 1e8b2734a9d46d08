// After the game: a replay of your seat's game (WatchGame from version 0), with the AI's
// evaluation of each of your decisions next to the move it would have chosen: the table's hint
// where you asked for one, else ChooseMove on the view you had, with the hint's preset and seed
// (advice.ts: one search, so a hinted move is the AI's own).
import { GameStatus, type Event, type Game, type GameType, type SeatView } from "@boardbot/client";
import { inPoints, valueCaption, valueText, verdict, type Advice } from "./advice.js";
import { keptAdvice, reviewAdvice } from "./ask_ai.js";
import { botName, client, describeError, gameType } from "./api.js";
import { h, mount } from "./dom.js";
import { gameUI } from "./games/index.js";
import type { GameUI, TableContext } from "./games/types.js";
import { settings } from "./store.js";
import { seatNames } from "./table.js";

interface Step {
  event?: Event;
  view: SeatView;
}

interface Decision {
  step: number; // index of the step whose view you decided on
  mine: string; // the move you made
  options: number; // legal moves you had
  advice?: Advice; // the AI's answer for the position
  error?: string;
}

export async function showReview(root: HTMLElement, gameId: string, seat: number, token: string | undefined,
  signal: AbortSignal): Promise<void> {
  mount(root, h("p", { class: "loading" }, "Loading the game…"));
  let game: Game, type: GameType | undefined, ui: GameUI;
  const steps: Step[] = [];
  try {
    game = await client.getGame(gameId);
    [type, ui] = await Promise.all([gameType(game.gameName), gameUI(game.gameName)]);
    if (type === undefined) throw new Error("this server does not host the game any more");
    if (game.status !== GameStatus.FINISHED) {
      mount(root, h("p", {}, "This game is still running: the review opens when it is over. ",
        h("a", { href: `#/play/${gameId}/${seat}` }, "Back to the table")));
      return;
    }
    for await (const item of client.seat(gameId, seat, token).watch(0, signal)) {
      if (item.view) steps.push({ event: item.gameEvent, view: item.view });
      if (item.view?.status === GameStatus.FINISHED) break;
    }
  } catch (err) {
    if (!signal.aborted) mount(root, h("p", { class: "error", role: "alert" }, `Cannot load the game: ${describeError(err)}`));
    return;
  }
  const decisions: Decision[] = [];
  steps.forEach((step, i) => {
    const next = steps[i + 1]?.event;
    if (step.view.decider === seat && step.view.legalMoves.length > 1 && next && next.seat === seat && !next.byBot) {
      decisions.push({ step: i, mine: next.moveText, options: step.view.legalMoves.length });
    }
  });
  const review = new Review(root, game, type, ui, seat, steps, decisions, signal);
  review.render();
  await review.evaluate();
}

class Review {
  private current = 0; // the step shown
  private readonly names: string[];
  private done = 0;
  private readonly bot = settings().aiBot;

  constructor(private readonly root: HTMLElement, private readonly game: Game, private readonly type: GameType,
    private readonly ui: GameUI, private readonly seat: number, private readonly steps: Step[],
    private readonly decisions: Decision[], private readonly signal: AbortSignal) {
    this.names = seatNames(game, seat);
    this.current = decisions[0]?.step ?? 0;
    root.addEventListener("keydown", (e) => {
      if ((e.target as HTMLElement).tagName === "SELECT") return;
      if (e.key === "ArrowRight") this.go(this.current + 1);
      if (e.key === "ArrowLeft") this.go(this.current - 1);
    });
  }

  async evaluate(): Promise<void> {
    // the positions the table's hint answered need no search: those first, at once
    for (const d of this.decisions) {
      d.advice = keptAdvice(this.game.gameId, this.seat, this.steps[d.step].view.version, this.bot);
      if (d.advice) this.done++;
    }
    this.render();
    for (const d of this.decisions.filter((x) => !x.advice)) {
      if (this.signal.aborted) return;
      try {
        d.advice = await reviewAdvice(this.game.gameName, this.game.gameId, this.seat, this.steps[d.step].view, this.bot);
      } catch (err) {
        if (this.signal.aborted) return;
        d.error = describeError(err);
      }
      this.done++;
      this.render();
    }
  }

  private go(step: number): void {
    this.current = Math.max(0, Math.min(this.steps.length - 1, step));
    this.render();
    this.root.querySelector<HTMLElement>(`[data-focus="step"]`)?.focus();
  }

  render(): void {
    if (this.signal.aborted) return;
    const focused = (document.activeElement as HTMLElement | null)?.dataset?.focus;
    const step = this.steps[this.current];
    const ctx: TableContext = { sv: step.view, me: this.seat, names: this.names, point: (el) => el };
    const judged = this.decisions.map((d) => {
      const step = this.steps[d.step].view;
      const mine = { id: step.legalMoves.find((m) => m.text === d.mine)?.id, text: d.mine };
      return d.advice ? verdict(d.advice, mine) : undefined;
    });
    const slips = judged.filter((v) => v?.kind === "slip");
    const points = this.decisions.some((d) => d.advice && inPoints(d.advice));
    const rows = this.decisions.map((d, i) => {
      const a = d.advice;
      const v = judged[i];
      const mine = a?.candidates.find((c) => c.text === d.mine);
      const ai = a?.candidates.find((c) => c.moveId === a.move.id);
      const said = d.error ? `not evaluated: ${d.error}` : v ? v.text : "the AI is looking…";
      return h("tr", { class: `${this.current === d.step ? "current " : ""}${v?.kind ?? ""}` },
        h("td", {}, h("button", { type: "button", class: "link", "data-focus": `d:${d.step}`, onclick: () => this.go(d.step) },
          `v${this.steps[d.step].view.version}`)),
        h("td", {}, d.mine, a ? h("span", { class: "value" }, ` ${valueText(mine)}`) : null),
        h("td", {}, a ? [a.move.text, h("span", { class: "value" }, ` ${valueText(ai)}`),
          ai ? h("span", { class: "visits" }, ` · ${ai.visits} of ${a.iterations} visits`) : null] : "…"),
        h("td", { class: "verdict" }, said));
    });
    const event = step.event;
    mount(this.root,
      h("header", { class: "table-head" }, h("nav", {}, h("a", { href: "#/" }, "← Lobby"), " · ",
        h("a", { href: `#/play/${this.game.gameId}/${this.seat}` }, "Back to the table")),
      h("h1", {}, `Review: ${this.type.title}`),
      h("p", { class: "meta" }, `Your ${this.decisions.length} decisions with a choice, evaluated by the AI of your hints ` +
        `(${botName(this.bot)}, the same search: a move it hinted is its own): ${this.done} of ${this.decisions.length} done` +
        (this.done === this.decisions.length ? `; ${slips.length} slips` : ""))),
      h("div", { class: "table-layout review" },
        h("section", { class: "board", "aria-label": `The table at version ${step.view.version}` },
          h("div", { class: "stepper" },
            h("button", { type: "button", "data-focus": "prev", onclick: () => this.go(this.current - 1), disabled: this.current === 0 }, "← Earlier"),
            h("span", { tabindex: "-1", "data-focus": "step" }, `Version ${step.view.version} of ${this.steps[this.steps.length - 1].view.version}`),
            h("button", { type: "button", "data-focus": "next", onclick: () => this.go(this.current + 1),
              disabled: this.current === this.steps.length - 1 }, "Later →")),
          event ? h("p", { class: "step-event" }, `${this.names[event.seat]}: ${event.moveText}`,
            event.log.length ? h("ul", {}, event.log.map((l) => h("li", {}, l))) : null) : h("p", { class: "step-event" }, "The start."),
          this.ui.render(ctx)),
        h("section", { class: "verdicts", "aria-label": "Your moves and the AI's" },
          h("h2", {}, "Your moves and the AI's choice"),
          this.decisions.length === 0 ? h("p", {}, "You had no decision with more than one legal move.") :
            h("table", { class: "review-table" },
              h("caption", {}, valueCaption(points), " A slip is a move the AI finds worse beyond both intervals."),
              h("thead", {}, h("tr", {}, ["When", "Your move", "The AI's move", "Verdict"].map((t) => h("th", { scope: "col" }, t)))),
              h("tbody", {}, rows)))));
    if (focused) this.root.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focused)}"]`)?.focus();
  }
}
