import fc from "fast-check";
import {
  alphaBeta,
  annualReturn,
  annualVolatility,
  calmarRatio,
  computeMetrics,
  cumulativeReturn,
  downsideRisk,
  drawdownSeries,
  informationRatio,
  maxDrawdown,
  monthlyReturns,
  normalCdf,
  probabilisticSharpeRatio,
  returnsFromNav,
  sharpeRatio,
  sortinoRatio,
} from "./metrics";

// empyrical/tests/test_stats.py fixtures (values in %), daily from 2000-01-30
const pct = (xs: (number | null)[]) => xs.map((x) => (x === null ? null : x / 100));
const SIMPLE_BENCHMARK = pct([0, 1, 0, 1, 0, 1, 0, 1, 0]);
const POSITIVE = pct([1, 2, 1, 1, 1, 1, 1, 1, 1]);
const NEGATIVE = pct([0, -6, -7, -1, -9, -2, -6, -8, -5]);
const ALL_NEGATIVE = pct([-2, -6, -7, -1, -9, -2, -6, -8, -5]);
const MIXED = pct([null, 1, 10, -4, 2, 3, 2, 1, -10]);
/** empyrical's weekly_returns / monthly_returns: the mixed numbers with 0 instead of NaN first */
const MIXED_ZERO = pct([0, 1, 10, -4, 2, 3, 2, 1, -10]);
const FLAT_LINE = pct([1, 1, 1, 1, 1, 1, 1, 1, 1]);
const ONE_RETURN = pct([1]);
const EMPTY: number[] = [];
const DATES = Array.from({ length: 9 }, (_, i) => new Date(Date.UTC(2000, 0, 30 + i)).toISOString().slice(0, 10));

const DP8 = 1e-8;
function near(actual: number, expected: number, tol = DP8) {
  if (Number.isNaN(expected)) expect(actual).toBeNaN();
  else if (!Number.isFinite(expected)) expect(actual).toBe(expected);
  else expect(Math.abs(actual - expected)).toBeLessThanOrEqual(tol);
}
/** equal up to a relative tolerance; NaN equals NaN, infinities must match */
function same(a: number, b: number, rel = 1e-9) {
  if (Number.isNaN(b)) return Number.isNaN(a);
  if (!Number.isFinite(b)) return a === b;
  return Math.abs(a - b) <= rel * Math.max(1, Math.abs(a), Math.abs(b));
}

