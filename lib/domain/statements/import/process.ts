import {
  codeDigits,
  exchangeOf,
  hongKongCode,
  isHongKongMarketText,
  isRepoCode,
  isShanghaiAccount,
  isShanghaiCode,
  isSubscriptionCode,
  normalizeCode,
} from "@/lib/domain/market/codes";
import type { Currency, Exchange, Market } from "@/lib/domain/market/types";
import {
  decimalToFen,
  EMPTY_NUMBER,
  fenToYuan,
  numberText,
  parseDate,
  parseNumber,
  parseTime,
  roundDecimalText,
  roundTo,
  stripCell,
  type NumberCell,
} from "@/lib/domain/statements/import/cells";
import { classifyBusiness, isBareSide, isBlankSide, NON_TRADE_KINDS, type Classified } from "@/lib/domain/statements/import/classify";
import type { ColumnMap, Field } from "@/lib/domain/statements/import/header";
import type { RawRow } from "@/lib/domain/statements/import/table";
import {
  StatementRejected,
  type EventKind,
  type FeeBasis,
  type Fill,
  type FillFees,
  type ImportLimits,
  type SkippedRow,
  type StatementEvent,
  type UnreconciledFill,
} from "@/lib/domain/statements/types";

/**
 * Data rows → fills, events and skipped rows (research A.8), with the file-level checks: 发生金额 against 成交金额 and
 * fees, and the running 资金余额.
 */

/** Rows between two looks at the clock. */
export const CLOCK_EVERY = 512;
/** Per-row warnings of one kind shown before the rest are only counted. */
const WARNING_CAP = 20;

export interface ProcessOptions {
  limits: ImportLimits;
  clock: () => number;
  startedAt: number;
}

export interface ProcessResult {
  rowCount: number;
  fills: Fill[];
  events: StatementEvent[];
  skipped: SkippedRow[];
  warnings: string[];
  feeBasis: FeeBasis | "mixed";
  unreconciled: UnreconciledFill[];
}

/** A security as identified on a row: 港股通 codes keep their five digits. */
export interface SecurityId {
  code: string;
  exchange: Exchange;
  market: Market;
  /** an A-share subscription / allotment code (配债, 发债, 申购): its rows are allotment events */
  subscription: boolean;
}

class Skip extends Error {}

/** Everything of one data row that the classification needs, parsed once. */
interface Row {
  line: number;
  /** the stripped cells */
  cells: string[];
  business: string;
  classified: Classified;
  date: string | null;
  time: string | null;
  codeText: string;
  name: string;
  quantity: NumberCell;
  price: NumberCell;
  amount: NumberCell;
  cash: NumberCell;
  /** 备注 as written, "" when absent */
  remark: string;
  /** the row names Hong Kong somewhere (market, currency, 港股通 in business or 备注, a 汇率) */
  hkSign: boolean;
  /** currency of the row's money as its 币种 says (CNY when absent) */
  currency: Currency;
  /** HKD→CNY rate from the 汇率 column or 备注 (`汇率:0.933580`), null when none */
  fxRate: number | null;
  /** the second half of a split subscription row, merged in */
  mergedLine?: number;
}

/** shared by every row no business column names */
const UNKNOWN_BUSINESS: Classified = Object.freeze({ type: "unknown" });

function timeout(limits: ImportLimits, rows: number): StatementRejected {
  return new StatementRejected(
    "timeout",
    "读取交割单超时，文件可能过大或格式异常。请缩短导出的时间范围后重试。",
    `reading exceeded ${limits.timeLimitMs} ms after ${rows} data rows`,
  );
}

function tooManyRows(limits: ImportLimits): StatementRejected {
  return new StatementRejected(
    "too_many_rows",
    `交割单行数过多（超过 ${limits.maxRows.toLocaleString("en-US")} 行）。请按年份分开导出后再上传。`,
    `more than ${limits.maxRows} data rows`,
  );
}

const SUMMARY_LINE = /^(?:合计|总计|小计|汇总|共计?\s*\d+\s*[条笔行项]|本页|以下|注[:：]|说明|备注[:：]|查询|打印|导出)/;
const HKD_TEXT = /港币|港元|HKD/i;
const USD_TEXT = /美元|USD/i;
const REMARK_RATE = /汇率[:：]\s*(\d+(?:\.\d+)?)/;

function currencyOfText(text: string): Currency {
  if (text === "") return "CNY";
  if (HKD_TEXT.test(text)) return "HKD";
  if (USD_TEXT.test(text)) return "USD";
  return "CNY";
}

/** A usable HKD→CNY rate: positive and not the 1.0 an RMB row carries in a 结算汇率 column. */
function usableRate(value: number): number | null {
  return Number.isFinite(value) && value > 0 && value !== 1 ? value : null;
}
const yuan = (n: number) => n.toFixed(2);

class WarningLog {
  readonly lines: string[] = [];
  private readonly counts = new Map<string, number>();
  add(group: string, text: string): void {
    const n = (this.counts.get(group) ?? 0) + 1;
    this.counts.set(group, n);
    if (n <= WARNING_CAP) this.lines.push(text);
  }
  note(text: string): void {
    this.lines.push(text);
  }
  finish(): string[] {
    for (const [group, n] of this.counts) {
      if (n > WARNING_CAP) this.lines.push(`另有 ${n - WARNING_CAP} 行${group}，未逐一列出。`);
    }
    return this.lines;
  }
}

