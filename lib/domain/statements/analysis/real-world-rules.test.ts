import type { Fill } from "@/lib/domain/statements/types";
import { analyzeStatement } from "./index";
import { event, fees, fill, hkFill, resetLines } from "./rows.test-support";

/** The rules of issue 21 on hand-built rows: 港股通 apart, unknown openings, allotments, share adjustments, tax. */

beforeEach(resetLines);

/** The analysis of a file of these fills and no other rows. */
const analyzeFills = (...fills: Fill[]) => analyzeStatement({ fills, events: [] });

describe("港股通 apart from the A-shares", () => {
  it("keeps HK trips in roundTrips but out of the A-share figures, with their own summary and currency", () => {
    const a = analyzeFills(
      fill({ date: "2024-03-01", side: "buy", quantity: 100, price: 10, fees: fees(5) }),
      fill({ date: "2024-03-04", side: "sell", quantity: 100, price: 11, fees: fees(5) }),
      // HKD 380 × 200 = 76,000 converted at 0.9: the file states 68,400.00 CNY
      hkFill({ date: "2024-03-01", side: "buy", quantity: 200, price: 380, amount: 68400, fees: fees(50) }),
      hkFill({ date: "2024-03-05", side: "sell", quantity: 200, price: 350, amount: 63000, fees: fees(60) }),
      hkFill({ date: "2024-03-05", side: "buy", quantity: 100, price: 350, amount: 31500, fees: fees(30) }),
    );
    expect(a.roundTrips.map((t) => [t.code, t.market, t.status, t.pnl])).toEqual([
      ["00700", "HK", "closed", -5510], // 63,000 − 68,400 − 110
      ["600000", "A", "closed", 90],
      ["00700", "HK", "open", -31530],
    ]);
    // the HK code is never padded to six digits
    expect(a.fills.filter((f) => f.market === "HK").every((f) => f.code === "00700" && f.style === null)).toBe(true);
    expect(a.summary).toMatchObject({ realizedPnl: 90, roundTrips: 1, wins: 1, losses: 0, totalFees: 10, turnover: 2100, openPositions: 0 });
    expect(a.perStock.map((p) => p.code)).toEqual(["600000"]);
    expect(a.monthly).toEqual([{ month: "2024-03", pnl: 90, roundTrips: 1, wins: 1 }]);
    expect(a.equityCurve).toEqual([{ date: "2024-03-04", cumulativePnl: 90 }]);
    expect(a.hk).not.toBeNull();
    expect(a.hk!.currency).toBe("CNY");
    // 68,400 + 63,000 + 31,500 = 162,900; fees 50 + 60 + 30
    expect(a.hk!.summary).toMatchObject({ realizedPnl: -5510, roundTrips: 1, wins: 0, losses: 1, totalFees: 140, turnover: 162900, openPositions: 1 });
    expect(a.hk!.perStock).toEqual([{ code: "00700", name: "腾讯控股", roundTrips: 1, wins: 0, pnl: -5510, fees: 140, turnover: 162900 }]);
    expect(a.openPositions).toEqual([
      {
        code: "00700", exchange: "HK", market: "HK", name: "腾讯控股", quantity: 100, cost: 31530, unknownQuantity: 0,
        openingUnknown: false, openDate: "2024-03-05", roundTrip: 2,
      },
    ]);
  });

  it("has no hk figures without an HK fill, and does not estimate HK fees by the A-share schedule", () => {
    expect(analyzeFills(fill({ date: "2024-03-01", side: "buy", quantity: 100, price: 10 })).hk).toBeNull();
    const a = analyzeStatement({
      fills: [hkFill({ date: "2024-03-01", side: "buy", quantity: 100, price: 300, amount: 30000, currency: "HKD", fxRate: null, fees: null })],
      events: [],
    });
    expect(a.fills[0]).toMatchObject({ feeTotal: 0, feesEstimated: true, feeBasis: "schedule" });
    expect(a.hk!.currency).toBe("HKD");
  });
});

