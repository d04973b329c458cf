import { METRIC_EXPLANATIONS, METRIC_KEYS, METRIC_LABELS, describeDrawdownDates, formatMetric } from "./explain";

describe("metric labels and explanations", () => {
  it("has a Chinese label and one sentence for every metric", () => {
    expect(METRIC_KEYS).toHaveLength(12);
    for (const key of METRIC_KEYS) {
      expect(METRIC_LABELS[key]).toBeTruthy();
      const text = METRIC_EXPLANATIONS[key];
      expect(text).toMatch(/。$/);
      expect(text.split("。").filter(Boolean)).toHaveLength(1);
    }
    expect(METRIC_LABELS.maxDrawdown).toBe("最大回撤");
    expect(METRIC_LABELS.psr).toContain("PSR");
  });
});

describe("formatMetric", () => {
  it("prints returns signed, volatility / win rate / PSR unsigned, ratios with two decimals", () => {
    expect(formatMetric("annualReturn", 0.1234)).toBe("+12.34%");
    expect(formatMetric("cumulativeReturn", -0.05)).toBe("-5.00%");
    expect(formatMetric("maxDrawdown", -0.2345)).toBe("-23.45%");
    expect(formatMetric("maxDrawdown", 0)).toBe("0.00%");
    expect(formatMetric("alpha", 0.031)).toBe("+3.10%");
    expect(formatMetric("annualVolatility", 0.2)).toBe("20.00%");
    expect(formatMetric("dailyWinRate", 0.5321)).toBe("53.21%");
    expect(formatMetric("psr", 0.97)).toBe("97.00%");
    expect(formatMetric("sharpe", 1.2345)).toBe("1.23");
    expect(formatMetric("beta", -0.5)).toBe("-0.50");
  });

  it("prints NaN as — and infinities as ∞, whether numbers or JSON strings", () => {
    expect(formatMetric("sharpe", NaN)).toBe("—");
    expect(formatMetric("sharpe", "NaN")).toBe("—");
    expect(formatMetric("sharpe", null)).toBe("—");
    expect(formatMetric("sharpe", undefined)).toBe("—");
    expect(formatMetric("calmar", Infinity)).toBe("∞");
    expect(formatMetric("calmar", "Infinity")).toBe("∞");
    expect(formatMetric("sortino", "-Infinity")).toBe("-∞");
    expect(formatMetric("annualReturn", "0.1")).toBe("+10.00%");
  });
});

describe("describeDrawdownDates", () => {
  it("names peak, trough and recovery", () => {
    expect(describeDrawdownDates("2024-01-03", "2024-03-05", "2024-05-20")).toBe("2024-01-03 高点 → 2024-03-05 低点 → 2024-05-20 修复");
    expect(describeDrawdownDates("2024-01-03", "2024-03-05", null)).toBe("2024-01-03 高点 → 2024-03-05 低点 → 尚未修复");
    expect(describeDrawdownDates(null, null, null)).toBeNull();
  });
});
