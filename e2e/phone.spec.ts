import { randomUUID } from "node:crypto";
import { expect, test, type Cookie, type Locator, type Page } from "@playwright/test";
import { ROUTES, matchRoute } from "../lib/domain/routes";
import { logInPage } from "./fixtures";
import { adminPaths, findIds, memberPaths, memberWithOrders, publicPaths, type Ids, type MemberIds } from "./route-paths";

// Every route at 375 px (playwright.config.ts's viewport), as a visitor, as a member with orders and as an
// administrator: the page never scrolls sideways, and the day's trades show every figure of a row on screen.

test("the lists of e2e/route-paths.ts reach every route of lib/domain/routes.ts", () => {
  const guid = randomUUID();
  const ids: Ids = { master: guid, trade: `/detail/${guid}/2024-05-06/600519`, day: "2024-05-06", strategy: guid, article: guid };
  const me: MemberIds = { uguid: guid, paidOrder: guid, pendingOrder: guid };
  const reached = new Set(
    [...memberPaths(ids, me), ...adminPaths(ids, guid)].map((p) => {
      const url = new URL(p, "http://x");
      const m = matchRoute(url.pathname);
      return m.status === "ok" ? m.name : `✗ ${p}`;
    }),
  );
  expect([...new Set(ROUTES.map((r) => r.name))].filter((name) => !reached.has(name))).toEqual([]);
  expect([...reached].filter((name) => name.startsWith("✗"))).toEqual([]);
});

/** What sticks out past the right edge of the screen (for the failure message). */
async function pageOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.scrollingElement!.scrollWidth;
    if (scrollWidth <= width) return null;
    const culprits: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + 0.5) continue;
      const name = `${el.tagName.toLowerCase()}${el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : ""}.${[...el.classList].slice(0, 4).join(".")}`;
      culprits.push(`${name} → ${Math.round(r.right)}px “${(el.textContent ?? "").trim().slice(0, 20)}”`);
    }
    return `${scrollWidth}px wide on a ${width}px screen; reaching past it: ${culprits.slice(-4).join(" | ")}`;
  });
}

async function expectNoSidewaysScroll(page: Page, paths: string[]) {
  for (const path of paths) {
    await test.step(path, async () => {
      await page.goto(path);
      expect.soft(await pageOverflow(page), `${path} (${page.url()})`).toBeNull();
    });
  }
}

/** The price and the amount of the table's first trade lie on the screen and inside its scroll box: nothing to swipe for. */
async function expectPriceAndAmountOnScreen(container: Locator, what: string) {
  const table = container.locator("table").first();
  await expect(table.locator("tbody tr").first(), what).toBeVisible();
  const { columns, figures, offscreen } = await table.evaluate((t) => {
    const heads = [...t.querySelectorAll("thead th")];
    const columns = heads.flatMap((th, i) => (/价格|金额/.test(th.textContent ?? "") ? [i] : []));
    const cells = [...t.querySelector("tbody tr")!.children] as HTMLElement[];
    const figures: string[] = [];
    const offscreen: string[] = [];
    for (const i of columns) {
      const cell = cells[i]!;
      figures.push((cell.textContent ?? "").trim());
      const r = cell.getBoundingClientRect();
      let inside = r.width > 0 && r.left >= -0.5 && r.right <= window.innerWidth + 0.5 && getComputedStyle(cell).visibility !== "hidden";
      for (let p = cell.parentElement; inside && p; p = p.parentElement) {
        if (getComputedStyle(p).overflowX === "visible") continue;
        const box = p.getBoundingClientRect();
        inside = r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
      }
      if (!inside) offscreen.push(`${heads[i]!.textContent}: ${cell.textContent}`);
    }
    return { columns: columns.length, figures, offscreen };
  });
  expect(columns, `${what}: the table has price and amount columns`).toBeGreaterThan(0);
  // a price (1,688.00) and an amount (¥337,700.00) are written in them
  expect(figures.join(" "), what).toMatch(/\d\.\d{2,3}\D.*\d\.\d{2}/);
  expect.soft(offscreen, `${what}: price or amount off screen`).toEqual([]);
}

async function expectDayTradesOnScreen(page: Page, ids: Ids) {
  for (const [path, testId] of [["/", "day-trades"], ["/god", "day-trades"], [ids.trade, "fill-table"], [`/quant?s=${ids.strategy}`, "strategy-fills"]] as const) {
    await test.step(`${path}: the trades show price and amount`, async () => {
      await page.goto(path);
      await expectPriceAndAmountOnScreen(page.getByTestId(testId).first(), path);
    });
  }
}

