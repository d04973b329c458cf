import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { toAnalysisJson } from "@/lib/domain/statements/dto";
import { readStatement } from "@/lib/domain/statements/import";
import { analyzeStatement, type StatementAnalysis } from "./index";
import { toFen } from "./money";

/**
 * The analysis of the real broker exports (../shared/real-statements/files, third-party data read in place, never
 * copied): what it must show on each of them (issue 21, ADR 0032).
 */
const FOLDER = path.join(process.cwd(), "..", "shared", "real-statements", "files");
const present = existsSync(FOLDER);
if (!present) console.warn("!!! ../shared/real-statements absent: real-export tests SKIPPED !!!");
const describeReal = present ? describe : describe.skip;

const FILES = [
  "huaxi_tdx_jgd.xls",
  "haitong_ehaitong.xlsx",
  "counter_dzd_2021.csv",
  "counter_jgd_2019_2020_utf8.csv",
  "citic_dzd_2024_2025.xls",
  "citic_dzd_resaved_utf8bom.csv",
  "citic_jgd_0530_0612.xls",
  "citic_lscj_0505_0612.xls",
];

const analysed = new Map<string, ReturnType<typeof analyseNow>>();

function analyseNow(file: string) {
  const report = readStatement(new Uint8Array(readFileSync(path.join(FOLDER, file))), file);
  const analysis = analyzeStatement(report);
  return { report, analysis, json: toAnalysisJson(analysis, report) };
}

/** read once per file, inside a test (a file the reader refuses fails its tests, not the whole suite) */
function analyse(file: string) {
  let a = analysed.get(file);
  if (a === undefined) {
    a = analyseNow(file);
    analysed.set(file, a);
  }
  return a;
}

const A_CODE = /^\d{6}$/;
const HK_CODE = /^\d{5}$/;

function realizedFen(analysis: StatementAnalysis, market: "A" | "HK"): number {
  return analysis.roundTrips.filter((t) => t.market === market && t.realized).reduce((s, t) => s + toFen(t.pnl), 0);
}

