import { readTdxDay, TDX_RECORD_BYTES } from "./tdx-day";

interface Rec { date: number; open: number; high: number; low: number; close: number; amount: number; volume: number }

function tdxFile(records: Rec[]): Uint8Array {
  const bytes = new Uint8Array(records.length * TDX_RECORD_BYTES);
  const view = new DataView(bytes.buffer);
  records.forEach((r, i) => {
    const at = i * TDX_RECORD_BYTES;
    view.setUint32(at, r.date, true);
    view.setUint32(at + 4, Math.round(r.open * 100), true);
    view.setUint32(at + 8, Math.round(r.high * 100), true);
    view.setUint32(at + 12, Math.round(r.low * 100), true);
    view.setUint32(at + 16, Math.round(r.close * 100), true);
    view.setFloat32(at + 20, r.amount, true);
    view.setUint32(at + 24, r.volume, true);
    view.setUint32(at + 28, 0, true);
  });
  return bytes;
}

describe("readTdxDay", () => {
  it("reads 32-byte records with the code from the file name", () => {
    const file = tdxFile([
      { date: 20240102, open: 1685.0, high: 1699.88, low: 1670.01, close: 1685.01, amount: 5_000_000, volume: 2967 },
      { date: 20240103, open: 1681.0, high: 1694.0, low: 1675.5, close: 1694.0, amount: 1234.5, volume: 100 },
    ]);
    const { code, bars, skipped } = readTdxDay(file, "vipdoc/sh/lday/sh600519.day");
    expect(code).toBe("600519");
    expect(skipped).toEqual([]);
    expect(bars).toEqual([
      { code: "600519", date: "2024-01-02", open: 1685, high: 1699.88, low: 1670.01, close: 1685.01, volume: 2967, amount: 5_000_000 },
      { code: "600519", date: "2024-01-03", open: 1681, high: 1694, low: 1675.5, close: 1694, volume: 100, amount: 1234.5 },
    ]);
  });

  it("reads a view into a larger buffer", () => {
    const file = tdxFile([{ date: 20240102, open: 10, high: 11, low: 9, close: 10.5, amount: 1, volume: 1 }]);
    const padded = new Uint8Array(file.length + 8);
    padded.set(file, 8);
    expect(readTdxDay(padded.subarray(8), "sz000001.day").bars[0]?.close).toBe(10.5);
  });

  it("skips records with a bad date or inconsistent prices", () => {
    const file = tdxFile([
      { date: 20241340, open: 10, high: 11, low: 9, close: 10, amount: 1, volume: 1 },
      { date: 20240102, open: 10, high: 9, low: 9, close: 10, amount: 1, volume: 1 },
      { date: 20240103, open: 10, high: 11, low: 9, close: 10, amount: 1, volume: 1 },
    ]);
    const { bars, skipped } = readTdxDay(file, "sz000001.day");
    expect(bars.map((b) => b.date)).toEqual(["2024-01-03"]);
    expect(skipped.map((s) => s.line)).toEqual([1, 2]);
  });

  it("rejects files that are not day files", () => {
    expect(() => readTdxDay(new Uint8Array(33), "sh600519.day")).toThrow("不是 32 的整数倍");
    expect(() => readTdxDay(new Uint8Array(0), "sh600519.day")).toThrow("文件是空的");
    expect(() => readTdxDay(new Uint8Array(32), "lday.day")).toThrow("读出股票代码");
  });
});
