// Transports for Node: native gRPC (the server's gRPC port, HTTP/2) or Connect / gRPC-Web (the browser port).
import type { Transport } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport, createGrpcWebTransport } from "@connectrpc/connect-node";
import { BoardbotClient } from "./client.js";
import { retryRefusedAndUnavailable } from "./retry.js";

export type NodeProtocol = "grpc" | "connect" | "grpc-web";

const interceptors = [retryRefusedAndUnavailable];

/** A transport to `baseUrl` (http://127.0.0.1:50051 for gRPC, http://127.0.0.1:8080 for the browser port). */
export function nodeTransport(baseUrl: string, protocol: NodeProtocol = "grpc", binary = true): Transport {
  switch (protocol) {
    case "grpc":
      return createGrpcTransport({ baseUrl, interceptors });
    case "grpc-web":
      return createGrpcWebTransport({ baseUrl, httpVersion: "1.1", interceptors });
    case "connect":
      return createConnectTransport({ baseUrl, httpVersion: "1.1", useBinaryFormat: binary, interceptors });
  }
}

/** A client over `nodeTransport(baseUrl, protocol)`. */
export function connectNode(baseUrl: string, protocol: NodeProtocol = "grpc"): BoardbotClient {
  return new BoardbotClient(nodeTransport(baseUrl, protocol));
}