describe("empyrical reference values (Part C, to 1e-8)", () => {
  it("max drawdown counts the starting capital as a peak", () => {
    near(maxDrawdown(MIXED), -0.1);
    near(maxDrawdown(SIMPLE_BENCHMARK), 0);
    near(maxDrawdown(POSITIVE), 0);
    near(maxDrawdown(ONE_RETURN), 0);
    near(maxDrawdown(EMPTY), NaN);
    near(maxDrawdown(NEGATIVE), -0.36590730349873601);
    near(maxDrawdown(NEGATIVE), cumulativeReturn(NEGATIVE));
    near(maxDrawdown(ALL_NEGATIVE), -0.37858916);
    near(maxDrawdown(pct([10, -10, 10])), -0.1);
  });

  it("cumulative return treats NaN as 0", () => {
    near(cumulativeReturn(MIXED), 0.0389310, 1e-6);
    near(cumulativeReturn(MIXED), 1.01 * 1.1 * 0.96 * 1.02 * 1.03 * 1.02 * 1.01 * 0.9 - 1, 1e-15);
    near(cumulativeReturn(NEGATIVE), -0.36590730349873601);
    near(cumulativeReturn(ONE_RETURN), 0.01, 1e-15);
    near(cumulativeReturn(EMPTY), NaN);
  });

  it("annual return counts NaN rows (daily, weekly, monthly)", () => {
    near(annualReturn(MIXED), 1.9135925373194231);
    near(annualReturn(MIXED_ZERO, 52), 0.24690830513998208);
    near(annualReturn(MIXED_ZERO, 12), 0.052242061386048144);
    near(annualReturn(SIMPLE_BENCHMARK), 2.0478519248392817);
    near(annualReturn(POSITIVE), 15.173072621219674);
    near(annualReturn(NEGATIVE), -0.9999971141282427);
    near(annualReturn(EMPTY), NaN);
  });

  it("annual volatility uses ddof 1", () => {
    near(annualVolatility(MIXED), 0.9136465399704637);
    near(annualVolatility(MIXED_ZERO, 52), 0.38851569394870583);
    near(annualVolatility(MIXED_ZERO, 12), 0.18663690238892558);
    expect(annualVolatility(FLAT_LINE)).toBe(0);
    near(annualVolatility(SIMPLE_BENCHMARK), 0.08366600265340757);
    near(annualVolatility(POSITIVE), 0.052915026221291815);
    near(annualVolatility(NEGATIVE), 0.5047771785649584);
    near(annualVolatility(ONE_RETURN), NaN);
  });

  it("Calmar ratio", () => {
    near(calmarRatio(MIXED), 19.135925373194233);
    near(calmarRatio(MIXED_ZERO, 52), 2.4690830513998208);
    near(calmarRatio(MIXED_ZERO, 12), 0.52242061386048144);
    near(calmarRatio(ONE_RETURN), NaN);
    near(calmarRatio(EMPTY), NaN);
    near(calmarRatio(SIMPLE_BENCHMARK), NaN);
    near(calmarRatio(POSITIVE), NaN);
    near(calmarRatio(NEGATIVE), -2.7329247177);
  });

  it("Sharpe ratio (rf = 0)", () => {
    near(sharpeRatio(MIXED), 1.7238613961706866);
    near(sharpeRatio(POSITIVE), 52.915026221291804);
    near(sharpeRatio(NEGATIVE), -24.406808633910085);
    expect(sharpeRatio(FLAT_LINE)).toBe(Infinity);
    expect(sharpeRatio(FLAT_LINE.map((r) => -r!))).toBe(-Infinity);
    expect(sharpeRatio(FLAT_LINE, { riskFree: 0.01 })).toBeNaN();
    near(sharpeRatio(ONE_RETURN), NaN);
    near(sharpeRatio(EMPTY), NaN);
  });

  it("downside risk averages over all periods, with a required return where given", () => {
    near(downsideRisk(MIXED), 0.60448325038829653);
    near(downsideRisk(MIXED_ZERO, 0, 52), 0.25888650451930134);
    near(downsideRisk(MIXED_ZERO, 0, 12), 0.1243650540411842);
    near(downsideRisk(MIXED, 0.1), 1.7161730681956295);
    near(downsideRisk(MIXED_ZERO, 0.1, 52), 0.7733045971672482);
    near(downsideRisk(MIXED_ZERO, 0.1, 12), 0.37148351242013422);
    near(downsideRisk(ONE_RETURN), 0);
    near(downsideRisk(EMPTY), NaN);
  });

  it("Sortino ratio (required return 0)", () => {
    near(sortinoRatio(MIXED), 2.605531251673693);
    near(sortinoRatio(NEGATIVE), -13.532743075043401);
    expect(sortinoRatio(POSITIVE)).toBe(Infinity);
    expect(sortinoRatio(SIMPLE_BENCHMARK)).toBe(Infinity);
    near(sortinoRatio(MIXED_ZERO, { periods: 52 }), 1.1158901056866439);
    near(sortinoRatio(MIXED_ZERO, { periods: 12 }), 0.53605626741889756);
    near(sortinoRatio(ONE_RETURN), NaN);
    near(sortinoRatio(EMPTY), NaN);
  });

  it("computeMetrics gives the same figures for the mixed fixture", () => {
    const m = computeMetrics(MIXED, { dates: DATES });
    near(m.cumulativeReturn, 1.01 * 1.1 * 0.96 * 1.02 * 1.03 * 1.02 * 1.01 * 0.9 - 1, 1e-15);
    near(m.annualReturn, 1.9135925373194231);
    near(m.annualVolatility, 0.9136465399704637);
    near(m.sharpe, 1.7238613961706866);
    near(m.sortino, 2.605531251673693);
    near(m.calmar, 19.135925373194233);
    near(m.maxDrawdown, -0.1);
    expect(m.periods).toBe(9);
    expect(m.dailyWinRate).toBe(6 / 8);
    expect([m.alpha, m.beta, m.informationRatio]).toEqual([NaN, NaN, NaN]);
    near(m.psr, 0.6106203604025079);
    // wealth peaks on 2000-02-06 (115.44) and ends at 103.89: −10 %, never recovered
    expect(m.maxDrawdownPeak).toBe("2000-02-06");
    expect(m.maxDrawdownTrough).toBe("2000-02-07");
    expect(m.maxDrawdownRecovery).toBeNull();
    // a −4 % dip on 2000-02-02 after the 2000-02-01 peak, recovered on 2000-02-04
    expect(m.drawdownEpisodes).toHaveLength(2);
    expect(m.drawdownEpisodes[1]).toMatchObject({ peakDate: "2000-02-01", troughDate: "2000-02-02", recoveryDate: "2000-02-04" });
    near(m.drawdownEpisodes[1]!.depth, -0.04, 1e-15);
  });

  it("weekly and monthly variants via periods 52 / 12", () => {
    const w = computeMetrics(MIXED_ZERO, { periods: 52 });
    near(w.annualReturn, 0.24690830513998208);
    near(w.annualVolatility, 0.38851569394870583);
    near(w.calmar, 2.4690830513998208);
    near(w.sortino, 1.1158901056866439);
    const mo = computeMetrics(MIXED_ZERO, { periods: 12 });
    near(mo.annualReturn, 0.052242061386048144);
    near(mo.annualVolatility, 0.18663690238892558);
    near(mo.calmar, 0.52242061386048144);
    near(mo.sortino, 0.53605626741889756);
  });

  it("degenerate series: empty, one return, flat line", () => {
    const empty = computeMetrics([]);
    expect(empty).toMatchObject({ periods: 0, maxDrawdownPeak: null, drawdownEpisodes: [] });
    for (const k of ["cumulativeReturn", "annualReturn", "annualVolatility", "sharpe", "sortino", "calmar", "maxDrawdown", "dailyWinRate", "psr"] as const) {
      expect(empty[k]).toBeNaN();
    }
    const one = computeMetrics(ONE_RETURN, { benchmark: ONE_RETURN });
    near(one.cumulativeReturn, 0.01, 1e-15);
    expect([one.sharpe, one.sortino, one.calmar, one.annualVolatility, one.alpha, one.beta, one.informationRatio, one.psr]).toEqual(Array(8).fill(NaN));
    expect(one.maxDrawdown).toBe(0);
    const flat = computeMetrics(FLAT_LINE);
    expect([flat.annualVolatility, flat.sharpe, flat.sortino, flat.psr]).toEqual([0, Infinity, Infinity, 1]);
    const allNull = computeMetrics([null, null, null]);
    expect(allNull.cumulativeReturn).toBe(0);
    expect(allNull.sharpe).toBeNaN();
  });
});

