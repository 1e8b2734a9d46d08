// Generate src/gen from ../../proto (boardbot.v1) and ./proto (google.rpc details)
// with buf and protoc-gen-es, both pinned in package.json.
//   node scripts/generate.mjs          regenerate src/gen (commit the result)
//   node scripts/generate.mjs --check  fail if src/gen differs from a fresh generation
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL("..", import.meta.url));
const buf = join(here, "node_modules", ".bin", "buf");
const inputs = [join(here, "..", "..", "proto"), join(here, "proto")];

function generate(outBase) {
  for (const input of inputs) {
    execFileSync(buf, ["generate", input, "--template", join(here, "buf.gen.yaml"), "-o", outBase],
      { cwd: here, stdio: "inherit" });
  }
}

function files(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else out.push(path);
  }
  return out;
}

if (process.argv.includes("--check")) {
  const fresh = mkdtempSync(join(tmpdir(), "boardbot-ts-gen-"));
  try {
    generate(fresh);
    const want = files(join(fresh, "src", "gen")).map((p) => relative(join(fresh, "src", "gen"), p)).sort();
    const have = files(join(here, "src", "gen")).map((p) => relative(join(here, "src", "gen"), p)).sort();
    const stale = want.filter((p) => !have.includes(p) ||
      readFileSync(join(fresh, "src", "gen", p), "utf8") !== readFileSync(join(here, "src", "gen", p), "utf8"));
    const extra = have.filter((p) => !want.includes(p));
    if (stale.length || extra.length) {
      console.error(`src/gen is stale (${[...stale, ...extra].join(", ")}): run npm run generate and commit`);
      process.exit(1);
    }
    console.log(`src/gen is fresh (${want.length} files)`);
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
} else {
  rmSync(join(here, "src", "gen"), { recursive: true, force: true });
  generate(here);
  console.log("generated src/gen");
}
