#!/usr/bin/env node
/**
 * Generates one SVG cover per demo article and blog post (public/demo/covers/<slug>.svg, 演示数据): the article's
 * type colour, a short headline from its title (two lines at most) and a small drawing of what it teaches — K-lines
 * with a 涨停 bar, a fee breakdown, an equity curve with its drawdown, a queue at the limit price, a statement table…
 * Deterministic (the drawings' numbers come from a hash of the slug). lib/db/seed/demo-articles.ts points at them
 * by slug; run `node scripts/demo-covers.mjs` again after changing this list.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const OUT = resolve(import.meta.dirname, "../public/demo/covers");
const FONT = "PingFang SC, Hiragino Sans GB, Microsoft YaHei, Noto Sans CJK SC, Source Han Sans SC, sans-serif";

const TYPES = {
  case: { label: "交易案例", from: "#1e1b4b", to: "#4338ca" },
  interpret: { label: "交割单解读", from: "#0c4a6e", to: "#0369a1" },
  strategy: { label: "策略分享", from: "#064e3b", to: "#047857" },
  video: { label: "教学视频", from: "#7f1d1d", to: "#b91c1c" },
  news: { label: "市场资讯", from: "#1f2937", to: "#475569" },
  blog: { label: "会员博客", from: "#4a044e", to: "#86198f" },
};

/** slug, type, headline lines, drawing */
export const COVERS = [
  ["statement-columns", "interpret", ["交割单逐列读懂", "日期到资金余额"], "table"],
  ["trading-fees", "news", ["交易费用怎么算", "佣金 · 印花税 · 过户费"], "fees"],
  ["short-term-terms", "case", ["打板 · 低吸", "半路 · 追涨"], "buyPoints"],
  ["fees-eat-profits", "strategy", ["一万元来回", "手续费吃掉多少"], "fees"],
  ["what-is-daban", "case", ["首板 · 连板 · 炸板", "一字板为什么买不到"], "limitUp"],
  ["t-plus-one", "interpret", ["T+1", "今天买，明天才能卖"], "calendar"],
  ["stop-loss", "strategy", ["止损纪律", "小亏才能活下来"], "stopLoss"],
  ["price-limits", "news", ["涨跌幅限制一览", "各板块、各时期的涨停价"], "limits"],
  ["win-rate-misleads", "interpret", ["胜率会误导", "盈亏比与期望值"], "winLoss"],
  ["kline-basics", "strategy", ["K 线入门", "蜡烛图 · 成交量 · 均线"], "candles"],
  ["macd-basics", "strategy", ["MACD 入门", "DIF · DEA · 红绿柱"], "macd"],
  ["position-sizing", "strategy", ["仓位管理", "每笔该买多少股"], "position"],
  ["drawdown", "interpret", ["看懂回撤", "最大回撤与回本难度"], "drawdown"],
  ["sharpe-sortino-calmar", "strategy", ["夏普 · 索提诺 · 卡玛", "大白话讲比率"], "curve"],
  ["backtest-vs-live", "strategy", ["回测与实盘的差距", "未来函数与交易成本"], "twoCurves"],
  ["dividend-tax", "interpret", ["股息红利差异扣税", "卖出之后才扣钱"], "calendar"],
  ["market-review-sample", "news", ["收盘情绪复盘", "涨停家数与炸板率"], "breadth"],
  ["first-board-review", "case", ["一笔首板交易复盘", "买入理由到扣费盈亏"], "limitUp"],
  ["video-statement-3-steps", "video", ["三步读懂一张交割单", "资金 · 配对 · 买点"], "play"],
  ["video-limit-up-queue", "video", ["一字板为什么买不到", "价格优先 · 时间优先"], "queue"],
  ["blog-win-rate-loss", "blog", ["胜率 60%", "为什么还是亏了"], "winLoss"],
  ["blog-position-20", "blog", ["单票仓位", "降到两成之后"], "position"],
  ["blog-t-plus-one-day", "blog", ["被 T+1 教育的一天", "尾盘追进，次日低开"], "gapDown"],
];

function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const RED = "#f87171";
const GREEN = "#4ade80";
const GOLD = "#fde68a";
const n = (v) => Math.round(v * 10) / 10;
const text = (x, y, size, body, extra = "") =>
  `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}"${/(^|\s)fill="/.test(extra) ? "" : ` fill="#ffffff"`} ${extra}>${body}</text>`;

