// What the bundle (build.mjs) and the unit tests' bundles (unit.mjs) share: @boardbot/client from
// its TypeScript sources, and JSX compiled for Preact.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const web = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const client = resolve(web, "..", "typescript");

const clientSources = {
  name: "boardbot-client-sources",
  setup(b) {
    b.onResolve({ filter: /^@boardbot\/client(\/web)?$/ }, (args) => ({
      path: join(client, "src", args.path.endsWith("/web") ? "web.ts" : "index.ts"),
    }));
  },
};

export const common = {
  bundle: true,
  jsx: "automatic",
  jsxImportSource: "preact",
  plugins: [clientSources],
};
