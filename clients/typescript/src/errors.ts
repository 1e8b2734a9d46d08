// The google.rpc details of a failed call, decoded (docs/api-contract.md).
import { ConnectError, Code } from "@connectrpc/connect";
import type { Duration } from "@bufbuild/protobuf/wkt";
import {
  BadRequestSchema,
  ErrorInfoSchema,
  PreconditionFailureSchema,
  QuotaFailureSchema,
  RetryInfoSchema,
} from "./gen/google/rpc/error_details_pb.js";

export { Code, ConnectError };

/** What a caller needs from a boardbot error, whatever the transport that carried it. */
export interface ErrorDetails {
  /** The status code, as Connect names it (Code.NotFound, Code.InvalidArgument, ...). */
  code: Code;
  /** The server's message. */
  message: string;
  /** ErrorInfo.reason: a stable, machine-readable reason (GAME_NOT_FOUND, ILLEGAL_MOVE, ...). */
  reason?: string;
  /** ErrorInfo.metadata: facts about the failure (game_id, current_version, request_id, ...). */
  metadata: Record<string, string>;
  /** BadRequest: the request fields that were wrong, with why. */
  fieldViolations: { field: string; description: string }[];
  /** PreconditionFailure: what state the game was in that refused the call. */
  preconditionFailures: { type: string; subject: string; description: string }[];
  /** QuotaFailure: which limit was reached. */
  quotaFailures: { subject: string; description: string }[];
  /** RetryInfo: how long to wait before retrying, in milliseconds. */
  retryDelayMs?: number;
}

function durationMs(duration: Duration | undefined): number | undefined {
  if (duration === undefined) return undefined;
  return Number(duration.seconds) * 1000 + duration.nanos / 1e6;
}

/** Decode a failed call's details; any thrown value is accepted (non-RPC errors get Code.Unknown). */
export function errorDetails(err: unknown): ErrorDetails {
  const error = ConnectError.from(err);
  const info = error.findDetails(ErrorInfoSchema)[0];
  const retry = error.findDetails(RetryInfoSchema)[0];
  return {
    code: error.code,
    message: error.rawMessage,
    reason: info?.reason,
    metadata: { ...(info?.metadata ?? {}) },
    fieldViolations: error.findDetails(BadRequestSchema)
      .flatMap((d) => d.fieldViolations.map((v) => ({ field: v.field, description: v.description }))),
    preconditionFailures: error.findDetails(PreconditionFailureSchema)
      .flatMap((d) => d.violations.map((v) => ({ type: v.type, subject: v.subject, description: v.description }))),
    quotaFailures: error.findDetails(QuotaFailureSchema)
      .flatMap((d) => d.violations.map((v) => ({ subject: v.subject, description: v.description }))),
    retryDelayMs: durationMs(retry?.retryDelay),
  };
}
