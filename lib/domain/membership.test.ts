import fc from "fast-check";
import { closeGap, endGrantNow, levelEndDateString, membershipAt, nextGrantStart, pauseLowerGrants, shanghaiDate } from "./membership";

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

describe("pauseLowerGrants", () => {
  it("keeps the unused VIP days of a running grant for after an SVIP month", () => {
    const vip = { id: "v", levelId: 100, startsAt: at(-10), endsAt: at(20) };
    const svip = { levelId: 200, startsAt: now, endsAt: at(30) };
    const { moved, resumed } = pauseLowerGrants([vip], svip);
    expect(moved).toEqual([{ id: "v", startsAt: at(-10), endsAt: now }]);
    expect(resumed).toEqual([{ fromId: "v", levelId: 100, startsAt: at(30), endsAt: at(50) }]);
    const after = [...moved.map((m) => ({ ...m, levelId: 100 })), ...resumed, svip];
    expect(membershipAt(after, at(29)).level.levelCode).toBe("svip");
    expect(membershipAt(after, at(31))).toEqual({ level: expect.objectContaining({ levelCode: "vip" }), endsAt: at(50) });
  });

  it("moves queued lower grants, leaves ended ones and same or higher levels alone", () => {
    const ledger = [
      { id: "old", levelId: 100, startsAt: at(-40), endsAt: at(-10) },
      { id: "queued", levelId: 100, startsAt: at(5), endsAt: at(35) },
      { id: "svip", levelId: 200, startsAt: at(-5), endsAt: at(5) },
    ];
    const { moved, resumed } = pauseLowerGrants(ledger, { levelId: 200, startsAt: at(5), endsAt: at(8) });
    expect(moved).toEqual([{ id: "queued", startsAt: at(8), endsAt: at(38) }]);
    expect(resumed).toEqual([]);
  });

  it("never changes how much lower-level time is left", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: 1, max: 60 })), { maxLength: 6 }), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 60 }), (raw, s, len) => {
        const ledger = raw.map(([st, l], i) => ({ id: String(i), levelId: 100, startsAt: at(st), endsAt: at(st + l) }));
        const { moved, resumed } = pauseLowerGrants(ledger, { levelId: 200, startsAt: at(s), endsAt: at(s + len) });
        const left = (gs: { startsAt: Date; endsAt: Date }[]) => gs.reduce((sum, g) => sum + Math.max(0, g.endsAt.getTime() - Math.max(g.startsAt.getTime(), at(s).getTime())), 0);
        const byId = new Map(moved.map((m) => [m.id, m]));
        const after = [...ledger.map((g) => byId.get(g.id) ?? g), ...resumed];
        expect(left(after)).toBe(left(ledger));
      }),
    );
  });
});

describe("nextGrantStart across levels", () => {
  it("queues VIP days bought during SVIP after the SVIP run", () => {
    const ledger = [{ levelId: 200, startsAt: at(-1), endsAt: at(10) }, { levelId: 100, startsAt: at(10), endsAt: at(20) }];
    expect(nextGrantStart(ledger, 100, now)).toEqual(at(20));
    expect(nextGrantStart(ledger, 200, now)).toEqual(at(10));
  });
});

describe("closeGap", () => {
  it("pulls VIP days queued behind an SVIP grant forward when the SVIP grant ends early", () => {
    const ledger = [
      { id: "s", levelId: 200, startsAt: at(-1), endsAt: now },
      { id: "v", levelId: 100, startsAt: at(29), endsAt: at(31) },
      { id: "v2", levelId: 100, startsAt: at(31), endsAt: at(61) },
    ];
    expect(closeGap(ledger, { levelId: 200, oldEnd: at(29), newEnd: now }, now)).toEqual([
      { id: "v", startsAt: now, endsAt: at(2) },
      { id: "v2", startsAt: at(2), endsAt: at(32) },
    ]);
  });

  it("moves nothing that has started or belongs to a higher level", () => {
    const ledger = [{ id: "svip", levelId: 200, startsAt: at(5), endsAt: at(10) }, { id: "run", levelId: 100, startsAt: at(-3), endsAt: at(3) }];
    expect(closeGap(ledger, { levelId: 100, oldEnd: at(5), newEnd: at(1) }, now)).toEqual([]);
  });
});

describe("endGrantNow", () => {
  const key = (id: string, sourceKey: string, levelId: number, s: number, e: number) => ({ id, sourceKey, levelId, startsAt: at(s), endsAt: at(e) });
  it("ends the running piece and drops the days that were to resume after a higher grant", () => {
    const ledger = [key("v", "admin:1", 100, -5, 0), key("s", "admin:2", 200, 0, 10), key("v2", "admin:1>after:admin:2", 100, 10, 20)];
    expect(endGrantNow(ledger, "v", at(1))).toEqual([{ id: "v2", startsAt: at(10), endsAt: at(10) }]);
    expect(endGrantNow(ledger, "s", at(1))).toEqual([{ id: "s", startsAt: at(0), endsAt: at(1) }]);
  });
  it("leaves a grant that has not started, and one that has ended with nothing left", () => {
    const ledger = [key("future", "a", 100, 5, 10), key("old", "b", 100, -10, -5)];
    expect(endGrantNow(ledger, "future", now)).toEqual([]);
    expect(endGrantNow(ledger, "old", now)).toEqual([]);
  });
});
