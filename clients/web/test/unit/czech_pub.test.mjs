// Czech Pub's pointing: a card from the hand, then its target (a seat, or a slot of the table's
// orders); the dodge card, then the seat it passes the drink to.
import assert from "node:assert/strict";
import { test } from "node:test";
import { click } from "../../src/pointing.ts";
import { decisions, draw, load, marksSuite, movesOf, playByClicks, pointingSuite, wordsSuite } from "./harness.mjs";

marksSuite("czech-pub");
wordsSuite("czech-pub");
pointingSuite("czech-pub", { multiPoint: true });

test("czech-pub: the cards of the hand that can be played glow; after one, exactly the seats it may be aimed at", async () => {
  const { ui, recordings } = await load("czech-pub");
  let aimed = 0;
  for (const { view } of decisions(recordings)) {
    const plays = movesOf(view, "czechPub", "play").map((m) => m.move.game.value.kind.value);
    if (!plays.length) continue;
    const glowing = new Set(draw(ui, view).pointable.map((t) => t.key));
    for (const p of plays) assert.ok(glowing.has(`hand:${p.card}`), `v${view.version}: card ${p.card} does not glow`);
    const card = plays.find((p) => p.target !== undefined)?.card;
    if (card === undefined) continue;
    const { selection } = click(view, [], `hand:${card}`, ui.points);
    const targets = draw(ui, view, { selection }).pointable.map((t) => t.key).filter((k) => k.startsWith("seat:")).sort();
    assert.deepEqual(targets, [...new Set(plays.filter((p) => p.card === card && p.target !== undefined).map((p) => `seat:${p.target}`))].sort());
    aimed++;
  }
  assert.ok(aimed > 0, "no card aimed at a seat in the recorded games");
});

test("czech-pub: a card aimed at a seat is played by clicking the card, then the seat's panel", async () => {
  const { ui, recordings } = await load("czech-pub");
  let played = 0;
  for (const { view } of decisions(recordings)) {
    for (const move of movesOf(view, "czechPub", "play").filter((m) => m.move.game.value.kind.value.target !== undefined)) {
      const { card, target } = move.move.game.value.kind.value;
      assert.deepEqual(ui.points(move, view), [`hand:${card}`, `seat:${target}`]);
      assert.equal(playByClicks(ui, view, move).played?.id, move.id);
      played++;
    }
  }
  assert.ok(played > 0);
});
