import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { analyzeStatement } from "@/lib/domain/statements/analysis";
import type { RoundTripJson } from "@/lib/domain/statements/dto";
import { buildFixtures } from "@/lib/domain/statements/fixtures/build";
import { readStatement } from "@/lib/domain/statements/import";

/**
 * One real-layout file per broker (research Part A) read end to end: readStatement → analyzeStatement, compared to
 * the cent with `<name>.expected.json`, whose figures were worked out by hand (see each file's `_work`).
 */

/** `pnl` is null for a trip that is not realised */
type ExpectedTrip = Pick<RoundTripJson, "code" | "openDate" | "closeDate" | "quantity" | "buyAmount" | "sellAmount" | "fees" | "pnl" | "holdingDays">;

interface Expected {
  file: string;
  format: string;
  encoding: string;
  /** data rows written (the two halves of a split 中签 row count as two) */
  rowCount: number;
  fills: number;
  events: number;
  eventKinds: string[];
  skippedLines: number[];
  roundTrips: ExpectedTrip[];
  summary: { realizedPnl: number; totalFees: number };
}

const DIR = join(__dirname, "fixtures");
const expectedFiles = readdirSync(DIR).filter((f) => f.endsWith(".expected.json")).sort();
const cents = (x: number) => Math.round(x * 100);

describe("broker fixtures", () => {
  it("has one fixture for each of the 14 broker layouts", () => {
    const formats = expectedFiles.map((f) => (JSON.parse(readFileSync(join(DIR, f), "utf8")) as Expected).format);
    expect(new Set(formats).size).toBe(14);
    expect(formats).not.toContain("generic");
  });

  it("are the files the generator writes (make-fixtures.ts was run after the last change)", () => {
    for (const fixture of buildFixtures()) {
      const onDisk = new Uint8Array(readFileSync(join(DIR, fixture.name)));
      const same = onDisk.length === fixture.bytes.length && onDisk.every((b, i) => b === fixture.bytes[i]);
      expect({ name: fixture.name, same }).toEqual({
        name: fixture.name,
        same: true,
      });
    }
  });

  describe.each(expectedFiles)("%s", (expectedFile) => {
    const expected = JSON.parse(readFileSync(join(DIR, expectedFile), "utf8")) as Expected;
    const bytes = new Uint8Array(readFileSync(join(DIR, expected.file)));
    const report = readStatement(bytes, expected.file);
    const analysis = analyzeStatement(report);

    it("is recognised as its broker layout and encoding", () => {
      expect({ format: report.format, encoding: report.encoding }).toEqual({ format: expected.format, encoding: expected.encoding });
      expect(report.formatLabel).not.toBe("");
    });

    it("reads every row into a fill, an event or a skipped row", () => {
      expect(report.fills).toHaveLength(expected.fills);
      expect(report.events.map((e) => e.kind)).toEqual(expected.eventKinds);
      expect(report.events).toHaveLength(expected.events);
      expect(report.skipped.map((s) => s.line)).toEqual(expected.skippedLines);
      for (const s of report.skipped) expect(s.reason).toMatch(/[\u4e00-\u9fff]/);
      expect(report.rowCount).toBe(expected.rowCount);
    });

    it("finds no break in the running balance and no amount that disagrees with its fees", () => {
      expect(report.warnings.filter((w) => /可能缺少记录|不符|正负号/.test(w))).toEqual([]);
    });

    it("gives the hand-computed round trips to the cent", () => {
      const trips = analysis.roundTrips.map((t) => ({
        code: t.code,
        openDate: t.openDate,
        closeDate: t.closeDate,
        quantity: t.quantity,
        buyAmount: cents(t.buyAmount),
        sellAmount: cents(t.sellAmount),
        fees: cents(t.fees),
        // a trip that is not realised (still held, cost unknown, transferred out) has no P&L to compare
        pnl: t.realized ? cents(t.pnl) : null,
        holdingDays: t.holdingDays,
      }));
      expect(trips).toEqual(
        expected.roundTrips.map((t) => ({ ...t, buyAmount: cents(t.buyAmount), sellAmount: cents(t.sellAmount), fees: cents(t.fees), pnl: t.pnl === null ? null : cents(t.pnl) })),
      );
    });

    it("gives the hand-computed realised P&L and total fees", () => {
      expect({ realizedPnl: cents(analysis.summary.realizedPnl), totalFees: cents(analysis.summary.totalFees) }).toEqual({
        realizedPnl: cents(expected.summary.realizedPnl),
        totalFees: cents(expected.summary.totalFees),
      });
    });
  });
});