export function processRows(map: ColumnMap, rows: Iterable<RawRow>, options: ProcessOptions): ProcessResult {
  const { limits, clock, startedAt } = options;
  const f = map.fields;
  const header = (field: Field, fallback: string) => {
    const at = f[field];
    return at === undefined ? fallback : map.names[at] || fallback;
  };
  const dateName = header("date", "日期");
  const qtyName = header("quantity", "成交数量");
  const priceName = header("price", "成交价格");
  const amountName = header("amount", "成交金额");
  const cashName = header("cash", "发生金额");
  const codeName = header("code", "证券代码");
  const balanceName = header("balance", "资金余额");
  const dateHeaderName = f.date !== undefined ? map.names[f.date] : undefined;
  const hasFees = map.fees.length > 0 || f.totalFee !== undefined;

  const warn = new WarningLog();
  const skipped: SkippedRow[] = [];
  const deferred: Row[] = [];
  /** per data row, in file order: fen of 发生金额 and of each balance-like column, for the balance check */
  const balanceRows: BalanceRows = { lines: [], nets: [], balances: [] };
  let rowCount = 0;

  const classifyCache = new Map<string, Classified>();
  const classify = (text: string): Classified => {
    let c = classifyCache.get(text);
    if (!c) {
      c = classifyBusiness(text);
      if (classifyCache.size < 10_000) classifyCache.set(text, c);
    }
    return c;
  };
  const codeCache = new Map<string, string | null>();
  const idCache = new Map<string, SecurityId>();
  /** the digits as written (`700`, `00700`, `600519`), cached */
  const digitsOf = (text: string): string | null => {
    let c = codeCache.get(text);
    if (c === undefined) {
      c = codeDigits(text);
      if (codeCache.size < 100_000) codeCache.set(text, c);
    }
    return c;
  };
  const codeText = (text: string): string | null => {
    const digits = digitsOf(text);
    return digits === null ? null : digits.padStart(6, "0");
  };
  const detailCache = new Map<string, boolean>();
  /** no security, a repo or a subscription code: a bare 买入/卖出 on it says nothing of what the row is */
  const needsDetail = (text: string): boolean => {
    let d = detailCache.get(text);
    if (d === undefined) {
      const six = text === "" ? null : codeText(text);
      d = six === null || isRepoCode(six) || isSubscriptionCode(six);
      if (detailCache.size < 100_000) detailCache.set(text, d);
    }
    return d;
  };
  const isSubscriptionText = (text: string): boolean => {
    if (text === "") return false;
    const code = codeText(text);
    return code !== null && isSubscriptionCode(code);
  };
  const bareCache = new Map<string, boolean>();
  const bare = (text: string): boolean => {
    let b = bareCache.get(text);
    if (b === undefined) {
      b = isBareSide(text);
      if (bareCache.size < 10_000) bareCache.set(text, b);
    }
    return b;
  };
  const blank = (text: string): boolean => isBlankSide(text);
  const hkMarketCache = new Map<string, boolean>();
  const hkMarket = (text: string): boolean => {
    let b = hkMarketCache.get(text);
    if (b === undefined) {
      b = isHongKongMarketText(text);
      if (hkMarketCache.size < 1_000) hkMarketCache.set(text, b);
    }
    return b;
  };
  const dateCache = new Map<string, string | null>();
  const dateOf = (text: string): string | null => {
    let d = dateCache.get(text);
    if (d === undefined) {
      d = parseDate(text);
      if (dateCache.size < 100_000) dateCache.set(text, d);
    }
    return d;
  };
  /** balance-like columns: the named one, then the ambiguous ones */
  const balanceColumns = [
    ...(f.balance !== undefined ? [{ index: f.balance, name: header("balance", "资金余额"), ambiguous: false }] : []),
    ...map.ambiguousBalance.map((a) => ({ ...a, ambiguous: true })),
  ];

  const used = [
    ...new Set([
      ...(Object.values(f) as number[]),
      ...map.sideColumns,
      ...map.fees.map((c) => c.index),
      ...map.ambiguousBalance.map((c) => c.index),
    ]),
  ];

  const cellAt = (cells: readonly string[], field: Field): string => {
    const at = f[field];
    return at === undefined ? "" : (cells[at] ?? "");
  };
  const num = (cells: readonly string[], field: Field): NumberCell =>
    f[field] === undefined ? EMPTY_NUMBER : parseNumber(cellAt(cells, field));

  const fills: Fill[] = [];
  const events: StatementEvent[] = [];
  const payments: { row: Row; fill: Fill }[] = [];
  const arrivals: { row: Row; rights: boolean }[] = [];
  let feeRowsMerged = 0;
  let feeRowsTotal = 0;
  const unreconciled: UnreconciledFill[] = [];
  let feeRowsSeparate = 0;
  const signChecks: SignChecks = { lines: [], buys: [], flipped: [] };

  const value = (cell: NumberCell, label: string): number | null => {
    if (cell.kind === "bad") throw new Skip(`${label}不是数字：“${cell.raw}”`);
    return cell.kind === "ok" ? cell.value : null;
  };
  const money = (cell: NumberCell, label: string): number | null => {
    if (cell.kind === "bad") throw new Skip(`${label}不是数字：“${cell.raw}”`);
    return cell.kind === "ok" ? fenToYuan(fen(cell.text)) : null;
  };

  const dateReason = (row: Row): string => {
    const text = cellAt(row.cells, "date");
    return text ? `${dateName}不是日期：“${text}”` : `缺少${dateName}`;
  };

  /**
   * The security of a row. 港股通 (five digits, exchange and market "HK") when: the code is written as five digits
   * with a leading zero (`09988`: an A-share that lost zeros loses all of them); five digits without one (`72988`, a
   * 072988 that lost one zero) or fewer only with a Hong Kong sign on the row or on a Shanghai account whose six-digit
   * padding is no Shanghai code (counter exports drop the zeros: 700 on A… is 00700, 961 on a Shenzhen account is
   * 000961).
   */
  const codeOf = (row: Row): SecurityId | null => {
    if (row.codeText === "") return null;
    const digits = digitsOf(row.codeText);
    if (!digits) return null;
    const account = cellAt(row.cells, "account");
    const market = cellAt(row.cells, "market");
    // only the first letter of the 股东代码 matters
    const key = `${digits}|${account.charAt(0)}|${market}|${row.hkSign ? 1 : 0}`;
    let id = idCache.get(key);
    if (!id) {
      const six = digits.padStart(6, "0");
      let hk: boolean;
      if (digits.length === 5 && digits.charCodeAt(0) === 0x30) hk = true;
      else if (digits.length <= 5) hk = row.hkSign || (isShanghaiAccount(account) && !isShanghaiCode(six));
      else hk = row.hkSign && digits.startsWith("0") && isHongKongMarketText(market);
      const hkCode = hk ? hongKongCode(digits) : null;
      if (hkCode) {
        id = { code: hkCode, exchange: "HK", market: "HK", subscription: false };
      } else {
        let exchange = exchangeOf(six, { shareholderAccount: account || null, market: market || null });
        if (exchange === "HK") exchange = exchangeOf(six, { shareholderAccount: account || null });
        id = { code: six, exchange, market: "A", subscription: isSubscriptionCode(six) };
      }
      if (idCache.size < 100_000) idCache.set(key, id);
    }
    return id;
  };

  // Fee columns, resolved once: positions of the names the rules below talk about.
  const feeAt = (n: string) => map.fees.find((c) => c.name === n)?.index;
  const plan = {
    yong: feeAt("佣金"),
    shou: feeAt("手续费"),
    net: feeAt("净佣金"),
    jing: feeAt("经手费"),
    zheng: feeAt("证管费"),
    gui: feeAt("交易规费"),
    stamp: map.fees.filter((c) => c.bucket === "stampDuty"),
    transfer: map.fees.filter((c) => c.bucket === "transferFee"),
    other: map.fees.filter((c) => c.bucket === "other"),
  };
  const feeFen = (cells: readonly string[], index: number | undefined, label: string): number => {
    if (index === undefined) return 0;
    const text = numberText(cells[index] ?? "");
    if (text === null) throw new Skip(`${label}不是数字：“${cells[index]}”`);
    return text === "" ? 0 : Math.abs(fen(text));
  };
  const sumFen = (cells: readonly string[], cols: readonly { index: number; name: string }[]): number => {
    let total = 0;
    for (const col of cols) total += feeFen(cells, col.index, col.name);
    return total;
  };

  /**
   * Fees of a row. 佣金 and 手续费 holding the same number are one charge. When they differ, the reading closest to
   * 发生金额 wins among: commission = 佣金 (also the choice without 发生金额); 佣金 + 手续费 as a separate other
   * charge; commission = 手续费 (a total that includes 佣金). 净佣金 excludes 经手费/证管费, so those are added to it; with 佣金
   * they are taken as included unless 发生金额 says otherwise. 总费用, when present, is the total that counts.
   */
  const feesOf = (row: Row, amountFen: number | null, side: "buy" | "sell" | null, netFen: number | null): FillFees | null => {
    if (!hasFees) return null;
    const cells = row.cells;
    const stamp = sumFen(cells, plan.stamp);
    const transfer = sumFen(cells, plan.transfer);
    let other = sumFen(cells, plan.other);
    const exchangeFees = feeFen(cells, plan.jing, "经手费") + feeFen(cells, plan.zheng, "证管费");
    if (plan.gui !== undefined && exchangeFees > 0 && feeFen(cells, plan.gui, "交易规费") === exchangeFees) other -= exchangeFees;
    const y = feeFen(cells, plan.yong, "佣金");
    const s = feeFen(cells, plan.shou, "手续费");
    // the readings (commission, other, separate) in order; most rows have one, which needs no object
    let commission: number;
    let candidates: FeeReading[] | null = null;
    const otherParts = stamp + transfer + other;
    if (plan.yong !== undefined && plan.shou !== undefined && otherParts > 0 && s === y + otherParts) {
      // 手续费 is the total of 佣金 and the other charges (a column some owners add): counted through its parts
      commission = y;
      feeRowsTotal += 1;
    } else if (plan.yong !== undefined && plan.shou !== undefined) {
      if (y === s || s === 0 || y === 0) {
        commission = Math.max(y, s);
        if (y === s && y > 0) feeRowsMerged += 1;
      } else {
        commission = y;
        candidates = [
          { commission: y, other, separate: false },
          { commission: y, other: other + s, separate: true },
          { commission: s, other, separate: false },
        ];
      }
    } else if (plan.yong !== undefined || plan.shou !== undefined) {
      commission = y + s;
      if (exchangeFees > 0) candidates = [{ commission: y + s, other, separate: false }, { commission: y + s + exchangeFees, other, separate: false }];
    } else {
      commission = feeFen(cells, plan.net, "净佣金") + exchangeFees;
    }
    if (candidates !== null && amountFen !== null && side !== null && netFen !== null && netFen !== 0) {
      let chosen = candidates[0] as FeeReading;
      // the reading closest to 发生金额 wins (the earlier one on a tie), if it is within the tolerance at all
      let bestError = Infinity;
      for (const c of candidates) {
        const total = c.commission + stamp + transfer + c.other;
        const expected = side === "buy" ? amountFen + total : amountFen - total;
        const error = Math.abs(Math.abs(netFen) - expected);
        if (error < bestError && error <= toleranceFen(amountFen)) {
          chosen = c;
          bestError = error;
        }
      }
      if (chosen.separate) feeRowsSeparate += 1;
      commission = chosen.commission;
      other = chosen.other;
    }
    if (f.totalFee !== undefined) {
      const totalCell = parseNumber(cellAt(cells, "totalFee"));
      if (totalCell.kind === "bad") throw new Skip(`${header("totalFee", "总费用")}不是数字：“${totalCell.raw}”`);
      const total = totalCell.kind === "ok" ? Math.abs(fen(totalCell.text)) : null;
      const parts = commission + stamp + transfer + other;
      if (total !== null && total !== parts) {
        const rest = total - stamp - transfer - other;
        if (rest >= 0) {
          if (map.fees.some((c) => c.bucket === "commission")) {
            warn.add("费用明细与总费用不符", `第${row.line}行：费用明细合计 ${yuan(fenToYuan(parts))} 与总费用 ${yuan(fenToYuan(total))} 不符，按总费用计。`);
          }
          commission = rest;
        } else {
          warn.add("费用明细与总费用不符", `第${row.line}行：费用明细合计 ${yuan(fenToYuan(parts))} 大于总费用 ${yuan(fenToYuan(total))}，按明细计。`);
        }
      }
    }
    return { commission: fenToYuan(commission), stampDuty: fenToYuan(stamp), transferFee: fenToYuan(transfer), other: fenToYuan(other) };
  };

  const shareBalanceOf = (row: Row): number | null => {
    if (f.shareBalance === undefined) return null;
    // the text, not a NumberCell: one object fewer per row
    const text = numberText(cellAt(row.cells, "shareBalance"));
    if (text === null || text === "") return null;
    const shares = +text;
    return shares === 0 ? 0 : shares;
  };

  /** The 资金余额 cell's decimal text, "" when empty or absent; a Skip when it is no number. */
  const balanceTextOf = (row: Row): string => {
    if (f.balance === undefined) return "";
    const raw = cellAt(row.cells, "balance");
    const text = numberText(raw);
    if (text === null) throw new Skip(`${balanceName}不是数字：“${stripCell(raw)}”`);
    return text;
  };

  /** 新股入账 rows of 中信 say what was paid in 备注: `认购金额:1000.00` / `成交金额:1000.00`. */
  const remarkAmount = (row: Row): number | null => {
    const m = /(?:认购金额|成交金额)[:：]\s*(\d+(?:\.\d+)?)/.exec(row.remark);
    return m ? fenToYuan(fen(m[1] as string)) : null;
  };

  const buildTrade = (row: Row, side: "buy" | "sell", kind: "trade" | "ipo", reference?: Row, known?: SecurityId | null): Fill => {
    if (!row.date) throw new Skip(dateReason(row));
    if (f.code === undefined) throw new Skip(`文件没有证券代码列，无法确定“${row.name || row.business}”的代码`);
    if (row.codeText === "") throw new Skip(`${row.business}缺少${codeName}`);
    const id = known ?? codeOf(row);
    if (!id) throw new Skip(`${codeName}无法识别：“${row.codeText}”`);
    const qtyRaw = value(row.quantity, qtyName);
    const quantity = qtyRaw === null ? 0 : Math.abs(qtyRaw);
    if (quantity === 0) throw new Skip(`${row.business}的${qtyName}为 0`);
    let price = value(row.price, priceName);
    let amount = money(row.amount, amountName);
    const cash = money(row.cash, cashName);
    price = price === null ? null : Math.abs(price);
    amount = amount === null ? null : Math.abs(amount);
    if (kind === "ipo") {
      const refPrice = reference ? value(reference.price, priceName) : null;
      const refAmount = reference ? money(reference.amount, amountName) : null;
      const refCash = reference ? money(reference.cash, cashName) : null;
      if (!price && refPrice) price = Math.abs(refPrice);
      if (!amount) amount = remarkAmount(row);
      if (!amount && refAmount) amount = Math.abs(refAmount);
      if (!price && !amount) {
        const cashValue = cash || refCash;
        if (cashValue) amount = Math.abs(cashValue);
      }
    }
    if (!price && !amount) {
      throw new Skip(kind === "ipo" ? `${row.business}缺少发行价，也没有找到对应的中签缴款` : `${row.business}缺少${priceName}和${amountName}`);
    }
    const hk = id.market === "HK";
    const rate = hk ? row.fxRate : null;
    const amountStated = !!amount;
    const finalPrice = price ? roundPrice(row.price, price) : roundTo((amount as number) / quantity / (rate ?? 1), 3);
    if (finalPrice <= 0) throw new Skip(`${row.business}的${priceName}为 0`);
    // The currency the file wrote this row's money in, and the factor that makes it CNY.
    let fileCurrency: Currency = row.currency;
    if (hk) {
      if (!amountStated) fileCurrency = "HKD";
      else if (f.currency === undefined && rate !== null) {
        // no 币种 column: the stated amount is HKD when it is closer to price × quantity than to its CNY value
        const hkd = finalPrice * quantity;
        fileCurrency = Math.abs((amount as number) - hkd) < Math.abs((amount as number) - hkd * rate) ? "HKD" : "CNY";
      }
    }
    const factor = fileCurrency === "HKD" && rate !== null ? rate : 1;
    const currency: Currency = factor !== 1 ? "CNY" : fileCurrency;
    const amountFen = amountStated ? Math.round((amount as number) * 100) : Math.round(roundTo(finalPrice * quantity, 2) * 100);
    const netFen = cash === null ? null : Math.round(cash * 100);

    let fees: FillFees | null = null;
    let feeBasis: FeeBasis = "schedule";
    if (hasFees) {
      fees = feesOf(row, amountFen, side, netFen);
      feeBasis = "file";
    } else if (netFen !== null && netFen !== 0 && amountStated) {
      // a sell's net is signed as written (fees above the amount make it negative); a buy's may be written unsigned
      const derived = side === "buy" ? Math.abs(netFen) - amountFen : amountFen - netFen;
      if (derived >= 0) {
        fees = { commission: 0, stampDuty: 0, transferFee: 0, other: fenToYuan(derived) };
        feeBasis = "derived";
      } else {
        warn.add(
          "无法由清算金额推算费用",
          `第${row.line}行：${cashName} ${yuan(fenToYuan(netFen))} 与${amountName} ${yuan(fenToYuan(amountFen))} 推算出的费用为负（${yuan(fenToYuan(derived))}），该笔费用改按费率估算。`,
        );
      }
    }
    const balanceText = balanceTextOf(row);
    const balance = balanceText === "" ? null : roundDecimalText(balanceText, 2);
    if (netFen !== null && netFen !== 0) {
      const feeTotal = fees ? Math.round((fees.commission + fees.stampDuty + fees.transferFee + fees.other) * 100) : 0;
      const expected = side === "buy" ? -(amountFen + feeTotal) : amountFen - feeTotal;
      // the sign the file gives 发生金额 (some write buys positive): whichever reading is nearer the expected cash
      const flipped = Math.abs(netFen - expected) > Math.abs(-netFen - expected);
      signChecks.lines.push(row.line);
      signChecks.buys.push(side === "buy");
      signChecks.flipped.push(flipped);
      if (kind === "trade" && feeBasis === "file" && fees) {
        const off = (flipped ? -netFen : netFen) - expected;
        reconcile(row.line, side === "buy" ? -off : off, amountFen, feeTotal, netFen, factor);
      }
    }
    const convertedFees = fees && factor !== 1
      ? {
          commission: inCny(fees.commission, factor),
          stampDuty: inCny(fees.stampDuty, factor),
          transferFee: inCny(fees.transferFee, factor),
          other: inCny(fees.other, factor),
        }
      : fees;
    return {
      line: row.line,
      date: row.date,
      time: row.time,
      code: id.code,
      exchange: id.exchange,
      market: id.market,
      name: row.name,
      side,
      quantity,
      price: finalPrice,
      priceCurrency: hk ? "HKD" : row.currency,
      amount: inCny(fenToYuan(amountFen), factor),
      amountStated,
      currency,
      fxRate: rate,
      fees: convertedFees,
      feeBasis,
      feesEstimated: false,
      shareBalance: shareBalanceOf(row),
      netAmount: cash === null ? null : inCny(cash, factor),
      balance: balance === null ? null : inCny(balance, factor),
      kind,
      raw: row.business,
    };
  };

  /** amount ± fees against |net cash|, to the fen: a fill the columns do not explain is listed, never adjusted. */
  const reconcile = (line: number, difference: number, amountFen: number, feeFen: number, netFen: number, factor: number) => {
    if (difference === 0) return;
    const out = (fenValue: number) => roundTo(fenToYuan(fenValue) * factor, 2);
    unreconciled.push({ line, amount: out(amountFen), fees: out(feeFen), netAmount: out(netFen), difference: out(difference) });
  };

  const buildEvent = (row: Row, kind: EventKind, code: SecurityId | null): StatementEvent => {
    if (!row.date) throw new Skip(dateReason(row));
    const qty = value(row.quantity, qtyName);
    const amount = money(row.amount, amountName);
    const cash = money(row.cash, cashName);
    balanceTextOf(row);
    const magnitude = cash !== null && cash !== 0 ? Math.abs(cash) : amount !== null ? Math.abs(amount) : 0;
    const text = `${row.business} ${row.remark}`;
    let signed: number;
    let quantity = qty === null ? 0 : Math.abs(qty);
    switch (kind) {
      case "cash_in":
      case "dividend":
        signed = magnitude;
        break;
      case "cash_out":
      case "dividend_tax":
      case "fee":
        signed = -magnitude;
        break;
      case "interest":
        signed = cash !== null && cash !== 0 ? cash : magnitude;
        break;
      case "allotment":
        // cash as written; a bare amount is paid (扣款/缴款) unless the row gives it back (回冲/返款/退款)
        signed = cash !== null && cash !== 0 ? cash : /回冲|返款|退/.test(text) ? magnitude : -magnitude;
        if ((qty !== null && qty < 0) || /转出|返款|回冲/.test(row.business)) quantity = -quantity;
        break;
      case "share_adjust":
        if (/合并|缩/.test(row.business)) quantity = -quantity;
        else if (!/拆分/.test(row.business) && qty !== null && qty < 0) quantity = -quantity;
        signed = 0;
        break;
      default:
        signed = cash ?? 0;
    }
    const market: Market | null = code ? code.market : row.hkSign ? "HK" : null;
    return {
      line: row.line,
      date: row.date,
      time: row.time,
      kind,
      code: code?.code ?? null,
      exchange: code?.exchange ?? null,
      market,
      name: row.name,
      quantity: quantity === 0 ? 0 : quantity,
      shareBalance: shareBalanceOf(row),
      amount: signed === 0 ? 0 : signed,
      raw: row.business,
    };
  };

  const hasMoney = (row: Row) => (row.cash.kind === "ok" && row.cash.value !== 0) || (row.amount.kind === "ok" && row.amount.value !== 0);

  /** Rows on a subscription code (配债, 中签, 缴款, 托管转出 of the allotment …) are allotment events, never fills. */
  const isAllotmentRow = (row: Row, c: Classified, id: SecurityId | null): boolean => {
    if (c.type === "event" && c.kind === "allotment") return true;
    if (c.type === "event" && c.kind === "ignore") return hasMoney(row) && /申购|中签|配售/.test(row.business);
    if (!id || !id.subscription) return false;
    if (c.type !== "event") return true;
    return c.kind === "shares_in" || c.kind === "shares_out" || c.kind === "transfer" || c.kind === "fund";
  };

  /** 中签缴款 rows on subscription codes: the issue price of a later 新股入账 without one */
  const allotmentPayments: Row[] = [];

  const handle = (row: Row): void => {
    try {
      let c = row.classified;
      if (c.type === "unknown") {
        if (row.business === "") {
          const names = map.sideColumns.map((at) => map.names[at]).filter(Boolean).join("/");
          throw new Skip(`缺少业务名称（${names}为空）`);
        }
        throw new Skip(`未知的业务名称：“${row.business}”`);
      }
      const id = codeOf(row);
      if (row.currency !== "CNY" && !(id ? id.market === "HK" : row.hkSign)) {
        // B shares (USD / HKD on SH/SZ) are neither A-share nor 港股通 figures: not read rather than mixed in
        throw new Skip(`币种为“${cellAt(row.cells, "currency")}”，只读取人民币和港股通记录`);
      }
      if (c.type === "trade" && bare(row.business)) {
        const qty = row.quantity.kind === "ok" ? row.quantity.value : 0;
        // 影石配号 on a bare 买入, no price and no money: a 配号 notice
        if (/配号$/.test(row.name.replace(/\s+/g, "")) && !hasMoney(row)) c = { type: "event", kind: "ignore" };
        // no security and no shares: a cash row the file only marked 买入/卖出
        else if (!id && qty === 0) c = { type: "event", kind: hasMoney(row) ? "transfer" : "ignore" };
      }
      if (isAllotmentRow(row, c, id)) {
        if (c.type === "ipo_payment") allotmentPayments.push(row);
        events.push(buildEvent(row, "allotment", id));
        return;
      }
      if (c.type === "trade") {
        if (id && id.market === "A" && isRepoCode(id.code)) events.push(buildEvent(row, "repo", id));
        else fills.push(buildTrade(row, c.side, "trade", undefined, id));
      } else if (c.type === "ipo_payment") {
        payments.push({ row, fill: buildTrade(row, "buy", "ipo") });
      } else if (c.type === "ipo_arrival") {
        if (!row.date) throw new Skip(dateReason(row));
        arrivals.push({ row, rights: c.rights });
      } else {
        events.push(buildEvent(row, c.kind, id));
      }
    } catch (error) {
      if (error instanceof Skip) skipped.push({ line: row.line, reason: error.message });
      else throw error;
    }
  };

  let seen = 0;
  for (const raw of rows) {
    if (seen % CLOCK_EVERY === 0 && clock() - startedAt > limits.timeLimitMs) throw timeout(limits, rowCount);
    seen += 1;
    // Only the columns this reader uses are unquoted; the rest only need to be told empty from not.
    const cells = raw.cells; // the splitter's own array: unquoted in place
    for (const at of used) if (at < cells.length) cells[at] = stripCell(cells[at] as string);
    let filled = 0;
    let first = "";
    for (const c of cells) {
      if (c === "" || c === '=""' || (c.charCodeAt(0) <= 0x20 && stripCell(c) === "")) continue;
      if (filled === 0) first = stripCell(c);
      filled += 1;
    }
    // a 合计 / 共 N 条 line, unless it carries a real date (a stock may be called 共达电声)
    if (filled < 3 || (SUMMARY_LINE.test(first) && !dateOf(cellAt(cells, "date")))) continue;
    if (f.date !== undefined && (cells[f.date] ?? "").replace(/\s+/g, "") === dateHeaderName) continue; // repeated header
    rowCount += 1;
    if (rowCount > limits.maxRows) throw tooManyRows(limits);


    // The first business column that says something decides. Never a bare 买入/卖出 of a later column after an
    // unknown name (交收资金冻结 on a 买卖标志 买入 is no trade); a bare 买入/卖出 first is refined by a later column
    // (备注: 融券购回, 港股通组合费, 资金冻结) when the row has no security, a repo or a subscription code.
    const detailCode = needsDetail(cellAt(cells, "code"));
    let business = "";
    let classified: Classified = UNKNOWN_BUSINESS;
    let refine = false;
    for (const at of map.sideColumns) {
      const text = cells[at] ?? "";
      if (text === "" || (text.charCodeAt(0) < 0x80 && text.length <= 4 && blank(text))) continue;
      const c = classify(text);
      if (business === "") {
        business = text;
        classified = c;
        refine = c.type === "trade" && detailCode && bare(text);
        if (c.type !== "unknown" && !refine) break;
        continue;
      }
      if (classified.type === "unknown") {
        if (c.type === "unknown" || bare(text)) continue;
      } else if (c.type === "unknown" || c.type === "trade") continue;
      business = text;
      classified = c;
      break;
    }
    const remark = cellAt(cells, "remark");
    let fxRate: number | null = null;
    if (f.fxRate !== undefined) {
      const rate = parseNumber(cellAt(cells, "fxRate"));
      if (rate.kind === "ok") fxRate = usableRate(rate.value);
    }
    if (fxRate === null && remark.includes("汇率")) {
      const m = REMARK_RATE.exec(remark);
      if (m) fxRate = usableRate(Number(m[1]));
    }
    const currency = f.currency === undefined ? "CNY" : currencyOfText(cellAt(cells, "currency").replace(/\s+/g, ""));
    // the running balance is checked in RMB only (a B-share or HKD row keeps its own balance)
    if (balanceColumns.length > 0 && f.cash !== undefined && currency === "CNY") {
      const c = numberText(cells[f.cash] ?? "");
      balanceRows.lines.push(raw.line);
      balanceRows.nets.push(c ? fen(c) : 0);
      for (const col of balanceColumns) {
        const b = numberText(cells[col.index] ?? "");
        balanceRows.balances.push(b ? fen(b) : null);
      }
    }
    const marketText = cellAt(cells, "market");
    const hkSign =
      fxRate !== null || currency === "HKD" || (marketText !== "" && hkMarket(marketText)) ||
      business.includes("港股通") || remark.includes("港股通");
    const name = cellAt(cells, "name");
    if ((classified.type === "unknown" || business === "" || (classified.type === "trade" && bare(business))) && name.replace(/\s+/g, "") === "新增证券") {
      classified = { type: "event", kind: "shares_in" };
      business = business || name;
    }
    const dateText = cellAt(cells, "date");
    const date = dateOf(dateText);
    let time = f.time !== undefined ? parseTime(cellAt(cells, "time")) : null;
    if (f.time === undefined && /\d:\d\d/.test(dateText)) time = parseTime(dateText);
    if (time === "00:00:00") time = null;
    const row: Row = {
      line: raw.line,
      cells,
      business,
      classified,
      date,
      time,
      codeText: cellAt(cells, "code"),
      name,
      quantity: num(cells, "quantity"),
      price: num(cells, "price"),
      amount: num(cells, "amount"),
      cash: num(cells, "cash"),
      remark,
      hkSign,
      currency,
      fxRate,
    };
    // IPO and subscription-code rows wait for the whole file (pairing, split rows); the rest is read right away.
    if (classified.type === "ipo_payment" || classified.type === "ipo_arrival" || isSubscriptionText(row.codeText)) deferred.push(row);
    else handle(row);
  }

  for (const row of mergeSplitSubscriptions(deferred, warn)) handle(row);



  pairIpo(payments, arrivals, allotmentPayments, {
    fills,
    events,
    skipped,
    warn,
    buildTrade,
    buildEvent,
    codeOf,
  });

  if (f.shareBalance !== undefined) {
    // a share-balance column that stays 0 on every row while shares are traded is no balance (a scrubbed sample)
    const anyBalance = fills.some((x) => x.shareBalance !== null && x.shareBalance !== 0) || events.some((e) => e.shareBalance !== null && e.shareBalance !== 0);
    if (!anyBalance && fills.length > 0) {
      for (const x of fills) x.shareBalance = null;
      for (const e of events) e.shareBalance = null;
      warn.note(`${header("shareBalance", "股份余额")}列全部为 0，不是持仓余额，未使用。`);
    }
  }
  if (feeRowsTotal > 0) {
    warn.note(`有 ${feeRowsTotal} 行的“手续费”等于佣金、印花税、过户费和其他费之和（是合计），费用按明细计，不重复计算。`);
  }
  const derivedCount = fills.filter((x) => x.feeBasis === "derived").length;
  if (derivedCount > 0) {
    warn.note(`文件没有费用列：${derivedCount} 笔成交的费用由${amountName}与${cashName}之差推算（推算）。`);
  }
  if (unreconciled.length > 0) {
    unreconciled.sort((a, b) => a.line - b.line);
    const total = unreconciled.reduce((sum, u) => sum + Math.round(u.difference * 100), 0);
    const lines = unreconciled.slice(0, 10).map((u) => u.line).join("、");
    warn.note(
      `${unreconciled.length} 笔成交的${amountName}加减费用与${cashName}对不上（合计相差 ${yuan(fenToYuan(total))} 元，文件的费用列不全）：第${lines}行${unreconciled.length > 10 ? "等" : ""}。`,
    );
  }

  if (feeRowsMerged > 0) {
    warn.note(`有 ${feeRowsMerged} 行的“手续费”和“佣金”是同一笔费用（数值相同），只计一次。`);
  }
  if (feeRowsSeparate > 0) {
    warn.note(`有 ${feeRowsSeparate} 行的“手续费”与“佣金”不同且按发生金额核对为两笔费用，手续费计入其他费用。`);
  }
  if (!hasFees && derivedCount < fills.length) warn.note("文件没有费用列，手续费、印花税和过户费将按成交日期的费率估算。");
  if (f.code === undefined) warn.note("文件没有证券代码列，股票成交无法识别，已跳过。");

  reportSigns(signChecks, warn, cashName);
  const balanceUsed = checkBalances(balanceColumns, balanceRows, warn, cashName);
  const chosenBalance = balanceColumns[balanceUsed];
  if (chosenBalance?.ambiguous) {
    const byLine = new Map(balanceRows.lines.map((line, i) => [line, balanceRows.balances[i * balanceColumns.length + balanceUsed] ?? null]));
    for (const fill of fills) {
      const b = byLine.get(fill.line);
      if (b !== undefined && b !== null) fill.balance = fenToYuan(b);
    }
  }

  const counts = new Map<EventKind, number>();
  for (const e of events) counts.set(e.kind, (counts.get(e.kind) ?? 0) + 1);
  for (const [kind, label] of Object.entries(NON_TRADE_KINDS) as [EventKind, string][]) {
    const n = counts.get(kind) ?? 0;
    if (n > 0) warn.note(`${n} 行${label}记为资金/持仓事项，不算作股票交易。`);
  }

  fills.sort((a, b) => a.line - b.line);
  events.sort((a, b) => a.line - b.line);
  skipped.sort((a, b) => a.line - b.line);
  const bases = new Set(fills.map((x) => x.feeBasis));
  const feeBasis: FeeBasis | "mixed" =
    bases.size > 1 ? "mixed" : bases.size === 1 ? ([...bases][0] as FeeBasis) : hasFees ? "file" : f.cash !== undefined && f.amount !== undefined ? "derived" : "schedule";
  return { rowCount, fills, events, skipped, warnings: warn.finish(), feeBasis, unreconciled };
}

