/**
 * Issue 24 point 3: /god is bounded by the screen, not by the database. With 30 and with 120 masters, each with
 * published statements (two round trips closing on the same day, so that day has two fills per master), the page's
 * HTML is the same size within a small bound: 24 masters and 50 of the day's fills, whatever the number of
 * masters, with 「全部 N 位大神」 and 「查看更多」 leading on.
 */
import { createElement, type ReactNode } from "react";
import { LoginStateProvider } from "@/components/dialogs/login-state";
import { PayStateProvider } from "@/components/dialogs/pay-state";
import { ShareStateProvider } from "@/components/dialogs/share-state";
import { db } from "@/lib/db";
import { marketBars } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { defaultCalendar } from "@/lib/domain/market/calendar";
import type { Fill, ImportReport } from "@/lib/domain/statements/types";
import { OPERATOR } from "@/lib/server/auth/roles";
import { storeReport } from "@/lib/server/statements/import";
import { createMaster } from "@/lib/server/statements/masters-admin";
import { tradesOnDay } from "@/lib/server/statements/master-hub";
import { statementAccess } from "@/lib/server/statements/access";
import GodPage from "./(site)/god/page";
import { renderPage } from "./render-page.test-support";

jest.mock("next/headers", () => ({
  cookies: async () => ({ get: () => undefined }),
  headers: async () => new Headers({ "user-agent": "Mozilla/5.0", "x-lianghua-peer": "10.24.0.1" }),
}));
jest.mock("next/navigation", () => ({
  ...jest.requireActual("next/navigation"),
  useRouter: () => ({ push() {}, replace() {}, refresh() {}, prefetch() {}, back() {} }),
  usePathname: () => "/god",
  useSearchParams: () => new URLSearchParams(),
}));
process.env.LOG_LEVEL = "silent";

const inLayout = (page: ReactNode) =>
  createElement(LoginStateProvider, null, createElement(PayStateProvider, null, createElement(ShareStateProvider, null, page)));

const DAY = defaultCalendar.previous("2026-09-15");
const BEFORE = defaultCalendar.previous(DAY);
/** The site's data reaches this day (a market bar), so DAY lies inside the free sample and a visitor sees its trades. */
const AS_OF = defaultCalendar.addTradingDays(DAY, 25);

function fill(date: string, side: "buy" | "sell", code: string, name: string, line: number, price: number): Fill {
  const quantity = 1000;
  const amount = Math.round(price * quantity * 100) / 100;
  return {
    line, date, time: side === "buy" ? "09:35:00" : `14:${String(10 + (line % 40)).padStart(2, "0")}:00`, code, exchange: "SH", market: "A", name, side,
    quantity, price, priceCurrency: "CNY", amount, amountStated: true, currency: "CNY", fxRate: null, feeBasis: "file", shareBalance: null,
    fees: { commission: 5, stampDuty: side === "sell" ? Math.round(amount * 0.0005 * 100) / 100 : 0, transferFee: 0.1, other: 0 },
    feesEstimated: false, netAmount: null, balance: null, kind: "trade", raw: side === "buy" ? "证券买入" : "证券卖出",
  };
}

let made = 0;
async function addMasters(n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const k = ++made;
    const master = await createMaster(OPERATOR, { name: `测试大神${String(k).padStart(4, "0")}`, styleTags: ["短线", "打板"] });
    const up = 10 + (k % 5) / 10;
    const fills = [
      fill(BEFORE, "buy", "600519", "贵州茅台", 2, 10), fill(BEFORE, "buy", "600036", "招商银行", 3, 10),
      fill(DAY, "sell", "600519", "贵州茅台", 4, up), fill(DAY, "sell", "600036", "招商银行", 5, 9.8),
    ];
    const report: ImportReport = {
      format: "generic", formatLabel: "通用格式", encoding: "utf-8", rowCount: fills.length, fills, events: [], skipped: [], warnings: [], feeBasis: "file", unreconciled: [],
    };
    await storeReport(report, { bytes: new TextEncoder().encode(`god-size-${k}`), fileName: `${k}.csv` }, { kind: "master", masterGuid: master.guid, isPublic: true });
  }
}

async function godHtml(): Promise<string> {
  const page = await GodPage({ searchParams: Promise.resolve({ date: DAY }) });
  return (await renderPage(page, inLayout)).html;
}

const count = (html: string, needle: RegExp) => html.match(needle)?.length ?? 0;

describeOnEachEngine("issue 24: /god does not grow with the number of masters", () => {
  it("renders 24 masters and 50 fills at 30 and at 120 masters, within 1% in size", async () => {
    await (await db()).insert(marketBars).values({ code: "000300", tradeDate: AS_OF, open: 1, high: 1, low: 1, close: 1, volume: 1 });
    await addMasters(30);
    const small = await godHtml();
    await addMasters(90);
    const large = await godHtml();

    for (const [html, n] of [[small, 30], [large, 120]] as const) {
      expect(html).toContain(`全部 ${n} 位大神`);
      expect(count(html, /href="\/detail\/[0-9a-f-]{36}"/g)).toBe(24); // the master cards
      expect(count(html, /<tr>/g)).toBe(1 + 50); // header and 50 fills
      expect(html).toContain("查看更多");
      expect(html).toContain(`共 ${n * 2} 笔成交`);
      expect(html.length).toBeLessThan(150_000);
    }
    expect(Math.abs(large.length - small.length)).toBeLessThan(small.length * 0.01);
  }, 300_000);

  it("pages the day's fills in time order and counts the masters not disclosed that far in SQL", async () => {
    const access = await statementAccess(null);
    const first = await tradesOnDay(access, DAY, { limit: 50 });
    expect(first.total).toBe(240);
    expect(first.trades).toHaveLength(50);
    const all = [...first.trades];
    for (let offset = 50; offset < first.total; offset += 50) all.push(...(await tradesOnDay(access, DAY, { limit: 50, offset })).trades);
    expect(all).toHaveLength(240);
    expect(new Set(all.map((t) => `${t.masterGuid}|${t.code}`)).size).toBe(240); // no fill twice, none left out
    const times = all.map((t) => t.time ?? "");
    expect(times).toEqual([...times].sort());
    expect(first.hiddenMasters).toBe(0);
    const delayed = await createMaster(OPERATOR, { name: "延迟公开", disclosureDelayDays: 250 });
    const fills = [fill(BEFORE, "buy", "600000", "浦发银行", 2, 10), fill(DAY, "sell", "600000", "浦发银行", 3, 11)];
    await storeReport(
      { format: "generic", formatLabel: "通用格式", encoding: "utf-8", rowCount: 2, fills, events: [], skipped: [], warnings: [], feeBasis: "file", unreconciled: [] },
      { bytes: new TextEncoder().encode("delayed"), fileName: "delayed.csv" },
      { kind: "master", masterGuid: delayed.guid, isPublic: true },
    );
    const after = await tradesOnDay(access, DAY);
    expect(after.total).toBe(240);
    expect(after.hiddenMasters).toBe(1);
  }, 120_000);
});
