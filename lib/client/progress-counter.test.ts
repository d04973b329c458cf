import { onPendingChange, pendingRequests, requestProgress } from "./progress-counter";

describe("progress counter", () => {
  it("reports the pending count so the bar finishes only when nothing is pending", () => {
    const seen: number[] = [];
    const unsubscribe = onPendingChange((pending) => seen.push(pending));
    requestProgress.start();
    requestProgress.start();
    requestProgress.done();
    expect(pendingRequests()).toBe(1);
    requestProgress.done();
    expect(seen).toEqual([1, 2, 1, 0]);
    unsubscribe();
  });

  it("ignores an extra done instead of going negative", () => {
    const seen: number[] = [];
    const unsubscribe = onPendingChange((pending) => seen.push(pending));
    requestProgress.done();
    expect(pendingRequests()).toBe(0);
    expect(seen).toEqual([]);
    unsubscribe();
  });

  it("stops calling a listener after it unsubscribes", () => {
    const listener = jest.fn();
    onPendingChange(listener)();
    requestProgress.start();
    requestProgress.done();
    expect(listener).not.toHaveBeenCalled();
  });
});
