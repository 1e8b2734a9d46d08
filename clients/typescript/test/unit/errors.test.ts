// errorDetails decodes the google.rpc details of a ConnectError, as the server packs them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { durationFromMs } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { BadRequestSchema, ErrorInfoSchema, RetryInfoSchema } from "../../src/gen/google/rpc/error_details_pb.js";
import { errorDetails, findMove, myTurn, type SeatView } from "../../src/index.js";

test("ErrorInfo, BadRequest and RetryInfo are decoded", () => {
  const err = new ConnectError("the queue is full", Code.ResourceExhausted, undefined, [
    { desc: ErrorInfoSchema, value: create(ErrorInfoSchema, { reason: "SEARCH_QUEUE_FULL", domain: "boardbot.v1",
      metadata: { queued: "16" } }) },
    { desc: BadRequestSchema, value: create(BadRequestSchema, { fieldViolations: [{ field: "budget.time",
      description: "too long" }] }) },
    { desc: RetryInfoSchema, value: create(RetryInfoSchema, { retryDelay: durationFromMs(1500) }) },
  ]);
  const details = errorDetails(err);
  assert.equal(details.code, Code.ResourceExhausted);
  assert.equal(details.message, "the queue is full");
  assert.equal(details.reason, "SEARCH_QUEUE_FULL");
  assert.deepEqual(details.metadata, { queued: "16" });
  assert.deepEqual(details.fieldViolations, [{ field: "budget.time", description: "too long" }]);
  assert.equal(details.retryDelayMs, 1500);
});

test("an error that is not an RPC error is Unknown with no details", () => {
  const details = errorDetails(new Error("boom"));
  assert.equal(details.code, Code.Unknown);
  assert.equal(details.reason, undefined);
  assert.deepEqual(details.fieldViolations, []);
});

test("findMove and myTurn read a view", () => {
  const view = { seat: 1, decider: 1, legalMoves: [{ id: 0, text: "pass" }, { id: 1, text: "draw" }] } as unknown as SeatView;
  assert.equal(findMove(view, "draw").id, 1);
  assert.throws(() => findMove(view, "fly"), /legal: pass \| draw/);
  assert.equal(myTurn(view), true);
  assert.equal(myTurn({ ...view, decider: 0 } as SeatView), false);
  assert.equal(myTurn({ ...view, seat: undefined } as SeatView), false);
});
