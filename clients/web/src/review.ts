// After the game: a replay of your seat's game (WatchGame from version 0), with the AI's
// evaluation of each of your decisions (ChooseMove on the view you had) next to the move it
// would have chosen.
import { GameStatus, type Event, type Game, type GameType, type SearchStats, type SeatView } from "@boardbot/client";
import { client, describeError, gameType } from "./api.js";
import { h, mount } from "./dom.js";
import { gameUI } from "./games/index.js";
import type { GameUI, TableContext } from "./games/types.js";
import { settings } from "./store.js";
import { seatNames } from "./table.js";

const ITERATIONS = 400;

interface Step {
  event?: Event;
  view: SeatView;
}

interface Decision {
  step: number; // index of the step whose view you decided on
  mine: string; // the move you made
  options: number; // legal moves you had
  verdict?: { aiMove: string; aiValue: number; myValue?: number; stats?: SearchStats };
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
    for (const d of this.decisions) {
      if (this.signal.aborted) return;
      const view = this.steps[d.step].view;
      try {
        const answer = await client.chooseMove(this.game.gameName, view.view, { bot: settings().reviewBot, iterations: ITERATIONS, seed: 1 });
        const candidates = answer.stats?.candidates ?? [];
        const mine = view.legalMoves.find((m) => m.text === d.mine);
        const myValue = candidates.find((c) => (mine && c.moveId === mine.id) || c.text === d.mine)?.value;
        const aiValue = candidates.find((c) => c.moveId === answer.move.id)?.value ?? 0;
        d.verdict = { aiMove: answer.move.text, aiValue, myValue, stats: answer.stats };
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
    const slips = this.decisions.filter((d) => d.verdict && d.verdict.myValue !== undefined && d.verdict.aiValue - d.verdict.myValue > 0.1);
    const rows = this.decisions.map((d) => {
      const v = d.verdict;
      const same = v && v.aiMove === d.mine;
      const loss = v && v.myValue !== undefined ? v.aiValue - v.myValue : undefined;
      const verdict = d.error ? `not evaluated: ${d.error}` : !v ? "the AI is looking…" : same ? "the AI agrees"
        : loss !== undefined && loss > 0.1 ? `a slip: ${(100 * loss).toFixed(0)} points (of 100) below the AI's move`
          : "about as good";
      return h("tr", { class: `${this.current === d.step ? "current " : ""}${same ? "agree" : loss !== undefined && loss > 0.1 ? "slip" : ""}` },
        h("td", {}, h("button", { type: "button", class: "link", "data-focus": `d:${d.step}`, onclick: () => this.go(d.step) },
          `v${this.steps[d.step].view.version}`)),
        h("td", {}, d.mine, v?.myValue !== undefined ? h("span", { class: "value" }, ` ${(100 * v.myValue).toFixed(0)}%`) : null),
        h("td", {}, v ? [v.aiMove, h("span", { class: "value" }, ` ${(100 * v.aiValue).toFixed(0)}%`)] : "…"),
        h("td", {}, verdict));
    });
    const event = step.event;
    mount(this.root,
      h("header", { class: "table-head" }, h("nav", {}, h("a", { href: "#/" }, "← Lobby"), " · ",
        h("a", { href: `#/play/${this.game.gameId}/${this.seat}` }, "Back to the table")),
      h("h1", {}, `Review: ${this.type.title}`),
      h("p", { class: "meta" }, `Your ${this.decisions.length} decisions with a choice, evaluated by ${settings().reviewBot} ` +
        `(${ITERATIONS} iterations each): ${this.done} of ${this.decisions.length} done` +
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
              h("caption", {}, "Values are the AI's expected result for you, 0–100%."),
              h("thead", {}, h("tr", {}, ["When", "Your move", "The AI's move", "Verdict"].map((t) => h("th", { scope: "col" }, t)))),
              h("tbody", {}, rows)))));
    if (focused) this.root.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focused)}"]`)?.focus();
  }
}
