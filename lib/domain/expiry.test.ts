import fc from "fast-check";
import { EXPIRY_NOTICE_DAYS, expiringRuns, expiryDedupeKey } from "./expiry";
import type { GrantPeriod } from "./membership";

const DAY = 86_400_000;
// 2026-11-22 10:00 in Shanghai.
const NOW = new Date("2026-11-22T02:00:00Z");
const at = (days: number) => new Date(NOW.getTime() + days * DAY);
const grant = (levelId: number, from: number, to: number): GrantPeriod => ({ levelId, startsAt: at(from), endsAt: at(to) });

describe("expiringRuns", () => {
  it("finds a run that ends within three days, with the last day of access in Shanghai", () => {
    const endsAt = new Date("2026-11-24T16:00:00Z"); // midnight 2026-11-25 in Shanghai: the 24th is the last day
    const runs = expiringRuns([{ levelId: 200, startsAt: at(-27), endsAt }], NOW);
    expect(runs).toEqual([
      { level: expect.objectContaining({ levelCode: "svip" }), endsAt, endDate: "2026-11-24", after: expect.objectContaining({ levelCode: "free" }) },
    ]);
    expect(expiryDedupeKey("u1", runs[0]!)).toBe("expiry:u1:200:2026-11-24");
  });

  it("includes a run ending exactly at the window's edge and leaves out one just beyond it", () => {
    expect(expiringRuns([grant(100, -10, EXPIRY_NOTICE_DAYS)], NOW)).toHaveLength(1);
    expect(expiringRuns([grant(100, -10, EXPIRY_NOTICE_DAYS + 0.01)], NOW)).toHaveLength(0);
  });

  it("does not warn about a grant a chained grant of the same level continues", () => {
    expect(expiringRuns([grant(100, -28, 2), grant(100, 2, 32)], NOW)).toEqual([]);
    // …but warns three days before the end of the whole run
    const chain = [grant(100, -28, 2), grant(100, 2, 4)];
    expect(expiringRuns(chain, NOW)).toEqual([]);
    expect(expiringRuns(chain, at(1.5)).map((r) => r.endsAt)).toEqual([at(4)]);
  });

  it("warns when a gap follows the run, even if the level comes back later", () => {
    const runs = expiringRuns([grant(100, -28, 2), grant(100, 10, 40)], NOW);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.after.levelCode).toBe("free");
  });

  it("tells an SVIP member who falls back to VIP, and is silent about a VIP run a longer SVIP covers", () => {
    const svipOverVip = expiringRuns([grant(200, -1, 2), grant(100, -20, 30)], NOW);
    expect(svipOverVip.map((r) => [r.level.levelCode, r.after.levelCode])).toEqual([["svip", "vip"]]);
    expect(expiringRuns([grant(200, -1, 10), grant(100, -20, 2)], NOW)).toEqual([]);
  });

  it("ignores ended and future grants", () => {
    expect(expiringRuns([grant(100, -30, -1), grant(200, 1, 2)], NOW)).toEqual([]);
    expect(expiringRuns([], NOW)).toEqual([]);
  });

  it("never reports a run that ends in the past or after the window, nor one the member keeps", () => {
    const period = fc.record({ levelId: fc.constantFrom(100, 200), from: fc.integer({ min: -40, max: 40 }), len: fc.integer({ min: 1, max: 40 }) });
    fc.assert(
      fc.property(fc.array(period, { maxLength: 6 }), (ps) => {
        const grants = ps.map((p) => grant(p.levelId, p.from, p.from + p.len));
        for (const run of expiringRuns(grants, NOW)) {
          expect(run.endsAt.getTime()).toBeGreaterThan(NOW.getTime());
          expect(run.endsAt.getTime()).toBeLessThanOrEqual(at(EXPIRY_NOTICE_DAYS).getTime());
          expect(run.after.levelId).toBeLessThan(run.level.levelId);
        }
      }),
    );
  });
});
