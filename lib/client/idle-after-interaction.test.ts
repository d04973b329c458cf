import { whenIdleAfterInteraction } from "./idle-after-interaction";

describe("whenIdleAfterInteraction", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("waits for the visitor's first interaction, then runs once when idle", () => {
    const callback = jest.fn();
    whenIdleAfterInteraction(callback);
    jest.advanceTimersByTime(10_000);
    expect(callback).not.toHaveBeenCalled();
    window.dispatchEvent(new Event("touchstart"));
    window.dispatchEvent(new Event("scroll"));
    jest.advanceTimersByTime(2_000);
    expect(callback).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event("keydown"));
    jest.advanceTimersByTime(2_000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("cancelled, runs nothing, before or after the interaction", () => {
    const before = jest.fn();
    whenIdleAfterInteraction(before)();
    window.dispatchEvent(new Event("pointerdown"));
    const after = jest.fn();
    const cancel = whenIdleAfterInteraction(after);
    window.dispatchEvent(new Event("pointerdown"));
    cancel();
    jest.advanceTimersByTime(5_000);
    expect(before).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });
});
