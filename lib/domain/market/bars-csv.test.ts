import fc from "fast-check";
import { readBarsCsv } from "./bars-csv";
import { MarketDataRejected } from "./rejected";
import type { DailyBar } from "./types";

const barArb = fc
  .record({
    day: fc.integer({ min: 0, max: 3000 }),
    open: fc.integer({ min: 100, max: 200_000 }),
    close: fc.integer({ min: 100, max: 200_000 }),
    up: fc.integer({ min: 0, max: 1000 }),
    down: fc.integer({ min: 0, max: 99 }),
    volume: fc.integer({ min: 0, max: 1e9 }),
    amount: fc.option(fc.integer({ min: 0, max: 1e11 }).map((f) => f / 100), { nil: null }),
  })
  .map(({ day, open, close, up, down, volume, amount }): DailyBar => ({
    code: "600519",
    date: new Date(Date.UTC(2015, 0, 1) + day * 86_400_000).toISOString().slice(0, 10),
    open: open / 100,
    close: close / 100,
    high: (Math.max(open, close) + up) / 100,
    low: Math.max(1, Math.min(open, close) - down) / 100,
    volume,
    amount,
  }));

describe("readBarsCsv", () => {
  it("reads the English header with the code from the file name", () => {
    const csv = "date,open,high,low,close,volume,amount\n2024-01-03,10.00,10.50,9.90,10.20,12345,125000.5\n2024-01-02,9.80,10.10,9.70,10.00,10000,99000\n";
    const { bars, skipped } = readBarsCsv(csv, "sh600519.csv");
    expect(skipped).toEqual([]);
    expect(bars).toEqual([
      { code: "600519", date: "2024-01-02", open: 9.8, high: 10.1, low: 9.7, close: 10, volume: 10000, amount: 99000 },
      { code: "600519", date: "2024-01-03", open: 10, high: 10.5, low: 9.9, close: 10.2, volume: 12345, amount: 125000.5 },
    ]);
  });

  it("reads Chinese headers, a code column, BOM, CRLF and every date style", () => {
    const csv = "\uFEFF日期,股票代码,开盘,最高,最低,收盘,成交量,成交额\r\n2024/1/2,000001,10,11,9,10.5,100,\r\n20240103,sz000001,10.5,10.6,10.1,10.2,200,2040\r\n2024-01-04,600036,30,31,29,30.5,300,9150\r\n";
    const { bars, skipped } = readBarsCsv(csv, "whatever.csv");
    expect(skipped).toEqual([]);
    expect(bars.map((b) => [b.code, b.date, b.amount])).toEqual([
      ["000001", "2024-01-02", null],
      ["000001", "2024-01-03", 2040],
      ["600036", "2024-01-04", 9150],
    ]);
  });

  it("takes the code from names like 600519.SH.csv", () => {
    const { bars } = readBarsCsv("date,open,high,low,close,volume\n2024-01-02,1,1,1,1,0\n", "data/600519.SH.csv");
    expect(bars[0]?.code).toBe("600519");
  });

  it("skips bad rows with a Chinese reason and keeps the rest", () => {
    const csv = [
      "date,open,high,low,close,volume",
      "2024-13-01,10,11,9,10,100",
      "2024-01-02,abc,11,9,10,100",
      "2024-01-03,10,9.5,9,10,100",
      "2024-01-04,10,11,10.5,10.8,100",
      "2024-01-05,10,11,9,10,-5",
      "2024-01-08,10,11,9,10,100",
      "2024-01-08,10,11,9,10,100",
      "2024-01-09,0,11,9,10,100",
    ].join("\n");
    const { bars, skipped } = readBarsCsv(csv, "600519.csv");
    expect(bars.map((b) => b.date)).toEqual(["2024-01-08"]);
    expect(skipped).toEqual([
      { line: 2, reason: "日期无法识别：“2024-13-01”" },
      { line: 3, reason: "开盘价不是正数：“abc”" },
      { line: 4, reason: "最高价 9.5 低于开盘价或收盘价" },
      { line: 5, reason: "最低价 10.5 高于开盘价或收盘价" },
      { line: 6, reason: "成交量不是非负数：“-5”" },
      { line: 8, reason: "日期重复：2024-01-08" },
      { line: 9, reason: "开盘价不是正数：“0”" },
    ]);
  });

  it("rejects a file without the needed columns or without any code", () => {
    expect(() => readBarsCsv("date,open,close\n", "600519.csv")).toThrow("表头缺少列：最高、最低、成交量");
    expect(() => readBarsCsv("date,open,high,low,close,volume\n", "prices.csv")).toThrow(MarketDataRejected);
    expect(() => readBarsCsv("  \n", "600519.csv")).toThrow("文件是空的");
  });

  it("gives back any valid series it wrote, in date order", () => {
    fc.assert(
      fc.property(fc.uniqueArray(barArb, { selector: (b) => b.date, maxLength: 40 }), fc.constantFrom(",", "\t"), (bars, sep) => {
        const text = ["date,open,high,low,close,volume,amount".replaceAll(",", sep)]
          .concat(bars.map((b) => [b.date, b.open, b.high, b.low, b.close, b.volume, b.amount ?? ""].join(sep)))
          .join("\n");
        const result = readBarsCsv(text, "600519.csv");
        expect(result.skipped).toEqual([]);
        expect(result.bars).toEqual([...bars].sort((a, b) => (a.date < b.date ? -1 : 1)));
      }),
    );
  });

  it("never throws on row content and only keeps consistent bars", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ maxLength: 12 }), { maxLength: 8 }).map((c) => c.join(",")), { maxLength: 20 }), (rows) => {
        const { bars, skipped } = readBarsCsv(["date,open,high,low,close,volume", ...rows].join("\n"), "600519.csv");
        expect(bars.length + skipped.length).toBeLessThanOrEqual(rows.length);
        for (const b of bars) {
          expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close));
          expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close));
          expect(b.low).toBeGreaterThan(0);
        }
      }),
    );
  });
});