/** a random walk of closes with a 涨停 (+10%) at `limitAt` when given */
function walk(rnd, count, limitAt = -1) {
  const bars = [];
  let close = 10;
  for (let i = 0; i < count; i++) {
    const open = close * (1 + (rnd() - 0.5) * 0.02);
    close = i === limitAt ? close * 1.1 : close * (1 + (rnd() - 0.48) * 0.05);
    const high = Math.max(open, close) * (1 + rnd() * 0.015 * (i === limitAt ? 0 : 1));
    const low = Math.min(open, close) * (1 - rnd() * 0.015);
    bars.push({ open, close, high, low, volume: 0.3 + rnd() * 0.7 + (i === limitAt ? 0.6 : 0) });
  }
  return bars;
}

function candles(bars, box, marks = {}) {
  const lo = Math.min(...bars.map((b) => b.low));
  const hi = Math.max(...bars.map((b) => b.high));
  const y = (v) => box.y + box.h * 0.72 * (1 - (v - lo) / (hi - lo || 1));
  const step = box.w / bars.length;
  const maxVolume = Math.max(...bars.map((b) => b.volume));
  let out = "";
  bars.forEach((b, i) => {
    const x = box.x + i * step + step / 2;
    const color = b.close >= b.open ? RED : GREEN;
    out += `<line x1="${n(x)}" y1="${n(y(b.high))}" x2="${n(x)}" y2="${n(y(b.low))}" stroke="${color}" stroke-width="2"/>`;
    out += `<rect x="${n(x - step * 0.3)}" y="${n(y(Math.max(b.open, b.close)))}" width="${n(step * 0.6)}" height="${n(Math.max(2, Math.abs(y(b.open) - y(b.close))))}" rx="1.5" fill="${color}"/>`;
    const vh = (box.h * 0.22 * b.volume) / maxVolume;
    out += `<rect x="${n(x - step * 0.3)}" y="${n(box.y + box.h - vh)}" width="${n(step * 0.6)}" height="${n(vh)}" fill="${color}" opacity="0.45"/>`;
    if (marks[i]) {
      out += `<rect x="${n(x - 24)}" y="${n(y(b.high) - 34)}" width="48" height="24" rx="4" fill="${GOLD}"/>`;
      out += text(n(x - 20), n(y(b.high) - 16), 16, marks[i], `fill="#7c2d12" font-weight="700"`);
    }
  });
  return out;
}

function polyline(values, box, color, extra = "") {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pts = values.map((v, i) => `${n(box.x + (i / (values.length - 1)) * box.w)},${n(box.y + box.h * (1 - (v - lo) / (hi - lo || 1)))}`);
  return `<polyline points="${pts.join(" ")}" fill="none" stroke="${color}" stroke-width="3" stroke-linejoin="round" ${extra}/>`;
}

function curveValues(rnd, count, drift = 0.004) {
  let v = 1;
  return Array.from({ length: count }, () => (v *= 1 + drift + (rnd() - 0.5) * 0.03));
}

const BOX = { x: 440, y: 130, w: 320, h: 260 };

