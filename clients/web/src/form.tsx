// A game's parameters as a form, built from ListGameTypes: each parameter's type, range and
// choices, and the rules between parameters (GameType.param_rules), so the form only ever
// holds a config the server accepts.
import { ParamType, type GameType } from "@boardbot/client";
import { wire, type Wire } from "./api.js";
import type { ClockChoice } from "./clocks.js";

type Param = GameType["parameters"][number];

export interface Limits {
  allowed?: Wire[];
  minimum?: number;
  maximum?: number;
  fallback: Wire; // the value the parameter takes when the player leaves it
  rules: string[]; // the docs of the rules that apply now
}

/** What each parameter may be, given the other values now. */
export function limits(type: GameType, values: Record<string, Wire>): Map<string, Limits> {
  const out = new Map<string, Limits>();
  for (const p of type.parameters) {
    out.set(p.name, {
      allowed: p.choices.length ? p.choices.map(wire) : undefined,
      minimum: p.minimum === undefined ? undefined : Number(p.minimum),
      maximum: p.maximum === undefined ? undefined : Number(p.maximum),
      fallback: wire(p.defaultValue), rules: [],
    });
  }
  for (const rule of type.paramRules) {
    const holds = rule.when.every((c) => c.values.map(wire).includes(values[c.param] ?? null));
    const lim = out.get(rule.param);
    if (!holds || !lim) continue;
    if (rule.allowed.length) {
      const allowed = rule.allowed.map(wire);
      lim.allowed = lim.allowed ? lim.allowed.filter((v) => allowed.includes(v)) : allowed;
    }
    if (rule.minimum !== undefined) lim.minimum = Math.max(lim.minimum ?? -Infinity, Number(rule.minimum));
    if (rule.maximum !== undefined) lim.maximum = Math.min(lim.maximum ?? Infinity, Number(rule.maximum));
    if (rule.defaultValue !== undefined) lim.fallback = wire(rule.defaultValue);
    lim.rules.push(rule.doc);
  }
  return out;
}

function fits(value: Wire, lim: Limits): boolean {
  if (lim.allowed && !lim.allowed.includes(value)) return false;
  if (typeof value === "number") {
    if (lim.minimum !== undefined && value < lim.minimum) return false;
    if (lim.maximum !== undefined && value > lim.maximum) return false;
  }
  return true;
}

function nearest(value: Wire, lim: Limits): Wire {
  if (fits(lim.fallback, lim) && !(typeof value === "number")) return lim.fallback;
  if (typeof value === "number") {
    const clamped = Math.min(lim.maximum ?? value, Math.max(lim.minimum ?? value, value));
    if (fits(clamped, lim)) return clamped;
  }
  return fits(lim.fallback, lim) ? lim.fallback : lim.allowed?.[0] ?? lim.fallback;
}

/** Settle the values: parameters the player did not set take their (rule) defaults, and every
 *  value is moved into what the rules allow. A few rounds, as one value's rules follow another's. */
export function settle(type: GameType, chosen: Record<string, Wire>): Record<string, Wire> {
  let values: Record<string, Wire> = {};
  for (const p of type.parameters) values[p.name] = chosen[p.name] ?? wire(p.defaultValue);
  for (let round = 0; round < 4; round++) {
    const lims = limits(type, values);
    const next: Record<string, Wire> = {};
    for (const p of type.parameters) {
      const lim = lims.get(p.name)!;
      const wanted = p.name in chosen ? chosen[p.name] : lim.fallback;
      next[p.name] = fits(wanted, lim) ? wanted : nearest(wanted, lim);
    }
    if (JSON.stringify(next) === JSON.stringify(values)) break;
    values = next;
  }
  return values;
}

/** "FROGRIDERS_PUBLIC_BACK_FIRST" among its siblings -> "first". */
export function choiceLabel(value: Wire, siblings: Wire[]): string {
  if (typeof value !== "string") return String(value);
  const names = siblings.filter((v): v is string => typeof v === "string");
  let prefix = names[0] ?? "";
  for (const name of names) while (!name.startsWith(prefix)) prefix = prefix.slice(0, -1);
  prefix = prefix.slice(0, prefix.lastIndexOf("_") + 1);
  const label = value.slice(prefix.length).toLowerCase().replaceAll("_", " ");
  return label === "unspecified" ? "none" : label;
}

// the words a field's name cannot spell (a name has no apostrophe)
const SPELLED: Record<string, string> = { everyones: "everyone's" };

export function paramLabel(name: string): string {
  const text = name.split("_").map((word) => SPELLED[word] ?? word).join(" ");
  return text[0].toUpperCase() + text.slice(1);
}