describe("fee basis", () => {
  it("marks estimated fills 估 (schedule) and gives each trip the basis of its fills", () => {
    const a = analyzeFills(
      fill({ date: "2024-03-01", side: "buy", quantity: 100, price: 10, fees: fees(0, 0, 0, 5.1), feeBasis: "derived" }),
      fill({ date: "2024-03-04", side: "sell", quantity: 100, price: 11, fees: fees(0, 0, 0, 5.6), feeBasis: "derived" }),
      fill({ date: "2024-03-05", side: "buy", quantity: 100, price: 10, fees: null, feeBasis: "file" }),
      fill({ date: "2024-03-06", side: "sell", quantity: 100, price: 10, fees: fees(5) }),
    );
    expect(a.fills.map((f) => f.feeBasis)).toEqual(["derived", "derived", "schedule", "file"]);
    expect(a.roundTrips.map((t) => t.feeBasis)).toEqual(["derived", "mixed"]);
    expect(a.roundTrips[1]!.feesEstimated).toBe(true);
  });
});

describe("unknown openings from the share balance", () => {
  it("bonus shares written after a same-day buy are no unknown opening (the day's balance adds up)", () => {
    const a = analyzeStatement({
      fills: [
        fill({ date: "2024-03-01", side: "buy", quantity: 1000, price: 10, time: "10:00:00", shareBalance: 1000 }),
        fill({ date: "2024-03-04", side: "buy", quantity: 800, price: 10, time: "10:00:00", shareBalance: 1800 }),
        fill({ date: "2024-03-05", side: "sell", quantity: 2000, price: 11, time: "10:00:00", shareBalance: 0 }),
      ],
      // 10 送 1… booked after the 800 bought on the 4th, its balance counts them: 1,800 + 200 = 2,000
      events: [event({ date: "2024-03-04", kind: "bonus_shares", quantity: 200, shareBalance: 2000, raw: "红股入账" })],
    });
    expect(a.unknownOpenings).toEqual([]);
    // 22,000 − 18,000: the bonus shares cost nothing
    expect(a.roundTrips.map((t) => [t.quantity, t.realized, t.pnl])).toEqual([[2000, true, 4000]]);
  });

  it("a balance above what the file bought reveals shares held before: their trip is not realised", () => {
    const a = analyzeFills(
      // the file shows 1,500 held after buying 500: 1,000 were there before
      fill({ date: "2024-03-01", side: "buy", quantity: 500, price: 10, shareBalance: 1500 }),
      fill({ date: "2024-03-04", side: "sell", quantity: 1500, price: 11, shareBalance: 0 }),
      fill({ date: "2024-03-05", side: "buy", quantity: 100, price: 10, shareBalance: 100 }),
      fill({ date: "2024-03-06", side: "sell", quantity: 100, price: 12, shareBalance: 0 }),
    );
    expect(a.roundTrips.map((t) => [t.quantity, t.openingUnknown, t.realized, t.pnl])).toEqual([
      [1500, true, false, 11500], // cash 16,500 − 5,000: never a result
      [100, false, true, 200],
    ]);
    expect(a.unknownOpenings).toEqual([
      {
        code: "600000", exchange: "SH", market: "A", name: "浦发银行", quantity: 1000, line: 1, date: "2024-03-01",
        reason: "股份余额 1500 股，按导入的记录应为 500 股：1000 股导入前已持有，成本未知，该回合不计入已实现盈亏",
      },
    ]);
    expect(a.summary).toMatchObject({ realizedPnl: 200, roundTrips: 1, wins: 1 });
  });

  it("a first sell with a believed balance of 0 after it makes no trip, like any sell while nothing is held", () => {
    const a = analyzeFills(
      fill({ date: "2024-03-04", side: "sell", quantity: 300, price: 11, shareBalance: 0 }),
      fill({ date: "2024-03-05", side: "buy", quantity: 100, price: 10, shareBalance: 100 }),
      fill({ date: "2024-03-06", side: "sell", quantity: 300, price: 11, shareBalance: 0 }),
    );
    expect(a.fills[0]).toMatchObject({ roundTrip: null, unmatchedQuantity: 300 });
    expect(a.roundTrips).toEqual([expect.objectContaining({ openDate: "2024-03-05", quantity: 300, openingUnknown: true, realized: false })]);
    expect(a.unknownOpenings.map((u) => [u.line, u.quantity, u.reason])).toEqual([
      [1, 300, "卖出 300 股时没有买入记录：导入前已持有，成本未知，不计入已实现盈亏"],
      [3, 200, "卖出 300 股多于持仓 100 股：其余 200 股导入前已持有，成本未知，该回合不计入已实现盈亏"],
    ]);
  });

  it("a first sell leaving shares in the balance opens a trip of unknown cost that stays open", () => {
    const a = analyzeFills(fill({ date: "2024-03-04", side: "sell", quantity: 300, price: 11, shareBalance: 700 }));
    expect(a.roundTrips[0]).toMatchObject({ status: "open", openingUnknown: true, realized: false, sellAmount: 3300 });
    expect(a.openPositions[0]).toMatchObject({ quantity: 700, cost: 0, unknownQuantity: 700, openingUnknown: true });
    expect(a.unknownOpenings.map((u) => u.quantity)).toEqual([1000]);
    expect(a.fills[0]!.roundTrip).toBe(0);
  });

  it("ignores a balance column that is 0 everywhere (a scrubbed export) or disagrees with the quantities", () => {
    const zero = analyzeFills(
      fill({ date: "2024-03-01", side: "buy", quantity: 500, price: 10, shareBalance: 0 }),
      fill({ date: "2024-03-04", side: "sell", quantity: 500, price: 11, shareBalance: 0 }),
    );
    expect(zero.unknownOpenings).toEqual([]);
    expect(zero.roundTrips[0]).toMatchObject({ realized: true, pnl: 500 });

    // balances that never move by the row's quantity: not believed
    const noise = analyzeFills(
      fill({ date: "2024-03-01", side: "buy", quantity: 500, price: 10, shareBalance: 9000 }),
      fill({ date: "2024-03-04", side: "buy", quantity: 500, price: 10, shareBalance: 7000 }),
      fill({ date: "2024-03-05", side: "sell", quantity: 1000, price: 11, shareBalance: 8000 }),
    );
    expect(noise.unknownOpenings).toEqual([]);
    expect(noise.summary).toMatchObject({ realizedPnl: 1000, roundTrips: 1 });
  });
});