/** Exact fen of a decimal text. */
function fen(text: string): number {
  return decimalToFen(text);
}

function toleranceFen(amountFen: number): number {
  // 0.02 yuan + 0.0001 × amount, in fen
  return 2 + amountFen * 0.0001 + 1e-9;
}

/** A price keeps the precision the file wrote, up to 3 decimals. */
function roundPrice(cell: NumberCell, value: number): number {
  if (cell.kind === "ok") {
    const first = cell.text.charCodeAt(0);
    const unsigned = first === 0x2b || first === 0x2d ? cell.text.slice(1) : cell.text;
    return Math.abs(roundDecimalText(unsigned, 3));
  }
  return roundTo(value, 3);
}

/** One way to read a row's fee columns, in fen. */
interface FeeReading {
  commission: number;
  other: number;
  separate: boolean;
}

/** Parallel arrays, one entry per fill with a 发生金额: no object per row. */
interface SignChecks {
  lines: number[];
  buys: boolean[];
  /** the file's sign is the opposite of the side's */
  flipped: boolean[];
}

/** A yuan value of the file's currency in CNY (factor 1: as written). */
function inCny(yuanValue: number, factor: number): number {
  return factor === 1 ? yuanValue : roundTo(yuanValue * factor, 2);
}

function reportSigns(checks: SignChecks, warn: WarningLog, cashName: string): void {
  const n = checks.lines.length;
  let anyBuy = false;
  let unsigned = true;
  for (let i = 0; i < n; i++) {
    if (checks.buys[i]) anyBuy = true;
    if (checks.buys[i] !== checks.flipped[i]) unsigned = false;
  }
  if (anyBuy && unsigned) {
    warn.note(`${cashName}不带正负号（买入也记为正数），买卖方向按业务名称判断。`);
    return;
  }
  for (let i = 0; i < n; i++) {
    if (!checks.flipped[i]) continue;
    warn.add(
      "发生金额正负号与买卖方向不符",
      `第${checks.lines[i]}行：${cashName}的正负号与${checks.buys[i] ? "买入" : "卖出"}方向不符，买卖方向按业务名称判断。`,
    );
  }
}