/** 全部交易 shows 50 round trips a page, newest first, and links the next page. */
async function expectTradesPaged(page: Page, ids: Ids) {
  await test.step("全部交易 is paged at 50 rows", async () => {
    await page.goto(`/analysis/${ids.master}/trades`);
    const heading = await page.getByRole("heading", { name: /^全部交易回合（\d+）$/ }).innerText();
    const total = Number(/（(\d+)）/.exec(heading)![1]);
    const rows = page.getByTestId("round-trip-table").locator("tbody tr");
    await expect(rows).toHaveCount(Math.min(total, 50));
    const next = page.getByRole("navigation", { name: "分页" }).getByRole("link", { name: "下一页" });
    if (total <= 50) return expect(next).toHaveCount(0);
    await next.click();
    await expect(page).toHaveURL(/\/trades\?page=2$/);
    await expect(rows).toHaveCount(Math.min(total - 50, 50));
    await expect(page.getByRole("navigation", { name: "分页" })).toContainText(`第 2 / ${Math.ceil(total / 50)} 页`);
  });
}

/** The ids, found once per worker (they are the same demo world for every test). */
let idsFound: Ids | null = null;
async function ids(page: Page): Promise<Ids> {
  idsFound ??= await findIds(page);
  return idsFound;
}

/**
 * The member with orders, made once per worker and shared by its tests through the session cookies: a code to the
 * same address (or many from one address) would be refused by the code limits (SPEC: 1 a minute, 20 an hour per IP).
 */
let memberMade: { me: MemberIds; cookies: Cookie[] } | null = null;
async function asMemberWithOrders(page: Page): Promise<MemberIds> {
  if (memberMade) {
    await page.context().addCookies(memberMade.cookies);
  } else {
    const me = await memberWithOrders(page);
    memberMade = { me, cookies: await page.context().cookies() };
  }
  return memberMade.me;
}

// The walk is split in parts of this many routes, so that Playwright workers can share it (a part takes about a
// minute on a busy machine). How many parts there are is known before the ids are: the lists' lengths do not depend on them.
const PART = 25;
const PLACEHOLDER_IDS: Ids = { master: "m", trade: "/detail/m/d/c", day: "d", strategy: "s", article: "a" };
const partsOf = (count: number) => Array.from({ length: Math.ceil(count / PART) }, (_, i) => i);
const part = (paths: string[], i: number) => paths.slice(i * PART, (i + 1) * PART);

test.describe("a 375 px phone", () => {
  test.describe.configure({ mode: "parallel" });

  const visitorParts = partsOf(publicPaths(PLACEHOLDER_IDS).length);
  for (const i of visitorParts) {
    test(`a visitor, routes part ${i + 1}/${visitorParts.length}: none scrolls sideways`, async ({ page }) => {
      test.setTimeout(240_000);
      await expectNoSidewaysScroll(page, part(publicPaths(await ids(page)), i));
    });
  }

  test("a visitor: the day's trades show price and amount on screen, 全部交易 is paged", async ({ page }) => {
    test.setTimeout(150_000);
    const found = await ids(page);
    await expectDayTradesOnScreen(page, found);
    await expectTradesPaged(page, found);
  });

  const memberParts = partsOf(memberPaths(PLACEHOLDER_IDS, { uguid: "u", paidOrder: "o", pendingOrder: "o" }).length);
  for (const i of memberParts) {
    test(`a member with a paid and a pending order, routes part ${i + 1}/${memberParts.length}: none scrolls sideways`, async ({ page }) => {
      test.setTimeout(240_000);
      const found = await ids(page);
      const me = await asMemberWithOrders(page);
      if (i === 0) {
        await page.goto("/user/subscription");
        await expect(page.getByTestId("order-row")).toHaveCount(2);
        await expect(page.getByTestId("receipt-row")).toHaveCount(1);
      }
      await expectNoSidewaysScroll(page, part(memberPaths(found, me), i));
    });
  }

  test("a member: the day's trades show price and amount on screen", async ({ page }) => {
    test.setTimeout(150_000);
    const found = await ids(page);
    await asMemberWithOrders(page);
    await expectDayTradesOnScreen(page, found);
  });

  test("an administrator: no admin page scrolls sideways", async ({ page }) => {
    test.setTimeout(120_000);
    const found = await ids(page);
    await logInPage(page, "admin");
    await page.goto("/admin/members");
    const member = (await page.locator('a[href^="/admin/members/"]').first().getAttribute("href"))!.split("/").pop()!;
    await expectNoSidewaysScroll(page, adminPaths(found, member));
  });
});
