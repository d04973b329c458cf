import fc from "fast-check";
import { refundShortening, type GrantChange, type LedgerGrant } from "./refund";

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const now = new Date("2026-11-21T04:00:00Z");
const at = (offsetDays: number) => new Date(now.getTime() + offsetDays * DAY);
const grant = (id: string, levelId: number, fromDays: number, toDays: number): LedgerGrant => ({ id, levelId, startsAt: at(fromDays), endsAt: at(toDays) });

function apply(grants: readonly LedgerGrant[], changes: GrantChange[]): LedgerGrant[] {
  return grants.map((g) => {
    const c = changes.find((x) => x.id === g.id);
    return c ? { ...g, startsAt: c.startsAt, endsAt: c.endsAt } : g;
  });
}

/** Length of the union of a level's grants from `now` on: the access the member still has. */
function futureAccess(grants: readonly LedgerGrant[], levelId: number): number {
  const t = now.getTime();
  const spans = grants
    .filter((g) => g.levelId === levelId)
    .map((g) => [Math.max(g.startsAt.getTime(), t), g.endsAt.getTime()] as const)
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reach = -Infinity;
  for (const [s, e] of spans) {
    if (e <= reach) continue;
    total += e - Math.max(s, reach);
    reach = e;
  }
  return total;
}

/** Whether two non-empty grants of the same level share time. */
function hasOverlap(grants: readonly LedgerGrant[]): boolean {
  for (let i = 0; i < grants.length; i++) {
    for (let j = i + 1; j < grants.length; j++) {
      const a = grants[i]!;
      const b = grants[j]!;
      if (a.levelId !== b.levelId || a.startsAt >= a.endsAt || b.startsAt >= b.endsAt) continue;
      if (a.startsAt < b.endsAt && b.startsAt < a.endsAt) return true;
    }
  }
  return false;
}

