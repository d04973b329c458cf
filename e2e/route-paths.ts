import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { ARTICLE_TYPES } from "../lib/domain/article-types";
import { ANALYSIS_TYPES, ERROR_CODES, LIST_TYPES, RANK_PERIODS, RANK_SHOWS } from "../lib/domain/route-params";
import { latestCode } from "./outbox";

// Every route of lib/domain/routes.ts as a path a reader reaches, for the walks over all of them: the 375 px phone
// (e2e/phone.spec.ts, which also checks these lists reach every route) and the accessibility run (e2e/a11y.spec.ts).

/** The demo ids the dynamic routes need, found the way a reader finds them: by following the site's own links. */
export interface Ids {
  master: string;
  /** a master's trade: /detail/{guid}/{date}/{code} */
  trade: string;
  day: string;
  strategy: string;
  article: string;
}
export interface MemberIds {
  uguid: string;
  paidOrder: string;
  pendingOrder: string;
}

export function publicPaths(ids: Ids): string[] {
  const sub = ids.trade.slice("/detail".length);
  return [
    "/", "/god", `/detail/${ids.master}`, ids.trade, `${ids.trade}/week`, "/test", `/test${sub}`,
    "/upload", "/login", "/login/ABCD2345", "/new",
    "/quant", `/quant?s=${ids.strategy}`, "/quant/realtrade", "/quant/trade",
    ...LIST_TYPES.map((t) => `/list/${t}`), "/list/god/2",
    "/price", "/pay", "/pay?plan=vip-month", "/pay/result", "/paytest", "/stripePay1", "/stripePay", "/stripePay/result",
    "/demo", "/recs", "/recs/ABCD2345/%E5%B0%8F%E6%98%8E", "/disclaimer", "/terms",
    ...ERROR_CODES.map((c) => `/error/${c}`),
    ...Object.keys(ARTICLE_TYPES).map((t) => `/info/${t}`), `/info/detail/${ids.article}`,
    `/analysis/${ids.master}`, ...ANALYSIS_TYPES.map((t) => `/analysis/${ids.master}/${t}`), `/analysis/${ids.master}/trades/win`,
    "/search", "/search/%E7%AD%96%E7%95%A5",
    "/rank", ...RANK_PERIODS.flatMap((p) => RANK_SHOWS.map((s) => `/rank/${ids.day}/${p}/${s}`)),
    "/loss-tracker", `/loss-tracker/${ids.day}`, "/train", `/train/${ids.master}`, `/train${sub}`, "/auth", "/setup", "/setup?token=not-a-token",
    "/user/subscription", "/user/account", "/user/password", "/user/invite", "/user/invitation", "/user/notif", "/user/unsubscribe", "/user", "/user/blog",
  ];
}

export function memberPaths(ids: Ids, me: MemberIds): string[] {
  return [
    ...publicPaths(ids),
    `/user/${me.uguid}`, `/user/blog/${me.uguid}`, `/user/blog/${me.uguid}/new`,
    `/paytest?order=${me.pendingOrder}`, `/stripePay1?order=${me.pendingOrder}`, `/pay/result?order=${me.paidOrder}`,
  ];
}

export function adminPaths(ids: Ids, member: string): string[] {
  return [
    "/admin", "/admin/members", `/admin/members/${member}`, "/admin/traders", `/admin/traders/${ids.master}`,
    "/admin/strategies", `/admin/strategies/${ids.strategy}`, "/admin/articles", "/admin/articles/new",
    `/admin/articles/${ids.article}`, "/admin/plans",
  ];
}

export async function findIds(page: Page): Promise<Ids> {
  await page.goto("/god");
  const trade = await page.getByTestId("day-trades").locator('a[href^="/detail/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href")!).find((h) => h.split("/").length === 5));
  expect(trade, "a trade on /god links to /detail/{guid}/{date}/{code}").toBeTruthy();
  const [, , master, day] = trade!.split("/");
  await page.goto("/quant");
  const strategy = (await page.locator('a[href^="/quant?s="]').first().getAttribute("href"))!.slice("/quant?s=".length);
  await page.goto(`/info/${Object.keys(ARTICLE_TYPES)[0]}`);
  const article = (await page.locator('a[href^="/info/detail/"]').first().getAttribute("href"))!.split("/").pop()!;
  return { master: master!, trade: trade!, day: day!, strategy, article };
}

/** A newcomer registers by code and buys through the real endpoints (the 测试模式 card), leaving a second order open. */
export async function memberWithOrders(page: Page): Promise<MemberIds> {
  const api = page.context().request;
  const email = `phone-${randomUUID()}@e2e.test`;
  expect((await api.post("/api/auth/code/send", { data: { account: email } })).status()).toBe(200);
  expect((await api.post("/api/auth/code/verify", { data: { account: email, code: await latestCode(email) } })).status()).toBe(200);
  const order = async (planId: string) => {
    const res = await api.post("/api/pay/orders", { data: { planId, method: "test", nonce: randomUUID() } });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { order: { orderGuid: string } }).order.orderGuid;
  };
  const paidOrder = await order("vip-month");
  const paid = await api.post("/api/pay/test", { data: { orderGuid: paidOrder, number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" } });
  expect(paid.status(), await paid.text()).toBe(200);
  const pendingOrder = await order("svip-month");
  const { data: me } = await (await api.get("/api/user/info")).json();
  return { uguid: me.uguid as string, paidOrder, pendingOrder };
}