describe("share adjustments, transfers, allotments", () => {
  it("an ETF 份额合并 rescales the lots and keeps the cost", () => {
    const b = analyzeStatement({
      fills: [
        fill({ date: "2023-02-14", side: "buy", quantity: 600, price: 10.496, amount: 6297.6, fees: fees(0.38), code: "511030", name: "公司债" }),
        fill({ date: "2023-02-20", side: "sell", quantity: 60, price: 106, amount: 6360, fees: fees(0.4), code: "511030", name: "公司债" }),
      ],
      events: [event({ date: "2023-02-15", kind: "share_adjust", quantity: -540, code: "511030", name: "公司债", raw: "ETF份额合并" })],
    });
    expect(b.unknownOpenings).toEqual([]);
    // 6,360 − 6,297.60 − 0.78 = 61.62
    expect(b.roundTrips[0]).toMatchObject({ quantity: 600, status: "closed", realized: true, pnl: 61.62, closeDate: "2023-02-20" });
  });

  it("a 份额合并 on the day of the buy (华西) comes after it and leaves the new share count at the whole cost", () => {
    const a = analyzeStatement({
      fills: [fill({ date: "2023-02-14", side: "buy", quantity: 600, price: 10.496, amount: 6297.6, fees: fees(0.38), code: "511030", name: "公司债" })],
      events: [event({ date: "2023-02-14", kind: "share_adjust", quantity: -540, code: "511030", name: "公司债", raw: "ETF份额合并" })],
    });
    expect(a.unknownOpenings).toEqual([]);
    expect(a.openPositions).toEqual([
      expect.objectContaining({ code: "511030", quantity: 60, cost: 6297.98, unknownQuantity: 0, openingUnknown: false }),
    ]);
    expect(a.roundTrips[0]).toMatchObject({ status: "open", quantity: 600 });
  });

  it("a bond allotment joins its listing code when the shares arrive, at the cash paid", () => {
    const a = analyzeStatement({
      fills: [
        fill({ date: "2022-02-20", side: "sell", quantity: 10, price: 125, amount: 1250, fees: fees(0.2), code: "127053", exchange: "SZ", name: "豪美转债" }),
      ],
      events: [
        event({ date: "2022-01-26", kind: "allotment", code: "072988", exchange: "SZ", name: "豪美发债", quantity: 0, amount: -1000, raw: "配债缴款" }),
        event({ date: "2022-01-27", kind: "allotment", code: "072988", exchange: "SZ", name: "豪美发债", quantity: 10, amount: 0, raw: "配债" }),
        event({ date: "2022-02-15", kind: "shares_in", code: "127053", exchange: "SZ", name: "豪美转债", quantity: 10, raw: "新增证券" }),
      ],
    });
    expect(a.pendingAllotments).toEqual([]);
    expect(a.unknownOpenings).toEqual([]);
    // 1,250 − 1,000 − 0.20
    expect(a.roundTrips).toEqual([
      expect.objectContaining({ code: "127053", openDate: "2022-02-15", quantity: 10, buyAmount: 1000, sellAmount: 1250, pnl: 249.8, realized: true }),
    ]);
    expect(a.summary.realizedPnl).toBe(249.8);
    // allotment rows are never fills or trips
    expect(a.fills).toHaveLength(1);
  });

  it("an allotment joins a 新增证券 row (海通: no name to compare) by quantity and exchange", () => {
    const a = analyzeStatement({
      fills: [fill({ date: "2024-09-20", side: "sell", quantity: 10, price: 120, amount: 1200, fees: fees(0.2), code: "113052", name: "兴业转债" })],
      events: [
        event({ date: "2024-08-20", kind: "allotment", code: "783166", name: "鼎胜发债", quantity: 10, amount: -1000, raw: "买" }),
        event({ date: "2024-09-10", kind: "shares_in", code: "113052", name: "新增证券", quantity: 10, raw: "新增证券" }),
      ],
    });
    expect(a.pendingAllotments).toEqual([]);
    expect(a.unknownOpenings).toEqual([]);
    expect(a.roundTrips[0]).toMatchObject({ code: "113052", name: "兴业转债", openDate: "2024-09-10", buyAmount: 1000, pnl: 199.8, realized: true });
  });

  it("an allotment joins the first sell of its listing code when the file has no arrival row", () => {
    const a = analyzeStatement({
      fills: [fill({ date: "2022-02-21", side: "sell", quantity: 10, price: 116.25, amount: 1162.5, fees: fees(0.2), code: "113052", name: "兴业转债" })],
      events: [
        event({ date: "2022-01-05", kind: "allotment", code: "783166", name: "兴业配债", quantity: 10, amount: -1000, raw: "配债" }),
      ],
    });
    expect(a.roundTrips[0]).toMatchObject({ buyAmount: 1000, sellAmount: 1162.5, pnl: 162.3, realized: true });
    expect(a.fills[0]!.roundTrip).toBe(0);
  });

  it("an allotment that lists as an IPO fill is consumed without counting its cost twice", () => {
    const a = analyzeStatement({
      fills: [
        fill({ date: "2024-05-10", side: "buy", quantity: 500, price: 10, kind: "ipo", code: "603999", name: "读者传媒", raw: "新股入帐" }),
        fill({ date: "2024-05-13", side: "sell", quantity: 500, price: 14, code: "603999", name: "读者传媒" }),
      ],
      events: [event({ date: "2024-05-06", kind: "allotment", code: "732999", name: "读者申购", quantity: 500, amount: -5000, raw: "中签缴款" })],
    });
    expect(a.pendingAllotments).toEqual([]);
    expect(a.roundTrips[0]).toMatchObject({ buyAmount: 5000, pnl: 2000 });
  });

  it("中信's 中签 / 扣款 / 托管转出 / 缴款 / 回冲 rows are one allotment, consumed by the 新股入帐 of the bond", () => {
    const bond = { code: "783158", exchange: "SH", name: "渝水发债" } as const;
    const a = analyzeStatement({
      fills: [
        fill({ date: "2025-02-12", side: "buy", quantity: 10, price: 100, amount: 1000, kind: "ipo", code: "113070", name: "渝水转债", raw: "新股入帐" }),
        fill({ date: "2025-02-20", side: "sell", quantity: 10, price: 118, amount: 1180, fees: fees(0.1), code: "113070", name: "渝水转债" }),
      ],
      events: [
        event({ date: "2025-01-10", kind: "allotment", ...bond, quantity: 10, raw: "市值申购中签" }),
        event({ date: "2025-01-13", kind: "allotment", ...bond, amount: -1000, raw: "市值申购中签扣款" }),
        event({ date: "2025-01-14", kind: "shares_out", ...bond, quantity: 10, raw: "托管转出" }),
        event({ date: "2025-01-14", kind: "allotment", ...bond, quantity: 10, amount: -1000, raw: "新股申购确认缴款" }),
        event({ date: "2025-01-14", kind: "allotment", ...bond, amount: 1000, raw: "市值申购中签扣款回冲" }),
      ],
    });
    expect(a.pendingAllotments).toEqual([]);
    expect(a.unknownOpenings).toEqual([]);
    expect(a.unmatched).toEqual([]);
    // the IPO fill already costs the issue price: 1,180 − 1,000 − 0.10
    expect(a.roundTrips).toEqual([expect.objectContaining({ code: "113070", buyAmount: 1000, pnl: 179.9, realized: true })]);
  });

  it("a listing named by its code joins on quantity and exchange; a fully refunded subscription is dropped", () => {
    const a = analyzeStatement({
      fills: [
        fill({ date: "2025-03-31", side: "buy", quantity: 10, price: 100, amount: 1000, kind: "ipo", code: "123254", exchange: "SZ", name: "123254", raw: "新股入帐" }),
      ],
      events: [
        event({ date: "2025-03-25", kind: "allotment", code: "370014", exchange: "SZ", name: "亿纬发债", quantity: 10, amount: -1000, raw: "新股申购确认缴款" }),
        event({ date: "2025-05-27", kind: "allotment", code: "920027", exchange: "BJ", name: "交大铁发", quantity: 13000, amount: -114530, raw: "新股申购" }),
        event({ date: "2025-05-28", kind: "allotment", code: "920027", exchange: "BJ", name: "交大铁发", quantity: -13000, amount: 114530, raw: "申购返款" }),
      ],
    });
    expect(a.pendingAllotments).toEqual([]);
    expect(a.openPositions).toEqual([expect.objectContaining({ code: "123254", quantity: 10, cost: 1000 })]);
  });

  it("an allotment that never lists stays pending, cost net of refunds; a different name stem does not join", () => {
    const a = analyzeStatement({
      fills: [fill({ date: "2022-02-20", side: "sell", quantity: 10, price: 125, code: "113052", name: "兴业转债" })],
      events: [
        event({ date: "2022-01-26", kind: "allotment", code: "072988", exchange: "SZ", name: "豪美发债", amount: -1000, raw: "申购扣款" }),
        event({ date: "2022-01-27", kind: "allotment", code: "072988", exchange: "SZ", name: "豪美发债", quantity: 10, raw: "中签" }),
        event({ date: "2022-01-28", kind: "allotment", code: "072988", exchange: "SZ", name: "豪美发债", amount: 0.5, raw: "回冲" }),
      ],
    });
    expect(a.pendingAllotments).toEqual([{ code: "072988", exchange: "SZ", name: "豪美发债", quantity: 10, cost: 999.5, date: "2022-01-26", line: 2 }]);
    expect(a.roundTrips).toEqual([]);
    expect(a.unknownOpenings.map((u) => u.code)).toEqual(["113052"]);
  });

  it("a transfer out beyond the position lists the rest as held before; nothing held makes no trip", () => {
    const a = analyzeStatement({
      fills: [fill({ date: "2024-06-03", side: "buy", quantity: 100, price: 10 })],
      events: [
        event({ date: "2024-06-10", kind: "shares_out", quantity: 300, raw: "托管转出" }),
        event({ date: "2024-06-11", kind: "shares_out", quantity: 50, raw: "托管转出" }),
      ],
    });
    expect(a.roundTrips).toHaveLength(1);
    expect(a.roundTrips[0]).toMatchObject({ status: "transferred", openingUnknown: true, realized: false, quantity: 300 });
    expect(a.unknownOpenings.map((u) => [u.quantity, u.reason])).toEqual([
      [200, "托管转出 300 股多于持仓 100 股：其余 200 股导入前已持有，成本未知，该回合不计入已实现盈亏"],
      [50, "托管转出 50 股时没有持仓：导入前已持有，成本未知，不计入已实现盈亏"],
    ]);
  });
});

