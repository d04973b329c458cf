import fc from "fast-check";
import { levelEndDateString, membershipAt, nextGrantStart, shanghaiDate } from "./membership";

const day = 24 * 3600 * 1000;
const now = new Date("2026-11-21T04:00:00Z");
const at = (offsetDays: number) => new Date(now.getTime() + offsetDays * day);

describe("membershipAt", () => {
  it("is the free level without grants", () => {
    expect(membershipAt([], now)).toEqual({ level: expect.objectContaining({ levelId: 0, levelName: "普通会员" }), endsAt: null });
  });

  it("takes the highest active level, and expired grants count for nothing", () => {
    const state = membershipAt(
      [
        { levelId: 100, startsAt: at(-10), endsAt: at(20) },
        { levelId: 200, startsAt: at(-1), endsAt: at(2) },
        { levelId: 200, startsAt: at(-30), endsAt: at(-5) },
      ],
      now,
    );
    expect(state.level.levelCode).toBe("svip");
    expect(state.endsAt).toEqual(at(2));
  });

  it("extends same-level grants end to end", () => {
    const first = { levelId: 100, startsAt: at(-1), endsAt: at(29) };
    const second = { levelId: 100, startsAt: nextGrantStart([first], 100, now), endsAt: at(29 + 90) };
    expect(second.startsAt).toEqual(at(29));
    expect(membershipAt([first, second], now).endsAt).toEqual(at(119));
  });

  it("never reports an end before now for a paid level", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ levelId: fc.constantFrom(100, 200), start: fc.integer({ min: -50, max: 50 }), len: fc.integer({ min: 1, max: 60 }) })),
        (raw) => {
          const grants = raw.map((g) => ({ levelId: g.levelId, startsAt: at(g.start), endsAt: at(g.start + g.len) }));
          const state = membershipAt(grants, now);
          if (state.level.levelId === 0) expect(state.endsAt).toBeNull();
          else expect(state.endsAt!.getTime()).toBeGreaterThan(now.getTime());
        },
      ),
    );
  });
});

describe("dates in Asia/Shanghai", () => {
  it("uses the Shanghai calendar day", () => {
    expect(shanghaiDate(new Date("2026-11-20T16:30:00Z"))).toBe("2026-11-21");
    expect(levelEndDateString(new Date("2026-11-24T16:00:00Z"))).toBe("2026-11-24");
    expect(levelEndDateString(null)).toBe("");
  });
});
