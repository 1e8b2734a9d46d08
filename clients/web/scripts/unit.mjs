// The web app's unit tests (test/unit/*.test.mjs), run by Node's test runner with no browser.
// The tests import the TypeScript (and TSX) sources, so each is bundled first with esbuild,
// the way build.mjs bundles the page (stylesheets left out), into a temporary folder.
//
//   node scripts/unit.mjs <views folder>
// The folder holds recorded games (tests/test_web_units.py writes it: protobuf JSON of every
// seat's WatchGame stream, and ListGameTypes); the tests read it from BOARDBOT_WEB_VIEWS.
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { common, web } from "./esbuild-common.mjs";

const views = process.argv[2];
if (!views) {
  console.error("usage: node scripts/unit.mjs <views folder> (tests/test_web_units.py records one)");
  process.exit(2);
}
const tests = readdirSync(join(web, "test", "unit")).filter((f) => f.endsWith(".test.mjs")).sort();
const out = mkdtempSync(join(tmpdir(), "boardbot-web-unit-"));
try {
  await build({
    ...common,
    entryPoints: tests.map((f) => join(web, "test", "unit", f)),
    outdir: out,
    format: "esm",
    platform: "node",
    target: "node20",
    loader: { ".css": "empty" },
    outExtension: { ".js": ".mjs" },
    // the client's own dependencies (@bufbuild/protobuf) resolve from the client package, as in the page
    nodePaths: [resolve(web, "..", "typescript", "node_modules")],
    logLevel: "warning",
  });
  const run = spawnSync(process.execPath, ["--test", "--test-reporter=tap", ...tests.map((f) => join(out, f))],
    { stdio: "inherit", env: { ...process.env, BOARDBOT_WEB_VIEWS: resolve(views) } });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}
