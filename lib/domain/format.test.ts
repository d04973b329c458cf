import { formatDate, formatDateTime, formatPrice, formatYuanFromFen, maskContact } from "./format";

describe("formatting", () => {
  it("shows dates and times in Asia/Shanghai whatever the server zone", () => {
    expect(formatDate(new Date("2026-11-20T16:30:00Z"))).toBe("2026-11-21");
    expect(formatDateTime(new Date("2026-11-20T16:30:05Z"))).toBe("2026-11-21 00:30:05");
  });

  it("writes CNY with thousands separators from fen", () => {
    expect(formatYuanFromFen(123456)).toBe("¥1,234.56");
    expect(formatYuanFromFen(109800)).toBe("¥1,098.00");
    expect(formatYuanFromFen(-5)).toBe("-¥0.05");
  });

  it("writes price tags without .00 for whole yuan", () => {
    expect(formatPrice(6800)).toBe("¥68");
    expect(formatPrice(109800)).toBe("¥1,098");
    expect(formatPrice(6267)).toBe("¥62.67");
  });

  it("masks other people's contacts", () => {
    expect(maskContact("13800138000")).toBe("138****8000");
    expect(maskContact("trader@example.com")).toBe("tr***@example.com");
    expect(maskContact("老韭菜")).toBe("老*菜");
  });
});
