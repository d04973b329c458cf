import fc from "fast-check";
import { isRepoCode, isSubscriptionCode } from "@/lib/domain/market/codes";
import { buildFixtures } from "@/lib/domain/statements/fixtures/build";
import { encodeGbk } from "@/lib/domain/statements/fixtures/gbk";
import { readStatement } from "@/lib/domain/statements/import";
import { THS_HEADER, table, trade, utf8 } from "@/lib/domain/statements/import/test-helpers";
import { StatementRejected, type Fill } from "@/lib/domain/statements/types";

/** Either a report or a StatementRejected: anything else thrown is a bug. */
function readsOrRejects(bytes: Uint8Array): boolean {
  try {
    const report = readStatement(bytes, "fuzz", { timeLimitMs: 60_000 });
    return report.rowCount === report.fills.length + report.events.length + report.skipped.length + mergedRows(report.warnings);
  } catch (error) {
    if (error instanceof StatementRejected) return typeof error.message === "string" && error.message.length > 0;
    throw error;
  }
}

/** rows merged into another (split subscription rows) are counted in rowCount but produce nothing of their own */
function mergedRows(warnings: readonly string[]): number {
  return warnings.filter((w) => w.includes("拆成的两行")).length;
}

const fixtures = buildFixtures();
const PARAMS = { numRuns: 200 };