/** Flat, to keep 100 000 rows cheap: `balances` holds one entry per balance-like column per row. */
interface BalanceRows {
  lines: number[];
  /** 发生金额 in fen, 0 when empty */
  nets: number[];
  /** fen of each balance-like column, null when empty */
  balances: (number | null)[];
}

/**
 * Running balance: each row's balance should be the previous row's plus its 发生金额 (1 fen tolerance). Files listed
 * newest first are checked the other way round. An ambiguous 余额 / 本次金额 column counts as the cash balance only
 * when it behaves like one (at most 20% of the steps break), since in some layouts it is the share balance.
 */
function checkBalances(
  columns: readonly { index: number; name: string; ambiguous: boolean }[],
  rows: BalanceRows,
  warn: WarningLog,
  cashName: string,
): number {
  type Break = { line: number; prev: number; net: number; balance: number };
  // the chain of a column: the rows that carry a balance, as parallel arrays (no object per row)
  let lines: number[] = [];
  let balances: number[] = [];
  let nets: number[] = [];
  const chainOf = (k: number): void => {
    lines = [];
    balances = [];
    nets = [];
    for (let i = 0; i < rows.lines.length; i += 1) {
      const balance = rows.balances[i * columns.length + k];
      // a 0 balance on a row that moves no cash (交收资金冻结 …) is a blank, not a balance
      if (balance !== null && balance !== undefined && !(balance === 0 && rows.nets[i] === 0)) {
        lines.push(rows.lines[i] as number);
        balances.push(balance);
        nets.push(rows.nets[i] as number);
      }
    }
  };
  const breaksForward = (i: number) => Math.abs((balances[i - 1] as number) + (nets[i] as number) - (balances[i] as number)) > 1;
  const breaksBackward = (i: number) => Math.abs((balances[i] as number) + (nets[i - 1] as number) - (balances[i - 1] as number)) > 1;
  /** the breaks of the reading (oldest first or newest first) with fewer of them; counted before any is listed */
  const breaksOf = (): Break[] => {
    let forwardCount = 0;
    let backwardCount = 0;
    for (let i = 1; i < lines.length; i += 1) {
      if (breaksForward(i)) forwardCount += 1;
      if (breaksBackward(i)) backwardCount += 1;
    }
    const backward = backwardCount < forwardCount;
    const breaks: Break[] = [];
    for (let i = 1; i < lines.length; i += 1) {
      if (backward) {
        if (breaksBackward(i)) breaks.push({ line: lines[i - 1] as number, prev: balances[i] as number, net: nets[i - 1] as number, balance: balances[i - 1] as number });
      } else if (breaksForward(i)) {
        breaks.push({ line: lines[i] as number, prev: balances[i - 1] as number, net: nets[i] as number, balance: balances[i] as number });
      }
    }
    return breaks;
  };
  for (let k = 0; k < columns.length; k += 1) {
    const column = columns[k] as (typeof columns)[number];
    chainOf(k);
    if (balances.every((balance) => balance === 0)) continue; // a scrubbed sample: 0 on every row is no balance
    const breaks = breaksOf();
    if (column.ambiguous && (lines.length < 3 || breaks.length > (lines.length - 1) * 0.2)) continue;
    for (const b of breaks) {
      warn.add(
        "资金余额对不上",
        `第${b.line}行：${column.name} ${yuan(fenToYuan(b.balance))} 不等于上一笔余额 ${yuan(fenToYuan(b.prev))} 加${cashName} ${yuan(fenToYuan(b.net))}（差 ${yuan(fenToYuan(b.balance - b.prev - b.net))}），可能缺少记录。`,
      );
    }
    return k;
  }
  return -1;
}

