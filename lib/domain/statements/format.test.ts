import fc from "fast-check";
import {
  formatDays, formatNumber, formatPercent, formatRate, formatProfitFactor, formatQuote, formatShares, formatSignedYuan,
  formatSignedYuanWan, formatVolume, formatVolumeAxis, formatWan, formatYuan, formatYuanWan, looseNumber, monthOf, pnlTone, priceTone,
} from "./format";

describe("statement formatting", () => {
  it("writes yuan with separators and never -0.00", () => {
    expect(formatYuan(1234.56)).toBe("¥1,234.56");
    expect(formatYuan(-1234.5)).toBe("-¥1,234.50");
    expect(formatYuan(-0.001)).toBe("¥0.00");
    expect(formatYuan(0)).toBe("¥0.00");
    expect(formatYuan(NaN)).toBe("—");
    expect(formatYuan(null)).toBe("—");
    expect(formatNumber(-0.004)).toBe("0.00");
  });

  it("signs P&L", () => {
    expect(formatSignedYuan(1234.56)).toBe("+¥1,234.56");
    expect(formatSignedYuan(-86)).toBe("-¥86.00");
    expect(formatSignedYuan(0.001)).toBe("¥0.00");
    expect(formatSignedYuanWan(35200)).toBe("+¥3.52万");
    expect(formatSignedYuanWan(-120_000_000)).toBe("-¥1.20亿");
    expect(formatSignedYuanWan(1234.56, 1, 0)).toBe("+¥1,235");
    expect(formatSignedYuanWan(35_210, 1, 0)).toBe("+¥3.5万");
  });

  it("uses 万 and 亿 for large figures", () => {
    expect(formatWan(35_200)).toBe("3.52万");
    expect(formatWan(120_000_000)).toBe("1.20亿");
    expect(formatWan(9_999.5)).toBe("9,999.50");
    expect(formatWan(-45_678)).toBe("-4.57万");
    expect(formatWan(99_999_999)).toBe("1.00亿");
    expect(formatYuanWan(1234.5)).toBe("¥1,234.50");
    expect(formatYuanWan(-35_200)).toBe("-¥3.52万");
    expect(formatVolume(8500)).toBe("8,500");
    expect(formatVolume(9999.7)).toBe("1.00万");
    expect(formatVolume(1_234_567)).toBe("123.46万");
    expect(formatVolumeAxis(35_000)).toBe("3.5万");
    expect(formatVolumeAxis(4_200_000)).toBe("420万");
    expect(formatVolumeAxis(125_000_000)).toBe("1.25亿");
    expect(formatVolumeAxis(800)).toBe("800");
  });

  it("writes signed percentages from ratios", () => {
    expect(formatPercent(0.1234)).toBe("+12.34%");
    expect(formatPercent(-0.05)).toBe("-5.00%");
    expect(formatPercent(0)).toBe("0.00%");
    expect(formatPercent(0.5625, { signed: false })).toBe("56.25%");
    expect(formatPercent(0.5, { decimals: 0, signed: false })).toBe("50%");
    expect(formatPercent(NaN)).toBe("—");
  });

  it("writes a win rate as an unsigned percentage, never like a return", () => {
    expect(formatRate(0.352)).toBe("35.20%");
    expect(formatRate(0)).toBe("0.00%");
    expect(formatRate(1)).toBe("100.00%");
    expect(formatRate(0.5, 1)).toBe("50.0%");
    expect(formatRate(1 + 1e-12)).toBe("100.00%");
    expect(formatRate(-1e-12)).toBe("0.00%");
    for (const bad of [NaN, Infinity, null, undefined, -0.1, 1.5]) expect(formatRate(bad)).toBe("—");
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (ratio) => {
        const text = formatRate(ratio);
        expect(text).toMatch(/^\d{1,3}\.\d{2}%$/);
        expect(Math.abs(Number(text.slice(0, -1)) - ratio * 100)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
  });

  it("quotes prices with 2 decimals, 3 when needed", () => {
    expect(formatQuote(10.5)).toBe("10.50");
    expect(formatQuote(1688)).toBe("1,688.00");
    expect(formatQuote(1.234)).toBe("1.234");
  });

  it("writes shares and days", () => {
    expect(formatShares(2000)).toBe("2,000股");
    expect(formatShares(125_000)).toBe("12.50万股");
    expect(formatDays(3)).toBe("3天");
    expect(formatDays(2.46)).toBe("2.5天");
    expect(formatDays(NaN)).toBe("—");
  });

  it("tells the tone of a figure (红涨绿跌 is up to the caller's colours)", () => {
    expect(pnlTone(12)).toBe("up");
    expect(pnlTone(-0.01)).toBe("down");
    expect(pnlTone(0.004)).toBe("flat");
    expect(pnlTone(NaN)).toBe("flat");
    expect(priceTone(0.001)).toBe("up");
    expect(priceTone(0)).toBe("flat");
  });

  it("shows the profit factor, ∞ without losses", () => {
    expect(formatProfitFactor(1.856)).toBe("1.86");
    expect(formatProfitFactor(Infinity)).toBe("∞");
    expect(formatProfitFactor("Infinity")).toBe("∞");
    expect(formatProfitFactor(null, { wins: 3, losses: 0 })).toBe("∞");
    expect(formatProfitFactor(null, { wins: 0, losses: 0 })).toBe("—");
    expect(formatProfitFactor(NaN)).toBe("—");
    expect(formatProfitFactor(2, { wins: 2, losses: 1 })).toBe("2.00");
  });

  it("reads figures JSON wrote as strings", () => {
    expect(looseNumber(0.5)).toBe(0.5);
    expect(looseNumber("Infinity")).toBe(Infinity);
    expect(looseNumber("-Infinity")).toBe(-Infinity);
    expect(looseNumber("NaN")).toBeNaN();
    expect(looseNumber(null)).toBeNaN();
    expect(looseNumber("1.25")).toBe(1.25);
  });

  it("takes the month of a date", () => {
    expect(monthOf("2024-03-15")).toBe("2024-03");
  });
});
