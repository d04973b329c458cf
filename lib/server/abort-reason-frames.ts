import "server-only";

const INSTALLED = Symbol.for("lianghua.abortReasonFramesReleased");

/**
 * Makes every `AbortController.abort(error)` turn the error's captured frames into its `stack` string at once.
 *
 * Why: React aborts each server render's cache signal when the render ends, with an Error made at that moment, usually
 * inside a `setImmediate` callback. Until an error's `stack` is first read, V8 keeps the frames it captured, and with
 * them each frame's receiver: here the Immediate. Node leaves the Immediates that ran in one turn linked to each other,
 * each keeps the async context of the request that queued it, and each such request keeps its own render's abort error.
 * So one finished request that stayed reachable (through a timer, a cached promise, a pooled socket) kept every request
 * after it: under load on PostgreSQL the heap grew by hundreds of MB and major GCs stalled the server for up to a second
 * (bench/README.md, ADR 0020). Reading the stack replaces the frames with a string and cuts the chain at every render.
 *
 * Global on purpose: the controller is React's own, out of reach, and reading a stack changes nothing else.
 */
export function releaseAbortReasonFrames(): void {
  const proto = AbortController.prototype as AbortController & { [INSTALLED]?: true };
  if (proto[INSTALLED]) return;
  const abort = proto.abort;
  proto.abort = function abortWithFormattedReason(this: AbortController, reason?: unknown) {
    if (reason instanceof Error) {
      try {
        void reason.stack;
      } catch {
        // a throwing Error.prepareStackTrace must not stop the abort
      }
    }
    return abort.call(this, reason);
  };
  Object.defineProperty(proto, INSTALLED, { value: true });
}