describe("dividend tax booked after the sale", () => {
  it("goes to the trip that held the shares at the dividend even when a new trip has opened", () => {
    const a = analyzeStatement({
      fills: [
        fill({ date: "2024-06-03", side: "buy", quantity: 1000, price: 10 }),
        fill({ date: "2024-07-01", side: "sell", quantity: 1000, price: 10 }),
        fill({ date: "2024-07-02", side: "buy", quantity: 1000, price: 10 }),
      ],
      events: [
        event({ date: "2024-06-20", kind: "dividend", quantity: 1000, amount: 200, raw: "红利入账" }),
        event({ date: "2024-07-03", kind: "dividend_tax", amount: -20, raw: "股息红利差异扣税" }),
      ],
    });
    expect(a.roundTrips.map((t) => [t.dividends, t.dividendTax, t.pnl])).toEqual([
      [200, 20, 180],
      [0, 0, -10000],
    ]);
    expect(a.unmatched).toEqual([]);
  });

  it("without a dividend in the file, goes to the latest trip of the code closed on or before the tax date", () => {
    const a = analyzeStatement({
      fills: [
        fill({ date: "2024-06-03", side: "buy", quantity: 100, price: 10 }),
        fill({ date: "2024-06-05", side: "sell", quantity: 100, price: 11 }),
        fill({ date: "2024-06-10", side: "buy", quantity: 100, price: 10 }),
        fill({ date: "2024-06-12", side: "sell", quantity: 100, price: 11 }),
      ],
      events: [event({ date: "2024-06-14", kind: "dividend_tax", amount: -3.5, raw: "股息红利差异扣税" })],
    });
    expect(a.roundTrips.map((t) => t.dividendTax)).toEqual([0, 3.5]);
    expect(a.summary.realizedPnl).toBe(196.5);
    expect(a.unmatched).toEqual([]);
  });
});

