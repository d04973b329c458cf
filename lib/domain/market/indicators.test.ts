import { exponentialMovingAverage, macd, movingAverage } from "./indicators";

describe("movingAverage", () => {
  it("averages the last n values and is null before n values exist", () => {
    expect(movingAverage([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    expect(movingAverage([10, 11], 5)).toEqual([null, null]);
    expect(movingAverage([10.5], 1)).toEqual([10.5]);
  });

  it("keeps prices exact (no running-sum drift)", () => {
    const closes = [10.01, 10.02, 10.03, 10.04, 10.05, 10.06];
    const ma5 = movingAverage(closes, 5);
    expect(ma5[4]).toBeCloseTo(10.03, 12);
    expect(ma5[5]).toBeCloseTo(10.04, 12);
  });

  it("returns all null for a window below 1", () => {
    expect(movingAverage([1, 2], 0)).toEqual([null, null]);
  });
});

describe("exponentialMovingAverage", () => {
  it("is seeded with the first value and uses α = 2/(n+1)", () => {
    // n = 3 → α = 0.5: 10, 0.5·12 + 0.5·10 = 11, 0.5·14 + 0.5·11 = 12.5
    expect(exponentialMovingAverage([10, 12, 14], 3)).toEqual([10, 11, 12.5]);
  });
});

describe("macd", () => {
  it("follows the Chinese convention by hand (fast 2, slow 3, signal 2)", () => {
    // fast: α = 2/3, slow: α = 1/2, signal: α = 2/3
    // closes 10, 13, 10
    // EMA2: 10, 12, 10.666…;  EMA3: 10, 11.5, 10.75
    // DIF: 0, 0.5, −0.08333…;  DEA: 0, 1/3, 1/18 (= 2/3·(−1/12) + 1/3·1/3)
    // hist = 2 (DIF − DEA): 0, 1/3, 2·(−1/12 − 1/18) = −5/18
    const out = macd([10, 13, 10], 2, 3, 2);
    expect(out[0]).toEqual({ dif: 0, dea: 0, hist: 0 });
    expect(out[1]!.dif).toBeCloseTo(0.5, 12);
    expect(out[1]!.dea).toBeCloseTo(1 / 3, 12);
    expect(out[1]!.hist).toBeCloseTo(1 / 3, 12);
    expect(out[2]!.dif).toBeCloseTo(-1 / 12, 12);
    expect(out[2]!.dea).toBeCloseTo(1 / 18, 12);
    expect(out[2]!.hist).toBeCloseTo(-5 / 18, 12);
  });

  it("uses 12/26/9 by default and is flat for a flat series", () => {
    const out = macd(new Array(40).fill(8.88));
    expect(out).toHaveLength(40);
    for (const p of out) {
      expect(p.dif).toBeCloseTo(0, 12);
      expect(p.dea).toBeCloseTo(0, 12);
      expect(p.hist).toBeCloseTo(0, 12);
    }
  });

  it("turns positive in a steady rise", () => {
    const closes = Array.from({ length: 60 }, (_, i) => 10 + i * 0.1);
    const last = macd(closes).at(-1)!;
    expect(last.dif).toBeGreaterThan(0);
    expect(last.hist).toBeCloseTo(2 * (last.dif - last.dea), 12);
  });

  it("is empty for no closes", () => {
    expect(macd([])).toEqual([]);
  });
});
