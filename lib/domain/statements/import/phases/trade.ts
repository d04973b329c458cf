import type { Currency } from "@/lib/domain/market/types";
import { fenToYuan, roundDecimalText, roundTo } from "@/lib/domain/statements/import/cells";
import { feesOf } from "@/lib/domain/statements/import/phases/fees";
import {
  balanceTextOf,
  dateReason,
  inCny,
  moneyOf,
  remarkAmount,
  roundPrice,
  shareBalanceOf,
  valueOf,
} from "@/lib/domain/statements/import/phases/row-values";
import { securityOf } from "@/lib/domain/statements/import/phases/security";
import { Skip, type ImportState, type Row, type SecurityId } from "@/lib/domain/statements/import/phases/state";
import { yuan } from "@/lib/domain/statements/import/phases/warnings";
import type { FeeBasis, Fill, FillFees } from "@/lib/domain/statements/types";

type Side = "buy" | "sell";

/** What a trade row states: price and amount as magnitudes, null when absent. */
interface Stated {
  id: SecurityId;
  quantity: number;
  price: number | null;
  amount: number | null;
  cash: number | null;
}

function statedFigures(state: ImportState, row: Row, known: SecurityId | null | undefined): Stated {
  const { columns } = state;
  const names = columns.names;
  if (!row.date) throw new Skip(dateReason(columns, row));
  const byName = columns.fields.code === undefined;
  if (row.codeText === "" && !byName) throw new Skip(`${row.business}缺少${names.code}`);
  const id = known ?? securityOf(columns, state.lookups, row);
  if (!id) throw new Skip(byName ? `文件没有证券代码列，这一行也没有证券名称` : `${names.code}无法识别：“${row.codeText}”`);
  const qtyRaw = valueOf(row.quantity, names.quantity);
  const quantity = qtyRaw === null ? 0 : Math.abs(qtyRaw);
  if (quantity === 0) throw new Skip(`${row.business}的${names.quantity}为 0`);
  const price = valueOf(row.price, names.price);
  const amount = moneyOf(row.amount, names.amount);
  const cash = moneyOf(row.cash, names.cash);
  return { id, quantity, price: price === null ? null : Math.abs(price), amount: amount === null ? null : Math.abs(amount), cash };
}

/** A new share's missing price or amount from 备注 or the payment it pairs with. */
function fillFromIpoReference(state: ImportState, row: Row, stated: Stated, reference: Row | undefined): void {
  const names = state.columns.names;
  const refPrice = reference ? valueOf(reference.price, names.price) : null;
  const refAmount = reference ? moneyOf(reference.amount, names.amount) : null;
  const refCash = reference ? moneyOf(reference.cash, names.cash) : null;
  if (!stated.price && refPrice) stated.price = Math.abs(refPrice);
  if (!stated.amount) stated.amount = remarkAmount(row);
  if (!stated.amount && refAmount) stated.amount = Math.abs(refAmount);
  if (!stated.price && !stated.amount) {
    const cashValue = stated.cash || refCash;
    if (cashValue) stated.amount = Math.abs(cashValue);
  }
}

/** The currency the file wrote this row's money in. */
function fileCurrencyOf(state: ImportState, row: Row, stated: Stated, price: number, rate: number | null): Currency {
  if (stated.id.market !== "HK") return row.currency;
  if (!stated.amount) return "HKD";
  if (state.columns.fields.currency !== undefined || rate === null) return row.currency;
  // no 币种 column: the stated amount is HKD when it is closer to price × quantity than to its CNY value
  const hkd = price * stated.quantity;
  return Math.abs(stated.amount - hkd) < Math.abs(stated.amount - hkd * rate) ? "HKD" : "CNY";
}

/** Fees from the fee columns, else derived from 发生金额 − 成交金额, else left to the fee schedule. */
function tradeFees(state: ImportState, row: Row, side: Side, amountFen: number, netFen: number | null, amountStated: boolean): { fees: FillFees | null; feeBasis: FeeBasis } {
  if (state.columns.hasFees) return { fees: feesOf(state, row, amountFen, side, netFen), feeBasis: "file" };
  if (netFen === null || netFen === 0 || !amountStated) return { fees: null, feeBasis: "schedule" };
  // a sell's net is signed as written (fees above the amount make it negative); a buy's may be written unsigned
  const derived = side === "buy" ? Math.abs(netFen) - amountFen : amountFen - netFen;
  if (derived >= 0) return { fees: { commission: 0, stampDuty: 0, transferFee: 0, other: fenToYuan(derived) }, feeBasis: "derived" };
  const { cash, amount } = state.columns.names;
  state.warn.add(
    "无法由清算金额推算费用",
    `第${row.line}行：${cash} ${yuan(fenToYuan(netFen))} 与${amount} ${yuan(fenToYuan(amountFen))} 推算出的费用为负（${yuan(fenToYuan(derived))}），该笔费用改按费率估算。`,
  );
  return { fees: null, feeBasis: "schedule" };
}

