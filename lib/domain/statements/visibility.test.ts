import { createCalendar } from "@/lib/domain/market/calendar";
import { disclosedThrough, FREE_SAMPLE_DELAY_DAYS, statementDelayNote } from "./visibility";

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

describe("statementDelayNote: how late the 数据截至 line says a viewer sees a master", () => {
  it("free viewers are told the sample delay, or the master's own when it is longer", () => {
    expect(statementDelayNote({ fullAccess: false, masterDelayDays: 0, through: "2026-10-23" })).toEqual({ who: "免费会员", days: 20, through: "2026-10-23" });
    expect(statementDelayNote({ fullAccess: false, masterDelayDays: 30, through: "2026-10-09" })).toEqual({ who: "免费会员", days: 30, through: "2026-10-09" });
  });

  it("VIP are told only a master's own delay, and nothing when there is none", () => {
    expect(statementDelayNote({ fullAccess: true, masterDelayDays: 5, through: "2026-11-13" })).toEqual({ who: "这位大神的交割单", days: 5, through: "2026-11-13" });
    expect(statementDelayNote({ fullAccess: true, masterDelayDays: 0, through: "2026-11-20" })).toBeNull();
  });

  it("staff without a paid level, who see everything, are told no delay (not 免费会员延迟 … 9999-12-31)", () => {
    const through = disclosedThrough({ today: "2026-11-20", calendar, masterDelayDays: 10, fullAccess: false, staff: true });
    expect(statementDelayNote({ fullAccess: false, masterDelayDays: 10, through })).toBeNull();
  });
});
