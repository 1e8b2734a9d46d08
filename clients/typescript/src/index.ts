// @boardbot/client: the generated boardbot.v1 API plus a thin typed helper.
// Node transports: "@boardbot/client/node"; browser transports: "@boardbot/client/web".
export * from "./client.js";
export * from "./errors.js";
export { RETRIED_ON_UNAVAILABLE, retryRefusedAndUnavailable } from "./retry.js";
export * from "./gen/index.js"; // every boardbot.v1 file (scripts/generate.mjs)