describe("alpha, beta, information ratio", () => {
  it("r = 2·b exactly gives beta 2 and alpha 0", () => {
    const b = pct([1, -2, 0.5, 3, -1.5, 0.2]) as number[];
    const { alpha, beta } = alphaBeta(b.map((x) => 2 * x), b);
    expect(beta).toBe(2);
    expect(alpha).toBe(0);
  });

  it("matches empyrical's alpha_beta cases", () => {
    // test_alpha_beta (empyrical ≥ 0.5): mixed vs negative_returns[1:] aligned by date = by position here
    const ab = alphaBeta(MIXED, NEGATIVE);
    near(ab.alpha, -0.9997853834885004);
    near(ab.beta, -0.71296296296296313);
    expect(alphaBeta(MIXED, MIXED)).toEqual({ alpha: 0, beta: 1 });
    const neg = alphaBeta(MIXED, MIXED.map((x) => (x === null ? null : -x)));
    near(neg.alpha, 0, 1e-15);
    near(neg.beta, -1, 1e-15);
    expect(alphaBeta(EMPTY, SIMPLE_BENCHMARK)).toEqual({ alpha: NaN, beta: NaN });
    expect(alphaBeta(MIXED, FLAT_LINE)).toEqual({ alpha: NaN, beta: NaN });
    // numpy: cov(ddof 1) / var(ddof 1) and (1 + mean(r − βb))^252 − 1
    const s = alphaBeta(MIXED, SIMPLE_BENCHMARK);
    near(s.beta, -0.7499999999999996);
    near(s.alpha, 11.274002099240244, 1e-7);
  });

  it("subtracts the risk-free rate from both sides for alpha, not for beta", () => {
    const b = pct([1, -2, 0.5, 3, -1.5, 0.2]) as number[];
    const r = b.map((x) => 0.5 * x + 0.001);
    const ab = alphaBeta(r, b, { riskFree: 0.0002 });
    near(ab.beta, 0.5, 1e-12);
    near(ab.alpha, Math.pow(1 + 0.001 - 0.0002 + 0.5 * 0.0002, 252) - 1, 1e-10);
  });

  it("information ratio = empyrical's excess_sharpe × √periods", () => {
    near(informationRatio(MIXED, Array(9).fill(0)), 0.10859306069076737 * Math.sqrt(252));
    near(informationRatio(MIXED, FLAT_LINE), -0.06515583641446039 * Math.sqrt(252));
    near(informationRatio(MIXED, SIMPLE_BENCHMARK), 0.3411141144106057);
    expect(informationRatio(MIXED, undefined)).toBeNaN();
    expect(informationRatio(ONE_RETURN, ONE_RETURN)).toBeNaN();
    const m = computeMetrics(MIXED, { benchmark: SIMPLE_BENCHMARK });
    near(m.informationRatio, 0.3411141144106057);
    near(m.beta, -0.7499999999999996);
  });
});

