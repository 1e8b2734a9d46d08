// Transports for browsers: the Connect protocol (JSON or binary) or gRPC-Web, both over fetch.
import type { Transport } from "@connectrpc/connect";
import { createConnectTransport, createGrpcWebTransport } from "@connectrpc/connect-web";
import { BoardbotClient } from "./client.js";

export type WebProtocol = "connect" | "grpc-web";

/** A transport to the browser port at `baseUrl` (http://127.0.0.1:8080, or "" for the page's own origin). */
export function webTransport(baseUrl: string, protocol: WebProtocol = "connect", binary = false): Transport {
  return protocol === "grpc-web"
    ? createGrpcWebTransport({ baseUrl })
    : createConnectTransport({ baseUrl, useBinaryFormat: binary });
}

/** A client over `webTransport(baseUrl, protocol)`. */
export function connectWeb(baseUrl: string, protocol: WebProtocol = "connect"): BoardbotClient {
  return new BoardbotClient(webTransport(baseUrl, protocol));
}
