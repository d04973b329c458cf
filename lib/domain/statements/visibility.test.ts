import { createCalendar } from "@/lib/domain/market/calendar";
import { disclosedThrough, FREE_SAMPLE_DELAY_DAYS } from "./visibility";

const calendar = createCalendar();

describe("disclosedThrough", () => {
  it("shows VIP everything up to today when the master publishes at once", () => {
    expect(disclosedThrough({ today: "2026-11-20", calendar, masterDelayDays: 0, fullAccess: true })).toBe("2026-11-20");
  });

  it("hides a delayed master's last N sessions even from VIP (2026-11-20 is a Friday)", () => {
    expect(disclosedThrough({ today: "2026-11-20", calendar, masterDelayDays: 3, fullAccess: true })).toBe("2026-11-17");
  });

  it("counts from the last session when today is a weekend", () => {
    expect(disclosedThrough({ today: "2026-11-22", calendar, masterDelayDays: 1, fullAccess: true })).toBe("2026-11-19");
  });

  it("gives non-VIP viewers the free sample delay, or the master's when longer", () => {
    const free = disclosedThrough({ today: "2026-11-20", calendar, masterDelayDays: 0, fullAccess: false });
    expect(calendar.daysBetween(free, "2026-11-20")).toBe(FREE_SAMPLE_DELAY_DAYS);
    const longer = disclosedThrough({ today: "2026-11-20", calendar, masterDelayDays: 40, fullAccess: false });
    expect(calendar.daysBetween(longer, "2026-11-20")).toBe(40);
  });

  it("counts a delay back from the newest day with data when the data stops before today (one clock)", () => {
    const free = disclosedThrough({ today: "2026-11-27", asOf: "2026-11-20", calendar, masterDelayDays: 0, fullAccess: false });
    expect(calendar.daysBetween(free, "2026-11-20")).toBe(FREE_SAMPLE_DELAY_DAYS);
    expect(disclosedThrough({ today: "2026-11-27", asOf: "2026-11-20", calendar, masterDelayDays: 3, fullAccess: true })).toBe("2026-11-17");
    expect(disclosedThrough({ today: "2026-11-20", asOf: "2026-11-27", calendar, masterDelayDays: 1, fullAccess: true })).toBe("2026-11-19");
  });

  it("lets staff see everything", () => {
    expect(disclosedThrough({ today: "2026-11-20", calendar, masterDelayDays: 40, fullAccess: false, staff: true })).toBe("9999-12-31");
  });
});
