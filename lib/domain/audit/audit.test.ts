import fc from "fast-check";
import { defaultCalendar } from "@/lib/domain/market/calendar";
import { estimateFees } from "@/lib/domain/market/fees";
import type { DailyBar } from "@/lib/domain/market/types";
import { auditFills } from "@/lib/domain/audit/audit";
import { summarize, type AuditedFill } from "@/lib/domain/audit/types";

/** 招商银行 (600036) in March 2024 as a provider gives it: unadjusted, 昨收 included. */
const DAYS = defaultCalendar.tradingDays("2024-03-01", "2024-03-29");
const BARS: DailyBar[] = DAYS.map((date, i) => {
  const close = 30 + i * 0.1;
  return { code: "600036", date, open: close - 0.05, high: close + 0.3, low: close - 0.3, close, volume: 50_000_000, amount: null, preClose: i === 0 ? 29.9 : 30 + (i - 1) * 0.1 };
});
const barOn = (date: string) => BARS.find((b) => b.date === date)!;
const round2 = (n: number) => Math.round(n * 100) / 100;

function fill(p: Partial<AuditedFill> & Pick<AuditedFill, "date" | "side" | "quantity" | "price">, line: number): AuditedFill {
  const amount = round2(p.price * p.quantity);
  return {
    line, time: "10:00:00", code: "600036", exchange: "SH", market: "A", name: "招商银行", amount,
    fees: estimateFees(p.side, amount, p.date), feeBasis: "file", shareBalance: null, kind: "trade", ...p,
  };
}

const audit = (fills: AuditedFill[], bars: DailyBar[] = BARS) => auditFills({ fills, calendar: defaultCalendar, barsOf: (code) => (code === "600036" ? bars : undefined) });
const rulesOf = (fills: AuditedFill[], bars?: DailyBar[]) => audit(fills, bars).map((a) => a.failures.map((f) => f.rule));

