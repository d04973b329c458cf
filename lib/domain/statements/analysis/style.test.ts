import { CHASE_MIN_PCT, HALFWAY_MIN_PCT, holdingBucketOf, styleOf, timeOfDayOf } from "./style";

describe("style thresholds", () => {
  it("are the documented +5% and +2%", () => {
    expect([CHASE_MIN_PCT, HALFWAY_MIN_PCT]).toEqual([5, 2]);
  });

  it("tag a buy by its change against the previous close", () => {
    // 科创板 ±20% from 20.00: limit 24.00
    expect(styleOf("688001", "2024-03-05", "华兴源创", 24, 20)).toBe("打板");
    expect(styleOf("688001", "2024-03-05", "华兴源创", 21, 20)).toBe("追涨"); // +5%
    expect(styleOf("688001", "2024-03-05", "华兴源创", 20.99, 20)).toBe("半路");
    expect(styleOf("688001", "2024-03-05", "华兴源创", 20.39, 20)).toBe("低吸"); // +1.95%
    // 北交所 ±30% from 3.35: limit 4.355 → 4.36
    expect(styleOf("920163", "2025-11-03", "方大新材", 4.36, 3.35)).toBe("打板");
    // ST main board: ±5% until 2026-07-03, ±10% from 2026-07-06
    expect(styleOf("600001", "2026-07-03", "*ST某", 10.5, 10)).toBe("打板");
    expect(styleOf("600001", "2026-07-06", "*ST某", 10.5, 10)).toBe("追涨");
    // N: listing day, no limit
    expect(styleOf("600001", "2024-03-05", "N某某", 14.4, 10)).toBe("追涨");
    expect(styleOf("600001", "2024-03-05", "某某", 11, null)).toBe("未知");
  });
});

describe("time of day", () => {
  it("puts buy times into the trading-session buckets", () => {
    const cases: [string | null, string][] = [
      ["09:15:00", "集合竞价"], ["09:29:59", "集合竞价"], ["09:30:00", "09:30–10:00"], ["09:59:59", "09:30–10:00"],
      ["10:00:00", "10:00–11:30"], ["11:30:02", "10:00–11:30"], ["13:00:00", "13:00–14:00"], ["14:00:00", "14:00–15:00"],
      ["15:00:00", "14:00–15:00"], ["15:30:00", "14:00–15:00"], ["15:30:01", "未知"], ["00:00:00", "未知"], [null, "未知"], ["93015", "未知"],
    ];
    for (const [time, bucket] of cases) expect(timeOfDayOf(time)).toBe(bucket);
  });
});

describe("holding buckets", () => {
  it("split trading days at 0, 1, 3, 5, 10 and 20", () => {
    const cases: [number, string][] = [
      [0, "当日"], [1, "1天"], [2, "2–3天"], [3, "2–3天"], [4, "4–5天"], [5, "4–5天"], [6, "6–10天"], [10, "6–10天"],
      [11, "11–20天"], [20, "11–20天"], [21, "20天以上"], [300, "20天以上"],
    ];
    for (const [days, label] of cases) expect(holdingBucketOf(days)).toBe(label);
  });
});
