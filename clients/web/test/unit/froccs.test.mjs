// Fröccs' pointing: a card, then the glass (or the seat) it goes to; a glass of your own to sell;
// the counter's glasses to buy; the deck to draw.
import assert from "node:assert/strict";
import { test } from "node:test";
import { click } from "../../src/pointing.ts";
import { decisions, draw, load, marksSuite, movesOf, playByClicks, pointingSuite, wordsSuite } from "./harness.mjs";

marksSuite("froccs");
wordsSuite("froccs");
pointingSuite("froccs", { multiPoint: true });

test("froccs: after a card of the hand is clicked, exactly the glasses it may be poured into glow", async () => {
  const { ui, recordings } = await load("froccs");
  let checked = 0;
  for (const { view } of decisions(recordings)) {
    const pours = movesOf(view, "froccs", "pour").map((m) => m.move.game.value.kind.value);
    if (!pours.length) continue;
    const card = pours[0].card;
    const { selection } = click(view, [], `hand:${card}`, ui.points);
    const glasses = draw(ui, view, { selection }).pointable.map((t) => t.key).filter((k) => k.startsWith("glass:")).sort();
    const expected = new Set(pours.filter((p) => p.card === card).map((p) => `glass:${p.owner}:${p.glass}`));
    for (const m of movesOf(view, "froccs", "mischief").map((m) => m.move.game.value.kind.value).filter((m) => m.card === card)) {
      if (m.glass !== undefined) expected.add(`glass:${m.target}:${m.glass}`);
    }
    assert.deepEqual(glasses, [...expected].sort(), `v${view.version}`);
    checked++;
  }
  assert.ok(checked > 3, `${checked} decisions with a pour`);
});

test("froccs: pouring, selling and buying are made by clicks on the card, the glass and the counter", async () => {
  const { ui, recordings } = await load("froccs");
  const kinds = new Set();
  for (const { view } of decisions(recordings)) {
    for (const kind of ["pour", "sell", "buy", "buyTwo", "draw"]) {
      for (const move of movesOf(view, "froccs", kind)) {
        if (!ui.points(move, view).length) continue;
        const result = playByClicks(ui, view, move);
        assert.ok(result.played?.id === move.id || result.left?.some((m) => m.id === move.id), `v${view.version} ${move.text}`);
        kinds.add(kind);
      }
    }
  }
  for (const kind of ["pour", "buy", "draw"]) assert.ok(kinds.has(kind), `no ${kind} made by clicks`);
});

test("froccs: a bargain is built by pointing: the card's glass or hand, then the glass or seat it goes to", async () => {
  const { ui, recordings } = await load("froccs");
  let offers = 0;
  let played = 0;
  for (const { view } of decisions(recordings)) {
    for (const move of movesOf(view, "froccs", "offerCard")) {
      const points = ui.points(move, view);
      assert.ok(points.length >= 1, `v${view.version} ${move.text}: no points`);
      const result = playByClicks(ui, view, move);
      assert.ok(result.played?.id === move.id || result.left?.some((m) => m.id === move.id), `v${view.version} ${move.text}`);
      if (result.played) played++;
      offers++;
    }
  }
  assert.ok(offers > 20 && played > 0, `${offers} card offers, ${played} made by clicks alone`);
});