const DRAWINGS = {
  candles: (rnd) => candles(walk(rnd, 14), BOX) + polyline(walk(rnd, 14).map((b) => b.close), { ...BOX, y: BOX.y + 30, h: 120 }, GOLD, `opacity="0.8"`),
  limitUp: (rnd) => candles(walk(rnd, 12, 8), BOX, { 8: "涨停" }),
  buyPoints: (rnd) => {
    const bars = walk(rnd, 12, 9);
    return candles(bars, BOX, { 2: "低吸", 6: "半路", 9: "打板" });
  },
  gapDown: (rnd) => {
    const bars = walk(rnd, 10);
    bars[9] = { open: bars[8].close * 0.96, close: bars[8].close * 0.95, high: bars[8].close * 0.97, low: bars[8].close * 0.93, volume: 0.9 };
    return candles(bars, BOX, { 8: "买入", 9: "低开" });
  },
  fees: () => {
    const items = [["佣金", 10, "#93c5fd"], ["印花税", 5.3, GOLD], ["过户费", 0.21, "#c4b5fd"]];
    let out = "";
    items.forEach(([label, value, color], i) => {
      const w = Math.max(6, (value / 10) * 150);
      out += `<rect x="530" y="${170 + i * 70}" width="${n(w)}" height="34" rx="6" fill="${color}"/>`;
      out += text(450, 194 + i * 70, 20, label, `fill-opacity="0.85"`);
      out += text(n(540 + w), 194 + i * 70, 18, `¥${value.toFixed(2)}`, `fill-opacity="0.85"`);
    });
    return out;
  },
  table: (rnd) => {
    const heads = ["日期", "买卖", "数量", "余额"];
    let out = "";
    heads.forEach((h, i) => (out += text(450 + i * 80, 170, 18, h, `fill-opacity="0.9" font-weight="700"`)));
    for (let r = 0; r < 5; r++) {
      out += `<line x1="440" y1="${186 + r * 40}" x2="770" y2="${186 + r * 40}" stroke="#ffffff" stroke-opacity="0.2"/>`;
      heads.forEach((_, i) => {
        const w = 30 + rnd() * 30;
        const color = i === 1 ? (rnd() > 0.5 ? RED : GREEN) : "#ffffff";
        out += `<rect x="${450 + i * 80}" y="${198 + r * 40}" width="${n(w)}" height="12" rx="3" fill="${color}" opacity="${i === 1 ? 0.9 : 0.35}"/>`;
      });
    }
    return out;
  },
  calendar: () => {
    const days = ["一", "二", "三", "四", "五"];
    let out = "";
    days.forEach((d, i) => {
      const x = 445 + i * 64;
      out += `<rect x="${x}" y="200" width="54" height="70" rx="8" fill="#ffffff" fill-opacity="${i === 1 ? 0.3 : 0.12}"/>`;
      out += text(x + 17, 242, 20, d, `fill-opacity="0.9"`);
    });
    out += `<path d="M536 280 q32 36 64 0" fill="none" stroke="${GOLD}" stroke-width="3"/>`;
    out += text(470, 340, 20, "周二买入 → 周三才能卖", `fill="${GOLD}"`);
    return out;
  },
  stopLoss: (rnd) => {
    const values = curveValues(rnd, 30, -0.006);
    return polyline(values, BOX, "#ffffff", `opacity="0.85"`) +
      `<line x1="440" y1="300" x2="760" y2="300" stroke="${GREEN}" stroke-width="3" stroke-dasharray="10 8"/>` + text(640, 290, 20, "止损 −6%", `fill="${GREEN}"`);
  },
  limits: () => {
    const rows = [["主板", 10], ["ST", 5], ["创业板 · 科创板", 20], ["北交所", 30]];
    let out = "";
    rows.forEach(([label, pct], i) => {
      out += text(440, 184 + i * 60, 18, label, `fill-opacity="0.85"`);
      out += `<rect x="600" y="${166 + i * 60}" width="${pct * 3.5}" height="24" rx="5" fill="${RED}"/>`;
      out += text(n(610 + pct * 3.5), 184 + i * 60, 18, `±${pct}%`, `fill-opacity="0.9"`);
    });
    return out;
  },
  winLoss: () => {
    const bars = [120, 90, -260, 80, 110, -300, 70, 100, 95, -240];
    let out = `<line x1="440" y1="260" x2="760" y2="260" stroke="#ffffff" stroke-opacity="0.4"/>`;
    bars.forEach((v, i) => {
      const h = Math.abs(v) * 0.4;
      out += `<rect x="${448 + i * 31}" y="${v > 0 ? 260 - h : 260}" width="20" height="${n(h)}" rx="2" fill="${v > 0 ? RED : GREEN}"/>`;
    });
    return out + text(440, 380, 18, "7 赢 3 亏，合计仍是亏损", `fill-opacity="0.8"`);
  },
  macd: (rnd) => {
    let out = polyline(curveValues(rnd, 24, 0), { x: 440, y: 140, w: 320, h: 90 }, "#ffffff") + polyline(curveValues(rnd, 24, 0), { x: 440, y: 150, w: 320, h: 80 }, GOLD);
    for (let i = 0; i < 24; i++) {
      const v = Math.sin(i / 3.5) * 60 * (0.6 + rnd() * 0.4);
      out += `<rect x="${n(442 + i * 13.3)}" y="${n(v > 0 ? 320 - v : 320)}" width="8" height="${n(Math.abs(v))}" fill="${v > 0 ? RED : GREEN}"/>`;
    }
    return out;
  },
  position: () => {
    const slices = [20, 20, 20, 20, 20];
    let out = "";
    let angle = -Math.PI / 2;
    const cx = 600, cy = 260, r = 110;
    slices.forEach((pct, i) => {
      const next = angle + (pct / 100) * Math.PI * 2;
      const large = next - angle > Math.PI ? 1 : 0;
      out += `<path d="M${cx} ${cy} L${n(cx + r * Math.cos(angle))} ${n(cy + r * Math.sin(angle))} A${r} ${r} 0 ${large} 1 ${n(cx + r * Math.cos(next))} ${n(cy + r * Math.sin(next))} Z" fill="${i === 0 ? GOLD : "#ffffff"}" fill-opacity="${i === 0 ? 0.95 : 0.15 + i * 0.05}" stroke="#ffffff" stroke-opacity="0.4"/>`;
      angle = next;
    });
    return out + text(565, 410, 20, "单票 20%", `fill="${GOLD}"`);
  },
  drawdown: (rnd) => {
    const values = curveValues(rnd, 40, 0.003);
    values.forEach((v, i) => { if (i > 16 && i < 30) values[i] = v * (1 - 0.18 * Math.sin(((i - 16) / 14) * Math.PI)); });
    return polyline(values, BOX, "#ffffff") + `<rect x="574" y="${BOX.y}" width="116" height="${BOX.h}" fill="${GREEN}" fill-opacity="0.12"/>` + text(584, BOX.y + BOX.h + 4, 18, "回撤区间", `fill="${GREEN}"`);
  },
  curve: (rnd) => polyline(curveValues(rnd, 40, 0.004), BOX, GOLD) + polyline(curveValues(rnd, 40, 0.002), BOX, "#ffffff", `opacity="0.5" stroke-dasharray="6 6"`),
  twoCurves: (rnd) => {
    const seed = rnd() * 1e9;
    const back = curveValues(random(seed), 40, 0.008);
    const live = curveValues(random(seed), 40, 0.003);
    return polyline(back, BOX, "#ffffff", `opacity="0.6" stroke-dasharray="8 6"`) + polyline(live, { ...BOX, y: BOX.y + 60, h: BOX.h - 60 }, GOLD) +
      text(640, 150, 18, "回测", `fill-opacity="0.7"`) + text(640, 380, 18, "实盘", `fill="${GOLD}"`);
  },
  breadth: () => {
    const items = [["涨停", 58, RED], ["炸板", 17, GOLD], ["跌停", 9, GREEN]];
    let out = "";
    items.forEach(([label, value, color], i) => {
      out += `<rect x="${460 + i * 100}" y="${360 - value * 3.4}" width="60" height="${value * 3.4}" rx="6" fill="${color}"/>`;
      out += text(462 + i * 100, 390, 20, label, `fill-opacity="0.85"`);
    });
    return out;
  },
  play: (rnd) => candles(walk(rnd, 12), BOX) + `<circle cx="600" cy="250" r="56" fill="#000000" fill-opacity="0.35"/><path d="M584 222 L630 250 L584 278 Z" fill="#ffffff"/>`,
  queue: () => {
    let out = "";
    for (let i = 0; i < 8; i++) {
      out += `<rect x="${450 + i * 38}" y="220" width="30" height="60" rx="5" fill="#ffffff" fill-opacity="${i < 2 ? 0.9 : 0.25}"/>`;
    }
    out += text(450, 200, 20, "涨停价 11.00 元", `fill="${GOLD}"`) + text(450, 320, 18, "先到先成交，后来者排不上", `fill-opacity="0.8"`);
    return out + `<circle cx="600" cy="250" r="0"/>`;
  },
};

