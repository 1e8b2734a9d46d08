// Frogriders: the pond (SVG), the village, the privilege display, and each rider's units and cards.
import { FrogridersCardSide, FrogridersColour, FrogridersPhase, FrogridersPrivilegeSchema, type FrogridersView,
  type SeatView } from "@boardbot/client";
import "./frogriders.css";
import { h, s } from "../dom.js";
import { byNumber, card, facts, seatPanel } from "./common.js";
import { componentsOf, moveOf, viewOf } from "./index.js";
import type { GameUI, TableContext } from "./types.js";

const INFO = componentsOf<{ privileges: unknown; setCards: string[] }>("frogriders");
const PRIVILEGES = byNumber<{ text: string; group: string; trophies: number }>(FrogridersPrivilegeSchema, INFO.privileges);
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

function pond(ctx: TableContext, v: FrogridersView): SVGElement {
  const cells = v.cells.map((c) => {
    const row = Math.floor(c.cell / SIZE);
    const col = c.cell % SIZE;
    const x = col * CELL;
    const y = row * CELL;
    const unit = COLOUR_NAME[c.unit];
    const label = `${c.name}: ${unit ? `${unit} unit` : "empty"}${c.flower ? ", flower" : ""}${c.offLimits ? ", off limits" : ""}`;
    const g = s("g", { class: `cell${c.offLimits ? " off" : ""}`, transform: `translate(${x} ${y})` },
      s("title", {}, label),
      s("rect", { x: 1.5, y: 1.5, width: CELL - 3, height: CELL - 3, rx: 8, class: "space" }),
      c.flower ? s("g", { class: "flower", transform: "translate(31 9)" },
        [0, 72, 144, 216, 288].map((a) => s("circle", { r: 3, cx: 4 * Math.cos(a * Math.PI / 180), cy: 4 * Math.sin(a * Math.PI / 180) })),
        s("circle", { r: 2.2, class: "heart" })) : null,
      unit ? s("g", { class: `unit ${unit}` }, s("circle", { cx: CELL / 2, cy: CELL / 2 + 1, r: 13 }),
        s("text", { x: CELL / 2, y: CELL / 2 + 5.5, "text-anchor": "middle" }, unit === "brown" ? "Br" : unit[0].toUpperCase()))
        : null,
      s("text", { x: 4, y: CELL - 4, class: "coord" }, c.name));
    return ctx.point(g, label, `cell:${c.cell}`);
  });
  return s("svg", { viewBox: `0 0 ${SIZE * CELL} ${SIZE * CELL}`, class: "pond", role: "group", "aria-label": "The pond" }, cells);
}

function privilegeCard(kind: number, extra: (Node | string | null)[] = []): HTMLElement {
  const info = PRIVILEGES[kind];
  return card(info?.text ?? "privilege card", "", `privilege ${info?.group ?? ""}`, "", extra);
}

function unitChips(ctx: TableContext, units: FrogridersView["players"][number]["units"], pointPrefix?: string): HTMLElement {
  return h("div", { class: "chips" }, COLOURS.map((colour) => {
    const name = COLOUR_NAME[colour];
    const chip = h("span", { class: `chip ${name}` }, h("span", { class: "unit-dot" }), `${unitCount(units, colour)} ${name}`);
    return pointPrefix && colour !== FrogridersColour.BROWN
      ? ctx.point(chip, `return a ${name} unit`, `${pointPrefix}:${colour}`) : chip;
  }));
}

function render(ctx: TableContext): HTMLElement {
  const v = viewOf(ctx.sv, "frogriders");
  if (!v) return h("div", {}, "no view");
  const village = h("section", { class: "village", "aria-label": "Village" }, h("h3", {}, "Village"),
    h("div", { class: "chips" }, [FrogridersColour.RED, FrogridersColour.YELLOW, FrogridersColour.BLUE].map((colour) => {
      const name = COLOUR_NAME[colour];
      const count = [0, v.village?.yellow, v.village?.red, v.village?.blue][colour] ?? 0;
      return ctx.point(h("span", { class: `chip ${name}` }, h("span", { class: "unit-dot" }), `${count} ${name}`),
        `take a ${name} unit from the village`, `village:${colour}`);
    })));
  const display = h("section", { class: "display", "aria-label": "Privilege display" },
    h("h3", {}, `Privilege cards (${v.stackSize} in the stack)`),
    h("div", { class: "cards" }, v.display.map((kind, slot) => kind
      ? ctx.point(privilegeCard(kind, [h("div", { class: "card-foot" }, `slot ${slot + 1}`)]),
        `take privilege card in slot ${slot + 1}`, `display:${slot}`)
      : h("div", { class: "card empty" }, `slot ${slot + 1}: empty`))));
  const publicCards = h("section", { class: "public-cards", "aria-label": "Public score cards" },
    h("h3", {}, "Public score cards"),
    h("div", { class: "cards" }, v.publicCards.map((c) => card(c.text, c.side === FrogridersCardSide.BACK ? "back side" : "front side",
      "score"))));
  const dealt = v.dealtSetCards.length && v.phase === FrogridersPhase.CHOOSE_SET_CARD
    ? h("section", { class: "dealt", "aria-label": "Your dealt set cards" }, h("h3", {}, "Your two set cards: keep one"),
      h("div", { class: "cards" }, v.dealtSetCards.map((n) => ctx.point(card(INFO.setCards[n] ?? `set card ${n}`, "set card (secret)", "set"),
        `keep set card: ${INFO.setCards[n]}`, `set:${n}`)))) : null;
  const seats = v.players.map((p, seat) => seatPanel(ctx, seat,
    facts([["trophies", p.trophies], ["privilege cards", p.privileges.length]]),
    unitChips(ctx, p.units, seat === ctx.me ? "return" : undefined),
    p.setCard !== undefined ? h("p", { class: "set-card" }, `Set card: ${INFO.setCards[p.setCard]}`)
      : h("p", { class: "set-card muted" }, p.choseSetCard ? "Set card: kept (secret)" : "Set card: not chosen yet"),
    p.privileges.length ? h("div", { class: "cards small" }, p.privileges.map((k) => privilegeCard(k))) : null));
  return h("div", { class: "frogriders" },
    h("div", { class: "board-row" }, h("div", { class: "pond-wrap" }, pond(ctx, v)),
      h("div", { class: "board-side" }, village, dealt, publicCards)),
    display,
    h("div", { class: "seat-panels" }, seats));
}

const frogriders: GameUI = {
  render,
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
  scores(sv) {
    return viewOf(sv, "frogriders")?.players.map((p) => `${p.trophies} trophies`) ?? [];
  },
  prompt(sv) {
    const v = viewOf(sv, "frogriders");
    return v ? PROMPTS[v.phase] ?? "" : "";
  },
};

export default frogriders;
