// What the unit tests of every game share: the recorded games (BOARDBOT_WEB_VIEWS, written by
// tests/test_web_units.py), a game's table drawn without a browser (its Preact elements walked as
// data), and a move made by clicks on the elements the table highlights, as a player makes it.
import { fromJson } from "@bufbuild/protobuf";
import { GameTypeSchema, WatchGameResponseSchema } from "@boardbot/client";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { gameUI, knowGameTypes, moveGroup } from "../../src/games/index.ts";
import { changedPoints } from "../../src/marks.ts";
import { click, fitting, nextPoints, pointed } from "../../src/pointing.ts";
import { identifierWords } from "../words.mjs";

const folder = process.env.BOARDBOT_WEB_VIEWS;
if (!folder) throw new Error("BOARDBOT_WEB_VIEWS is not set: run node scripts/unit.mjs <views folder>");

export const gameTypes = JSON.parse(readFileSync(join(folder, "game-types.json"), "utf8"))
  .map((t) => fromJson(GameTypeSchema, t));
knowGameTypes(gameTypes);

/** The game's table module, and its recorded games: each with, per seat, the frames
 *  ({event, view}) of the seat's WatchGame stream. */
export async function load(game) {
  const ui = await gameUI(game, gameTypes);
  const recordings = readdirSync(folder).filter((f) => f.startsWith(`${game}-`) && f.endsWith(".json")).sort().map((f) => {
    const data = JSON.parse(readFileSync(join(folder, f), "utf8"));
    const frames = {};
    for (const [seat, list] of Object.entries(data.frames)) {
      frames[seat] = list.map((item) => {
        const message = fromJson(WatchGameResponseSchema, item);
        return { event: message.gameEvent, view: message.view };
      });
    }
    return { ...data, frames };
  });
  assert.ok(recordings.length > 0, `no recorded game of ${game} in ${folder}`);
  return { ui, recordings };
}

export function names(count) {
  return Array.from({ length: count }, (_, i) => `Seat ${i}`);
}

/** Every view of a recording at which its seat decides, as {recording, seat, view}; `most`:
 *  at most so many per recording, spread over the game. */
export function decisions(recordings, most = Infinity) {
  const out = [];
  for (const recording of recordings) {
    const mine = [];
    for (const [seat, frames] of Object.entries(recording.frames)) {
      for (const { view } of frames) {
        if (view.decider === Number(seat) && view.legalMoves.length) mine.push({ recording, seat: Number(seat), view });
      }
    }
    const step = Math.max(1, Math.ceil(mine.length / most));
    out.push(...mine.filter((_, i) => i % step === 0));
  }
  return out;
}

/** Walk Preact elements as data, function components expanded: every element marked as a point
 *  target (data-point). */
export function pointTargets(node, out = []) {
  if (node === null || node === undefined || typeof node === "boolean") return out;
  if (Array.isArray(node)) {
    for (const child of node) pointTargets(child, out);
    return out;
  }
  if (typeof node !== "object") return out;
  if (typeof node.type === "function") return pointTargets(node.type(node.props), out);
  if (node.props["data-point"] !== undefined) {
    const classes = String(node.props.class ?? "").split(" ");
    out.push({
      node, keys: node.props["data-point"].split(" "), label: node.props["data-label"],
      pointable: classes.includes("pointable"), selected: classes.includes("selected"), last: classes.includes("last"),
      key: node.props["data-focus"]?.replace(/^p:/, ""),
    });
  }
  return pointTargets(node.props.children, out);
}

/** The seat's table as the page draws it with `selection` taken (and `marked` as the last move's
 *  points): its point targets, and the points a click may take. */
export function draw(ui, view, { selection = [], marked = new Set(), seats } = {}) {
  const chosen = [];
  const next = view.legalMoves.length ? nextPoints(view, selection, ui.points) : new Set();
  const state = { next, selection, marked, choose: (key) => chosen.push(key) };
  const count = seats ?? Math.max(view.seat ?? 0, view.decider ?? 0) + 1;
  const tree = ui.render({ sv: view, me: view.seat, names: names(Math.max(count, 5)),
    point: (el, label, ...keys) => pointed(state, el, label, keys) });
  const targets = pointTargets(tree);
  return { tree, targets, next, pointable: targets.filter((t) => t.pointable), chosen };
}