/**
 * Haitong writes a subscription allotment (e.g. 783166) as two rows on the same day and code: one with price and
 * quantity but no amount, the other with the amount but no price or quantity. They become one row.
 */
function mergeSplitSubscriptions(rows: readonly Row[], warn: WarningLog): Row[] {
  const isNonZero = (c: NumberCell) => c.kind === "ok" && c.value !== 0;
  const isZeroish = (c: NumberCell) => c.kind === "empty" || (c.kind === "ok" && c.value === 0);
  const halfQty = (r: Row) => isNonZero(r.quantity) && isNonZero(r.price) && isZeroish(r.amount) && isZeroish(r.cash);
  const halfAmount = (r: Row) => isZeroish(r.quantity) && isZeroish(r.price) && (isNonZero(r.amount) || isNonZero(r.cash));
  const keyOf = (r: Row) => {
    const code = normalizeCode(r.codeText);
    return code && r.date && isSubscriptionCode(code) ? `${r.date}|${code}` : null;
  };
  const waiting = new Map<string, { qty: number[]; amount: number[] }>();
  rows.forEach((r, i) => {
    const key = keyOf(r);
    if (!key) return;
    const slot = waiting.get(key) ?? { qty: [], amount: [] };
    if (halfQty(r)) slot.qty.push(i);
    else if (halfAmount(r)) slot.amount.push(i);
    waiting.set(key, slot);
  });
  const drop = new Set<number>();
  const replace = new Map<number, Row>();
  for (const slot of waiting.values()) {
    const n = Math.min(slot.qty.length, slot.amount.length);
    for (let k = 0; k < n; k += 1) {
      const a = rows[slot.qty[k] as number] as Row;
      const b = rows[slot.amount[k] as number] as Row;
      const keep = a.line <= b.line ? slot.qty[k] as number : slot.amount[k] as number;
      const other = keep === slot.qty[k] ? slot.amount[k] as number : slot.qty[k] as number;
      const cells = a.cells.map((c, j) => (c !== "" ? c : (b.cells[j] ?? "")));
      // money and fee columns come from the amount half
      const mergedRow: Row = {
        ...a,
        line: Math.min(a.line, b.line),
        cells,
        business: a.business || b.business,
        classified: a.classified.type !== "unknown" ? a.classified : b.classified,
        amount: b.amount,
        cash: b.cash,
        mergedLine: Math.max(a.line, b.line),
      };
      if (mergedRow.classified.type === "unknown" || mergedRow.classified.type === "trade") {
        mergedRow.classified = { type: "ipo_payment" };
        mergedRow.business = mergedRow.business || "中签";
      }
      replace.set(keep, mergedRow);
      drop.add(other);
      warn.note(`第${Math.min(a.line, b.line)}行和第${Math.max(a.line, b.line)}行是同一笔中签（${normalizeCode(a.codeText)}）拆成的两行，已合并。`);
    }
  }
  const out: Row[] = [];
  rows.forEach((r, i) => {
    if (drop.has(i)) return;
    out.push(replace.get(i) ?? r);
  });
  return out;
}

