// @boardbot/client: the generated boardbot.v1 API plus a thin typed helper.
// Node transports: "@boardbot/client/node"; browser transports: "@boardbot/client/web".
export * from "./client.js";
export * from "./errors.js";
export { RETRIED_ON_UNAVAILABLE, retryRefusedAndUnavailable } from "./retry.js";
export * from "./gen/boardbot/v1/common_pb.js";
export * from "./gen/boardbot/v1/game_service_pb.js";
export * from "./gen/boardbot/v1/bot_service_pb.js";
export * from "./gen/boardbot/v1/frogriders_pb.js";
export * from "./gen/boardbot/v1/czech_pub_pb.js";
export * from "./gen/boardbot/v1/fritanga_pb.js";
export * from "./gen/boardbot/v1/froccs_pb.js";
export * from "./gen/boardbot/v1/dulore_jutunk_pb.js";