describe("Probabilistic Sharpe Ratio", () => {
  it("matches an independent numpy/scipy computation", () => {
    near(probabilisticSharpeRatio(MIXED), 0.6106203604025079);
    near(probabilisticSharpeRatio(NEGATIVE), 0.0010553740108529372);
    near(probabilisticSharpeRatio(SIMPLE_BENCHMARK), 0.9957735180941908);
    near(probabilisticSharpeRatio(MIXED_ZERO), 0.6124400066044805);
    near(probabilisticSharpeRatio(POSITIVE), 0.9987243596847969);
  });

  it("is symmetric: PSR(r) + PSR(−r) = 1, and 0.5 for a zero mean", () => {
    const r = pct([1, -2, 0.5, 3, -1.5, 0.2, 0.7]) as number[];
    near(probabilisticSharpeRatio(r) + probabilisticSharpeRatio(r.map((x) => -x)), 1, 1e-12);
    near(probabilisticSharpeRatio(pct([1, -1, 2, -2, 0.5, -0.5])), 0.5, 1e-12);
  });

  it("rises with the Sharpe ratio for a symmetric distribution", () => {
    const base = pct([-2, -1, 0, 1, 2, -2, -1, 0, 1, 2]) as number[];
    let last = -1;
    for (const shift of [-0.01, -0.005, -0.001, 0, 0.001, 0.005, 0.01]) {
      const psr = probabilisticSharpeRatio(base.map((x) => x + shift));
      expect(psr).toBeGreaterThan(last);
      last = psr;
    }
  });

  it("is NaN for fewer than two returns and 1 / 0 for a flat line", () => {
    expect(probabilisticSharpeRatio(ONE_RETURN)).toBeNaN();
    expect(probabilisticSharpeRatio(FLAT_LINE)).toBe(1);
    expect(probabilisticSharpeRatio(FLAT_LINE.map((x) => -x!))).toBe(0);
    expect(probabilisticSharpeRatio([0, 0, 0])).toBeNaN();
  });

  it("normalCdf agrees with scipy.stats.norm.cdf", () => {
    const cases: [number, number][] = [
      [-7.5, 3.1908916729108844e-14], [-5, 2.866515718791933e-7], [-3, 0.0013498980316300933], [-1.5, 0.06680720126885807],
      [-0.5, 0.3085375387259869], [0, 0.5], [0.3, 0.6179114221889526], [1, 0.8413447460685429], [1.96, 0.9750021048517795],
      [2.5, 0.9937903346742238], [4, 0.9999683287581669], [6, 0.9999999990134123], [8, 0.9999999999999993],
    ];
    for (const [x, p] of cases) near(normalCdf(x), p, 1e-14);
    expect([normalCdf(-Infinity), normalCdf(Infinity), normalCdf(-40)]).toEqual([0, 1, 0]);
    expect(normalCdf(NaN)).toBeNaN();
  });
});

