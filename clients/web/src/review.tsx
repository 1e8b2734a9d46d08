// After the game: a replay of your seat's game (WatchGame from version 0), with the AI's
// evaluation of each of your decisions next to the move it would have chosen: the table's hint
// where you asked for one, else ChooseMove on the view you had, with the hint's preset, seed and
// iteration budget (advice.ts: one search, so a hinted move is the AI's own).
import { EventKind, GameStatus, type Event, type Game, type GameType, type SeatView } from "@boardbot/client";
import { useEffect, useState } from "preact/hooks";
import { useStepper } from "./stepper.js";
import { inPoints, valueCaption, valueText, verdict, type Advice } from "./advice.js";
import { keptAdvice, reviewAdvice } from "./ask_ai.js";
import { botName, client, describeError, gameType, listGameTypes, presetIterations } from "./api.js";
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

interface Loaded {
  game: Game;
  type: GameType;
  ui: GameUI;
  steps: Step[];
  decisions: Decision[];
}

/** The versions of a game's line of play as it stands: the moves a take-back undid, and the
 *  take-backs, are off it (``events``: the game's events in order, undefined for the start). */
export function lineOfPlay(events: (Event | undefined)[]): Set<bigint> {
  const byVersion = new Map(events.filter((e): e is Event => e !== undefined).map((e) => [e.version, e]));
  const line = new Set<bigint>();
  let version = BigInt(byVersion.size);
  while (version > 0n) {
    const event = byVersion.get(version);
    if (event?.kind === EventKind.TAKE_BACK) {
      version = event.backToVersion ?? 0n;
    } else {
      line.add(version);
      version -= 1n;
    }
  }
  return line;
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
        const line = lineOfPlay(steps.map((s) => s.event));
        steps.forEach((step, i) => {
          const next = steps[i + 1]?.event;
          if (step.view.decider === seat && step.view.legalMoves.length > 1 && next && next.seat === seat && !next.byBot
            && next.kind === EventKind.MOVE && line.has(next.version)) { // a move taken back is not judged
            decisions.push({ step: i, mine: next.moveText, options: step.view.legalMoves.length });
          }
        });
        data = { game, type, ui, steps, decisions };
      } catch (err) {
        if (!signal.aborted) setProblem(describeError(err));
        return;
      }
      setLoaded(data);
      await evaluate(data, seat, signal, () => setDone((n) => n + 1));
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

/** The AI's answer for the view of each decision: the positions the table's hint answered at
 *  once, then the others one after the other; `progress` after each. */
async function evaluate(data: Loaded, seat: number, signal: AbortSignal, progress: () => void): Promise<void> {
  const bot = settings().aiBot;
  const { gameId, gameName } = data.game;
  const players = data.game.seats.length;
  const budget = (await presetIterations(bot, gameName, players)) ?? 0;
  for (const d of data.decisions) d.advice = keptAdvice(gameId, seat, data.steps[d.step].view.version, bot, budget);
  progress();
  for (const d of data.decisions.filter((x) => !x.advice)) {
    if (signal.aborted) return;
    try {
      d.advice = await reviewAdvice(gameName, players, gameId, seat, data.steps[d.step].view, bot);
    } catch (err) {
      if (signal.aborted) return;
      d.error = describeError(err);
    }
    progress();
  }
}

function ReviewView({ data, seat }: { data: Loaded; seat: number; done: number }) {
  const { game, type, ui, steps, decisions } = data;
  const { current, go, move, root } = useStepper(decisions[0]?.step ?? 0, steps.length - 1); // the step shown
  const names = seatNames(game, seat);
  const step = steps[current];
  const ctx: TableContext = { sv: step.view, me: seat, names, point: (el) => el };
  const done = decisions.filter((d) => d.advice || d.error).length; // evaluated so far (the hinted ones at once)
  const judged = decisions.map((d) => {
    const view = steps[d.step].view;
    const mine = { id: view.legalMoves.find((m) => m.text === d.mine)?.id, text: d.mine };
    return d.advice ? verdict(d.advice, mine) : undefined;
  });
  const slips = judged.filter((v) => v?.kind === "slip");
  const points = decisions.some((d) => d.advice && inPoints(d.advice));
  const bot = settings().aiBot;
  const rows = decisions.map((d, i) => {
    const a = d.advice;
    const v = judged[i];
    const mine = a?.candidates.find((c) => c.text === d.mine);
    const ai = a?.candidates.find((c) => c.moveId === a.move.id);
    const said = d.error ? `not evaluated: ${d.error}` : v ? v.text : "the AI is looking…";
    return <tr class={`${current === d.step ? "current " : ""}${v?.kind ?? ""}`}>
      <td><button type="button" class="link" data-focus={`d:${d.step}`} onClick={() => go(d.step)}>
        {`v${steps[d.step].view.version}`}</button></td>
      <td>{d.mine}{a ? <span class="value">{` ${valueText(mine)}`}</span> : null}</td>
      <td>{a ? [a.move.text, <span class="value">{` ${valueText(ai)}`}</span>,
        ai ? <span class="visits">{` · ${ai.visits} of ${a.iterations} visits`}</span> : null] : "…"}</td>
      <td class="verdict">{said}</td>
    </tr>;
  });
  const event = step.event;
  return <div ref={root}>
    <header class="table-head"><nav><a href="#/">← Lobby</a>{" · "}<a href={`#/play/${game.gameId}/${seat}`}>Back to the table</a></nav>
      <h1>{`Review: ${type.title}`}</h1>
      <p class="meta">{`Your ${decisions.length} decisions with a choice, evaluated by the AI of your hints ` +
        `(${botName(bot)}, the same search: a move it hinted is its own): ${done} of ${decisions.length} done` +
        (done === decisions.length ? `; ${slips.length} slips` : "")}</p>
    </header>
    <div class="table-layout review">
      <section class="board" aria-label={`The table at version ${step.view.version}`}>
        <div class="stepper">
          <button type="button" data-focus="prev" onClick={() => move(-1)} disabled={current === 0}>← Earlier</button>
          <span tabindex={-1} data-focus="step">{`Version ${step.view.version} of ${steps[steps.length - 1].view.version}`}</span>
          <button type="button" data-focus="next" onClick={() => move(1)} disabled={current === steps.length - 1}>Later →</button>
        </div>
        {event ? <p class="step-event">{`${names[event.seat]}: ${event.moveText}`}
          {event.log.length ? <ul>{event.log.map((l) => <li>{l}</li>)}</ul> : null}</p> : <p class="step-event">The start.</p>}
        {ui.render(ctx)}
      </section>
      <section class="verdicts" aria-label="Your moves and the AI's">
        <h2>Your moves and the AI's choice</h2>
        {decisions.length === 0 ? <p>You had no decision with more than one legal move.</p> :
          <table class="review-table">
            <caption>{valueCaption(points)}{" A slip is a move the AI finds worse beyond both intervals."}</caption>
            <thead><tr>{["When", "Your move", "The AI's move", "Verdict"].map((h) => <th scope="col">{h}</th>)}</tr></thead>
            <tbody>{rows}</tbody>
          </table>}
      </section>
    </div>
  </div>;
}
