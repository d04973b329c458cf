import { dayLabel } from "./day-label";

describe("dayLabel", () => {
  it("writes a day as the date picker does: date and 周X", () => {
    expect(dayLabel("2026-11-20")).toBe("2026-11-20 周五");
    expect(dayLabel("2026-11-22")).toBe("2026-11-22 周日");
    expect(dayLabel("2024-02-29")).toBe("2024-02-29 周四");
  });

  it("gives null for anything that is not a real day", () => {
    for (const bad of [null, undefined, "", "2026-13-01", "2026-02-30", "20261120", "2026-11-20T00:00"]) expect(dayLabel(bad)).toBeNull();
  });
});
