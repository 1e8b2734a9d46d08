// Moves by pointing, without the DOM: which legal moves fit the points chosen so far, which
// points a click may take next, what a click plays; and the attributes of a pointed element.
// The table (table.tsx) and the unit tests of every game (test/unit) use the same functions.
import type { LegalMove, SeatView } from "@boardbot/client";
import { cloneElement, type VNode } from "preact";

export type PointsOf = (move: LegalMove, sv: SeatView) => string[];

/** The legal moves whose points start with `selection`. */
export function fitting(sv: SeatView, selection: string[], points: PointsOf): LegalMove[] {
  return sv.legalMoves.filter((m) => {
    const keys = points(m, sv);
    return selection.every((key, i) => keys[i] === key);
  });
}

/** The points a click may take next: the next point of every move that fits. */
export function nextPoints(sv: SeatView, selection: string[], points: PointsOf): Set<string> {
  const next = new Set<string>();
  for (const m of fitting(sv, selection, points)) {
    const key = points(m, sv)[selection.length];
    if (key !== undefined) next.add(key);
  }
  return next;
}

export interface Click {
  /** The points chosen after the click. */
  selection: string[];
  /** The move the click completes, when it leaves exactly one. */
  play?: LegalMove;
}

/** A click on `key` with `selection` chosen: a second click on the last point takes it back; a
 *  point that leaves one move, whose points are all taken, plays it; a point no move fits is
 *  ignored; otherwise the point is taken and the moves that fit are offered. */
export function click(sv: SeatView, selection: string[], key: string, points: PointsOf): Click {
  if (selection.length && selection[selection.length - 1] === key) return { selection: selection.slice(0, -1) };
  const next = [...selection, key];
  const left = fitting(sv, next, points);
  if (left.length === 0) return { selection };
  const done = left.filter((m) => points(m, sv).length === next.length);
  if (left.length === 1 && done.length === 1) return { selection: [], play: done[0] };
  return { selection: next };
}

/** What the table knows when it draws a pointed element. */
export interface Pointing {
  next: Set<string>; // points a click may take now (none while a move is on its way)
  selection: string[]; // points taken
  marked: Set<string>; // points the last move touched
  choose(key: string): void;
}

function hasText(node: unknown): boolean {
  if (typeof node === "string") return node.trim() !== "";
  if (typeof node === "number") return true;
  if (Array.isArray(node)) return node.some(hasText);
  if (node && typeof node === "object" && "props" in node) {
    const vnode = node as VNode<{ children?: unknown }>;
    return typeof vnode.type === "string" && vnode.type !== "title" && hasText(vnode.props.children);
  }
  return false;
}

/** `el` as the target of `keys`: clickable (and focusable, a button to assistive technology)
 *  when a click may take one of them, outlined while one is taken, marked when the last move
 *  touched one. */
export function pointed<P>(state: Pointing, el: VNode<P>, label: string, keys: string[]): VNode<P> {
  const props = el.props as Record<string, unknown>;
  const classes = [props.class as string | undefined];
  const extra: Record<string, unknown> = { "data-point": keys.join(" "), "data-label": label };
  if (keys.some((k) => state.selection.includes(k))) classes.push("selected");
  if (keys.some((k) => state.marked.has(k))) {
    classes.push("last");
    extra["data-last"] = "true";
  }
  const key = keys.find((k) => state.next.has(k));
  if (key !== undefined) {
    classes.push("pointable");
    extra.tabindex = "0";
    extra.role = "button";
    // the name stays the element's own text (or its SVG title); the action is the description.
    // A region's label (a seat panel's "Seat 1") would name the button with less than it shows,
    // which misleads speech input (axe: label-content-name-mismatch), so a button with text drops it.
    if (props["aria-label"] !== undefined && hasText(props.children)) extra["aria-label"] = undefined;
    extra["aria-description"] = label;
    extra["data-focus"] = `p:${key}`;
    extra.onClick = (e: Event) => { e.stopPropagation(); state.choose(key); };
    extra.onKeyDown = (e: KeyboardEvent) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); state.choose(key); }
    };
  }
  extra.class = classes.filter(Boolean).join(" ");
  return cloneElement(el, extra as Partial<P>);
}