describe("a forged statement: one fill breaking each rule, each named with its numbers", () => {
  const honest = (date: string, side: "buy" | "sell", line: number, extra: Partial<AuditedFill> = {}) => fill({ date, side, quantity: 1000, price: barOn(date).close, ...extra }, line);

  it("not-trading-day: a Saturday", () => {
    const [a] = audit([fill({ date: "2024-03-02", side: "buy", quantity: 100, price: 30 }, 1)]);
    expect(a).toEqual({ status: "failed", failures: [{ rule: "not-trading-day", message: "2024-03-02 不是交易日（交易所休市）" }] });
  });

  it("suspended: a one-day hole in the stock's bars", () => {
    const hole = BARS.filter((b) => b.date !== "2024-03-13");
    expect(rulesOf([honest("2024-03-12", "buy", 1), fill({ date: "2024-03-13", side: "sell", quantity: 1000, price: 31 }, 2)], hole)).toEqual([[], ["suspended"]]);
  });

  it("suspended: a day of a longer suspension the provider lists (Tushare suspend_d), and only a day without a bar", () => {
    const suspended = new Set(["2024-03-13", "2024-03-14", "2024-03-15"]);
    const bars = BARS.filter((b) => !suspended.has(b.date));
    const audits = auditFills({
      fills: [fill({ date: "2024-03-14", side: "buy", quantity: 100, price: 31 }, 1), honest("2024-03-12", "buy", 2)],
      calendar: defaultCalendar,
      barsOf: () => bars,
      suspendedOn: (code, date) => code === "600036" && (suspended.has(date) || date === "2024-03-12"),
    });
    expect(audits[0]).toEqual({ status: "failed", failures: [{ rule: "suspended", message: "2024-03-14 这只股票全天停牌（行情源的停牌记录），当天没有成交" }] });
    // a day with a bar traded, whatever a suspension list says (a suspension for part of the day)
    expect(audits[1]!.status).toBe("passed");
    // without the list, the middle of a three-day gap is no proof: unverifiable
    expect(audit([fill({ date: "2024-03-14", side: "buy", quantity: 100, price: 31 }, 1)], bars)[0]!.status).toBe("unverifiable");
  });

  it("name-at-date: an old name after a rename, judged only by names the history knows", () => {
    const spans = [{ name: "深发展A", from: "1991-04-03", to: "2012-08-01" }, { name: "平安银行", from: "2012-08-02", to: null }];
    const run = (rows: { date: string; name: string }[]) =>
      auditFills({
        fills: rows.map((r, i) => ({ ...fill({ date: r.date, side: "buy", quantity: 100, price: 30 }, i + 1), code: "000001", exchange: "SZ", name: r.name })),
        calendar: defaultCalendar,
        barsOf: () => undefined,
        namesOf: (code) => (code === "000001" ? spans : undefined),
      }).map((a) => a.failures.filter((f) => f.rule === "name-at-date").map((f) => f.message));
    expect(run([{ date: "2013-03-04", name: "深发展Ａ" }, { date: "2011-03-01", name: "深发展A" }])).toEqual([
      ["证券名称“深发展Ａ”是 1991-04-03 至 2012-08-01 间的名称，2013-03-04 时这只股票名为“平安银行”"],
      [],
    ]);
    // the name of its day, cut short or with a day mark (XD), an abbreviation the history does not know: no alarm
    expect(run([{ date: "2013-03-04", name: "XD平安银" }, { date: "2013-03-05", name: "平银" }])).toEqual([[], []]);
    // today's name on every row of the code: the export shows current names, not a forgery
    expect(run([{ date: "2011-03-01", name: "平安银行" }, { date: "2013-03-04", name: "平安银行" }])).toEqual([[], []]);
    // today's name on an old row while the file wrote the old name elsewhere: the file contradicts itself
    expect(run([{ date: "2011-03-01", name: "平安银行" }, { date: "2011-03-02", name: "深发展A" }])[0]).toEqual([
      "证券名称“平安银行”是 2012-08-02 起的名称，2011-03-01 时这只股票名为“深发展A”",
    ]);
  });

  it("outside-session: 12:15, lunch break", () => {
    const [a] = audit([honest("2024-03-04", "buy", 1, { time: "12:15:00" })]);
    expect(a?.failures).toEqual([{ rule: "outside-session", message: "成交时间 12:15:00 不在交易时段内（集合竞价 09:25、连续竞价 09:30–11:30 和 13:00–15:00）" }]);
  });

  it("price-outside-range: 30.60 above the day's high", () => {
    const bar = barOn("2024-03-04");
    const [a] = audit([fill({ date: "2024-03-04", side: "buy", quantity: 100, price: 30.6 }, 1)]);
    expect(a?.failures).toEqual([{ rule: "price-outside-range", message: `成交价 30.60 高于当日最高 ${bar.high.toFixed(2)}` }]);
  });

  it("beyond-limit: above the limit-up price as well as the high", () => {
    const bar = barOn("2024-03-05");
    // 昨收 30.00 × 1.1 = 33.00
    const [a] = audit([fill({ date: "2024-03-05", side: "buy", quantity: 100, price: 33.5 }, 1)]);
    expect(a?.failures.map((f) => f.rule)).toEqual(["beyond-limit", "price-outside-range"]);
    expect(a?.failures[0]?.message).toBe(`成交价 33.50 高于涨停价 33.11（昨收 ${bar.preClose!.toFixed(2)}，涨跌幅 10%）`);
  });

  it("beyond-limit: the exchange's stated limit prices (Tushare stk_limit) are judged instead of the rules' — an ST stock's 5%", () => {
    // 昨收 30.00 on an ST day: the exchange's 31.50, where the main board's 10% would allow 33.00
    const limitsOn = (code: string, date: string) => (code === "600036" && date === "2024-03-05" ? { up: 31.5, down: 28.5 } : undefined);
    const [above, inside] = auditFills({
      fills: [fill({ date: "2024-03-05", side: "buy", quantity: 100, price: 31.6 }, 1), fill({ date: "2024-03-05", side: "buy", quantity: 100, price: 30.5 }, 2)],
      calendar: defaultCalendar,
      barsOf: () => BARS.map((b) => (b.date === "2024-03-05" ? { ...b, high: 31.7 } : b)),
      limitsOn,
    });
    expect(above!.failures).toEqual([{ rule: "beyond-limit", message: "成交价 31.60 高于当日涨停价 31.50（交易所公布的涨跌停价）" }]);
    expect(inside!.status).toBe("passed");
  });

  it("lot-size: 150 shares bought on the main board; 科创板 199", () => {
    expect(rulesOf([honest("2024-03-04", "buy", 1, { quantity: 150 })])).toEqual([["lot-size"]]);
    const [star] = auditFills({ fills: [fill({ date: "2024-03-04", side: "buy", quantity: 199, price: 50, code: "688981", name: "中芯国际" }, 1)], calendar: defaultCalendar, barsOf: () => undefined });
    expect(star?.failures).toEqual([{ rule: "lot-size", message: "买入 199 股：科创板买入至少 200 股" }]);
  });

  it("t-plus-one: shares bought and sold the same day with none held before (the balances say so)", () => {
    const rules = rulesOf([
      honest("2024-03-04", "buy", 1, { shareBalance: 1000 }),
      honest("2024-03-04", "sell", 2, { shareBalance: 0 }),
    ]);
    expect(rules).toEqual([[], ["t-plus-one"]]);
  });

  it("no T+1 alarm for shares held before the day, sold and bought back (做T), in either file order", () => {
    const rows = [
      honest("2024-03-04", "buy", 1, { shareBalance: 1000 }),
      honest("2024-03-05", "sell", 2, { shareBalance: 0 }),
      honest("2024-03-05", "buy", 3, { shareBalance: 1000 }),
    ];
    expect(rulesOf(rows)).toEqual([[], [], []]);
    const newestFirst = [...rows].reverse().map((r, i) => ({ ...r, line: i + 1 }));
    expect(rulesOf(newestFirst)).toEqual([[], [], []]);
  });

  it("volume-exceeded: more shares than the stock traded that day", () => {
    const thin = BARS.map((b) => (b.date === "2024-03-04" ? { ...b, volume: 500 } : b));
    expect(rulesOf([honest("2024-03-04", "buy", 1)], thin)).toEqual([["volume-exceeded"]]);
  });

  it("fee-mismatch: 印花税 on a buy; 印花税 at the old rate; a commission above 千分之三 + 5", () => {
    const buy = honest("2024-03-04", "buy", 1);
    const sell = honest("2024-03-25", "sell", 2);
    const [onBuy, oldRate, tooMuch] = audit([
      { ...buy, fees: { ...buy.fees!, stampDuty: 30.2 } },
      // 0.1% of the amount, the rate before 2023-08-28
      { ...sell, fees: { ...sell.fees!, stampDuty: round2(sell.amount * 0.001) } },
      { ...buy, line: 3, fees: { ...buy.fees!, commission: 200 } },
    ]);
    expect(onBuy?.failures).toEqual([{ rule: "fee-mismatch", message: "2024-03-04 买入不收印花税，文件记印花税 30.20 元" }]);
    // 1,000 × 31.60 (the close of 2024-03-25) = 31,600.00; 0.05% = 15.80
    expect(oldRate?.failures[0]?.message).toBe("印花税 31.60 元，按 2024-03-25 的税率（0.50‰）成交金额 31600.00 元应为 15.80 元");
    // 1,000 × 30.10 = 30,100.00; 0.3% = 90.30, + 5
    expect(tooMuch?.failures[0]?.message).toBe("佣金 200.00 元，超过成交金额 30100.00 元的千分之三加 5 元（95.30 元）");
  });

  it("balance-chain: a quantity edited so the balances no longer follow", () => {
    const rules = rulesOf([
      honest("2024-03-04", "buy", 1, { shareBalance: 1000 }),
      honest("2024-03-05", "buy", 2, { shareBalance: 2000 }),
      honest("2024-03-06", "buy", 3, { shareBalance: 3000 }),
      // written as 5,000 shares bought, the balance moved by 1,000
      honest("2024-03-07", "buy", 4, { quantity: 5000, shareBalance: 4000 }),
      honest("2024-03-08", "sell", 5, { quantity: 4000, shareBalance: 0 }),
    ]);
    expect(rules).toEqual([[], [], [], ["balance-chain"], []]);
  });

  it("a fill without its day's bar is unverifiable, never passed; a 港股通 fill too", () => {
    const audits = audit([honest("2024-03-04", "buy", 1), { ...honest("2024-03-04", "buy", 2), code: "00700", market: "HK", exchange: "HK" }], BARS.filter((b) => b.date !== "2024-03-04" && b.date !== "2024-03-01"));
    expect(audits.map((a) => a.status)).toEqual(["unverifiable", "unverifiable"]);
    expect(summarize(audits)).toEqual({ checkedFills: 2, verifiedFills: 0, unverifiable: 2, failedFills: 0 });
  });
});