describe("drawdown episodes and series", () => {
  const dates = ["2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05", "2024-01-08", "2024-01-09", "2024-01-10"];

  it("lists every drawdown deepest first, a start peak dated by startDate", () => {
    // 1 → 0.95 → 0.9975 → 1.0474 (new high) → 0.838 → 0.9218 → 1.106 (new high) → 1.095 (still open)
    const r = [-0.05, 0.05, 0.05, -0.2, 0.1, 0.2, -0.01];
    const m = computeMetrics(r, { dates, startDate: "2023-12-29" });
    expect(m.drawdownEpisodes.map((e) => [e.peakDate, e.troughDate, e.recoveryDate])).toEqual([
      ["2024-01-04", "2024-01-05", "2024-01-09"],
      ["2023-12-29", "2024-01-02", "2024-01-04"],
      ["2024-01-09", "2024-01-10", null],
    ]);
    near(m.drawdownEpisodes[0]!.depth, -0.2, 1e-15);
    near(m.drawdownEpisodes[1]!.depth, -0.05, 1e-15);
    near(m.drawdownEpisodes[2]!.depth, -0.01, 1e-15);
    expect([m.maxDrawdownPeak, m.maxDrawdownTrough, m.maxDrawdownRecovery]).toEqual(["2024-01-04", "2024-01-05", "2024-01-09"]);
    near(m.maxDrawdown, -0.2, 1e-15);
    // the last day's −1 % is still open; without startDate the first date stands for the start
    const tail = computeMetrics([-0.05, 0.1, -0.01], { dates: dates.slice(0, 3) });
    expect(tail.drawdownEpisodes).toEqual([
      { peakDate: "2024-01-02", troughDate: "2024-01-02", recoveryDate: "2024-01-03", depth: expect.closeTo(-0.05, 12) },
      { peakDate: "2024-01-03", troughDate: "2024-01-04", recoveryDate: null, depth: expect.closeTo(-0.01, 12) },
    ]);
  });

  it("has no dates without dates, and recovers from NAV returns that only round back to the peak", () => {
    const m = computeMetrics([-0.1, 0.2], {});
    expect([m.maxDrawdownPeak, m.maxDrawdownTrough, m.maxDrawdownRecovery, m.drawdownEpisodes]).toEqual([null, null, null, []]);
    const nav = [1, 0.9, 1.0, 0.7, 1.0].map((v, i) => ({ date: dates[i]!, nav: v }));
    const { dates: d, returns, startDate } = returnsFromNav(nav);
    const episodes = computeMetrics(returns, { dates: d, startDate: startDate! }).drawdownEpisodes;
    expect(episodes.map((e) => [e.peakDate, e.troughDate, e.recoveryDate])).toEqual([
      ["2024-01-04", "2024-01-05", "2024-01-08"],
      ["2024-01-02", "2024-01-03", "2024-01-04"],
    ]);
  });

  it("drawdownSeries is 0 at new highs and counts the start as a peak", () => {
    const s = drawdownSeries(dates.slice(0, 4), [-0.1, 0.05, 0.1, -0.5]);
    expect(s.map((p) => p.date)).toEqual(dates.slice(0, 4));
    near(s[0]!.drawdown, -0.1, 1e-15);
    near(s[1]!.drawdown, 0.9 * 1.05 - 1, 1e-15);
    expect(s[2]!.drawdown).toBe(0);
    near(s[3]!.drawdown, -0.5, 1e-15);
  });
});

