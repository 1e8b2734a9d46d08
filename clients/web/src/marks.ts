// The last move on the board: the point targets (ctx.point) whose drawing changed between the
// view before the last event and the view after it, among the kinds of targets the game names
// (GameUI.marks: a leap's cells, not the whole seat panel of its rider). Drawn as data (Preact
// elements, function components expanded), so the table and the unit tests compute it alike.
import type { SeatView } from "@boardbot/client";
import type { VNode } from "preact";
import type { GameUI } from "./games/types.js";

export interface Target {
  node: VNode<Record<string, unknown>>;
  keys: string[];
}

/** Every element of a drawing marked as a point target (data-point), in drawing order. */
export function pointTargets(node: unknown, out: Target[] = []): Target[] {
  if (node === null || node === undefined || typeof node !== "object") return out;
  if (Array.isArray(node)) {
    for (const child of node) pointTargets(child, out);
    return out;
  }
  const vnode = node as VNode<Record<string, unknown>>;
  if (typeof vnode.type === "function") return pointTargets((vnode.type as (p: unknown) => unknown)(vnode.props), out);
  const keys = vnode.props?.["data-point"];
  if (typeof keys === "string") out.push({ node: vnode, keys: keys.split(" ") });
  return pointTargets(vnode.props?.children, out);
}

/** What a target shows, without the targets inside it (a seat panel changes when its money
 *  does, not when one of its glasses does) and without what the pointing adds. */
function signature(node: unknown, top = true): unknown {
  if (node === null || node === undefined || typeof node === "boolean") return null;
  if (typeof node !== "object") return node;
  if (Array.isArray(node)) return node.map((child) => signature(child, false));
  const vnode = node as VNode<Record<string, unknown>>;
  if (typeof vnode.type === "function") return signature((vnode.type as (p: unknown) => unknown)(vnode.props), top);
  const props = vnode.props ?? {};
  if (!top && typeof props["data-point"] === "string") return `<${props["data-point"]}>`;
  const attrs: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(props)) {
    if (name !== "children" && name !== "class" && !name.startsWith("data-") && typeof value !== "function") attrs[name] = value;
  }
  return [vnode.type, String(props.class ?? "").split(" ").filter((c) => !["pointable", "selected", "last"].includes(c)).join(" "),
    attrs, signature(props.children, false)];
}

function signatures(ui: GameUI, sv: SeatView, names: string[]): Map<string, string> {
  const drawing = ui.render({ sv, me: sv.seat, names, point: (el, label, ...keys) =>
    ({ ...el, props: { ...el.props, "data-point": keys.join(" ") } }) as typeof el });
  const out = new Map<string, string>();
  for (const target of pointTargets(drawing)) out.set(target.keys.join(" "), JSON.stringify(signature(target.node)));
  return out;
}

/** The points of the targets the last event changed (`before`: the view before it, the same
 *  seat's), among the game's kinds of marks. */
export function changedPoints(ui: GameUI, before: SeatView | undefined, after: SeatView, names: string[]): Set<string> {
  const marked = new Set<string>();
  if (!before) return marked;
  const was = signatures(ui, before, names);
  const kinds = ui.marks;
  for (const [keys, now] of signatures(ui, after, names)) {
    if (was.get(keys) === now) continue;
    for (const key of keys.split(" ")) {
      if (!kinds || kinds.includes(key.split(":")[0])) marked.add(key);
    }
  }
  return marked;
}
