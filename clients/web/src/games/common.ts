// Pieces every table uses: cards with a name and rule text, counters, seat panels.
import { h } from "../dom.js";
import type { TableContext } from "./types.js";

/** A card: a name (and an English gloss), its rule text, and a colour class for its kind. */
export function card(name: string, text: string, kind: string, gloss = "", extra: (Node | string | null)[] = []):
  HTMLElement {
  return h("div", { class: `card ${kind}` },
    h("div", { class: "card-name" }, name),
    gloss ? h("div", { class: "card-gloss" }, gloss) : null,
    text ? h("div", { class: "card-text" }, text) : null,
    extra);
}

/** A face-down card (its back). */
export function cardBack(label: string): HTMLElement {
  return h("div", { class: "card back", "aria-label": label, title: label }, h("div", { class: "card-name" }, "?"));
}

/** A panel for one seat: the seat's colour, its name, and what the game shows of it. */
export function seatPanel(ctx: TableContext, seat: number, ...children: (Node | string | null)[]): HTMLElement {
  const sv = ctx.sv;
  return h("section", { class: `seat-panel c${seat}${seat === ctx.me ? " me" : ""}${seat === sv.decider ? " deciding" : ""}`,
    "aria-label": ctx.names[seat], "data-seat": String(seat) },
  h("h3", {}, h("span", { class: "dot" }), ctx.names[seat]), children);
}

/** "label: value" facts in a compact list. */
export function facts(items: [string, string | number][]): HTMLElement {
  return h("dl", { class: "facts" }, items.map(([k, v]) => [h("dt", {}, k), h("dd", {}, String(v))]));
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** A table of components keyed by the names of an enum's values (GameType.components, e.g.
 *  "FROCCS_CARD_SODA") as one keyed by the numbers views carry (FroccsCard.SODA). */
export function byNumber<T>(schema: { values: readonly { name: string; number: number }[] }, table: unknown):
  Record<number, T> {
  const numbers = new Map(schema.values.map((v) => [v.name, v.number]));
  const out: Record<number, T> = {};
  for (const [name, row] of Object.entries((table ?? {}) as Record<string, T>)) {
    const number = numbers.get(name);
    if (number !== undefined) out[number] = row;
  }
  return out;
}