/** Click, in order, the highlighted elements of `move`'s points, each time on the table drawn
 *  anew. Returns the move played, or the moves left to pick from the list when the points leave
 *  several; fails when a point has no highlighted element. */
export function playByClicks(ui, view, move) {
  let selection = [];
  for (const key of ui.points(move, view)) {
    const drawn = draw(ui, view, { selection });
    const target = drawn.pointable.find((t) => t.key === key);
    assert.ok(target, `no highlighted element for the point ${key} of "${move.text}" (highlighted: ${drawn.pointable.map((t) => t.key).join(", ")})`);
    target.node.props.onClick({ stopPropagation() {} }); // what the element does when clicked
    assert.deepEqual(drawn.chosen, [key]);
    const result = click(view, selection, key, ui.points);
    if (result.play) return { played: result.play, selection: [] };
    selection = result.selection;
  }
  return { played: undefined, selection, left: fitting(view, selection, ui.points) };
}

/** The tests every game's pointing logic passes, on every recorded game. */
export function pointingSuite(game, { most = 40, multiPoint = false } = {}) {
  test(`${game}: what glows is exactly the first points of the legal moves, each on an element of the table`, async () => {
    const { ui, recordings } = await load(game);
    const seen = decisions(recordings, most);
    assert.ok(seen.length > 10, `${seen.length} decisions recorded`);
    for (const { recording, view } of seen) {
      const { pointable, next } = draw(ui, view);
      const glowing = new Set(pointable.map((t) => t.key));
      assert.deepEqual([...glowing].sort(), [...next].sort(), `${recording.name} v${view.version}`);
      for (const t of pointable) assert.ok(t.label, `${recording.name} v${view.version}: ${t.key} has no label`);
    }
  });
  test(`${game}: clicking a legal move's points plays it (or leaves it among the moves that fit)`, async () => {
    const { ui, recordings } = await load(game);
    let played = 0;
    let pointed = 0;
    for (const { recording, view } of decisions(recordings, most)) {
      for (const move of view.legalMoves) {
        if (ui.points(move, view).length === 0) continue;
        pointed++;
        const result = playByClicks(ui, view, move);
        const where = `${recording.name} v${view.version} "${move.text}"`;
        if (result.played) {
          assert.equal(result.played.id, move.id, `${where}: played "${result.played.text}"`);
          played++;
        } else {
          assert.ok(result.left.some((m) => m.id === move.id), `${where}: not among the moves that fit`);
          assert.ok(result.left.length > 1, where);
        }
      }
    }
    assert.ok(pointed > 0 && played > 0, `${pointed} moves had points, ${played} were played by clicks alone`);
  });
  if (multiPoint) test(`${game}: a taken point is outlined, and a second click on it takes it back`, async () => {
    const { ui, recordings } = await load(game);
    let checked = 0;
    for (const { recording, view } of decisions(recordings, most)) {
      const move = view.legalMoves.find((m) => ui.points(m, view).length > 1);
      if (!move) continue;
      const [first] = ui.points(move, view);
      const after = click(view, [], first, ui.points);
      assert.deepEqual(after.selection, [first], `${recording.name} v${view.version}`);
      const { targets, pointable } = draw(ui, view, { selection: after.selection });
      assert.ok(targets.some((t) => t.selected && t.keys.includes(first)), `${recording.name} v${view.version}: ${first} not outlined`);
      assert.ok(pointable.length > 0, `${recording.name} v${view.version}: nothing to click after ${first}`);
      assert.deepEqual(click(view, after.selection, first, ui.points).selection, []);
      checked++;
    }
    assert.ok(checked > 0, "no move of two points or more recorded");
  });
}

