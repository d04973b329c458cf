import { computeMetrics } from "./metrics";
import { formatMetricsText, jsonNumber, METRICS_JSON_KEYS, metricsJson, sig6 } from "./metrics-report";

const MIXED = [null, 0.01, 0.1, -0.04, 0.02, 0.03, 0.02, 0.01, -0.1];
const DATES = ["2000-01-30", "2000-01-31", "2000-02-01", "2000-02-02", "2000-02-03", "2000-02-04", "2000-02-05", "2000-02-06", "2000-02-07"];

describe("metricsJson", () => {
  it("has exactly the ten keys, with NaN and infinities as strings", () => {
    const json = metricsJson(computeMetrics(MIXED));
    expect(Object.keys(json)).toEqual([...METRICS_JSON_KEYS]);
    expect(Object.keys(json)).toEqual(["cumulativeReturn", "annualReturn", "annualVolatility", "sharpe", "sortino", "calmar", "maxDrawdown", "alpha", "beta", "psr"]);
    expect(json.alpha).toBe("NaN");
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
    expect(metricsJson(computeMetrics([0.01, 0.01, 0.01])).sharpe).toBe("Infinity");
    expect([jsonNumber(-Infinity), jsonNumber(-0), jsonNumber(0.5)]).toEqual(["-Infinity", 0, 0.5]);
  });
});

describe("formatMetricsText", () => {
  it("prints labelled figures to six significant digits and the drawdown dates", () => {
    const text = formatMetricsText(computeMetrics(MIXED, { dates: DATES }), { returnsFile: "mixed.csv", periodsPerYear: 252, dated: true });
    expect(text).toMatch(/^annual return\s+1\.91359$/m);
    expect(text).toMatch(/^Sharpe ratio\s+1\.72386$/m);
    expect(text).toMatch(/^max drawdown\s+-0\.100000$/m);
    expect(text).toMatch(/^ {2}peak\s+2000-02-06$/m);
    expect(text).toMatch(/^ {2}recovery\s+not recovered$/m);
    expect(text).toMatch(/^alpha\s+NaN$/m);
    expect(text).toContain("need --benchmark FILE");
    expect(text).toContain("drawdowns (deepest first)");
  });

  it("spells out degenerate figures", () => {
    expect([sig6(NaN), sig6(Infinity), sig6(-Infinity), sig6(-0), sig6(1234567)]).toEqual(["NaN", "Infinity", "-Infinity", "0.00000", "1.23457e+6"]);
  });
});
