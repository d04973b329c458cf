// Synthetic masters for the scale bench (issue 24 point 4): N 同花顺-style GBK statements, a masters.csv manifest for
// `npm run cli -- import:statements DIR --public`, and the daily bars of every stock they trade. Deterministic: the
// same --seed and --masters give the same bytes. Not committed output: write it under /tmp.
//
//   node bench/masters-generator.mjs --masters N --out DIR [--seed 20261127] [--end YYYY-MM-DD]
//
// DIR/masters/      master-0001.txt … (GBK, tab-separated 交割单) and masters.csv (UTF-8:
//                   file,name,bio,styleTags,disclosureDelayDays; styleTags separated by "|")
// DIR/bars.csv      code,date,open,high,low,close,volume,amount for every stock of the pool, for
//                   `npm run cli -- import:bars DIR/bars.csv` (the loss tracker needs a close for each open position)
//
// Each master: 250–480 real trading days (the exchanges' calendar in lib/domain/market/calendar.ts) ending on --end
// (default: the demo market's last day, DEMO_TODAY in lib/domain/demo/demo-market.ts), 1,000,000 yuan paid in, 20–40
// stocks of a pool of min(300, 30 + 2N) synthetic ones (codes never the demo's), ~300 round trips of 1–15 days (some
// bought in two steps or sold in two), ~650 fills, fees as a broker charges them, every price inside its day's bar. A
// few trips are still open at the end, and one of them bought high enough to be down more than 5% at the last close.
// One master in ten has a disclosure delay of 1–5 trading days.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { STATEMENT_HEADER, encodeGbk, half, money, mulberry32 } from "./statement-file.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MARKET_DAYS = 520;
const INITIAL_CASH_FEN = 100_000_000;

/** The weekday closures of EXCHANGE_HOLIDAYS (the app's calendar), read from its source. */
function exchangeHolidays() {
  const source = fs.readFileSync(path.join(ROOT, "lib/domain/market/calendar.ts"), "utf8");
  const start = source.indexOf("export const EXCHANGE_HOLIDAYS");
  const block = source.slice(start, source.indexOf("};", start));
  const days = new Set(block.match(/\d{4}-\d{2}-\d{2}/g) ?? []);
  const years = new Set([...block.matchAll(/^\s*(\d{4}): \[/gm)].map((m) => Number(m[1])));
  if (days.size === 0 || years.size === 0) throw new Error("cannot read EXCHANGE_HOLIDAYS from lib/domain/market/calendar.ts");
  return { days, years };
}

/** The demo market's last day and its codes (the generated pool must not overwrite the demo's bars). */
function demoMarket() {
  const source = fs.readFileSync(path.join(ROOT, "lib/domain/demo/demo-market.ts"), "utf8");
  const today = /export const DEMO_TODAY = "(\d{4}-\d{2}-\d{2})"/.exec(source)?.[1];
  if (!today) throw new Error("cannot read DEMO_TODAY from lib/domain/demo/demo-market.ts");
  return { today, codes: new Set([...source.matchAll(/code: "(\d{6})"/g)].map((m) => m[1])) };
}

/** The last `count` trading days up to `end`, oldest first. */
function tradingDays(end, count) {
  const { days: holidays, years } = exchangeHolidays();
  const out = [];
  for (let t = Date.parse(`${end}T00:00:00Z`); out.length < count; t -= 86_400_000) {
    const d = new Date(t);
    if (!years.has(d.getUTCFullYear())) throw new Error(`the calendar has no holidays for ${d.getUTCFullYear()}`);
    const day = d.toISOString().slice(0, 10);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6 && !holidays.has(day)) out.push(day);
  }
  return out.reverse();
}

const SURNAMES = "赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦许何吕施张孔曹严华金魏陶姜谢邹喻柏窦章苏潘葛范彭鲁韦马方俞任袁柳鲍史唐薛雷贺倪汤罗郝安常乐于傅齐康伍余顾孟黄萧尹姚邵汪毛狄贝明";
const GIVEN = ["长风", "子墨", "听涛", "明远", "一鸣", "守拙", "慕白", "青山", "惊鸿", "静观", "知行", "无忌", "归舟", "怀瑾", "观澜",
  "若谷", "致远", "问渠", "逸飞", "少游", "景行", "寒江", "北辰", "南山", "东篱", "西楼", "朝阳", "晚晴", "清扬", "乘风"];
const BIO_OPENINGS = ["沪上职业交易者", "深圳游资", "杭州私募出身", "退休工程师转型交易", "券商营业部老股民", "独立交易者", "前公募研究员", "成都短线客"];
const BIO_HABITS = ["专做首板和一进二", "偏好低吸放量回踩的龙头", "只做趋势明确的波段", "重仓少数几只票，持有一到两周", "严格止损，单笔亏损不超过本金的 2%",
  "盘后复盘题材轮动，次日择机介入", "分仓操作，单票不超过三成仓位", "喜欢在情绪冰点布局"];