function cover([slug, type, lines, drawing]) {
  const { label, from, to } = TYPES[type];
  const rnd = random(hash(slug));
  // the headline must end before the drawing (x = 440): CJK glyphs are one em wide, Latin ones about half
  const ems = [...lines[0]].reduce((sum, ch) => sum + (/[\u2e80-\uffff]/.test(ch) ? 1 : 0.55), 0);
  const size = Math.min(48, Math.floor(360 / ems));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 450" width="800" height="450" role="img" aria-label="${lines.join("，")}（${label}封面，演示数据）">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="800" height="450" fill="url(#g)"/>
<circle cx="${680 + Math.round(rnd() * 80)}" cy="${40 + Math.round(rnd() * 60)}" r="160" fill="#ffffff" opacity="0.05"/>
${DRAWINGS[drawing](rnd)}
${text(56, 100, 22, `量化学堂 · ${label}`, `fill-opacity="0.75" letter-spacing="3"`)}
${text(56, 190, size, lines[0], `font-weight="700"`)}
<rect x="56" y="216" width="72" height="6" rx="3" fill="${GOLD}"/>
${lines[1] ? text(56, 270, 24, lines[1], `fill-opacity="0.85"`) : ""}
${text(56, 400, 18, "演示数据", `fill-opacity="0.6"`)}
</svg>
`;
}

mkdirSync(OUT, { recursive: true });
for (const entry of COVERS) writeFileSync(join(OUT, `${entry[0]}.svg`), cover(entry));
console.log(`${COVERS.length} covers in ${OUT}`);
