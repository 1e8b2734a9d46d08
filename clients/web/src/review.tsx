// After the game: a replay of your seat's game (WatchGame from version 0), with the AI's
// evaluation of each of your decisions (ChooseMove on the view you had) next to the move it
// would have chosen.
import { GameStatus, type Event, type Game, type GameType, type SearchStats, type SeatView } from "@boardbot/client";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { client, describeError, gameType, listGameTypes } from "./api.js";
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

interface Loaded {
  game: Game;
  type: GameType;
  ui: GameUI;
  steps: Step[];
  decisions: Decision[];
}

export function Review({ gameId, seat, token }: { gameId: string; seat: number; token?: string }) {
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  const [problem, setProblem] = useState<"running" | string>("");
  const [done, setDone] = useState(0); // decisions evaluated so far
  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    void (async () => {
      let data: Loaded;
      try {
        const game = await client.getGame(gameId);
        const [type, ui] = await Promise.all([gameType(game.gameName), listGameTypes().then((t) => gameUI(game.gameName, t))]);
        if (type === undefined) throw new Error("this server does not host the game any more");
        if (game.status !== GameStatus.FINISHED) {
          setProblem("running");
          return;
        }
        const steps: Step[] = [];
        for await (const item of client.seat(gameId, seat, token).watch(0, signal)) {
          if (item.view) steps.push({ event: item.gameEvent, view: item.view });
          if (item.view?.status === GameStatus.FINISHED) break;
        }
        const decisions: Decision[] = [];
        steps.forEach((step, i) => {
          const next = steps[i + 1]?.event;
          if (step.view.decider === seat && step.view.legalMoves.length > 1 && next && next.seat === seat && !next.byBot) {
            decisions.push({ step: i, mine: next.moveText, options: step.view.legalMoves.length });
          }
        });
        data = { game, type, ui, steps, decisions };
      } catch (err) {
        if (!signal.aborted) setProblem(describeError(err));
        return;
      }
      setLoaded(data);
      await evaluate(data, signal, () => setDone((n) => n + 1));
    })();
    return () => controller.abort();
  }, []);
  if (problem === "running") {
    return <p>This game is still running: the review opens when it is over. <a href={`#/play/${gameId}/${seat}`}>Back to the table</a></p>;
  }
  if (problem) return <p class="error" role="alert">{`Cannot load the game: ${problem}`}</p>;
  if (!loaded) return <p class="loading">Loading the game…</p>;
  return <ReviewView data={loaded} seat={seat} done={done} />;
}

/** The AI's choice on the view of each decision, one after the other; `progress` after each. */
async function evaluate(data: Loaded, signal: AbortSignal, progress: () => void): Promise<void> {
  for (const d of data.decisions) {
    if (signal.aborted) return;
    const view = data.steps[d.step].view;
    try {
      const answer = await client.chooseMove(data.game.gameName, view.view, { bot: settings().reviewBot, iterations: ITERATIONS, seed: 1 });
      const candidates = answer.stats?.candidates ?? [];
      const mine = view.legalMoves.find((m) => m.text === d.mine);
      const myValue = candidates.find((c) => (mine && c.moveId === mine.id) || c.text === d.mine)?.value;
      const aiValue = candidates.find((c) => c.moveId === answer.move.id)?.value ?? 0;
      d.verdict = { aiMove: answer.move.text, aiValue, myValue, stats: answer.stats };
    } catch (err) {
      if (signal.aborted) return;
      d.error = describeError(err);
    }
    progress();
  }
}