const STYLE_TAGS = ["打板", "低吸", "波段", "趋势", "短线", "龙头", "题材", "价值"];
const STOCK_CHARS = "华新东方长城光明天地海洋信息智能汽车精密环保建设通信能源电子材料医药科技股份中航国泰金山银河创业恒瑞安泰永泽宏达";
const PREFIXES = ["600", "601", "603", "000", "002", "300"];

function args() {
  const argv = process.argv.slice(2);
  const opt = (name, fallback) => {
    const i = argv.indexOf(name);
    return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
  };
  const masters = Number(opt("--masters", ""));
  const out = opt("--out", "");
  const seed = Number(opt("--seed", "20261127"));
  const end = opt("--end", "");
  if (!Number.isInteger(masters) || masters < 1 || masters > 9999 || !out || !Number.isInteger(seed) || (end && !/^\d{4}-\d{2}-\d{2}$/.test(end))) {
    console.error("usage: node bench/masters-generator.mjs --masters N (1–9999) --out DIR [--seed 20261127] [--end YYYY-MM-DD]");
    process.exit(2);
  }
  return { masters, out: path.resolve(out), seed, end };
}

/** A pool of synthetic stocks with a bar for every market day: a random walk inside the daily price limits. */
function stockPool(size, days, rand, demoCodes) {
  const stocks = [];
  const names = new Set();
  for (let i = 0; stocks.length < size; i++) {
    const prefix = PREFIXES[i % PREFIXES.length];
    const code = `${prefix}${700 + Math.floor(i / PREFIXES.length)}`;
    if (demoCodes.has(code)) continue;
    let name;
    do {
      name = "";
      for (let k = 0; k < 4; k++) name += STOCK_CHARS[Math.floor(rand() * STOCK_CHARS.length)];
    } while (names.has(name));
    names.add(name);
    const limit = prefix === "300" ? 0.2 : 0.1;
    let prevClose = 300 + Math.floor(rand() * 6000); // 3–63 yuan, in fen
    const drift = (rand() - 0.5) * 0.002;
    const vol = 0.015 + rand() * 0.025;
    const bars = [];
    for (const date of days) {
      const up = Math.floor(prevClose * (1 + limit) + 1e-9);
      const down = Math.ceil(prevClose * (1 - limit) - 1e-9);
      const clamp = (fen) => Math.max(Math.max(down, 1), Math.min(up, Math.round(fen)));
      const gauss = (rand() + rand() + rand() + rand() - 2) * 1.73;
      const open = clamp(prevClose * (1 + gauss * vol * 0.3));
      const close = clamp(prevClose * (1 + drift + gauss * vol));
      const high = clamp(Math.max(open, close) * (1 + rand() * vol * 0.6));
      const low = clamp(Math.min(open, close) * (1 - rand() * vol * 0.6));
      const volume = (2_000 + Math.floor(rand() * 60_000)) * 100;
      bars.push({ date, open, high, low, close, volume, amount: Math.round((volume * (open + close)) / 2 / 100) });
      prevClose = close;
    }
    stocks.push({ code, name, market: prefix.startsWith("6") ? "上海" : "深圳", bars });
  }
  return stocks;
}

const SECONDS_AM = [9 * 3600 + 30 * 60, 11 * 3600 + 30 * 60];
const SECONDS_PM = [13 * 3600, 14 * 3600 + 57 * 60];

function tradeTime(rand) {
  const [from, to] = rand() < 0.6 ? SECONDS_AM : SECONDS_PM;
  const t = from + Math.floor(rand() * (to - from));
  return [Math.floor(t / 3600), Math.floor(t / 60) % 60, t % 60].map((x) => String(x).padStart(2, "0")).join(":");
}

/** A price inside the day's bar, nearer the close. */
function priceIn(bar, rand) {
  const target = bar.close + (rand() - 0.5) * (bar.high - bar.low) * 0.6;
  return Math.max(bar.low, Math.min(bar.high, Math.round(target)));
}

