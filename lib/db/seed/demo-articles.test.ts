import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { ARTICLE_TYPES } from "@/lib/domain/article-types";
import { renderMarkdown } from "@/lib/domain/markdown";
import { estimateFees } from "@/lib/domain/market/fees";
import { limitDownPrice, limitUpPrice } from "@/lib/domain/market/limits";
import { DEMO_ARTICLES as REEXPORTED } from "./demo-content";
import { DEMO_ARTICLES, DEMO_BLOG_POSTS, MORE_MARKER } from "./demo-articles";

const PUBLIC_DIR = path.join(__dirname, "..", "..", "..", "public");
const SEED_VIDEO_DIR = path.join(__dirname, "videos");
const ALL = [...DEMO_ARTICLES, ...DEMO_BLOG_POSTS];

const yuan = (n: number) => n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const total = (f: { commission: number; stampDuty: number; transferFee: number; other: number }) =>
  Math.round((f.commission + f.stampDuty + f.transferFee + f.other) * 100) / 100;
const bodyOf = (title: string) => {
  const a = ALL.find((x) => x.title.includes(title));
  if (!a) throw new Error(`no demo article titled ${title}`);
  return a.body;
};

/** text blocks (separated by blank lines) before the marker that are paragraphs, not headings, tables or lists */
function paragraphsBefore(body: string): number {
  const lead = body.slice(0, body.indexOf(MORE_MARKER));
  return lead.split(/\n\s*\n/).map((b) => b.trim()).filter((b) => b && !/^(#|\||[-*] |\d+\. |>)/.test(b)).length;
}

describe("demo articles", () => {
  it("demo-content re-exports them", () => {
    expect(REEXPORTED).toBe(DEMO_ARTICLES);
  });

  it("has at least 15 articles over all five types, 3–4 VIP and 2–3 SVIP", () => {
    expect(DEMO_ARTICLES.length).toBeGreaterThanOrEqual(15);
    const types = new Set(DEMO_ARTICLES.map((a) => a.type));
    for (const t of Object.keys(ARTICLE_TYPES)) expect(types).toContain(t);
    const vip = DEMO_ARTICLES.filter((a) => a.minLevel === 100).length;
    const svip = DEMO_ARTICLES.filter((a) => a.minLevel === 200).length;
    expect(vip).toBeGreaterThanOrEqual(3);
    expect(vip).toBeLessThanOrEqual(4);
    expect(svip).toBeGreaterThanOrEqual(2);
    expect(svip).toBeLessThanOrEqual(3);
    expect(new Set(DEMO_ARTICLES.map((a) => a.title)).size).toBe(DEMO_ARTICLES.length);
  });

  it.each(ALL.map((a) => [a.title, a] as const))("%s: title, summary, tags, cover, body that renders", (_t, a) => {
    expect(a.title.trim().length).toBeGreaterThan(0);
    expect(a.summary.trim().length).toBeGreaterThan(0);
    expect(a.summary.length).toBeLessThanOrEqual(120);
    expect(a.tags.length).toBeGreaterThan(0);
    for (const tag of a.tags) expect(tag.trim()).toBe(tag);
    expect(a.coverUrl).toMatch(/^\/demo\/covers\/[a-z0-9-]+\.svg$/);
    expect(existsSync(path.join(PUBLIC_DIR, a.coverUrl))).toBe(true);
    if (a.type !== "blog") {
      expect(a.body.length).toBeGreaterThanOrEqual(600);
      expect(a.body.length).toBeLessThanOrEqual(1500);
    }

    const headings = a.body.split("\n").filter((l) => /^#{2,3} /.test(l)).map((l) => l.replace(/^#+ /, ""));
    expect(headings.length).toBeGreaterThanOrEqual(a.type === "blog" ? 1 : 3);
    const html = renderMarkdown(a.body);
    for (const h of headings) expect(html).toMatch(new RegExp(`<h[23]>${h.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</h[23]>`));
    expect(html).not.toContain(MORE_MARKER);
  });

  it("gated bodies carry exactly one lead-in break after at least two paragraphs; public ones none", () => {
    for (const a of DEMO_ARTICLES) {
      const count = a.body.split(MORE_MARKER).length - 1;
      if (a.minLevel > 0) {
        expect({ title: a.title, count }).toEqual({ title: a.title, count: 1 });
        expect(paragraphsBefore(a.body)).toBeGreaterThanOrEqual(2);
        expect(a.body.slice(a.body.indexOf(MORE_MARKER)).length).toBeGreaterThan(a.body.length / 2);
      } else {
        expect({ title: a.title, count }).toEqual({ title: a.title, count: 0 });
      }
    }
    for (const b of DEMO_BLOG_POSTS) expect(b.body).not.toContain(MORE_MARKER);
  });

  it("gives every article and blog post its own cover", () => {
    expect(new Set(ALL.map((a) => a.coverUrl)).size).toBe(ALL.length);
  });

  it("videos point at small H.264 MP4 files that exist; a member-only one is never a public file (ADR 0066)", () => {
    const videos = DEMO_ARTICLES.filter((a) => a.type === "video");
    expect(videos.length).toBeGreaterThanOrEqual(2);
    expect(videos.some((v) => (v.minLevel ?? 0) > 0)).toBe(true);
    for (const v of videos) {
      // Free: a file of the site. Member-only: a stored video, played through signed addresses.
      const stored = /^\/api\/videos\/(demo-[a-z0-9-]+\.mp4)$/.exec(v.videoUrl!)?.[1];
      if ((v.minLevel ?? 0) > 0) expect(stored).toBeDefined();
      else expect(v.videoUrl).toMatch(/^\/demo\/videos\/[a-z0-9-]+\.mp4$/);
      const file = stored ? path.join(SEED_VIDEO_DIR, stored) : path.join(PUBLIC_DIR, v.videoUrl!);
      expect(existsSync(file)).toBe(true);
      expect(statSync(file).size).toBeLessThan(300 * 1024);
      const head = readFileSync(file).subarray(0, 4096);
      expect(head.subarray(4, 8).toString("latin1")).toBe("ftyp");
      // moov comes first (faststart): its mvhd says how long the video runs, 30–60 s of slides
      const mvhd = head.indexOf("mvhd", 0, "latin1");
      expect(mvhd).toBeGreaterThan(0);
      const seconds = head.readUInt32BE(mvhd + 20) / head.readUInt32BE(mvhd + 16);
      expect(seconds).toBeGreaterThanOrEqual(30);
      expect(seconds).toBeLessThanOrEqual(60);
    }
    for (const a of DEMO_ARTICLES.filter((x) => x.type !== "video")) expect(a.videoUrl).toBeUndefined();
  });

  it("the 市场资讯 sample is labelled as an example, and no body claims real data", () => {
    const sample = DEMO_ARTICLES.find((a) => a.type === "news" && a.title.includes("示例"));
    expect(sample).toBeDefined();
    expect(sample!.summary).toContain("演示");
    expect(sample!.body.startsWith("> **演示样稿**")).toBe(true);
  });

  it("blog posts have a demo author nickname", () => {
    expect(DEMO_BLOG_POSTS).toHaveLength(3);
    for (const b of DEMO_BLOG_POSTS) {
      expect(b.type).toBe("blog");
      expect(b.blogAuthor).toMatch(/（演示）$/);
      expect(b.body).toContain("演示博客");
    }
  });
});

describe("worked examples match the domain code", () => {
  it("the ¥10,000 round trip (万2.5 min ¥5, stamp duty 0.05%, transfer 0.001%)", () => {
    const body = bodyOf("一万元来回");
    const day = "2024-03-15";
    const buy = estimateFees("buy", 10_000, day);
    const sell = estimateFees("sell", 10_000, day);
    expect(body).toContain(`**${yuan(total(buy))} 元**`);
    expect(body).toContain(`**${yuan(total(sell))} 元**`);
    const roundTrip = total(buy) + total(sell);
    expect(body).toContain(`来回合计 **${yuan(roundTrip)} 元**`);
    expect(body).toContain(`**${((roundTrip / 10_000) * 100).toFixed(3)}%**`);
    expect(body).toContain(`| 佣金 | 10,000 × 0.025% = 2.50，按最低收 ${yuan(buy.commission)} | ${yuan(sell.commission)} |`);
    expect(body).toContain(`| 印花税 | ${yuan(buy.stampDuty)} | 10,000 × 0.05% = ${yuan(sell.stampDuty)} |`);
    expect(body).toContain(`| 过户费 | 10,000 × 0.001% = ${yuan(buy.transferFee)} | ${yuan(sell.transferFee)} |`);
    // break-even: selling at 10.01 still loses, at 10.02 gains
    const cost = 10_000 + total(buy);
    const net = (amount: number) => amount - total(estimateFees("sell", amount, day));
    expect(body).toContain(`买入成本 ${yuan(cost)} 元`);
    expect(body).toContain(`到手 ${yuan(net(10_010))} 元，仍亏 ${yuan(cost - net(10_010))} 元`);
    expect(body).toContain(`到手 ${yuan(net(10_020))} 元，才赚 ${yuan(net(10_020) - cost)} 元`);
    // the same round trip under earlier rules
    for (const [label, date] of [["2022-04-29 之前", "2022-03-01"], ["2022-04-29 至 2023-08-27", "2023-06-01"], ["2023-08-28 起", "2023-08-28"]] as const) {
      const b = total(estimateFees("buy", 10_000, date));
      const s = total(estimateFees("sell", 10_000, date));
      expect(body).toContain(`| ${label} | ${yuan(b)} | ${yuan(s)} | ${yuan(b + s)} |`);
    }
    // ¥100,000 round trip
    const b100 = total(estimateFees("buy", 100_000, day));
    const s100 = total(estimateFees("sell", 100_000, day));
    expect(body).toContain(`买入 ${yuan(b100)} 元`);
    expect(body).toContain(`卖出 ${yuan(s100)} 元`);
    expect(body).toContain(`合计 ${yuan(b100 + s100)} 元`);
    expect(body).toContain(`200 × ${yuan(roundTrip)} = ${(200 * roundTrip).toLocaleString("en-US")} 元`);
  });

  it("the fee article's ¥20,000 sale before and after the stamp-duty cut", () => {
    const body = bodyOf("A股交易费用详解");
    expect(body).toContain(`合计 ${yuan(total(estimateFees("sell", 20_000, "2024-03-15")))} 元`);
    const before = estimateFees("sell", 20_000, "2023-08-25");
    expect(body).toContain(`印花税为 ${yuan(before.stampDuty)} 元，合计 ${yuan(total(before))} 元`);
  });

  it("the statement rows: fees, 发生金额 and 资金余额", () => {
    const body = bodyOf("交割单怎么看");
    const buy = estimateFees("buy", 10_000, "2024-03-15");
    const sell = estimateFees("sell", 10_500, "2024-03-18");
    const out = -(10_000 + total(buy));
    const inn = 10_500 - total(sell);
    const balance1 = 100_000 + out;
    expect(body).toContain(`| ${yuan(buy.commission)} | ${yuan(buy.stampDuty)} | ${yuan(buy.transferFee)} | ${yuan(out)} | ${yuan(balance1)} |`);
    expect(body).toContain(`| ${yuan(sell.commission)} | ${yuan(sell.stampDuty)} | ${yuan(sell.transferFee)} | ${yuan(inn)} | ${yuan(balance1 + inn)} |`);
    expect(body).toContain(`**+${yuan(inn + out)} 元**`);
  });

  it("the SVIP first-board replay", () => {
    const body = bodyOf("一笔首板交易的完整复盘");
    const buy = estimateFees("buy", 22_000, "2024-05-15");
    const sell = estimateFees("sell", 23_200, "2024-05-16");
    const out = 22_000 + total(buy);
    const inn = 23_200 - total(sell);
    expect(body).toContain(`| 22,000.00 | ${yuan(buy.commission)} | ${yuan(buy.stampDuty)} | ${yuan(buy.transferFee)} | -${yuan(out)} |`);
    expect(body).toContain(`| 23,200.00 | ${yuan(sell.commission)} | ${yuan(sell.stampDuty)} | ${yuan(sell.transferFee)} | ${yuan(inn)} |`);
    expect(body).toContain(`**${yuan(inn - out)} 元**`);
    expect(body).toContain(`**+${(((inn - out) / out) * 100).toFixed(2)}%**`);
    expect(body).toContain(`${yuan(total(buy) + total(sell))} 元 ÷ 1,200 元`);
  });

  it("the T+1 blog post's loss", () => {
    const body = bodyOf("被 T+1 教育");
    const buy = estimateFees("buy", 10_500, "2024-03-15");
    const sell = estimateFees("sell", 9_900, "2024-03-18");
    expect(body).toContain(`${yuan(total(buy))} 元（佣金 ${yuan(buy.commission)} + 过户费 ${yuan(buy.transferFee)}）`);
    expect(body).toContain(`${yuan(total(sell))} 元（佣金 ${yuan(sell.commission)} + 印花税 ${yuan(sell.stampDuty)} + 过户费 ${yuan(sell.transferFee)}）`);
    expect(body).toContain(`| 合计 | −${yuan(600 + total(buy) + total(sell))} 元 |`);
  });

  it("limit prices for a previous close of 9.87", () => {
    const body = bodyOf("涨跌幅限制一览");
    for (const [label, ratio] of [["主板 ±10%", 0.1], ["主板 ST ±5%", 0.05], ["创业板、科创板 ±20%", 0.2], ["北交所 ±30%", 0.3]] as const) {
      expect(body).toContain(`| ${label} | ${limitUpPrice(9.87, ratio).toFixed(2)} | ${limitDownPrice(9.87, ratio).toFixed(2)} |`);
    }
  });

  it("the consecutive limit-up ladder", () => {
    const body = bodyOf("什么是打板");
    let price = 10;
    for (const label of ["首板", "二板", "三板", "四板"]) {
      price = limitUpPrice(price, 0.1);
      expect(body).toContain(`| ${label} | ${price.toFixed(2)} | +${((price / 10 - 1) * 100).toFixed(2)}% |`);
    }
  });
});