function ReviewView({ data, seat, done }: { data: Loaded; seat: number; done: number }) {
  const { game, type, ui, steps, decisions } = data;
  const [current, setCurrent] = useState(decisions[0]?.step ?? 0); // the step shown
  const root = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const names = seatNames(game, seat);
  const go = (step: number) => {
    setCurrent(Math.max(0, Math.min(steps.length - 1, step)));
    moved.current = true;
  };
  useLayoutEffect(() => {
    if (moved.current) root.current?.querySelector<HTMLElement>(`[data-focus="step"]`)?.focus();
    moved.current = false;
  });
  useEffect(() => {
    const keys = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement).tagName === "SELECT") return;
      if (e.key === "ArrowRight") go(current + 1);
      if (e.key === "ArrowLeft") go(current - 1);
    };
    const node = root.current;
    node?.addEventListener("keydown", keys);
    return () => node?.removeEventListener("keydown", keys);
  }, [current]);
  const step = steps[current];
  const ctx: TableContext = { sv: step.view, me: seat, names, point: (el) => el };
  const slips = decisions.filter((d) => d.verdict && d.verdict.myValue !== undefined && d.verdict.aiValue - d.verdict.myValue > 0.1);
  const rows = decisions.map((d) => {
    const v = d.verdict;
    const same = v && v.aiMove === d.mine;
    const loss = v && v.myValue !== undefined ? v.aiValue - v.myValue : undefined;
    const verdict = d.error ? `not evaluated: ${d.error}` : !v ? "the AI is looking…" : same ? "the AI agrees"
      : loss !== undefined && loss > 0.1 ? `a slip: ${(100 * loss).toFixed(0)} points (of 100) below the AI's move`
        : "about as good";
    return <tr class={`${current === d.step ? "current " : ""}${same ? "agree" : loss !== undefined && loss > 0.1 ? "slip" : ""}`}>
      <td><button type="button" class="link" data-focus={`d:${d.step}`} onClick={() => go(d.step)}>
        {`v${steps[d.step].view.version}`}</button></td>
      <td>{d.mine}{v?.myValue !== undefined ? <span class="value">{` ${(100 * v.myValue).toFixed(0)}%`}</span> : null}</td>
      <td>{v ? [v.aiMove, <span class="value">{` ${(100 * v.aiValue).toFixed(0)}%`}</span>] : "…"}</td>
      <td>{verdict}</td>
    </tr>;
  });
  const event = step.event;
  return <div ref={root}>
    <header class="table-head"><nav><a href="#/">← Lobby</a>{" · "}<a href={`#/play/${game.gameId}/${seat}`}>Back to the table</a></nav>
      <h1>{`Review: ${type.title}`}</h1>
      <p class="meta">{`Your ${decisions.length} decisions with a choice, evaluated by ${settings().reviewBot} ` +
        `(${ITERATIONS} iterations each): ${done} of ${decisions.length} done` +
        (done === decisions.length ? `; ${slips.length} slips` : "")}</p>
    </header>
    <div class="table-layout review">
      <section class="board" aria-label={`The table at version ${step.view.version}`}>
        <div class="stepper">
          <button type="button" data-focus="prev" onClick={() => go(current - 1)} disabled={current === 0}>← Earlier</button>
          <span tabindex={-1} data-focus="step">{`Version ${step.view.version} of ${steps[steps.length - 1].view.version}`}</span>
          <button type="button" data-focus="next" onClick={() => go(current + 1)} disabled={current === steps.length - 1}>Later →</button>
        </div>
        {event ? <p class="step-event">{`${names[event.seat]}: ${event.moveText}`}
          {event.log.length ? <ul>{event.log.map((l) => <li>{l}</li>)}</ul> : null}</p> : <p class="step-event">The start.</p>}
        {ui.render(ctx)}
      </section>
      <section class="verdicts" aria-label="Your moves and the AI's">
        <h2>Your moves and the AI's choice</h2>
        {decisions.length === 0 ? <p>You had no decision with more than one legal move.</p> :
          <table class="review-table">
            <caption>Values are the AI's expected result for you, 0–100%.</caption>
            <thead><tr>{["When", "Your move", "The AI's move", "Verdict"].map((h) => <th scope="col">{h}</th>)}</tr></thead>
            <tbody>{rows}</tbody>
          </table>}
      </section>
    </div>
  </div>;
}
