import fc from "fast-check";
import { shanghaiDate } from "@/lib/domain/membership";
import { defaultCalendar } from "./calendar";
import { dailySyncInstant, nextDailySyncSlot } from "./daily-sync";

const at = (iso: string) => new Date(iso);
const slot = (now: string) => {
  const s = nextDailySyncSlot(at(now), defaultCalendar);
  return { date: s.date, runAfter: s.runAfter.toISOString() };
};

describe("the daily market sync's slot (16:00 Asia/Shanghai on trading days)", () => {
  it("is today at 16:00 on a trading day before 16:00, the next trading day from 16:00 on", () => {
    // Friday 2026-11-27: 15:59:59 in Shanghai is 07:59:59 UTC
    expect(slot("2026-11-27T07:59:59.999Z")).toEqual({ date: "2026-11-27", runAfter: "2026-11-27T08:00:00.000Z" });
    // 16:00 sharp and later: Monday, across the weekend
    expect(slot("2026-11-27T08:00:00.000Z")).toEqual({ date: "2026-11-30", runAfter: "2026-11-30T08:00:00.000Z" });
    expect(slot("2026-11-28T03:00:00.000Z")).toEqual({ date: "2026-11-30", runAfter: "2026-11-30T08:00:00.000Z" });
    expect(slot("2026-11-29T23:00:00.000Z")).toEqual({ date: "2026-11-30", runAfter: "2026-11-30T08:00:00.000Z" });
  });

  it("reads the day in Asia/Shanghai, not in UTC: 01:00 Saturday in Shanghai is still Friday in UTC", () => {
    expect(slot("2026-11-27T17:00:00.000Z")).toEqual({ date: "2026-11-30", runAfter: "2026-11-30T08:00:00.000Z" });
    // 07:00 Monday in Shanghai is 23:00 Sunday UTC: Monday's 16:00, not Tuesday's
    expect(slot("2026-11-29T23:00:00.000Z").date).toBe("2026-11-30");
  });

  it("skips Spring Festival 2024: after Thursday 2024-02-08's run the next is Monday 2024-02-19", () => {
    expect(slot("2024-02-08T07:00:00.000Z")).toEqual({ date: "2024-02-08", runAfter: "2024-02-08T08:00:00.000Z" });
    expect(slot("2024-02-08T08:00:01.000Z")).toEqual({ date: "2024-02-19", runAfter: "2024-02-19T08:00:00.000Z" });
    // 除夕 2024-02-09 was a Friday, and the Sunday make-up working day 2024-02-04 had no trading either
    expect(slot("2024-02-09T02:00:00.000Z").date).toBe("2024-02-19");
    expect(slot("2024-02-04T02:00:00.000Z").date).toBe("2024-02-05");
  });

  it("is always a trading day at 16:00 Shanghai, after now, with no trading day's 16:00 skipped in between", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2015, 0, 1), max: Date.UTC(2026, 11, 20) }), (ms) => {
        const now = new Date(ms);
        const { date, runAfter } = nextDailySyncSlot(now, defaultCalendar);
        expect(defaultCalendar.isTradingDay(date)).toBe(true);
        expect(runAfter.getTime()).toBe(dailySyncInstant(date).getTime());
        expect(runAfter.getTime()).toBeGreaterThan(now.getTime());
        expect(shanghaiDate(runAfter)).toBe(date);
        // no earlier trading day's slot lies in (now, runAfter)
        const previous = defaultCalendar.previous(date);
        expect(dailySyncInstant(previous).getTime()).toBeLessThanOrEqual(now.getTime());
      }),
    );
  });
});