describe("refundShortening", () => {
  it("ends a fully refunded grant at now when it is half used", () => {
    const grants = [grant("a", 100, -10, 20), grant("b", 200, -5, 25)];
    expect(refundShortening(grants, "a", 1, now)).toEqual([{ id: "a", startsAt: at(-10), endsAt: now }]);
  });

  it("makes a fully refunded queued grant zero-length and pulls the next queued grant earlier", () => {
    const grants = [grant("a", 100, -10, 20), grant("b", 100, 20, 50), grant("c", 100, 50, 140), grant("x", 200, 20, 50)];
    expect(refundShortening(grants, "b", 1, now)).toEqual([
      { id: "b", startsAt: at(20), endsAt: at(20) },
      { id: "c", startsAt: at(20), endsAt: at(110) },
    ]);
  });

  it("removes half the length for a 50% refund of a 30-day grant, capped by what is left", () => {
    expect(refundShortening([grant("a", 100, 0, 30)], "a", 0.5, now)).toEqual([{ id: "a", startsAt: at(0), endsAt: at(15) }]);
    expect(refundShortening([grant("a", 100, -5, 25)], "a", 0.5, now)).toEqual([{ id: "a", startsAt: at(-5), endsAt: at(10) }]);
    // 25 days used: only 5 are left to take away.
    expect(refundShortening([grant("a", 100, -25, 5)], "a", 0.5, now)).toEqual([{ id: "a", startsAt: at(-25), endsAt: now }]);
  });

  it("changes nothing for a grant that has already ended", () => {
    expect(refundShortening([grant("a", 100, -40, -10), grant("b", 100, 5, 35)], "a", 1, now)).toEqual([]);
  });

  it("moves queued grants by at most the removed time, keeping a gap that was already there", () => {
    const grants = [grant("a", 100, 0, 30), grant("b", 100, 40, 70)];
    expect(refundShortening(grants, "a", 0.5, now)).toEqual([
      { id: "a", startsAt: at(0), endsAt: at(15) },
      { id: "b", startsAt: at(25), endsAt: at(55) },
    ]);
  });

  it("never moves grants of other levels, grants already started or grants before the refunded one", () => {
    const grants = [grant("early", 100, 1, 2), grant("a", 100, 2, 32), grant("svip", 200, 32, 62), grant("b", 100, 32, 62)];
    const changes = refundShortening(grants, "a", 1, now);
    expect(changes.map((c) => c.id)).toEqual(["a", "b"]);
    expect(changes[1]).toEqual({ id: "b", startsAt: at(2), endsAt: at(32) });
  });

  it("never moves a grant to start before now", () => {
    const grants = [grant("a", 100, -10, 20), grant("b", 100, 20, 50)];
    expect(refundShortening(grants, "a", 1, now)).toEqual([
      { id: "a", startsAt: at(-10), endsAt: now },
      { id: "b", startsAt: now, endsAt: at(30) },
    ]);
  });

  it("only shortens the refunded grant when the level's grants already overlap", () => {
    const grants = [grant("a", 100, 0, 30), grant("dup", 100, 0, 30), grant("b", 100, 30, 60)];
    expect(refundShortening(grants, "a", 1, now)).toEqual([{ id: "a", startsAt: at(0), endsAt: at(0) }]);
  });

  it("throws on an unknown grant or a fraction that is not positive", () => {
    const grants = [grant("a", 100, 0, 30)];
    expect(() => refundShortening(grants, "nope", 1, now)).toThrow();
    for (const f of [0, -0.5, Number.NaN]) expect(() => refundShortening(grants, "a", f, now)).toThrow(RangeError);
  });

  describe("properties", () => {
    const rawGrant = fc.record({
      levelId: fc.constantFrom(100, 200),
      start: fc.integer({ min: -60 * 24, max: 60 * 24 }),
      length: fc.integer({ min: 0, max: 40 * 24 }),
    });
    /** Anything, overlaps included. */
    const anyLedger = fc.array(rawGrant, { minLength: 1, maxLength: 8 }).map((raw) =>
      raw.map((r, i): LedgerGrant => ({ id: `g${i}`, levelId: r.levelId, startsAt: new Date(now.getTime() + r.start * HOUR), endsAt: new Date(now.getTime() + (r.start + r.length) * HOUR) })),
    );
    /** Chains per level as purchases make them: each grant starts at or after the previous one's end. */
    const chainedLedger = fc
      .array(fc.record({ levelId: fc.constantFrom(100, 200), gap: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20 * 24 })), length: fc.integer({ min: 0, max: 40 * 24 }) }), { minLength: 1, maxLength: 8 })
      .chain((raw) => fc.record({ raw: fc.constant(raw), first: fc.integer({ min: -60 * 24, max: 10 * 24 }) }))
      .map(({ raw, first }) => {
        const ends = new Map<number, number>();
        return raw.map((r, i): LedgerGrant => {
          const start = (ends.get(r.levelId) ?? first) + r.gap;
          ends.set(r.levelId, start + r.length);
          return { id: `g${i}`, levelId: r.levelId, startsAt: new Date(now.getTime() + start * HOUR), endsAt: new Date(now.getTime() + (start + r.length) * HOUR) };
        });
      });
    const ledger = fc.oneof(anyLedger, chainedLedger);
    const fraction = fc.oneof(fc.constant(1), fc.double({ min: 0.01, max: 1, noNaN: true }), fc.double({ min: 1, max: 5, noNaN: true }));
    const scenario = ledger.chain((grants) => fc.record({ grants: fc.constant(grants), index: fc.nat({ max: grants.length - 1 }), fraction }));

    it("keep the ledger sound", () => {
      fc.assert(
        fc.property(scenario, ({ grants, index, fraction: f }) => {
          const target = grants[index]!;
          const changes = refundShortening(grants, target.id, f, now);
          const after = apply(grants, changes);
          const t = now.getTime();

          // Future access of that level never grows, and shrinks by at least what the refunded grant lost.
          const lost = target.endsAt.getTime() - after[index]!.endsAt.getTime();
          expect(lost).toBeGreaterThanOrEqual(0);
          expect(futureAccess(after, target.levelId)).toBeLessThanOrEqual(futureAccess(grants, target.levelId));
          if (!hasOverlap(grants)) expect(futureAccess(after, target.levelId)).toBe(futureAccess(grants, target.levelId) - lost);

          // The refunded grant keeps its start and a length of at least zero.
          expect(after[index]!.startsAt).toEqual(target.startsAt);
          expect(after[index]!.endsAt.getTime()).toBeGreaterThanOrEqual(target.startsAt.getTime());

          // No overlaps are created.
          if (!hasOverlap(grants)) expect(hasOverlap(after)).toBe(false);

          for (let i = 0; i < grants.length; i++) {
            if (i === index) continue;
            const before = grants[i]!;
            const moved = after[i]!;
            const changed = changes.some((c) => c.id === before.id);
            if (before.levelId !== target.levelId || before.startsAt.getTime() <= t) expect(changed).toBe(false);
            if (!changed) continue;
            // Moved grants keep their length, start after now, move earlier and by at most the removed time.
            expect(moved.endsAt.getTime() - moved.startsAt.getTime()).toBe(before.endsAt.getTime() - before.startsAt.getTime());
            expect(moved.startsAt.getTime()).toBeGreaterThanOrEqual(t);
            expect(moved.startsAt.getTime()).toBeLessThan(before.startsAt.getTime());
            expect(before.startsAt.getTime() - moved.startsAt.getTime()).toBeLessThanOrEqual(lost);
            expect(before.startsAt.getTime()).toBeGreaterThanOrEqual(target.endsAt.getTime());
          }
          // Only grants that change are returned.
          for (const c of changes) {
            const g = grants.find((x) => x.id === c.id)!;
            expect(c.startsAt.getTime() !== g.startsAt.getTime() || c.endsAt.getTime() !== g.endsAt.getTime()).toBe(true);
          }
        }),
        { numRuns: 500 },
      );
    });

    it("removes the whole rest on a full refund, and the fraction of the length (at most the rest) otherwise", () => {
      fc.assert(
        fc.property(scenario, ({ grants, index, fraction: f }) => {
          const target = grants[index]!;
          const changes = refundShortening(grants, target.id, f, now);
          const s = target.startsAt.getTime();
          const e = target.endsAt.getTime();
          const rest = Math.max(0, e - Math.max(s, now.getTime()));
          const expected = f >= 1 ? rest : Math.min(rest, Math.round((e - s) * f));
          const newEnd = changes.find((c) => c.id === target.id)?.endsAt.getTime() ?? e;
          expect(e - newEnd).toBe(expected);
        }),
      );
    });
  });
});
