import fc from "fast-check";
import {
  DRILL_LOOKBACK_BARS, DRILL_REVEAL_BARS, MIN_DIFFER_SAMPLE, choiceReturn, drillProgress, masterChoice, parseDrillChoice, positionBefore, questionBars,
  revealBars, tradedBothWays, type DrillFill,
} from "./drill";
import { DrillAnswerInput, DrillParams } from "./drill-schemas";

const fill = (date: string, side: "buy" | "sell", quantity: number, price: number, time: string | null = "10:00:00"): DrillFill => ({ date, time, side, quantity, price });

describe("the master's position the evening before a drill's day", () => {
  it("holds the shares and the average cost of the fills before the day, never the day's own", () => {
    const fills = [fill("2024-03-01", "buy", 1000, 10), fill("2024-03-04", "buy", 1000, 12), fill("2024-03-05", "sell", 500, 13), fill("2024-03-06", "buy", 100, 20)];
    // 2,000 shares at 11.00 average; selling 500 keeps the average
    expect(positionBefore(fills, "2024-03-06")).toEqual({ shares: 1500, averageCost: 11 });
    expect(positionBefore(fills, "2024-03-05")).toEqual({ shares: 2000, averageCost: 11 });
    expect(positionBefore(fills, "2024-03-01")).toBeNull();
  });

  it("is empty after a sell-out, and of unknown cost when more was sold than the file shows bought", () => {
    expect(positionBefore([fill("2024-03-01", "buy", 500, 10), fill("2024-03-04", "sell", 500, 11)], "2024-03-05")).toBeNull();
    const held = [fill("2024-03-01", "sell", 300, 10), fill("2024-03-04", "buy", 200, 11)];
    expect(positionBefore(held, "2024-03-05")).toEqual({ shares: 200, averageCost: null });
  });
});

describe("the bars a question shows and the ones the answer reveals", () => {
  const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

  it("never shows a bar dated on or after the day, at most DRILL_LOOKBACK_BARS of them, oldest first", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 400 }), { maxLength: 300 }), fc.integer({ min: 0, max: 400 }), (offsets, cut) => {
        const bars = offsets.map((n) => ({ date: day(n) }));
        const shown = questionBars(bars, day(cut));
        expect(shown.every((b) => b.date < day(cut))).toBe(true);
        expect(shown.length).toBe(Math.min(DRILL_LOOKBACK_BARS, offsets.filter((n) => n < cut).length));
        expect(shown.map((b) => b.date)).toEqual([...shown.map((b) => b.date)].sort());
        // the newest ones: the last shown is the day's eve
        const eve = offsets.filter((n) => n < cut).sort((a, b) => b - a)[0];
        if (eve !== undefined) expect(shown[shown.length - 1]!.date).toBe(day(eve));
      }),
    );
  });

  it("reveals the day and the days after it, DRILL_REVEAL_BARS at most", () => {
    const bars = Array.from({ length: 12 }, (_, i) => ({ date: day(i) }));
    expect(revealBars(bars, day(3)).map((b) => b.date)).toEqual([3, 4, 5, 6, 7, 8].slice(0, DRILL_REVEAL_BARS).map(day));
    expect(revealBars(bars, day(20))).toEqual([]);
  });
});

describe("the answer key and the score", () => {
  it("takes the master's first fill of the day as his choice, and tells a 做T day", () => {
    const t = [fill("2024-03-05", "sell", 500, 11, "09:35:00"), fill("2024-03-05", "buy", 500, 10.6, "14:10:00")];
    expect(masterChoice(t)).toBe("sell");
    expect(tradedBothWays(t)).toBe(true);
    expect(tradedBothWays([fill("2024-03-05", "buy", 100, 10)])).toBe(false);
    expect(() => masterChoice([])).toThrow();
  });

  it("scores a 买入 from the day's open to the last revealed close, a 卖出 the opposite, 观望 nothing", () => {
    const reveal = [{ open: 10, close: 10.5 }, { open: 10.5, close: 11 }];
    expect(choiceReturn("buy", reveal)).toBe(0.1);
    expect(choiceReturn("sell", reveal)).toBe(-0.1);
    expect(choiceReturn("watch", reveal)).toBe(0);
    expect(choiceReturn("buy", [])).toBeNull();
  });

  it("counts agreement per master and names the 打法 where the member differs most, once it has enough answers", () => {
    const a = (masterGuid: string, play: string, agreed: boolean) => ({ masterGuid, play, agreed });
    const rows = [
      a("m1", "打板", false), a("m1", "打板", false), a("m1", "打板", true),
      a("m1", "低吸", true), a("m1", "低吸", true), a("m1", "低吸", false),
      a("m1", "半路", false), a("m1", "半路", false), // fewer than MIN_DIFFER_SAMPLE
      a("m2", "低吸", true),
    ];
    const progress = drillProgress(rows);
    expect(progress.overall).toEqual({ answered: 9, agreed: 4, rate: 4 / 9 });
    const m1 = progress.masters.find((m) => m.masterGuid === "m1")!;
    expect(m1.agreement).toEqual({ answered: 8, agreed: 3, rate: 3 / 8 });
    expect(MIN_DIFFER_SAMPLE).toBe(3);
    expect(m1.differsMost).toEqual({ play: "打板", agreement: { answered: 3, agreed: 1, rate: 1 / 3 } });
    expect(progress.masters.find((m) => m.masterGuid === "m2")!.differsMost).toBeNull();
    expect(drillProgress([]).overall.rate).toBeNull();
  });
});

describe("what a drill's routes accept", () => {
  it("reads the choice as the ids or the buttons' words, and refuses anything else in Chinese", () => {
    expect(parseDrillChoice("buy")).toBe("buy");
    expect(parseDrillChoice("卖出")).toBe("sell");
    expect(parseDrillChoice("观望")).toBe("watch");
    expect(parseDrillChoice("maybe")).toBeNull();
    expect(DrillAnswerInput.parse({ choice: "BUY", quantity: "1000" })).toEqual({ choice: "buy", quantity: 1000 });
    expect(DrillAnswerInput.parse({ choice: "watch" })).toEqual({ choice: "watch", quantity: null });
    const refused = DrillAnswerInput.safeParse({ choice: "all in" });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0]!.message).toBe("请选择买入、卖出或观望");
    expect(DrillAnswerInput.safeParse({ choice: "buy", quantity: -5 }).success).toBe(false);
  });

  it("never accepts a body that is not one of the three choices", () => {
    fc.assert(
      fc.property(fc.anything(), (choice) => {
        const parsed = DrillAnswerInput.safeParse({ choice });
        if (parsed.success) expect(["buy", "sell", "watch"]).toContain(parsed.data.choice);
      }),
    );
  });

  it("names a drill by a guid, a real date and a stock code, the exchange suffix dropped", () => {
    const guid = "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e";
    expect(DrillParams.parse({ guid: guid.toUpperCase(), date: "2024-05-06", symbol: "600519.SH" })).toEqual({ guid, date: "2024-05-06", symbol: "600519" });
    expect(DrillParams.safeParse({ guid, date: "2024-02-30", symbol: "600519" }).success).toBe(false);
    expect(DrillParams.safeParse({ guid: "x", date: "2024-05-06", symbol: "600519" }).success).toBe(false);
  });
});