describe("returnsFromNav and monthlyReturns", () => {
  it("derives simple returns between NAV points, sorted by date", () => {
    const out = returnsFromNav([
      { date: "2024-01-03", nav: 1.1 },
      { date: "2024-01-02", nav: 1 },
      { date: "2024-01-04", nav: 0.99 },
    ]);
    expect(out.dates).toEqual(["2024-01-03", "2024-01-04"]);
    expect(out.startDate).toBe("2024-01-02");
    near(out.returns[0]!, 0.1, 1e-15);
    near(out.returns[1]!, -0.1, 1e-15);
    expect(returnsFromNav([])).toEqual({ dates: [], returns: [], startDate: null });
    expect(returnsFromNav([{ date: "2024-01-02", nav: 0 }, { date: "2024-01-03", nav: 1 }]).returns).toEqual([NaN]);
  });

  it("compounds returns per month", () => {
    const months = monthlyReturns(["2024-01-30", "2024-01-31", "2024-02-01", "2024-03-01"], [0.1, 0.1, null, -0.05]);
    expect(months.map((m) => m.month)).toEqual(["2024-01", "2024-02", "2024-03"]);
    near(months[0]!.return, 0.21, 1e-15);
    expect(months[1]!.return).toBe(0);
    near(months[2]!.return, -0.05, 1e-15);
  });
});

describe("properties", () => {
  // realistic daily returns: −50 % … +50 % in steps of 1e-6
  const ret = fc.integer({ min: -500_000, max: 500_000 }).map((i) => i / 1e6);
  const series = fc.array(ret, { minLength: 2, maxLength: 60 }).filter((xs) => xs.some((x) => x !== xs[0]));

  it("scaling returns by k > 0 keeps the Sharpe ratio and scales volatility by k", () => {
    fc.assert(
      fc.property(series, fc.double({ min: 0.01, max: 100, noNaN: true }), (xs, k) => {
        const a = computeMetrics(xs);
        const b = computeMetrics(xs.map((x) => x * k));
        expect(same(b.sharpe, a.sharpe, 1e-8)).toBe(true);
        expect(same(b.annualVolatility, a.annualVolatility * k, 1e-9)).toBe(true);
      }),
    );
  });

  it("appending a zero-return day keeps the cumulative return", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(ret, fc.constant(null)), { maxLength: 60 }), (xs) => {
        const before = cumulativeReturn(xs);
        if (xs.length === 0) return;
        expect(cumulativeReturn([...xs, 0])).toBe(before);
      }),
    );
  });

  it("reversing the order keeps annual return, volatility and Sharpe", () => {
    fc.assert(
      fc.property(series, (xs) => {
        const a = computeMetrics(xs);
        const b = computeMetrics([...xs].reverse());
        expect(same(b.annualReturn, a.annualReturn, 1e-9)).toBe(true);
        expect(same(b.annualVolatility, a.annualVolatility, 1e-9)).toBe(true);
        expect(same(b.sharpe, a.sharpe, 1e-8)).toBe(true);
      }),
    );
  });

  it("never throws for arbitrary finite numbers and nulls, with or without a benchmark and dates", () => {
    const value = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null), ret);
    fc.assert(
      fc.property(fc.array(value, { maxLength: 40 }), fc.array(value, { maxLength: 40 }), fc.boolean(), (xs, bench, withDates) => {
        const dates = xs.map((_, i) => `2024-01-${String(i + 1).padStart(2, "0")}`);
        const m = computeMetrics(xs, { benchmark: bench, dates: withDates ? dates : undefined });
        expect(m.periods).toBe(xs.length);
        for (const v of Object.values(m)) if (typeof v === "number") expect(typeof v).toBe("number");
        expect(m.maxDrawdown <= 0 || Number.isNaN(m.maxDrawdown)).toBe(true);
        for (const e of m.drawdownEpisodes) expect(e.depth).toBeLessThan(0);
      }),
    );
  });
});
