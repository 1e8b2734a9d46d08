// Fritanga's pointing: the cell a piece moves or starts on, a card of the hand, a seat, a
// direction, a chef's skill.
import assert from "node:assert/strict";
import { test } from "node:test";
import { decisions, draw, load, marksSuite, movesOf, playByClicks, pointingSuite, wordsSuite } from "./harness.mjs";

marksSuite("fritanga");
wordsSuite("fritanga");
pointingSuite("fritanga");

test("fritanga: at movement, exactly the cells the piece may move to glow, and a click moves it there", async () => {
  const { ui, recordings } = await load("fritanga");
  let checked = 0;
  for (const { view } of decisions(recordings)) {
    const moves = movesOf(view, "fritanga", "move");
    if (!moves.length) continue;
    const cells = draw(ui, view).pointable.map((t) => t.key).filter((k) => k.startsWith("cell:")).sort();
    assert.deepEqual(cells, [...new Set(moves.map((m) => `cell:${m.move.game.value.kind.value.cell}`))].sort(), `v${view.version}`);
    for (const move of moves) assert.equal(playByClicks(ui, view, move).played?.id, move.id);
    checked++;
  }
  assert.ok(checked > 3, `${checked} movement decisions`);
});

test("fritanga: a piece starts where the player clicks an empty space", async () => {
  const { ui, recordings } = await load("fritanga");
  const { view } = decisions(recordings).find(({ view }) => movesOf(view, "fritanga", "chooseSpace").length);
  const spaces = movesOf(view, "fritanga", "chooseSpace");
  assert.equal(draw(ui, view).pointable.length, new Set(spaces.map((m) => m.move.game.value.kind.value.cell)).size);
  assert.equal(playByClicks(ui, view, spaces.at(-1)).played?.id, spaces.at(-1).id);
});