/** One master's fills: trips opened at ~300 / span a day, each held 1–15 trading days. */
function masterFills(universe, pool, first, days, rand) {
  const span = days.length - first;
  const rate = 300 / span;
  const fills = []; // { day (index), time, stock, side, qty, priceFen }
  const busyUntil = new Map(); // stock → the first day it can be bought again
  const last = days.length - 1;
  for (let d = first; d <= last; d++) {
    const opens = Math.floor(rate) + (rand() < rate - Math.floor(rate) ? 1 : 0);
    for (let k = 0; k < opens; k++) {
      const free = universe.filter((s) => (busyUntil.get(s) ?? 0) <= d);
      if (free.length === 0) break;
      const stock = free[Math.floor(rand() * free.length)];
      const hold = 1 + Math.floor(rand() * rand() * 15);
      const buyPrice = priceIn(stock.bars[d], rand);
      const valueFen = (30_000 + Math.floor(rand() * 90_000)) * 100;
      const qty = Math.max(1, Math.floor(valueFen / buyPrice / 100)) * 100;
      fills.push({ day: d, time: tradeTime(rand), stock, side: "buy", qty, priceFen: buyPrice });
      let held = qty;
      const sellDay = d + hold;
      if (hold >= 2 && rand() < 0.15) {
        const addDay = d + 1 + Math.floor(rand() * (hold - 1));
        if (addDay <= last) {
          const addQty = Math.max(1, Math.floor(qty / 200)) * 100;
          fills.push({ day: addDay, time: tradeTime(rand), stock, side: "buy", qty: addQty, priceFen: priceIn(stock.bars[addDay], rand) });
          held += addQty;
        }
      }
      if (sellDay > last) {
        busyUntil.set(stock, Infinity); // still open at the end
        continue;
      }
      if (held >= 200 && rand() < 0.1 && sellDay + 1 <= last) {
        const part = Math.floor(held / 200) * 100;
        fills.push({ day: sellDay, time: tradeTime(rand), stock, side: "sell", qty: part, priceFen: priceIn(stock.bars[sellDay], rand) });
        const finalDay = Math.min(last, sellDay + 1 + Math.floor(rand() * 3));
        fills.push({ day: finalDay, time: tradeTime(rand), stock, side: "sell", qty: held - part, priceFen: priceIn(stock.bars[finalDay], rand) });
        busyUntil.set(stock, finalDay + 1);
      } else {
        fills.push({ day: sellDay, time: tradeTime(rand), stock, side: "sell", qty: held, priceFen: priceIn(stock.bars[sellDay], rand) });
        busyUntil.set(stock, sellDay + 1);
      }
    }
  }
  // one more stock, bought at a day's high in the last 60 days and held: the one that lost most to the last close
  let worst = null;
  for (const stock of pool.filter((s) => !universe.includes(s))) {
    for (let d = Math.max(first, last - 60); d < last; d++) {
      const ratio = stock.bars[last].close / stock.bars[d].high;
      if (!worst || ratio < worst.ratio) worst = { stock, day: d, ratio };
    }
  }
  if (worst) {
    const price = worst.stock.bars[worst.day].high;
    const qty = Math.max(1, Math.floor(6_000_000 / price / 100)) * 100;
    fills.push({ day: worst.day, time: tradeTime(rand), stock: worst.stock, side: "buy", qty, priceFen: price });
  }
  return { fills, downAtEnd: worst ? 1 - worst.ratio : null };
}

/** The statement's text: fills in time order with fees, holdings and the cash balance; 银行转证券 when cash runs short. */
function statementText(fills, days, account) {
  fills.sort((a, b) => a.day - b.day || a.time.localeCompare(b.time) || (a.side === b.side ? 0 : a.side === "sell" ? -1 : 1));
  const lines = [STATEMENT_HEADER.join("\t") + "\t"];
  const row = (cells) => lines.push(cells.join("\t") + "\t");
  const ymd = (d) => days[d].replaceAll("-", "");
  let balance = INITIAL_CASH_FEN;
  const transfer = (d, fen) => {
    balance += fen;
    row([ymd(d), "00:00:00", "", "", "银行转证券", "0", "0.000", "0.00", "0", money(fen), "0.00", "0.00", "0.00", "0.00", money(balance), "", "", ""]);
  };
  if (fills.length > 0) {
    balance = 0;
    transfer(fills[0].day, INITIAL_CASH_FEN);
  }
  const held = new Map();
  let contract = 10_000;
  for (const f of fills) {
    const amount = f.priceFen * f.qty;
    const commission = Math.max(500, half(amount * 25, 100_000));
    const stamp = f.side === "sell" ? half(amount * (days[f.day] >= "2023-08-28" ? 5 : 10), 10_000) : 0;
    const transferFee = half(amount, 100_000);
    const fees = commission + stamp + transferFee;
    const cash = f.side === "sell" ? amount - fees : -(amount + fees);
    if (balance + cash < 0) transfer(f.day, Math.ceil((-(balance + cash) + 20_000_000) / 1_000_000) * 1_000_000);
    balance += cash;
    const after = (held.get(f.stock) ?? 0) + (f.side === "sell" ? -f.qty : f.qty);
    held.set(f.stock, after);
    row([ymd(f.day), f.time, f.stock.code, f.stock.name, f.side === "sell" ? "证券卖出" : "证券买入", String(f.qty), `${money(f.priceFen)}0`, money(amount),
      String(after), money(cash), money(commission), money(stamp), money(transferFee), "0.00", money(balance), String(contract++), f.stock.market,
      f.stock.market === "上海" ? account.sh : account.sz]);
  }
  return lines.join("\r\n") + "\r\n";
}

