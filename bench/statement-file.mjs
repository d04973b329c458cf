// The deterministic statement of the benches (import-statement.mjs, statement-previews.mjs): a GBK, tab-separated
// 同花顺-style 交割单 with buys and sells over 240 stocks of every board, 银行转证券, 红利入账, 股息红利差异扣税 and
// 红股入账 rows, fees and balances as a broker writes them. Not a bench.
//
//   import { statementBytes } from "./statement-file.mjs";
//   const bytes = statementBytes(100_000);   // Uint8Array, GBK
//   const csv = statementBytes(100_000, { comma: true });   // the same rows comma-separated, codes, contract
//                                            // numbers and accounts as Excel text cells (="600100"): every data line
//                                            // has quotes, which the reader still splits without csv-parse
//   const worst = statementBytes(100_000, { comma: true, remarks: true });   // and a 备注 cell with a comma inside
//                                            // quotes on every row: every line goes through csv-parse
//
// Its pieces are shared with bench/masters-generator.mjs: STATEMENT_HEADER, money, half (rounding), mulberry32 and
// encodeGbk.

/** The statement of `rows` data rows (plus its header row), GBK-encoded. */
export function statementBytes(rows, { comma = false, remarks = false } = {}) {
  return encodeGbk(generate(rows, comma, comma && remarks));
}

export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAME_CHARS = "中国平安招商银行科技能源电子材料医药股份华新东方长城光明天地海洋信息智能汽车精密环保建设通信";
/** the 同花顺 交割单's columns, in its order */
export const STATEMENT_HEADER = ["成交日期", "成交时间", "证券代码", "证券名称", "操作", "成交数量", "成交均价", "成交金额", "股票余额", "发生金额",
  "手续费", "印花税", "过户费", "其他杂费", "资金余额", "合同编号", "交易市场", "股东帐户"];

/** weekdays from 2015-01-05 (holidays are not left out: the file only needs plausible dates) */
function* weekdays() {
  for (let d = Date.UTC(2015, 0, 5); ; d += 86_400_000) {
    const wd = new Date(d).getUTCDay();
    if (wd !== 0 && wd !== 6) yield new Date(d).toISOString().slice(0, 10);
  }
}

/** fen as the broker writes yuan: "-12.30" */
export const money = (fen) => `${fen < 0 ? "-" : ""}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, "0")}`;
/** num / den rounded half up (non-negative operands) */
export const half = (num, den) => Math.floor((num * 2 + den) / (den * 2));

/** the cells a broker's CSV writes as Excel text (`="600100"`) so that leading zeros survive: code, contract, account */
const EXCEL_TEXT_COLUMNS = new Set([2, 15, 17]);

