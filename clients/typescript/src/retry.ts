// Sending a unary call again when the connection it went out on was closing, the policy of the Python
// client (docs/clients.md, "Retry UNAVAILABLE"): the server ends every connection after
// --max-connection-age, and a call sent at that moment fails although the server never processed it.
import { Code, ConnectError, type Interceptor } from "@connectrpc/connect";

/** Calls a retry cannot harm: reads, the searches, and SubmitMove when it carries a request id. */
export const RETRIED_ON_UNAVAILABLE = new Set(["GetGame", "GetView", "ListGames", "ListGameTypes", "ChooseMove",
  "SuggestMove", "GetServingStats", "ListBots", "SubmitMove", "GetGameRecord", "GetLeaderboard"]);
const ATTEMPTS = 3;
const BACKOFF_MS = 50;

/** A stream the server refused (RST_STREAM REFUSED_STREAM, as at a GOAWAY) was never processed, so any call on
 *  it may be sent again (RFC 9113, section 8.7); Node reports it as INTERNAL with the code in the message. */
function refused(err: ConnectError): boolean {
  const cause = err.cause instanceof Error ? err.cause.message : "";
  return err.rawMessage.includes("REFUSED_STREAM") || cause.includes("REFUSED_STREAM");
}

function idempotent(method: string, message: unknown): boolean {
  if (!RETRIED_ON_UNAVAILABLE.has(method)) return false;
  return method !== "SubmitMove" || Boolean((message as { requestId?: string }).requestId);
}

/** An interceptor for unary calls (WatchGame resumes itself: SeatHandle.watch). */
export const retryRefusedAndUnavailable: Interceptor = (next) => async (req) => {
  if (req.stream) return next(req);
  for (let attempt = 1; ; attempt++) {
    try {
      return await next(req);
    } catch (e) {
      const err = ConnectError.from(e);
      const again = refused(err) || (err.code === Code.Unavailable && idempotent(req.method.name, req.message));
      if (!again || attempt >= ATTEMPTS || req.signal.aborted) throw e;
      await new Promise((done) => setTimeout(done, BACKOFF_MS * 2 ** (attempt - 1)));
    }
  }
};
