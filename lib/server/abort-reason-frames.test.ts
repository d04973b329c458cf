import vm from "node:vm";
import v8 from "node:v8";
import { releaseAbortReasonFrames } from "./abort-reason-frames";

v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * Makes an Error inside an Immediate, the way React ends a render, and keeps it reachable afterwards: either as the
 * reason of an aborted controller, or as it is. Answers whether that Immediate could be collected.
 */
async function immediateCollected(use: "abort" | "keep"): Promise<boolean> {
  const controller = new AbortController();
  const kept: Error[] = [];
  let immediate: WeakRef<NodeJS.Immediate> | null = null;
  await new Promise<void>((resolve) => {
    immediate = new WeakRef(
      setImmediate(() => {
        const error = new Error("This render completed successfully.");
        if (use === "abort") controller.abort(error);
        else kept.push(error);
        resolve();
      }),
    );
  });
  await nextTurn(); // a WeakRef's target is kept until the turn that made it has ended
  collectGarbage();
  await nextTurn();
  collectGarbage();
  expect(use === "abort" ? controller.signal.reason : kept[0]).toBeInstanceOf(Error); // the error is still alive here
  return immediate!.deref() === undefined;
}

describe("releaseAbortReasonFrames", () => {
  it("as V8 stands, an error made inside an Immediate keeps that Immediate alive until its stack is read", async () => {
    expect(await immediateCollected("keep")).toBe(false);
  });

  it("once installed, the abort reason no longer keeps the Immediate (nor, through it, other requests) alive", async () => {
    releaseAbortReasonFrames();
    releaseAbortReasonFrames(); // twice is once
    expect(await immediateCollected("abort")).toBe(true);
  });

  it("aborting still works as before: the same reason, listeners called, plain reasons untouched", () => {
    releaseAbortReasonFrames();
    const reason = new Error("stop");
    const controller = new AbortController();
    const seen: unknown[] = [];
    controller.signal.addEventListener("abort", () => seen.push(controller.signal.reason));
    controller.abort(reason);
    expect(seen).toEqual([reason]);
    expect(reason.stack).toContain("Error: stop");
    const plain = new AbortController();
    plain.abort("a string reason");
    expect(plain.signal.reason).toBe("a string reason");
    const none = new AbortController();
    none.abort();
    expect(none.signal.reason).toBeInstanceOf(DOMException);
  });

  it("a stack formatter that throws does not stop the abort", () => {
    releaseAbortReasonFrames();
    const formatter = Error.prepareStackTrace;
    Error.prepareStackTrace = () => {
      throw new Error("formatter broken");
    };
    try {
      const controller = new AbortController();
      const reason = new Error("stop");
      controller.abort(reason);
      expect(controller.signal.aborted).toBe(true);
      expect(controller.signal.reason).toBe(reason);
    } finally {
      Error.prepareStackTrace = formatter;
    }
  });
});