/** amount ± fees against |net cash|, to the fen: a fill the columns do not explain is listed, never adjusted. */
function reconcile(state: ImportState, line: number, difference: number, amountFen: number, feeFen: number, netFen: number, factor: number): void {
  if (difference === 0) return;
  const out = (fenValue: number) => roundTo(fenToYuan(fenValue) * factor, 2);
  state.unreconciled.push({ line, amount: out(amountFen), fees: out(feeFen), netAmount: out(netFen), difference: out(difference) });
}

/** The sign the file gives 发生金额 (some write buys positive), and file fees that do not explain it. */
function checkNet(state: ImportState, row: Row, side: Side, fileFees: boolean, fees: FillFees | null, amountFen: number, netFen: number, factor: number): void {
  const feeTotal = fees ? Math.round((fees.commission + fees.stampDuty + fees.transferFee + fees.other) * 100) : 0;
  const expected = side === "buy" ? -(amountFen + feeTotal) : amountFen - feeTotal;
  // whichever reading is nearer the expected cash
  const flipped = Math.abs(netFen - expected) > Math.abs(-netFen - expected);
  state.signChecks.lines.push(row.line);
  state.signChecks.buys.push(side === "buy");
  state.signChecks.flipped.push(flipped);
  if (fileFees && fees) {
    const off = (flipped ? -netFen : netFen) - expected;
    reconcile(state, row.line, side === "buy" ? -off : off, amountFen, feeTotal, netFen, factor);
  }
}

function feesInCny(fees: FillFees | null, factor: number): FillFees | null {
  if (!fees || factor === 1) return fees;
  return {
    commission: inCny(fees.commission, factor),
    stampDuty: inCny(fees.stampDuty, factor),
    transferFee: inCny(fees.transferFee, factor),
    other: inCny(fees.other, factor),
  };
}

/** A fill of a trade row, or of a new share (`ipo`) whose price may come from `reference`, its payment. */
export function buildTrade(state: ImportState, row: Row, side: Side, kind: "trade" | "ipo", reference?: Row, known?: SecurityId | null): Fill {
  const names = state.columns.names;
  const stated = statedFigures(state, row, known);
  if (kind === "ipo") fillFromIpoReference(state, row, stated, reference);
  const { id, quantity, price, amount, cash } = stated;
  if (!price && !amount) {
    throw new Skip(kind === "ipo" ? `${row.business}缺少发行价，也没有找到对应的中签缴款` : `${row.business}缺少${names.price}和${names.amount}`);
  }
  const hk = id.market === "HK";
  const rate = hk ? row.fxRate : null;
  const amountStated = !!amount;
  const finalPrice = price ? roundPrice(row.price, price) : roundTo((amount as number) / quantity / (rate ?? 1), 3);
  if (finalPrice <= 0) throw new Skip(`${row.business}的${names.price}为 0`);
  const fileCurrency = fileCurrencyOf(state, row, stated, finalPrice, rate);
  const factor = fileCurrency === "HKD" && rate !== null ? rate : 1;
  const amountFen = amountStated ? Math.round((amount as number) * 100) : Math.round(roundTo(finalPrice * quantity, 2) * 100);
  const netFen = cash === null ? null : Math.round(cash * 100);
  const { fees, feeBasis } = tradeFees(state, row, side, amountFen, netFen, amountStated);
  const balanceText = balanceTextOf(state.columns, row);
  const balance = balanceText === "" ? null : roundDecimalText(balanceText, 2);
  if (netFen !== null && netFen !== 0) checkNet(state, row, side, kind === "trade" && feeBasis === "file", fees, amountFen, netFen, factor);
  return {
    line: row.line,
    date: row.date as string,
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
    currency: factor !== 1 ? "CNY" : fileCurrency,
    fxRate: rate,
    fees: feesInCny(fees, factor),
    feeBasis,
    feesEstimated: false,
    shareBalance: shareBalanceOf(state.columns, row),
    netAmount: cash === null ? null : inCny(cash, factor),
    balance: balance === null ? null : inCny(balance, factor),
    kind,
    raw: row.business,
  };
}
