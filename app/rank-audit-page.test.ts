/**
 * /rank's 交割单体检 filter (docs/adr/0079) on the demo data, whose statements are never audited: the board links to
 * the filtered one and back, and the filtered board says that no master's fills have all been checked, instead of
 * showing an empty table or the unfiltered masters. The filtered board is not indexed.
 */
import { createElement, type ReactNode } from "react";
import { LoginStateProvider } from "@/components/dialogs/login-state";
import { PayStateProvider } from "@/components/dialogs/pay-state";
import { ShareStateProvider } from "@/components/dialogs/share-state";
import { db } from "@/lib/db";
import { seedDemoData } from "@/lib/db/seed/demo";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { seedDemoStatements } from "@/lib/server/statements/demo-seed";
import * as rank from "./(site)/rank/[[...rest]]/page";
import { renderPage } from "./render-page.test-support";

jest.mock("next/headers", () => ({
  cookies: async () => ({ get: () => undefined, getAll: () => [] }),
  headers: async () => new Headers({ "user-agent": "Mozilla/5.0", "x-lianghua-peer": "10.26.0.1" }),
}));
jest.mock("next/navigation", () => ({
  ...jest.requireActual("next/navigation"),
  useRouter: () => ({ push() {}, replace() {}, refresh() {}, prefetch() {}, back() {} }),
  usePathname: () => "/rank",
  useSearchParams: () => new URLSearchParams(),
}));
process.env.LOG_LEVEL = "silent";

const inLayout = (page: ReactNode) =>
  createElement(LoginStateProvider, null, createElement(PayStateProvider, null, createElement(ShareStateProvider, null, page)));

const props = (rest: string[]) => ({ params: Promise.resolve({ rest }), searchParams: Promise.resolve({}) });

describeOnEachEngine("/rank filtered by the 交割单体检 on the demo data", () => {
  beforeAll(async () => {
    const database = await db();
    await seedDemoData(database);
    await seedDemoStatements(database);
  }, 120_000);

  it("links to the filtered board and back, and the filtered board says why it is empty", async () => {
    const { html } = await renderPage(await rank.default(props([])), inLayout);
    expect(html).toContain('data-testid="rank-table"');
    const toFiltered = /href="(\/rank\/(\d{4}-\d{2}-\d{2})\/day\/profit\/passed)"[^>]*>只看体检全部通过</.exec(html);
    expect(toFiltered).not.toBeNull();
    const day = toFiltered![2]!;

    const filtered = await renderPage(await rank.default(props([day, "day", "profit", "passed"])), inLayout);
    expect(filtered.html).not.toContain('data-testid="rank-table"');
    expect(filtered.html).toContain("暂无成交全部经行情核验通过的大神");
    expect(filtered.html).toContain("演示数据不做体检");
    expect(filtered.html).toMatch(new RegExp(`href="/rank/${day}/day/profit"[^>]*>全部大神<`));
    expect(filtered.html).toMatch(/aria-current="page"[^>]*>只看体检全部通过</);

    expect((await rank.generateMetadata(props([day, "day", "profit", "passed"]))).robots).toEqual({ index: false, follow: true });
    expect((await rank.generateMetadata(props([day, "day", "profit"]))).robots).toBeUndefined();
  }, 120_000);
});
