// Frogriders: the pond (SVG), the village, the privilege display, and each rider's units and cards.
import { FrogridersCardSide, FrogridersColour, FrogridersPhase, FrogridersPrivilegeSchema, type FrogridersView,
  type SeatView } from "@boardbot/client";
import type { ComponentChildren } from "preact";
import "./frogriders.css";
import { aboutThem, byNumber, card, facts, plural, scored, seatPanel } from "./common.js";
import { componentsOf, moveOf, viewOf } from "./index.js";
import type { GameUI, TableContext } from "./types.js";

const INFO = componentsOf<{ privileges: unknown; setCards: string[] }>("frogriders");
const PRIVILEGES = byNumber<{ text: string; rule: string; group: string; trophies: number }>(FrogridersPrivilegeSchema, INFO.privileges);
const SIZE = 9;
const CELL = 40;
const COLOURS = [FrogridersColour.YELLOW, FrogridersColour.RED, FrogridersColour.BLUE, FrogridersColour.BROWN];
const COLOUR_NAME: Record<number, string> = { 1: "yellow", 2: "red", 3: "blue", 4: "brown" };

const PROMPTS: Record<number, string> = {
  [FrogridersPhase.CHOOSE_SET_CARD]: "keep one of your two set cards (the other is discarded unseen)",
  [FrogridersPhase.LEAP]: "leap a unit over a neighbour onto an empty space",
  [FrogridersPhase.RETURN_UNIT]: "return a collected unit to the village for its action, or end the turn",
  [FrogridersPhase.TAKE_UNIT]: "take a unit from the village",
  [FrogridersPhase.TAKE_PRIVILEGE]: "take a privilege card from the display",
  [FrogridersPhase.SECOND_LEAP]: "leap again",
  [FrogridersPhase.GAME_OVER]: "the game is over",
};

function unitCount(units: { yellow: number; red: number; blue: number; brown: number } | undefined, colour: number): number {
  if (!units) return 0;
  return [0, units.yellow, units.red, units.blue, units.brown][colour] ?? 0;
}

const PETALS = [0, 72, 144, 216, 288].map((a) => [4 * Math.cos(a * Math.PI / 180), 4 * Math.sin(a * Math.PI / 180)]);

function pond(ctx: TableContext, v: FrogridersView) {
  const cells = v.cells.map((c) => {
    const x = (c.cell % SIZE) * CELL;
    const y = Math.floor(c.cell / SIZE) * CELL;
    const unit = COLOUR_NAME[c.unit];
    const label = `${c.name}: ${unit ? `${unit} unit` : "empty"}${c.flower ? ", flower" : ""}${c.offLimits ? ", off limits" : ""}`;
    return ctx.point(<g class={`cell${c.offLimits ? " off" : ""}`} transform={`translate(${x} ${y})`}>
      <title>{label}</title>
      <rect x={1.5} y={1.5} width={CELL - 3} height={CELL - 3} rx={8} class="space" />
      {c.flower ? <g class="flower" transform="translate(31 9)">
        {PETALS.map(([cx, cy]) => <circle r={3} cx={cx} cy={cy} />)}
        <circle r={2.2} class="heart" />
      </g> : null}
      {unit ? <g class={`unit ${unit}`}>
        <circle cx={CELL / 2} cy={CELL / 2 + 1} r={13} />
        <text x={CELL / 2} y={CELL / 2 + 5.5} text-anchor="middle">{unit === "brown" ? "Br" : unit[0].toUpperCase()}</text>
      </g> : null}
      <text x={4} y={CELL - 4} class="coord">{c.name}</text>
    </g>, label, `cell:${c.cell}`);
  });
  return <svg viewBox={`0 0 ${SIZE * CELL} ${SIZE * CELL}`} class="pond" role="group" aria-label="The pond">{cells}</svg>;
}

function privilegeCard(kind: number, extra: ComponentChildren = null) {
  const info = PRIVILEGES[kind];
  return card(info?.text ?? "privilege card", info?.rule ?? "", `privilege ${info?.group ?? ""}`, "", extra);
}

function unitChips(ctx: TableContext, units: FrogridersView["players"][number]["units"], pointPrefix?: string) {
  return <div class="chips">{COLOURS.map((colour) => {
    const name = COLOUR_NAME[colour];
    const chip = <span class={`chip ${name}`}><span class="unit-dot" />{`${unitCount(units, colour)} ${name}`}</span>;
    return pointPrefix && colour !== FrogridersColour.BROWN
      ? ctx.point(chip, `return a ${name} unit`, `${pointPrefix}:${colour}`) : chip;
  })}</div>;
}

