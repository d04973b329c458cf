import { fc, test as propTest } from "@fast-check/jest";
import { EMPTY_TOAST_GROUPS, placeToast, releaseToast, repeatedText } from "./toast-group";

describe("placeToast", () => {
  it("opens a new toast for a first message", () => {
    const placed = placeToast(EMPTY_TOAST_GROUPS, { type: "error", message: "网络异常", durationMs: 3000, now: 0 });
    expect(placed.count).toBe(1);
    expect(placed.text).toBe("网络异常");
  });

  it("groups the same message while it is still shown and counts repeats", () => {
    let state = EMPTY_TOAST_GROUPS;
    const ids: string[] = [];
    let text = "";
    for (const now of [0, 1000, 2500]) {
      const placed = placeToast(state, { type: "error", message: "网络异常", durationMs: 3000, now });
      state = placed.state;
      ids.push(placed.id);
      text = placed.text;
    }
    expect(new Set(ids).size).toBe(1);
    expect(text).toBe("网络异常 ×3");
  });

  it("each repeat extends the visible time from the latest repeat", () => {
    const first = placeToast(EMPTY_TOAST_GROUPS, { type: "info", message: "a", durationMs: 3000, now: 0 });
    const second = placeToast(first.state, { type: "info", message: "a", durationMs: 3000, now: 2900 });
    const third = placeToast(second.state, { type: "info", message: "a", durationMs: 3000, now: 5000 });
    expect(third.id).toBe(first.id);
    expect(third.count).toBe(3);
  });

  it("starts over once the previous toast has expired", () => {
    const first = placeToast(EMPTY_TOAST_GROUPS, { type: "error", message: "x", durationMs: 3000, now: 0 });
    const later = placeToast(first.state, { type: "error", message: "x", durationMs: 3000, now: 3000 });
    expect(later.id).not.toBe(first.id);
    expect(later.text).toBe("x");
  });

  it("keeps a toast with duration 0 grouped until it is released", () => {
    const first = placeToast(EMPTY_TOAST_GROUPS, { type: "warning", message: "w", durationMs: 0, now: 0 });
    const muchLater = placeToast(first.state, { type: "warning", message: "w", durationMs: 0, now: 1e12 });
    expect(muchLater.id).toBe(first.id);
    const released = releaseToast(muchLater.state, first.id);
    const fresh = placeToast(released, { type: "warning", message: "w", durationMs: 0, now: 1e12 });
    expect(fresh.id).not.toBe(first.id);
    expect(fresh.count).toBe(1);
  });

  it("does not group a different type with the same text", () => {
    const error = placeToast(EMPTY_TOAST_GROUPS, { type: "error", message: "m", durationMs: 3000, now: 0 });
    const success = placeToast(error.state, { type: "success", message: "m", durationMs: 3000, now: 1 });
    expect(success.id).not.toBe(error.id);
    expect(success.count).toBe(1);
  });

  propTest.prop([fc.array(fc.record({ message: fc.constantFrom("a", "b", "c"), gap: fc.nat(5000) }), { maxLength: 40 })])(
    "never holds more groups than distinct live messages, and counts are positive",
    (steps) => {
      let state = EMPTY_TOAST_GROUPS;
      let now = 0;
      for (const step of steps) {
        now += step.gap;
        const placed = placeToast(state, { type: "info", message: step.message, durationMs: 3000, now });
        state = placed.state;
        expect(placed.count).toBeGreaterThanOrEqual(1);
      }
      expect(Object.keys(state.groups).length).toBeLessThanOrEqual(3);
    },
  );
});

describe("repeatedText", () => {
  it("adds the counter only for repeats", () => {
    expect(repeatedText("m", 1)).toBe("m");
    expect(repeatedText("m", 2)).toBe("m ×2");
  });
});
