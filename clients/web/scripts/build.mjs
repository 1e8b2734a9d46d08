// Bundle the web app into server/web/ (index.html, app.js, app.css), which `boardbot serve`
// serves on its HTTP address. The bundle is committed so that a fresh clone, or a pip install,
// serves the page with no Node.js and no network; `--check` rebuilds it in memory and fails
// when the committed files differ (tests/test_web_app.py runs it).
//
// @boardbot/client is bundled from its TypeScript sources (the package ships src/), so the
// page needs no separate build of the client; its own dependencies (@connectrpc/connect-web,
// @bufbuild/protobuf) resolve from the client package, as pinned there.
import { build } from "esbuild";
import { readFileSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { common, web } from "./esbuild-common.mjs";

const out = resolve(web, "..", "..", "server", "web");
const check = process.argv.includes("--check");

const result = await build({
  ...common,
  // main.tsx imports style.css and each game's module its own CSS: esbuild writes them all to app.css
  entryPoints: { app: join(web, "src", "main.tsx") },
  minify: true,
  format: "esm",
  target: ["es2022", "chrome110", "firefox115", "safari16"],
  legalComments: "eof",
  charset: "utf8",
  write: false,
  outdir: out,
  logLevel: "warning",
});

const files = new Map();
for (const file of result.outputFiles) {
  const name = file.path.endsWith(".css") ? "app.css" : "app.js";
  files.set(name, Buffer.from(file.contents));
}
files.set("index.html", readFileSync(join(web, "src", "index.html")));

let stale = [];
for (const [name, contents] of files) {
  const target = join(out, name);
  const same = existsSync(target) && Buffer.compare(readFileSync(target), contents) === 0;
  if (same) continue;
  if (check) stale.push(name);
  else {
    mkdirSync(out, { recursive: true });
    writeFileSync(target, contents);
  }
}
if (check && stale.length) {
  console.error(`server/web is stale (${stale.join(", ")}): run npm run build in clients/web`);
  process.exit(1);
}
for (const [name, contents] of files) console.log(`${check ? "checked" : "built"} server/web/${name}: ${contents.length} bytes`);
