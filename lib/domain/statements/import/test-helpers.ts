/**
 * Small builders for the import tests: statements written as text from a header and rows given by column name.
 * Test support only (imported by *.test.ts).
 */

export const THS_HEADER = ["成交日期", "成交时间", "证券代码", "证券名称", "操作", "成交数量", "成交均价", "成交金额", "发生金额", "手续费", "印花税", "过户费", "资金余额"];

export type Cells = Record<string, string | number | undefined>;

export function table(header: readonly string[], rows: readonly Cells[], sep = "\t"): string {
  const lines = [header.join(sep)];
  for (const r of rows) lines.push(header.map((h) => (r[h] === undefined ? "" : String(r[h]))).join(sep));
  return lines.join("\r\n") + "\r\n";
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A buy or sell row in the THS layout with its 发生金额 worked out; fees in yuan. */
export function trade(
  side: "buy" | "sell",
  date: string,
  code: string,
  qty: number,
  price: number,
  fees: { commission?: number; stamp?: number; transfer?: number } = {},
  more: Cells = {},
): Cells {
  const amount = Math.round(price * qty * 100);
  const fee = Math.round(((fees.commission ?? 5) + (fees.stamp ?? 0) + (fees.transfer ?? 0)) * 100);
  const net = side === "buy" ? -(amount + fee) : amount - fee;
  return {
    成交日期: date.replace(/-/g, ""),
    成交时间: "10:00:00",
    证券代码: code,
    证券名称: `股票${code}`,
    操作: side === "buy" ? "证券买入" : "证券卖出",
    成交数量: qty,
    成交均价: price.toFixed(2),
    成交金额: (amount / 100).toFixed(2),
    发生金额: (net / 100).toFixed(2),
    手续费: (fees.commission ?? 5).toFixed(2),
    印花税: (fees.stamp ?? 0).toFixed(2),
    过户费: (fees.transfer ?? 0).toFixed(2),
    ...more,
  };
}

/**
 * A large, valid THS-layout statement of `rows` rows: round trips over 200 stocks, each bought one day and sold the
 * next (150,000 rows ≈ 15 MB of UTF-8). Test support for the statement parser's thread pool.
 */
export function largeStatement(rows: number): Uint8Array {
  const lines = [THS_HEADER.join("\t")];
  const firstDay = Date.UTC(2010, 0, 4);
  const ymd = (day: number) => new Date(firstDay + day * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < rows; i += 1) {
    const pair = Math.floor(i / 2);
    const sell = i % 2 === 1;
    const day = Math.floor(pair / 20) + (sell ? 1 : 0);
    const row = trade(sell ? "sell" : "buy", ymd(day), String(600000 + (pair % 200)), 100 * (1 + (pair % 9)), 10 + (pair % 50) + (sell ? 0.5 : 0));
    lines.push(THS_HEADER.map((h) => (row[h] === undefined ? "" : String(row[h]))).join("\t"));
  }
  return utf8(lines.join("\r\n") + "\r\n");
}