/** a stride coprime to `n`, so that m ↦ m × stride mod n visits every name once */
function nameStride(n) {
  const gcd = (a, b) => (b === 0 ? a : gcd(b, a % b));
  let stride = 97;
  while (gcd(stride, n) !== 1) stride++;
  return stride;
}

const csvCell = (value) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

function main() {
  const { masters, out, seed, end: endOption } = args();
  const demo = demoMarket();
  const end = endOption || demo.today;
  const days = tradingDays(end, MARKET_DAYS);
  const poolRand = mulberry32(seed);
  const pool = stockPool(Math.min(300, 30 + 2 * masters), days, poolRand, demo.codes);
  fs.mkdirSync(path.join(out, "masters"), { recursive: true });

  const manifest = ["file,name,bio,styleTags,disclosureDelayDays"];
  const used = new Set();
  let totalFills = 0;
  let downOver5 = 0;
  for (let m = 0; m < masters; m++) {
    const rand = mulberry32(seed * 31 + 7919 * (m + 1));
    // unique names: surname × given name, walked with a stride coprime to the product
    const combos = SURNAMES.length * GIVEN.length;
    const index = (m * nameStride(combos) + 13) % combos;
    const name = m < combos ? `${SURNAMES[index % SURNAMES.length]}${GIVEN[Math.floor(index / SURNAMES.length)]}` : `${SURNAMES[m % SURNAMES.length]}${GIVEN[m % GIVEN.length]}${Math.floor(m / combos) + 1}号`;
    const spanDays = 250 + Math.floor(rand() * 231);
    const first = days.length - spanDays;
    const universeSize = 20 + Math.floor(rand() * 21);
    const universe = [];
    const picked = new Set();
    while (universe.length < Math.min(universeSize, pool.length)) {
      const i = Math.floor(rand() * pool.length);
      if (!picked.has(i)) {
        picked.add(i);
        universe.push(pool[i]);
        used.add(pool[i]);
      }
    }
    const { fills, downAtEnd } = masterFills(universe, pool, first, days, rand);
    totalFills += fills.length;
    if (downAtEnd !== null && downAtEnd > 0.05) downOver5++;
    const account = { sh: `A${String(100_000_000 + m * 7).slice(-9)}`, sz: `0${String(200_000_000 + m * 11).slice(-9)}` };
    const file = `master-${String(m + 1).padStart(4, "0")}.txt`;
    fs.writeFileSync(path.join(out, "masters", file), encodeGbk(statementText(fills, days, account)));
    const tags = [];
    const tagCount = 1 + Math.floor(rand() * 3);
    while (tags.length < tagCount) {
      const tag = STYLE_TAGS[Math.floor(rand() * STYLE_TAGS.length)];
      if (!tags.includes(tag)) tags.push(tag);
    }
    const bio = `${BIO_OPENINGS[Math.floor(rand() * BIO_OPENINGS.length)]}，${BIO_HABITS[Math.floor(rand() * BIO_HABITS.length)]}。（合成数据，压测用）`;
    const delay = m % 10 === 3 ? 1 + (Math.floor(m / 10) % 5) : 0;
    manifest.push([file, name, bio, tags.join("|"), String(delay)].map(csvCell).join(","));
  }
  fs.writeFileSync(path.join(out, "masters", "masters.csv"), manifest.join("\n") + "\n");

  const bars = ["code,date,open,high,low,close,volume,amount"];
  const yuan = (fen) => (fen / 100).toFixed(2);
  for (const stock of pool) {
    for (const b of stock.bars) bars.push(`${stock.code},${b.date},${yuan(b.open)},${yuan(b.high)},${yuan(b.low)},${yuan(b.close)},${b.volume},${b.amount}`);
  }
  fs.writeFileSync(path.join(out, "bars.csv"), bars.join("\n") + "\n");
  console.log(
    JSON.stringify({
      out,
      masters,
      fills: totalFills,
      fillsPerMaster: Math.round(totalFills / masters),
      stocks: pool.length,
      stocksTraded: used.size,
      bars: pool.length * days.length,
      days: `${days[0]}…${days[days.length - 1]}`,
      mastersWithAPositionDownOver5Pct: downOver5,
    }),
  );
}

main();
