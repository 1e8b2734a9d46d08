// gameConfig builds a GameConfig from parameter values in wire form, as ListGameTypes gives them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DuloreJutunkProject, FroccsHeroMode, gameConfig } from "../../src/index.js";

test("enum value names, numbers and booleans land in the game's own config", () => {
  const solo = gameConfig("dulore-jutunk", { players: 1, project: "DULORE_JUTUNK_PROJECT_HARD", honours: false });
  assert.equal(solo.game.case, "duloreJutunk");
  assert.equal(solo.game.value?.players, 1);
  assert.equal(solo.game.value?.project, DuloreJutunkProject.HARD);
  const froccs = gameConfig("froccs", { players: 3, heroes: "FROCCS_HERO_MODE_CHOOSE", one_more_round: true });
  assert.equal(froccs.game.case, "froccs");
  assert.equal(froccs.game.value?.heroes, FroccsHeroMode.CHOOSE);
  assert.equal(froccs.game.value?.oneMoreRound, true);
});

test("a value the game does not have is refused", () => {
  assert.throws(() => gameConfig("froccs", { heroes: "NO_SUCH_MODE" }));
  assert.throws(() => gameConfig("no-such-game", { players: 2 }));
});