/** The legal moves of a view whose game move is of this kind (its oneof case). */
export function movesOf(view, game, kind) {
  return view.legalMoves.filter((m) => m.move?.game?.case === game && m.move.game.value.kind.case === kind);
}

/** Every event of a recording as one seat saw it: {recording, seat, event, before, after}. */
export function events(recordings) {
  const out = [];
  for (const recording of recordings) {
    for (const [seat, frames] of Object.entries(recording.frames)) {
      for (let i = 1; i < frames.length; i++) {
        if (frames[i].event) out.push({ recording, seat: Number(seat), event: frames[i].event, before: frames[i - 1].view, after: frames[i].view });
      }
    }
  }
  return out;
}

/** The points the table outlines as the last move of `step` (an item of events()). */
export function lastMarks(ui, step) {
  return changedPoints(ui, step.before, step.after, names(8));
}

/** The tests of the last move's marks every game passes. */
export function marksSuite(game) {
  test(`${game}: the last move is outlined where the table changed, and only on the game's kinds of marks`, async () => {
    const { ui, recordings } = await load(game);
    let marked = 0;
    const all = events(recordings);
    for (const step of all) {
      assert.equal(changedPoints(ui, step.after, step.after, names(8)).size, 0);
      const keys = lastMarks(ui, step);
      for (const key of keys) assert.ok(!ui.marks || ui.marks.includes(key.split(":")[0]), key);
      if (keys.size) marked++;
    }
    assert.ok(marked > all.length / 2, `${marked} of ${all.length} events outlined something`);
  });
}

/** Every text of a drawing a player reads or hears: its text, and its labels, titles and
 *  descriptions (function components expanded). */
export function textsOf(node, out = []) {
  if (node === null || node === undefined || typeof node === "boolean") return out;
  if (typeof node === "string" || typeof node === "number") {
    out.push(String(node));
    return out;
  }
  if (Array.isArray(node)) {
    for (const child of node) textsOf(child, out);
    return out;
  }
  if (typeof node.type === "function") return textsOf(node.type(node.props), out);
  for (const name of ["aria-label", "aria-description", "title", "data-label", "alt", "placeholder"]) {
    if (typeof node.props?.[name] === "string") out.push(node.props[name]);
  }
  return textsOf(node.props?.children, out);
}

/** The tests of plain words every game passes: no identifier-shaped word (test/words.mjs) in
 *  its drawing of any recorded view, its prompts, scores, moves, move groups or log lines. */
export function wordsSuite(game) {
  test(`${game}: the table, its prompts (another seat's in the third person), moves, log and final scores speak plain words, no identifier`, async () => {
    const { ui, recordings } = await load(game);
    const bad = new Map();
    const check = (where, text) => {
      for (const { shape, word } of identifierWords(text)) if (!bad.has(word)) bad.set(word, `${shape} "${word}" in ${where}: ${text.slice(0, 160)}`);
    };
    let views = 0;
    for (const recording of recordings) {
      for (const [seat, frames] of Object.entries(recording.frames)) {
        for (const { event, view } of frames) {
          const where = `${recording.name} seat ${seat} v${view.version}`;
          for (const text of textsOf(draw(ui, view, { seats: recording.seats }).tree)) check(where, text);
          if (view.decider !== undefined) {
            check(where, ui.prompt(view, view.decider === Number(seat)));
            const theirs = ui.prompt(view, false); // about another seat: in the third person
            assert.doesNotMatch(theirs, /\byou(r|rs|rself)?\b/i, `${where}: "${theirs}"`);
          }
          for (const breakdown of view.outcome?.breakdown ?? []) check(`${where} (final score)`, ui.details(breakdown ?? {}));
          for (const text of ui.scores(view)) check(where, text);
          for (const move of view.legalMoves) check(where, `${move.text} / ${moveGroup(move)}`);
          if (event) for (const text of [event.moveText, ...event.log.map((line) => ui.logLine?.(line) ?? line)]) check(where, text);
          views++;
        }
      }
    }
    assert.ok(views > 20, `${views} views`);
    assert.deepEqual([...bad.values()], []);
  });
}