describe("hostile input", () => {
  it("arbitrary bytes never throw anything but StatementRejected", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 3000 }), readsOrRejects), PARAMS);
  });

  it("arbitrary bytes behind a zip signature never throw anything but StatementRejected", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 2000 }), (tail) => readsOrRejects(new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...tail]))), PARAMS);
  });

  it("damaged fixtures (text and xlsx) never throw anything but StatementRejected", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...fixtures),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 20 }),
        fc.option(fc.nat(), { nil: undefined }),
        (fixture, flips, cut) => {
          const bytes = fixture.bytes.slice(0, cut === undefined ? undefined : cut % (fixture.bytes.length + 1));
          for (const [at, value] of flips) if (bytes.length > 0) bytes[at % bytes.length] = value;
          return readsOrRejects(bytes);
        },
      ),
      PARAMS,
    );
  });

  it("statements of random cells under a real header never throw anything but StatementRejected", () => {
    const cell = fc.oneof(
      fc.constantFrom("", "--", '=""', '="600036"', "证券买入", "证券卖出", "银行转证券", "中签缴款", "新股入账", "融券回购", "红股入账", "204001", "783166", "732001", "0", "-0", "1e308", "NaN", "20240230", "20241301093015", "45355", "93015", "1,000.00", "人民币", "美元", "合计", "共达电声",
        "valueOf", "constructor", "__proto__"),
      fc.string({ maxLength: 12 }),
      fc.double({ noNaN: true }).map(String),
      fc.integer().map(String),
    );
    const header = [...THS_HEADER, "资金余额", "余额", "总费用", "净佣金", "币种", "股东代码", "交易市场"];
    fc.assert(
      fc.property(fc.array(fc.array(cell, { maxLength: header.length + 2 }), { maxLength: 40 }), fc.boolean(), (rows, gbk) => {
        const text = [header.join("\t"), ...rows.map((r) => r.join("\t"))].join("\n");
        let bytes: Uint8Array;
        try {
          bytes = gbk ? encodeGbk(text) : utf8(text);
        } catch {
          bytes = utf8(text);
        }
        return readsOrRejects(bytes);
      }),
      PARAMS,
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Well-formed statements

const CODES = ["600036", "000001", "300750", "688981", "002415", "601318", "000858", "510300"];

interface GenTrade {
  side: "buy" | "sell";
  date: string;
  time: string;
  code: string;
  name: string;
  qty: number;
  /** in mills (0.001 yuan) */
  priceMills: number;
  commission: number;
  stamp: number;
  transfer: number;
}

const genTrade: fc.Arbitrary<GenTrade> = fc.record({
  side: fc.constantFrom("buy" as const, "sell" as const),
  date: fc.date({ min: new Date("2015-01-01T00:00:00Z"), max: new Date("2025-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  time: fc.tuple(fc.integer({ min: 9, max: 14 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 })).map(([h, m, s]) => [h, m, s].map((n) => String(n).padStart(2, "0")).join(":")),
  code: fc.constantFrom(...CODES),
  name: fc.stringMatching(/^[\u4e00-\u9fa5A-Z](?:[\u4e00-\u9fa5A-Z ,"]{0,6}[\u4e00-\u9fa5A-Z])?$/),
  qty: fc.integer({ min: 1, max: 2000 }).map((n) => n * 100),
  priceMills: fc.integer({ min: 10, max: 3_000_000 }),
  commission: fc.integer({ min: 0, max: 50_000 }),
  stamp: fc.integer({ min: 0, max: 50_000 }),
  transfer: fc.integer({ min: 0, max: 5_000 }),
});

const yuan = (fen: number) => `${fen < 0 ? "-" : ""}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, "0")}`;
const priceText = (mills: number) => `${Math.floor(mills / 1000)}.${String(mills % 1000).padStart(3, "0")}`;
/** price × quantity in fen, half away from zero */
const amountFen = (t: GenTrade) => Math.floor((t.priceMills * t.qty + 5) / 10);
const netFen = (t: GenTrade) => {
  const fees = t.commission + t.stamp + t.transfer;
  return t.side === "buy" ? -(amountFen(t) + fees) : amountFen(t) - fees;
};

/** A generic CSV writer: RFC 4180 quoting where needed. */
function writeCsv(header: readonly string[], rows: readonly Record<string, string>[]): string {
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [header.map(quote).join(","), ...rows.map((r) => header.map((h) => quote(r[h] ?? "")).join(","))].join("\r\n");
}

/** The fee totals of every reading: all columns, or all but some non-zero ones (never every non-zero one). */
function readingsOf(columns: readonly number[]): number[] {
  const nonZero = columns.filter((c) => c > 0);
  const all = nonZero.reduce((a, b) => a + b, 0);
  const totals = [all];
  for (let mask = 1; mask < 1 << nonZero.length; mask += 1) {
    if (mask === (1 << nonZero.length) - 1) continue;
    totals.push(all - nonZero.reduce((sum, c, i) => (mask & (1 << i) ? sum + c : sum), 0));
  }
  return totals;
}

const GENERIC_HEADER = ["日期", "时间", "代码", "名称", "买卖方向", "数量", "价格", "成交金额", "发生金额", "佣金", "印花税", "过户费"];

function csvRow(t: GenTrade): Record<string, string> {
  return {
    日期: t.date,
    时间: t.time,
    代码: t.code,
    名称: t.name,
    买卖方向: t.side === "buy" ? "买入" : "卖出",
    数量: String(t.qty),
    价格: priceText(t.priceMills),
    成交金额: yuan(amountFen(t)),
    发生金额: yuan(netFen(t)),
    佣金: yuan(t.commission),
    印花税: yuan(t.stamp),
    过户费: yuan(t.transfer),
  };
}

/** what a fill must be, line aside */
const key = (f: Fill) =>
  JSON.stringify([f.date, f.time, f.code, f.exchange, f.name, f.side, f.quantity, f.price, f.amount, f.fees, f.netAmount, f.kind, f.raw]);
const sortedKeys = (fills: readonly Fill[]) => fills.map(key).sort();

describe("well-formed statements", () => {
  it("round-trip through a generic CSV writer, in any column order", () => {
    fc.assert(
      fc.property(fc.array(genTrade, { minLength: 1, maxLength: 30 }), fc.shuffledSubarray(GENERIC_HEADER, { minLength: GENERIC_HEADER.length }), (trades, header) => {
        const report = readStatement(utf8(writeCsv(header, trades.map(csvRow))), "generic.csv");
        expect(report.format).toBe("generic");
        expect(report.skipped).toEqual([]);
        expect(report.fills.map((f) => [f.line, f.date, f.time, f.code, f.name, f.side, f.quantity, f.price, f.amount, f.netAmount, f.fees])).toEqual(
          trades.map((t, i) => [
            i + 2,
            t.date,
            t.time,
            t.code,
            t.name,
            t.side,
            t.qty,
            t.priceMills / 1000,
            amountFen(t) / 100,
            netFen(t) / 100,
            { commission: t.commission / 100, stampDuty: t.stamp / 100, transferFee: t.transfer / 100, other: 0 },
          ]),
        );
        expect(report.warnings).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  const thsText = (trades: readonly GenTrade[]) =>
    table(
      THS_HEADER,
      trades.map((t) => ({
        ...trade(t.side, t.date, t.code, t.qty, 1),
        成交时间: t.time,
        证券名称: t.name.replace(/[",]/g, "股"),
        成交均价: priceText(t.priceMills),
        成交金额: yuan(amountFen(t)),
        发生金额: yuan(netFen(t)),
        手续费: yuan(t.commission),
        印花税: yuan(t.stamp),
        过户费: yuan(t.transfer),
      })),
    );

  it("give the same fills whatever the order of the data rows", () => {
    fc.assert(
      fc.property(fc.array(genTrade, { minLength: 1, maxLength: 25 }).chain((ts) => fc.tuple(fc.constant(ts), fc.shuffledSubarray(ts, { minLength: ts.length }))), ([trades, shuffled]) => {
        const a = readStatement(encodeGbk(thsText(trades)), "a.xls");
        const b = readStatement(encodeGbk(thsText(shuffled)), "b.xls");
        expect(sortedKeys(b.fills)).toEqual(sortedKeys(a.fills));
        expect(a.fills).toHaveLength(trades.length);
      }),
      { numRuns: 100 },
    );
  });

  it("give the same fills when split into two files", () => {
    fc.assert(
      fc.property(fc.array(genTrade, { minLength: 2, maxLength: 25 }), fc.nat(), (trades, at) => {
        const cut = 1 + (at % (trades.length - 1));
        const whole = readStatement(encodeGbk(thsText(trades)), "all.xls");
        const first = readStatement(encodeGbk(thsText(trades.slice(0, cut))), "1.xls");
        const second = readStatement(encodeGbk(thsText(trades.slice(cut))), "2.xls");
        expect(sortedKeys([...first.fills, ...second.fills])).toEqual(sortedKeys(whole.fills));
      }),
      { numRuns: 100 },
    );
  });
});

describe("issue 21: codes, 港股通, derived fees, reconciliation", () => {
  const SH_PREFIXES = ["6", "9", "5", "11", "132", "204", "7"];
  const header = [...THS_HEADER, "股东代码", "交易市场"];

  it("a code that lost its zeros: 港股通 (five digits) or A-share (six), never an HK code padded to six", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999 }),
        fc.boolean(),
        fc.constantFrom("", "沪HK", "深HK"),
        (n, shanghai, market) => {
          const written = String(n);
          const six = written.padStart(6, "0");
          // subscription and repo codes become events, not fills (tested elsewhere)
          fc.pre(!isSubscriptionCode(six) && !isRepoCode(six));
          const row = trade("buy", "2024-03-04", written, 100, 10, {}, { 股东代码: shanghai ? "A123456789" : "0123456789", 交易市场: market });
          const fill = readStatement(utf8(table(header, [row])), "t.txt").fills[0];
          // the rule, restated: an HK market, or five digits off a Shenzhen account, or a short code on a Shanghai
          // account whose six-digit padding is no Shanghai code
          const hk =
            market !== "" || (written.length === 5 && shanghai) || (shanghai && !SH_PREFIXES.some((p) => six.startsWith(p)));
          expect(fill).toMatchObject(hk ? { code: written.padStart(5, "0"), exchange: "HK", market: "HK" } : { code: six, market: "A" });
          expect(fill?.code).toMatch(fill?.market === "HK" ? /^\d{5}$/ : /^\d{6}$/);
        },
      ),
      { numRuns: 300 },
    );
  });

  const LSCJ = ["成交日期", "证券代码", "证券名称", "买卖标志", "成交价格", "成交数量", "成交金额", "清算金额"];

  it("derived fees (no fee columns): |net| − amount for a buy, amount − net for a sell; a negative one is never silent", () => {
    fc.assert(
      fc.property(genTrade, fc.integer({ min: -2_000, max: 50_000 }), (t, feeFen) => {
        const amount = amountFen(t);
        const net = t.side === "buy" ? -(amount + feeFen) : amount - feeFen;
        fc.pre(net !== 0); // a 清算金额 of 0 states no cash
        const row = { 成交日期: t.date.replace(/-/g, ""), 证券代码: t.code, 证券名称: "股票", 买卖标志: t.side === "buy" ? "证券买入" : "证券卖出", 成交价格: priceText(t.priceMills), 成交数量: t.qty, 成交金额: yuan(amount), 清算金额: yuan(net) };
        const report = readStatement(utf8(table(LSCJ, [row])), "t.txt");
        const fill = report.fills[0];
        // a buy's net may be written unsigned, so its size is what counts: when fees below −amount make a buy's net
        // positive, the derived fee is |net| − amount, not feeFen
        const derived = t.side === "buy" ? Math.abs(net) - amount : amount - net;
        if (derived >= 0) {
          expect(fill).toMatchObject({ feeBasis: "derived", fees: { commission: 0, stampDuty: 0, transferFee: 0, other: derived / 100 } });
        } else {
          expect(fill).toMatchObject({ feeBasis: "schedule", fees: null });
          expect(report.warnings.join()).toContain(`第2行：清算金额 ${yuan(net)} 与成交金额 ${yuan(amount)} 推算出的费用为负（${yuan(derived)}）`);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("fee columns and net cash: listed as unreconciled exactly when they are off, by how much", () => {
    fc.assert(
      fc.property(genTrade, fc.integer({ min: -300, max: 300 }), (t, offFen) => {
        const writtenNet = netFen(t) + (t.side === "buy" ? -offFen : offFen);
        // A net cash of exactly 0 reads as "not written" (brokers leave it 0 for non-cash rows), so nothing is checked.
        fc.pre(writtenNet !== 0);
        const cells = csvRow(t);
        const report = readStatement(utf8(writeCsv(GENERIC_HEADER, [{ ...cells, 发生金额: yuan(writtenNet) }])), "t.csv");
        const fees = t.commission + t.stamp + t.transfer;
        expect(report.fills).toHaveLength(1);
        // a fee column written twice or inside another is left out when that explains the net cash (docs/adr/0074)
        const explained = readingsOf([t.commission, t.stamp, t.transfer]).some((kept) => {
          const expected = t.side === "buy" ? -(amountFen(t) + kept) : amountFen(t) - kept;
          return writtenNet === expected || -writtenNet === expected;
        });
        expect(report.unreconciled).toEqual(
          explained ? [] : [{ line: 2, amount: amountFen(t) / 100, fees: fees / 100, netAmount: writtenNet / 100, difference: offFen / 100 }],
        );
      }),
      { numRuns: 200 },
    );
  });
});