interface PairContext {
  fills: Fill[];
  events: StatementEvent[];
  skipped: SkippedRow[];
  warn: WarningLog;
  buildTrade: (row: Row, side: "buy" | "sell", kind: "trade" | "ipo", reference?: Row) => Fill;
  buildEvent: (row: Row, kind: EventKind, code: SecurityId | null) => StatementEvent;
  codeOf: (row: Row) => SecurityId | null;
}

/**
 * An IPO or rights issue can show up twice: the payment (中签缴款 on the subscription code) and the shares arriving
 * (新股入账 on the listing code). The arrival is the buy when both are present — it carries the code that is later
 * sold — and the payment becomes a cash transfer. A payment alone is the buy; an arrival alone is the buy when it
 * carries a price or amount (a 配股入帐 without one is a share event).
 */
function pairIpo(
  payments: { row: Row; fill: Fill }[],
  arrivals: { row: Row; rights: boolean }[],
  allotmentPayments: readonly Row[],
  ctx: PairContext,
): void {
  const byOrder = (a: { row: Row }, b: { row: Row }) =>
    (a.row.date ?? "").localeCompare(b.row.date ?? "") || a.row.line - b.row.line;
  const pending = [...payments].sort(byOrder);
  const used = new Set<number>();
  for (const arrival of [...arrivals].sort(byOrder)) {
    const row = arrival.row;
    const qty = row.quantity.kind === "ok" ? Math.abs(row.quantity.value) : 0;
    let match = -1;
    for (let i = pending.length - 1; i >= 0; i -= 1) {
      const p = pending[i] as { row: Row; fill: Fill };
      if (used.has(i)) continue;
      if (p.fill.quantity === qty && p.fill.date <= (row.date ?? "")) {
        match = i;
        break;
      }
    }
    try {
      if (match >= 0) {
        const payment = pending[match] as { row: Row; fill: Fill };
        used.add(match);
        const fill = ctx.buildTrade(row, "buy", "ipo", payment.row);
        ctx.fills.push(fill);
        ctx.events.push({ ...ctx.buildEvent(payment.row, "transfer", ctx.codeOf(payment.row)), amount: payment.fill.netAmount ?? -payment.fill.amount });
        ctx.warn.note(`第${payment.row.line}行${payment.row.business}与第${row.line}行${row.business}是同一笔${arrival.rights ? "配股" : "新股"}：按第${row.line}行记为买入，缴款记为资金划转。`);
        continue;
      }
      const hasValue = (row.price.kind === "ok" && row.price.value !== 0) || (row.amount.kind === "ok" && row.amount.value !== 0);
      if (!hasValue) {
        // the payment was an allotment event on the subscription code: it still tells the issue price
        const reference = allotmentPayments.find(
          (p) => p.quantity.kind === "ok" && Math.abs(p.quantity.value) === qty && (p.date ?? "") <= (row.date ?? ""),
        );
        if (reference) {
          ctx.fills.push(ctx.buildTrade(row, "buy", "ipo", reference));
          continue;
        }
      }
      if (arrival.rights && !hasValue) {
        ctx.events.push(ctx.buildEvent(row, "shares_in", ctx.codeOf(row)));
      } else {
        ctx.fills.push(ctx.buildTrade(row, "buy", "ipo"));
      }
    } catch (error) {
      if (error instanceof Skip) ctx.skipped.push({ line: row.line, reason: error.message });
      else throw error;
    }
  }
  pending.forEach((p, i) => {
    if (!used.has(i)) ctx.fills.push(p.fill);
  });
}