/** The form's fields for `values`; `change(name, value)` when the player changes one. */
export function ParamFields({ type, values, change }: { type: GameType; values: Record<string, Wire>;
  change: (name: string, value: Wire) => void }) {
  const lims = limits(type, values);
  return <>{type.parameters.map((p: Param) => {
    const lim = lims.get(p.name)!;
    // a field the rules leave one value now is no choice (a solo-only field in a game of two): not shown
    if (lim.allowed !== undefined && lim.allowed.length === 1 && type.parameters.length > 1) return null;
    const id = `param-${p.name}`;
    const value = values[p.name];
    let input;
    if (p.valueType === ParamType.BOOL) {
      input = <input id={id} type="checkbox" checked={value === true}
        onChange={(e) => change(p.name, (e.target as HTMLInputElement).checked)} />;
    } else if (p.valueType === ParamType.ENUM || p.valueType === ParamType.INTEGER) {
      const options: Wire[] = p.valueType === ParamType.ENUM ? p.choices.map(wire)
        : Array.from({ length: Number(p.maximum ?? 0) - Number(p.minimum ?? 0) + 1 }, (_, i) => Number(p.minimum ?? 0) + i);
      input = <select id={id} value={String(value)} onChange={(e) => {
        const raw = (e.target as HTMLSelectElement).value;
        change(p.name, p.valueType === ParamType.INTEGER ? Number(raw) : raw);
      }}>{options.map((option) => <option value={String(option)} disabled={!fits(option, lim)}>
        {choiceLabel(option, options)}</option>)}</select>;
    } else {
      input = <input id={id} type="text" value={String(value ?? "")}
        onChange={(e) => change(p.name, (e.target as HTMLInputElement).value)} />;
    }
    return <div class="field" key={p.name}>
      <label for={id}>{paramLabel(p.name)}</label>{input}
      <p class="field-doc">{p.doc}</p>
      {lim.rules.length ? <p class="field-rule">{lim.rules.join("; ")}</p> : null}
    </div>;
  })}</>;
}

const CLOCK_KINDS: [ClockChoice["kind"], string][] = [["none", "No clock"],
  ["increment", "Base time plus an increment per move"], ["bank", "A time bank plus a credit per turn"],
  ["days", "Days per move (correspondence)"]];

/** The clock's fields: its kind, then the numbers that kind takes (each with its unit), and what a
 *  timeout does. */
export function ClockFields({ choice, change }: { choice: ClockChoice; change: (choice: ClockChoice) => void }) {
  const number = (id: string, label: string, value: number, min: number, max: number,
    set: (n: number) => ClockChoice) => <div class="field" key={id}><label for={id}>{label}</label>
    <input id={id} type="number" min={min} max={max} step={1} value={String(value)} onChange={(e) => {
      const n = Math.round(Number((e.target as HTMLInputElement).value));
      if (Number.isFinite(n)) change(set(Math.min(max, Math.max(min, n))));
    }} /></div>;
  return <>
    <div class="field"><label for="clock-kind">Clock</label>
      <select id="clock-kind" value={choice.kind}
        onChange={(e) => change({ ...choice, kind: (e.target as HTMLSelectElement).value as ClockChoice["kind"] })}>
        {CLOCK_KINDS.map(([kind, text]) => <option value={kind}>{text}</option>)}
      </select>
      <p class="field-doc">Only the seats people play use time; the server keeps the clocks, and they stop while it is down.</p></div>
    {choice.kind === "increment" || choice.kind === "bank" ? <>
      {number("clock-minutes", choice.kind === "bank" ? "Time bank at the start (minutes)" : "Base time (minutes)",
        choice.minutes, 1, 600, (n) => ({ ...choice, minutes: n }))}
      {number("clock-seconds", choice.kind === "bank" ? "Credit per turn (seconds)" : "Increment per move (seconds)",
        choice.seconds, 0, 3600, (n) => ({ ...choice, seconds: n }))}
    </> : null}
    {choice.kind === "days" ? number("clock-days", "Days per move", choice.days, 1, 60, (n) => ({ ...choice, days: n })) : null}
    {choice.kind !== "none" ? <div class="field"><label for="clock-timeout">When a clock runs out</label>
      <select id="clock-timeout" value={choice.forfeit ? "forfeit" : "stand-in"}
        onChange={(e) => change({ ...choice, forfeit: (e.target as HTMLSelectElement).value === "forfeit" })}>
        <option value="forfeit">The seat is out of the game (the random bot plays on for it)</option>
        <option value="stand-in">A bot makes that move for the seat, which plays on</option>
      </select></div> : null}
  </>;
}
