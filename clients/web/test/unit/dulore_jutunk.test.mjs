// Dűlőre jutunk's pointing: a vineyard to harvest (or to put a farmer on), an order to take or
// fulfil, a barrel to age, a bottle, an honours row, a project space in the solo game.
import assert from "node:assert/strict";
import { test } from "node:test";
import { decisions, draw, events, lastMarks, load, marksSuite, movesOf, playByClicks, pointingSuite, wordsSuite } from "./harness.mjs";

wordsSuite("dulore-jutunk");
pointingSuite("dulore-jutunk");
marksSuite("dulore-jutunk");

test("dulore-jutunk: after a harvest, the vineyard harvested is outlined", async () => {
  const { ui, recordings } = await load("dulore-jutunk");
  let checked = 0;
  for (const step of events(recordings)) {
    const before = step.before.view.game.value.vineyards;
    const after = step.after.view.game.value.vineyards;
    const harvested = after.filter((t, i) => before[i] && (t.red + t.yellow < before[i].red + before[i].yellow || t.side !== before[i].side));
    if (!harvested.length) continue;
    const keys = lastMarks(ui, step);
    for (const t of harvested) assert.ok(keys.has(`vineyard:${t.index}`), `v${step.after.version} ${step.event.moveText}`);
    checked++;
  }
  assert.ok(checked > 10, `${checked} harvests`);
});

test("dulore-jutunk: at a harvest, exactly the vineyards that may be harvested glow, and a click harvests one", async () => {
  const { ui, recordings } = await load("dulore-jutunk");
  let checked = 0;
  for (const { view } of decisions(recordings)) {
    const harvests = movesOf(view, "duloreJutunk", "harvest");
    if (!harvests.length) continue;
    const tiles = draw(ui, view).pointable.map((t) => t.key).filter((k) => k.startsWith("vineyard:")).sort();
    assert.deepEqual(tiles, [...new Set(harvests.map((m) => `vineyard:${m.move.game.value.kind.value.vineyard}`))].sort());
    for (const move of harvests) assert.equal(playByClicks(ui, view, move).played?.id, move.id);
    checked++;
  }
  assert.ok(checked > 3, `${checked} harvest decisions`);
});

test("dulore-jutunk: orders are taken from their slot and fulfilled by clicking them", async () => {
  const { ui, recordings } = await load("dulore-jutunk");
  const kinds = new Set();
  for (const { view } of decisions(recordings)) {
    for (const kind of ["takeOrder", "fulfil", "age"]) {
      for (const move of movesOf(view, "duloreJutunk", kind)) {
        // an order fulfilled at either end of the row: one click, then the end from the list
        const result = playByClicks(ui, view, move);
        assert.ok(result.played?.id === move.id || result.left?.some((m) => m.id === move.id), `v${view.version} ${move.text}`);
        kinds.add(kind);
      }
    }
  }
  assert.ok(kinds.has("takeOrder") && kinds.has("fulfil"), [...kinds].join(", "));
});