describeReal("the analysis of real broker exports", () => {
  describe.each(FILES)("%s", (file) => {
    it("keeps 港股通 codes out of the A-share figures and never pads them to six digits", () => {
      const { analysis, json } = analyse(file);
      for (const f of analysis.fills) expect(f.code).toMatch(f.market === "HK" ? HK_CODE : A_CODE);
      for (const t of analysis.roundTrips) expect(t.code).toMatch(t.market === "HK" ? HK_CODE : A_CODE);
      for (const p of analysis.openPositions) expect(p.code).toMatch(p.market === "HK" ? HK_CODE : A_CODE);
      for (const s of analysis.perStock) expect(s.code).toMatch(A_CODE);
      for (const t of json.roundTrips) expect(t).toMatchObject({ market: "A", code: expect.stringMatching(A_CODE) });
      for (const p of json.openPositions) expect(p).toMatchObject({ market: "A", code: expect.stringMatching(A_CODE) });
      for (const t of json.hk?.roundTrips ?? []) expect(t).toMatchObject({ market: "HK", code: expect.stringMatching(HK_CODE) });
      expect(json.hk === null).toBe(!analysis.fills.some((f) => f.market === "HK"));
    });

    it("counts only realised trips in realised P&L: no unknown opening, no transfer, no open position", () => {
      const { analysis } = analyse(file);
      expect(toFen(analysis.summary.realizedPnl)).toBe(realizedFen(analysis, "A"));
      if (analysis.hk) expect(toFen(analysis.hk.summary.realizedPnl)).toBe(realizedFen(analysis, "HK"));
      for (const t of analysis.roundTrips) expect(t.realized).toBe(t.status === "closed" && !t.openingUnknown);
      expect(analysis.summary.roundTrips).toBe(analysis.roundTrips.filter((t) => t.market === "A" && t.realized).length);
    });

    it("prints no open position and no unrealised trip with a P&L (never minus its cost)", () => {
      const { json } = analyse(file);
      for (const p of [...json.openPositions, ...(json.hk?.openPositions ?? [])]) {
        expect(p).toMatchObject({ status: "open", pnl: null });
        expect(p.quantity).toBeGreaterThan(0);
      }
      for (const t of [...json.roundTrips, ...(json.hk?.roundTrips ?? [])]) {
        expect(t.status).not.toBe("open");
        expect(t.pnl === null).toBe(!t.realized);
      }
    });

    it("books no allotment row as a fill", () => {
      const { analysis } = analyse(file);
      const allotmentLines = new Set(analysis.events.filter((e) => e.kind === "allotment").map((e) => e.line));
      for (const f of analysis.fills) expect(allotmentLines.has(f.line)).toBe(false);
    });
  });

  it("counter_dzd_2021.csv and citic_dzd_2024_2025.xls: 港股通 trips stand apart in hk", () => {
    for (const file of ["counter_dzd_2021.csv", "citic_dzd_2024_2025.xls"]) {
      const { analysis, json } = analyse(file);
      expect(analysis.hk).not.toBeNull();
      const hkTrips = analysis.roundTrips.filter((t) => t.market === "HK");
      expect(hkTrips.length).toBeGreaterThan(0);
      expect(json.hk!.label).toBe("港股通");
      expect(json.hk!.roundTrips.length + json.hk!.openPositions.length).toBeGreaterThan(0);
      // 腾讯控股 / 小米集团 as their own instruments, never 000700 / 001810
      const codes = new Set(analysis.fills.map((f) => f.code));
      expect(codes.has("000700") || codes.has("001810")).toBe(false);
    }
  });

  it("haitong_ehaitong.xlsx: sells without buys are unknown openings, no realised P&L, 072988 in no trip", () => {
    const { analysis, json } = analyse("haitong_ehaitong.xlsx");
    // 豪美发债 (10 @ 100) is a bond allotment: not a trade, not a trip; it never listed in the file
    expect(analysis.fills.some((f) => f.code === "072988")).toBe(false);
    expect(analysis.roundTrips.some((t) => t.code === "072988")).toBe(false);
    expect(analysis.openPositions.some((p) => p.code === "072988")).toBe(false);
    expect(json.pendingAllotments).toEqual([expect.objectContaining({ code: "072988", quantity: 10, cost: 1000 })]);
    // 113052 arrives as 新增证券 (cost unknown) and is sold: an unknown opening like the plain sells
    const unknown = new Set(analysis.unknownOpenings.map((u) => u.code));
    for (const code of ["513050", "519888", "002027", "113052"]) expect(unknown.has(code)).toBe(true);
    expect(analysis.summary).toMatchObject({ realizedPnl: 0, roundTrips: 0, wins: 0, losses: 0 });
    expect(json.roundTrips.every((t) => t.pnl === null)).toBe(true);
    // still held, bought in the file: 洋河股份 100 and 医药卫生ETF 400 + 2,900
    expect(json.openPositions.map((p) => [p.code, p.quantity, p.cost]).sort()).toEqual([
      ["002304", 100, 16012.6],
      ["159938", 3300, 6030.4],
    ]);
  });

  it("huaxi_tdx_jgd.xls: the ETF 份额合并 leaves 60 shares at the whole cost, nothing realised", () => {
    const { analysis, json } = analyse("huaxi_tdx_jgd.xls");
    // line 7 buys 100 HS300ETF and its 剩余数量 says 300: 200 were held before the file (cost unknown)
    expect(analysis.unknownOpenings.map((u) => [u.line, u.code, u.quantity])).toEqual([[7, "510310", 200]]);
    expect(json.openPositions.map((p) => [p.code, p.quantity, p.cost, p.openingUnknown]).sort()).toEqual([
      ["510310", 300, null, true],
      ["511030", 60, 6297.98, false],
    ]);
    expect(analysis.summary).toMatchObject({ realizedPnl: 0, roundTrips: 0 });
  });
});