describe("share adjustment rounding", () => {
  it("rescales many small lots without any going negative", () => {
    const a = analyzeStatement({
      fills: [1, 2, 3, 4].map((d) => fill({ date: `2024-03-0${d}`, side: "buy", quantity: 1, price: 10, code: "510300", name: "沪深300ETF" })),
      events: [event({ date: "2024-03-05", kind: "share_adjust", quantity: -2, code: "510300", name: "沪深300ETF", raw: "份额合并" })],
    });
    // 4 shares → 2, cost 40 unchanged; selling 1 takes the oldest non-empty lot
    expect(a.openPositions[0]).toMatchObject({ quantity: 2, cost: 40 });
  });
});

describe("a file without fills", () => {
  it("holds a trip opened by a share event to the last event date", () => {
    const a = analyzeStatement({
      fills: [],
      events: [
        event({ date: "2024-01-02", kind: "shares_in", quantity: 100, raw: "托管转入" }),
        event({ date: "2024-01-05", kind: "dividend", quantity: 100, amount: 12, raw: "红利入账" }),
        event({ date: "2024-01-08", kind: "bonus_shares", quantity: 20, raw: "红股入账" }),
      ],
    });
    // 01-03, 01-04, 01-05, 01-08
    expect(a.roundTrips).toEqual([expect.objectContaining({ status: "open", openingUnknown: true, quantity: 120, dividends: 12, holdingDays: 4 })]);
    expect(a.openPositions[0]).toMatchObject({ quantity: 120, unknownQuantity: 100, cost: 0 });
    expect(a.summary.realizedPnl).toBe(0);
  });
});
