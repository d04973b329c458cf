#!/usr/bin/env node
/**
 * Generates the demo teaching videos (演示数据) from Chinese slides with ffmpeg: the free one under public/demo/videos, the
 * VIP one under lib/db/seed/videos (served only through signed addresses, ADR 0066). Each slide
 * is a title, a few lines of teaching text and a footer, drawn with the Noto Sans CJK font, shown for some seconds.
 *
 *   node scripts/demo-videos.mjs            # writes every video
 *   FONT=/path/to/font.ttc node scripts/demo-videos.mjs
 *
 * Needs ffmpeg with libx264 and drawtext (apt: ffmpeg, fonts-noto-cjk). The outputs are committed; run this again only
 * when the slides change. Deterministic for a given ffmpeg build.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const FONT = process.env.FONT ?? "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";
const BOLD = process.env.FONT_BOLD ?? "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc";
const PUBLIC = resolve(import.meta.dirname, "../public/demo/videos");
const MEMBERS_ONLY = resolve(import.meta.dirname, "../lib/db/seed/videos");
const WIDTH = 854;
const HEIGHT = 480;
const FPS = 10;

/** @typedef {{ title: string; lines: string[]; seconds: number }} Slide */

/** @type {Record<string, { name: string; out: string; slides: Slide[] }>} */
const VIDEOS = {
  "statement-3-steps": {
    name: "三步读懂一张交割单",
    out: join(PUBLIC, "statement-3-steps.mp4"),
    slides: [
      { title: "三步读懂一张交割单", lines: ["交割单是券商导出的逐笔成交记录", "日期、代码、买卖、数量、价格、费用、资金余额", "按三步读：资金 → 配对 → 买点"], seconds: 6 },
      { title: "第一步：看资金余额", lines: ["把“资金余额”按日期连起来，就是账户走势", "剔除银行转证券、证券转银行等资金进出", "例：月初 10 万，转入 5 万，月末 16 万", "真实盈利 = 16 − 10 − 5 = 1 万元，不是 6 万"], seconds: 8 },
      { title: "第二步：配对买卖", lines: ["按股票配对：持仓从零到再次归零 = 一笔交易", "分批买卖按先进先出计算成本", "佣金、印花税、过户费全部计入", "得到每笔交易的盈亏和持股天数（交易日）"], seconds: 8 },
      { title: "第三步：看买点", lines: ["买入价 = 涨停价：打板", "盘中冲高途中买入：半路", "回落到日内低位买入：低吸", "买点的分布，就是一位交易者的风格"], seconds: 8 },
      { title: "算一笔：扣费后的盈亏", lines: ["10.00 元买入 1,000 股，10.60 元卖出", "毛利 600 元；佣金两次各 5 元（最低收费）", "印花税 10,600 × 0.05% = 5.30 元", "过户费约 0.21 元，净利约 584.49 元"], seconds: 8 },
      { title: "练习", lines: ["打开一位演示大神的详情页，选一天的成交", "他动用了账户几成资金？", "当天卖出的交易扣费后赚了还是亏了？", "买点属于哪一类，和他的风格标签一致吗？"], seconds: 7 },
    ],
  },
  "limit-up-queue": {
    name: "一字板为什么买不到",
    out: join(MEMBERS_ONLY, "demo-limit-up-queue.mp4"),
    slides: [
      { title: "一字板为什么买不到", lines: ["开盘即封死涨停，全天只有一个价格", "涨停价上排着大量买单", "跟随者看到交割单时，早已排不上队"], seconds: 6 },
      { title: "撮合规则：价格优先", lines: ["出价高的买单先成交", "涨停时所有买单都挂在涨停价", "价格相同，比的就是时间"], seconds: 7 },
      { title: "撮合规则：时间优先", lines: ["同一价格，先挂单的先成交", "9:15 起接受集合竞价委托", "越早挂单，排得越靠前"], seconds: 7 },
      { title: "排队算例", lines: ["涨停价 11.00 元，开盘封单 50 万手", "全天在这个价位只成交 5 万手", "前 5 万手成交，之后的委托收盘失效", "排在第 30 万手，当天基本没有机会"], seconds: 9 },
      { title: "对跟随者意味着什么", lines: ["一字板买入几乎无法复制", "次日只能在更高的价格追入，或根本买不到", "换手充分的涨停板、半路、低吸更有参考价值"], seconds: 8 },
      { title: "在本站怎么看", lines: ["K 线上标出一字板、涨停与炸板", "分析页统计“跟随者无法买入的比例”", "比例越高，越该学选股与仓位，而不是照搬买点"], seconds: 8 },
    ],
  },
};

function escapePath(path) {
  return path.replace(/\\/g, "/").replace(/:/g, "\\:").replace(/'/g, "\\'");
}

function slideFilter(dir, index, slide, total, videoName) {
  const file = (name, text) => {
    const path = join(dir, `${index}-${name}.txt`);
    writeFileSync(path, text);
    return escapePath(path);
  };
  const common = "fix_bounds=1:expansion=none";
  return [
    `drawbox=x=0:y=0:w=${WIDTH}:h=6:color=0xf59e0b:t=fill`,
    `drawtext=fontfile='${escapePath(BOLD)}':textfile='${file("title", slide.title)}':fontsize=40:fontcolor=white:x=56:y=56:${common}`,
    `drawbox=x=56:y=120:w=80:h=4:color=0xf59e0b:t=fill`,
    `drawtext=fontfile='${escapePath(FONT)}':textfile='${file("body", slide.lines.map((l) => `·  ${l}`).join("\n"))}':fontsize=26:fontcolor=0xdbeafe:line_spacing=22:x=56:y=156:${common}`,
    `drawtext=fontfile='${escapePath(FONT)}':textfile='${file("foot", `量化学堂 · ${videoName} · 演示数据`)}':fontsize=18:fontcolor=0x93c5fd:x=56:y=${HEIGHT - 48}:${common}`,
    `drawtext=fontfile='${escapePath(FONT)}':textfile='${file("page", `${index + 1} / ${total}`)}':fontsize=18:fontcolor=0x93c5fd:x=w-tw-56:y=${HEIGHT - 48}:${common}`,
  ].join(",");
}

function render(key, video) {
  const dir = mkdtempSync(join(tmpdir(), "demo-video-"));
  try {
    const segments = video.slides.map((slide, index) => {
      const segment = join(dir, `segment-${index}.mp4`);
      execFileSync("ffmpeg", [
        "-hide_banner", "-loglevel", "error", "-y",
        "-f", "lavfi", "-i", `color=c=0x1e3a8a:s=${WIDTH}x${HEIGHT}:r=${FPS}:d=${slide.seconds}`,
        "-vf", slideFilter(dir, index, slide, video.slides.length, video.name),
        "-c:v", "libx264", "-preset", "slow", "-tune", "stillimage", "-crf", "30", "-pix_fmt", "yuv420p", "-g", String(FPS * 10),
        "-bitexact", "-map_metadata", "-1",
        segment,
      ]);
      return segment;
    });
    const list = join(dir, "list.txt");
    writeFileSync(list, segments.map((s) => `file '${s}'`).join("\n"));
    const out = video.out;
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "concat", "-safe", "0", "-i", list, "-c", "copy", "-movflags", "+faststart", "-bitexact", "-map_metadata", "-1", out]);
    const seconds = video.slides.reduce((sum, s) => sum + s.seconds, 0);
    console.log(`${out}: ${seconds} s, ${(statSync(out).size / 1024).toFixed(0)} KB`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const [key, video] of Object.entries(VIDEOS)) render(key, video);