function render(ctx: TableContext) {
  const v = viewOf(ctx.sv, "frogriders");
  if (!v) return <div>no view</div>;
  const village = <section class="village" aria-label="Village"><h3>Village</h3>
    <div class="chips">{[FrogridersColour.RED, FrogridersColour.YELLOW, FrogridersColour.BLUE].map((colour) => {
      const name = COLOUR_NAME[colour];
      const count = [0, v.village?.yellow, v.village?.red, v.village?.blue][colour] ?? 0;
      return ctx.point(<span class={`chip ${name}`}><span class="unit-dot" />{`${count} ${name}`}</span>,
        `take a ${name} unit from the village`, `village:${colour}`);
    })}</div>
  </section>;
  const display = <section class="display" aria-label="Privilege display">
    <h3>{`Privilege cards (${v.stackSize} in the stack)`}</h3>
    <div class="cards">{v.display.map((kind, slot) => kind
      ? ctx.point(privilegeCard(kind, <div class="card-foot">{`slot ${slot + 1}`}</div>),
        `take privilege card in slot ${slot + 1}`, `display:${slot}`)
      : <div class="card empty">{`slot ${slot + 1}: empty`}</div>)}</div>
  </section>;
  const publicCards = <section class="public-cards" aria-label="Public score cards"><h3>Public score cards</h3>
    <div class="cards">{v.publicCards.map((c) => card(c.text, c.side === FrogridersCardSide.BACK ? "back side" : "front side",
      "score"))}</div>
  </section>;
  const dealt = v.dealtSetCards.length && v.phase === FrogridersPhase.CHOOSE_SET_CARD
    ? <section class="dealt" aria-label="Your dealt set cards"><h3>Your two set cards: keep one</h3>
      <div class="cards">{v.dealtSetCards.map((n) => ctx.point(card(INFO.setCards[n] ?? `set card ${n}`, "set card (secret)", "set"),
        `keep set card: ${INFO.setCards[n]}`, `set:${n}`))}</div>
    </section> : null;
  const seats = v.players.map((p, seat) => seatPanel(ctx, seat, [
    // at the end, the final score beside the chips won during the game (the header shows the final)
    facts([["trophies", ctx.sv.outcome ? `${ctx.sv.outcome.scores[seat] ?? 0} at the end (${p.trophies} during the game)`
      : p.trophies], ["privilege cards", p.privileges.length]]),
    unitChips(ctx, p.units, seat === ctx.me ? "return" : undefined),
    p.setCard !== undefined ? <p class="set-card">{`Set card: ${INFO.setCards[p.setCard]}`}</p>
      : <p class="set-card muted">{p.choseSetCard ? "Set card: kept (secret)" : "Set card: not chosen yet"}</p>,
    p.privileges.length ? <div class="cards small">{p.privileges.map((k) => privilegeCard(k))}</div> : null]));
  return <div class="frogriders">
    <div class="board-row"><div class="pond-wrap">{pond(ctx, v)}</div>
      <div class="board-side">{village}{dealt}{publicCards}</div></div>
    {display}
    <div class="seat-panels">{seats}</div>
  </div>;
}

// the engine logs a revealed privilege card by its key ("extra_red"): its name, as the cards show it
const PRIVILEGE_BY_KEY = new Map(Object.entries((INFO.privileges ?? {}) as Record<string, { text: string }>)
  .map(([name, info]) => [name.replace(/^FROGRIDERS_PRIVILEGE_/, "").toLowerCase(), info.text]));

const frogriders: GameUI = {
  render,
  logLine(line) {
    return line.replace(/^privilege card revealed: (\w+)$/, (whole, key: string) => {
      const text = PRIVILEGE_BY_KEY.get(key);
      return text ? `privilege card revealed: ${text}` : whole;
    });
  },
  marks: ["cell", "display", "village"],
  points(move) {
    const m = moveOf(move, "frogriders")?.kind;
    switch (m?.case) {
      case "keepSetCard": return [`set:${m.value.card}`];
      case "leap": return [`cell:${m.value.fromCell}`, `cell:${m.value.toCell}`];
      case "returnUnit": return [`return:${m.value.colour}`];
      case "takeUnit": return [`village:${m.value.colour}`];
      case "takePrivilege": return [`display:${m.value.slot}`];
      default: return [];
    }
  },
  turnSeat(sv: SeatView) {
    const v = viewOf(sv, "frogriders");
    return v && v.phase !== FrogridersPhase.GAME_OVER ? v.currentPlayer : undefined;
  },
  scoreText: (score: number) => plural(score, "point"),
  scores(sv) {
    return viewOf(sv, "frogriders")?.players.map((p) => `${p.trophies} trophies`) ?? [];
  },
  prompt(sv, you) {
    const v = viewOf(sv, "frogriders");
    const text = v ? PROMPTS[v.phase] ?? "" : "";
    return you ? text : aboutThem(text);
  },
  details(b) {
    return scored([["trophies during the game", b.during_game, "points"], ["set card", b.private_set_card, "points"],
      ["score cards", b.public_score_cards, "points"], ["brown units", b.brown_units, "points"],
      ["privilege cards", b.privilege_cards, "points"]]);
  },
};

export default frogriders;
