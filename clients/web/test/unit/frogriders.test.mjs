// Frogriders' pointing: a leap is its unit's cell, then the landing cell; the village, the
// display, the set cards and the units to return are one click each.
import assert from "node:assert/strict";
import { test } from "node:test";
import { click } from "../../src/pointing.ts";
import { decisions, draw, events, lastMarks, load, marksSuite, movesOf, playByClicks, pointingSuite, wordsSuite } from "./harness.mjs";

wordsSuite("frogriders");
pointingSuite("frogriders", { multiPoint: true });
marksSuite("frogriders");

test("frogriders: after a leap, the cells it changed are outlined: where the unit was, and the one it leapt over and where it landed (unless the leaping unit was collected instead)", async () => {
  const { ui, recordings } = await load("frogriders");
  let checked = 0;
  for (const step of events(recordings)) {
    const leap = /^leap \w+ (\w\d) over \w+ (\w\d) to (\w\d)/.exec(step.event.moveText);
    if (!leap) continue;
    const cellOf = new Map(step.after.view.game.value.cells.map((c) => [c.name, c.cell]));
    const keys = lastMarks(ui, step);
    const changed = step.event.moveText.endsWith("collecting the leaping unit") ? leap.slice(1, 2) : leap.slice(1);
    for (const name of changed) assert.ok(keys.has(`cell:${cellOf.get(name)}`), `${step.event.moveText}: ${name} not outlined`);
    checked++;
  }
  assert.ok(checked > 20, `${checked} leaps`);
});

test("frogriders: at a leap, the units that can leap glow; after one is clicked, exactly its landing cells", async () => {
  const { ui, recordings } = await load("frogriders");
  let checked = 0;
  for (const { view } of decisions(recordings)) {
    const leaps = movesOf(view, "frogriders", "leap").map((m) => m.move.game.value.kind.value);
    if (!leaps.length) continue;
    const glowing = draw(ui, view).pointable.map((t) => t.key).sort();
    assert.deepEqual(glowing, [...new Set(leaps.map((l) => `cell:${l.fromCell}`))].sort());
    const from = leaps[0].fromCell;
    const { selection } = click(view, [], `cell:${from}`, ui.points);
    const landing = draw(ui, view, { selection }).pointable.map((t) => t.key).sort();
    assert.deepEqual(landing, [...new Set(leaps.filter((l) => l.fromCell === from).map((l) => `cell:${l.toCell}`))].sort());
    checked++;
  }
  assert.ok(checked > 5, `${checked} leap decisions`);
});

test("frogriders: clicking a unit and then a landing cell plays that leap", async () => {
  const { ui, recordings } = await load("frogriders");
  const { view } = decisions(recordings).find(({ view }) => movesOf(view, "frogriders", "leap").length > 1);
  for (const move of movesOf(view, "frogriders", "leap")) {
    const { fromCell, toCell } = move.move.game.value.kind.value;
    assert.deepEqual(ui.points(move, view), [`cell:${fromCell}`, `cell:${toCell}`]);
    assert.equal(playByClicks(ui, view, move).played?.text, move.text);
  }
});

test("frogriders: the two dealt set cards glow at the start, and a click keeps one", async () => {
  const { ui, recordings } = await load("frogriders");
  const { view } = decisions(recordings).find(({ view }) => movesOf(view, "frogriders", "keepSetCard").length);
  const keep = movesOf(view, "frogriders", "keepSetCard");
  assert.equal(keep.length, 2);
  assert.equal(draw(ui, view).pointable.filter((t) => t.key.startsWith("set:")).length, 2);
  assert.equal(playByClicks(ui, view, keep[1]).played?.id, keep[1].id);
});