function generate(rowCount, comma, remarks) {
  const rand = mulberry32(20261121);
  const stocks = [];
  const prefixes = [["600", "上海"], ["601", "上海"], ["000", "深圳"], ["002", "深圳"], ["300", "深圳"], ["688", "上海"], ["830", "北京"]];
  for (let i = 0; i < 240; i++) {
    const [prefix, market] = prefixes[i % prefixes.length];
    const code = `${prefix}${String(100 + i).padStart(3, "0")}`;
    let name = "";
    for (let k = 0; k < 4; k++) name += NAME_CHARS[Math.floor(rand() * NAME_CHARS.length)];
    stocks.push({ code, name, market, account: market === "上海" ? "A123456789" : "0123456789", priceFen: 500 + Math.floor(rand() * 5000), held: 0, heldAtOpen: 0 });
  }
  const separator = comma ? "," : "\t";
  const lines = [[...STATEMENT_HEADER, ...(remarks ? ["备注"] : [])].join(separator) + separator];
  let balanceFen = 100_000_000; // 1,000,000.00
  let contract = 1000;
  const days = weekdays();
  let date = days.next().value;
  let rowsToday = 0;
  let seconds = 0;
  const row = (cells) => {
    const written = comma ? cells.map((cell, i) => (cell !== "" && EXCEL_TEXT_COLUMNS.has(i) ? `="${cell}"` : cell)) : cells;
    if (remarks) written.push(`"${cells[4]},见附件"`);
    lines.push(written.join(separator) + separator);
  };
  row([date.replaceAll("-", ""), "00:00:00", "", "", "银行转证券", "0", "0.000", "0.00", "0", money(balanceFen), "0.00", "0.00", "0.00", "0.00", money(balanceFen), "", "", ""]);
  while (lines.length - 1 < rowCount) {
    if (rowsToday >= 36) {
      date = days.next().value;
      rowsToday = 0;
      seconds = 0;
      for (const s of stocks) {
        s.priceFen = Math.max(100, Math.round(s.priceFen * (1 + (rand() - 0.5) * 0.06)));
        s.heldAtOpen = s.held;
      }
    }
    rowsToday++;
    seconds += 1 + Math.floor(rand() * 500);
    const t = 9 * 3600 + 30 * 60 + seconds;
    const time = [Math.floor(t / 3600), Math.floor(t / 60) % 60, t % 60].map((x) => String(x).padStart(2, "0")).join(":");
    const ymd = date.replaceAll("-", "");
    const s = stocks[Math.floor(rand() * stocks.length)];
    const roll = rand();
    if (roll < 0.005 && s.held >= 10 && s.heldAtOpen > 0) {
      // 10 送 1, only on shares held before the day began (the record date is earlier)
      const bonus = Math.floor(s.held / 10);
      s.held += bonus;
      row([ymd, "00:00:00", s.code, s.name, "红股入账", String(bonus), "0.000", "0.00", String(s.held), "0.00", "0.00", "0.00", "0.00", "0.00", money(balanceFen), "", s.market, s.account]);
      continue;
    }
    if (roll < 0.01 && s.held > 0) {
      // a cash dividend of 0.10 a share
      const cash = s.held * 10;
      balanceFen += cash;
      row([ymd, "00:00:00", s.code, s.name, "红利入账", String(s.held), "0.000", "0.00", String(s.held), money(cash), "0.00", "0.00", "0.00", "0.00", money(balanceFen), "", s.market, s.account]);
      continue;
    }
    if (roll < 0.015 && s.held > 0) {
      const tax = Math.max(1, Math.floor(s.held / 100));
      balanceFen -= tax;
      row([ymd, "00:00:00", s.code, s.name, "股息红利差异扣税", "0", "0.000", "0.00", String(s.held), money(-tax), "0.00", "0.00", "0.00", "0.00", money(balanceFen), "", s.market, s.account]);
      continue;
    }
    if (roll < 0.02) {
      const cash = 1_000_000 + Math.floor(rand() * 10_000_000);
      balanceFen += cash;
      row([ymd, "00:00:00", "", "", "银行转证券", "0", "0.000", "0.00", "0", money(cash), "0.00", "0.00", "0.00", "0.00", money(balanceFen), "", "", ""]);
      continue;
    }
    const sell = s.held > 0 && (rand() < 0.55 || balanceFen < 5_000_000);
    const quantity = sell ? (rand() < 0.6 ? s.held : Math.max(1, Math.floor((s.held * rand()) / 100)) * 100) : (1 + Math.floor(rand() * 20)) * 100;
    const qty = Math.min(quantity, sell ? s.held : quantity);
    const priceFen = s.priceFen + Math.floor(rand() * 21) - 10;
    const amountFen = priceFen * qty;
    const commission = Math.max(500, half(amountFen * 25, 100_000));
    const stamp = sell ? half(amountFen * (date >= "2023-08-28" ? 5 : 10), 10_000) : 0;
    const transfer = half(amountFen, 100_000);
    const fees = commission + stamp + transfer;
    const cash = sell ? amountFen - fees : -(amountFen + fees);
    balanceFen += cash;
    s.held += sell ? -qty : qty;
    row([ymd, time, s.code, s.name, sell ? "证券卖出" : "证券买入", String(qty), `${money(priceFen)}0`, money(amountFen), String(s.held), money(cash),
      money(commission), money(stamp), money(transfer), "0.00", money(balanceFen), String(contract++), s.market, s.account]);
  }
  return lines.slice(0, rowCount + 1).join("\r\n") + "\r\n";
}

let gbkTable = null;

/** character → its two GBK bytes, built once */
function gbk() {
  if (gbkTable) return gbkTable;
  gbkTable = new Map();
  const decoder = new TextDecoder("gb18030");
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      const ch = decoder.decode(new Uint8Array([lead, trail]));
      if (ch.length === 1 && ch !== "\ufffd" && !gbkTable.has(ch)) gbkTable.set(ch, [lead, trail]);
    }
  }
  return gbkTable;
}

/** GBK bytes: the inverse of TextDecoder("gb18030") over the two-byte range (Node has no GBK encoder) */
export function encodeGbk(text) {
  const table = gbk();
  const out = new Uint8Array(text.length * 2);
  let n = 0;
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code < 0x80) out[n++] = code;
    else {
      const pair = table.get(ch);
      if (!pair) throw new Error(`not in GBK: ${ch}`);
      out[n++] = pair[0];
      out[n++] = pair[1];
    }
  }
  return out.subarray(0, n);
}

