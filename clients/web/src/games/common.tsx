// Pieces every table uses: cards with a name and rule text, counters, seat panels.
import type { ComponentChildren } from "preact";
import type { TableContext } from "./types.js";

/** A card: a name (and an English gloss), its rule text, and a colour class for its kind. Cards,
 *  like everything ctx.point decorates, are elements, not components. */
export function card(name: string, text: string, kind: string, gloss = "", extra: ComponentChildren = null) {
  return <div class={`card ${kind}`}>
    <div class="card-name">{name}</div>
    {gloss ? <div class="card-gloss">{gloss}</div> : null}
    {text ? <div class="card-text">{text}</div> : null}
    {extra}
  </div>;
}

/** A face-down card (its back). */
export function cardBack(label: string) {
  return <div class="card back" aria-label={label} title={label}><div class="card-name">?</div></div>;
}

/** A panel for one seat: the seat's colour, its name, and what the game shows of it. */
export function seatPanel(ctx: TableContext, seat: number, children: ComponentChildren) {
  const sv = ctx.sv;
  return <section class={`seat-panel c${seat}${seat === ctx.me ? " me" : ""}${seat === sv.decider ? " deciding" : ""}`}
    aria-label={ctx.names[seat]} data-seat={String(seat)}>
    <h3><span class="dot" />{ctx.names[seat]}</h3>
    {children}
  </section>;
}

/** "label: value" facts in a compact list. */
export function facts(items: [string, string | number][]) {
  return <dl class="facts">{items.map(([k, v]) => [<dt>{k}</dt>, <dd>{String(v)}</dd>])}</dl>;
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

/** A prompt written to the player ("keep one of your set cards") about another seat, in the
 *  third person ("keep one of their set cards"). */
export function aboutThem(prompt: string): string {
  return prompt.replace(/\byourself\b/g, "themselves").replace(/\byour\b/g, "their").replace(/\bYour\b/g, "Their")
    .replace(/\byou (may|are|fell|meet|have)\b/g, (_, verb: string) => `they ${verb === "are" ? "are" : verb}`)
    .replace(/\bYou\b/g, "They").replace(/\byou\b/g, "them");
}

/** What scored, in words: the parts that are not zero ("stars: 12 points"), "; " between them. */
export function scored(parts: [string, unknown, string?][]): string {
  return parts.filter(([, value]) => typeof value === "number" ? value !== 0 : Array.isArray(value) ? value.some((v) => v !== 0) : !!value)
    .map(([label, value, unit]) => {
      const text = Array.isArray(value) ? value.filter((v) => v !== 0).join(" + ").replaceAll("+ -", "− ") // "7 − 2"
        : String(value);
      return `${label}: ${text}${unit ? ` ${text === "1" ? unit.replace(/s$/, "") : unit}` : ""}`; // "1 point"
    }).join("; ");
}
