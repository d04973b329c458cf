import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Cookie, type Page } from "@playwright/test";
import { isLoginGated } from "../lib/domain/gates";
import { matchRoute } from "../lib/domain/routes";
import { logInPage } from "./fixtures";
import { adminPaths, findIds, memberPaths, memberWithOrders, publicPaths, type Ids, type MemberIds } from "./route-paths";

// Every route of lib/domain/routes.ts (one address each, e2e/route-paths.ts) at 375 px and at 1280 px, checked by
// axe-core against WCAG 2.1 A and AA: no serious or critical violation anywhere — as a visitor, as a member on the
// pages a visitor is sent away from, as an administrator on the admin pages.

const SIZES = [
  { name: "375 px", viewport: { width: 375, height: 740 } },
  { name: "1280 px", viewport: { width: 1280, height: 900 } },
] as const;

/** One address per route name, the first of `paths` that reaches it. */
function onePerRoute(paths: string[], keep: (route: string, path: string) => boolean = () => true): string[] {
  const seen = new Set<string>();
  return paths.filter((path) => {
    const m = matchRoute(new URL(path, "http://x").pathname);
    const name = m.status === "ok" ? m.name : path;
    if (seen.has(name) || !keep(name, path)) return false;
    seen.add(name);
    return true;
  });
}

async function seriousViolations(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    for (const v of violations.filter((x) => x.impact === "serious" || x.impact === "critical")) {
      found.push(`${path}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
    }
  }
  return found;
}

let idsFound: Ids | null = null;
const ids = async (page: Page) => (idsFound ??= await findIds(page));

/** The member with orders, made once per worker and shared by its tests through the session cookies (the code limits). */
let memberMade: { me: MemberIds; cookies: Cookie[] } | null = null;

test.describe("accessibility (axe-core, WCAG 2.1 AA)", () => {
  test.describe.configure({ mode: "parallel" });

  for (const size of SIZES) {
    test(`a visitor at ${size.name}: no serious or critical violation on any route`, async ({ page }) => {
      test.setTimeout(300_000);
      await page.setViewportSize(size.viewport);
      const paths = onePerRoute(publicPaths(await ids(page)), (_, path) => !isLoginGated(new URL(path, "http://x").pathname));
      expect(paths.length).toBeGreaterThan(30);
      expect(await seriousViolations(page, paths)).toEqual([]);
    });

    test(`a member at ${size.name}: no serious or critical violation on the members' routes`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(size.viewport);
      const found = await ids(page);
      if (memberMade) await page.context().addCookies(memberMade.cookies);
      else memberMade = { me: await memberWithOrders(page), cookies: await page.context().cookies() };
      const info = memberMade.me;
      // a member's own pages: the account pages, the blog, the payment pages with their orders
      const paths = onePerRoute(memberPaths(found, info).filter((p) => /^\/(user|pay|paytest|stripePay)/.test(p)).reverse());
      expect(paths.length).toBeGreaterThan(12);
      expect(await seriousViolations(page, paths)).toEqual([]);
    });

    test(`an administrator at ${size.name}: no serious or critical violation on the admin routes`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(size.viewport);
      const found = await ids(page);
      await logInPage(page, "admin");
      await page.goto("/admin/members");
      const member = (await page.locator('a[href^="/admin/members/"]').first().getAttribute("href"))!.split("/").pop()!;
      expect(await seriousViolations(page, onePerRoute(adminPaths(found, member)))).toEqual([]);
    });
  }
});