describe("honest statements (property)", () => {
  const dayIndex = fc.integer({ min: 1, max: DAYS.length - 1 });
  const inside = fc.tuple(dayIndex, fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 50 })).map(([d, at, lots]) => {
    const bar = BARS[d]!;
    return { date: bar.date, price: round2(bar.low + (bar.high - bar.low) * at), quantity: lots * 100 };
  });

  it("fills drawn inside the day's range, in lots, in session, with the date's fees, all pass", () => {
    fc.assert(
      fc.property(fc.array(inside, { minLength: 1, maxLength: 20 }), (drawn) => {
        const fills = drawn.map((d, i) => fill({ date: d.date, side: "buy", quantity: d.quantity, price: d.price }, i + 1));
        expect(audit(fills).every((a) => a.status === "passed")).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("a price nudged outside the day's range always fails", () => {
    fc.assert(
      fc.property(inside, fc.integer({ min: 2, max: 300 }), fc.boolean(), (d, ticks, up) => {
        const bar = barOn(d.date);
        const price = round2(up ? bar.high + ticks / 100 : bar.low - ticks / 100);
        const [a] = audit([fill({ date: d.date, side: "buy", quantity: d.quantity, price }, 1)]);
        expect(a?.failures.map((f) => f.rule)).toContain("price-outside-range");
      }),
      { numRuns: 200 },
    );
  });
});
