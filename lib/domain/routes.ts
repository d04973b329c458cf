import { ARTICLE_TYPES } from "./article-types";
import {
  ANALYSIS_TYPES, CHART_TYPES, ERROR_CODES, LIST_TYPES, RANK_AUDITS, RANK_PERIODS, RANK_SHOWS,
  isAnalysisFilter, isGuid, isInvitationCode, isNickname, isPageIndex, isSearchTerm, isStockSymbol,
  isTradingDateString, oneOf,
} from "./route-params";

/**
 * The routes of SPEC §2, matched the way the original router does: a pattern matches when its static segments
 * match and the remaining segments fit its parameters; then the route's validate rule runs. A path no pattern
 * matches is "Page not found: {path}"; a path whose rule fails is "Page Not Found: {fullPath}".
 */
type Validator = (value: string) => boolean;
interface ParamSpec { name: string; optional: boolean; valid: Validator }
export interface RouteDef { name: string; statics: string[]; params: ParamSpec[] }

const req = (name: string, valid: Validator): ParamSpec => ({ name, optional: false, valid });
const opt = (name: string, valid: Validator): ParamSpec => ({ name, optional: true, valid });
const route = (name: string, path: string, ...params: ParamSpec[]): RouteDef => ({
  name, statics: path.split("/").filter(Boolean), params,
});

const detailParams = [
  req("guid", isGuid), opt("date", isTradingDateString), opt("symbol", isStockSymbol), opt("charttype", oneOf(CHART_TYPES)),
];

export const ROUTES: RouteDef[] = [
  route("newhome", "/"),
  route("Home", "/god"),
  route("detail", "/detail", ...detailParams),
  route("test", "/test"),
  route("test", "/test", ...detailParams),
  route("upload", "/upload"),
  route("login", "/login", opt("code", isInvitationCode)),
  route("realtrade", "/quant/realtrade"),
  route("follow", "/quant/trade"),
  route("strategy", "/quant"),
  route("type", "/list", req("type", oneOf(LIST_TYPES)), opt("pageIndex", isPageIndex)),
  route("account", "/user/account"),
  route("password", "/user/password"),
  route("stripePay1", "/stripePay1"),
  route("stripePay", "/stripePay"),
  route("stripePayResult", "/stripePay/result"),
  route("pay", "/pay"),
  route("payResult", "/pay/result"),
  route("paytest", "/paytest"),
  route("demo", "/demo"),
  route("invite", "/user/invite"),
  route("recs", "/recs", opt("invitationcode", isInvitationCode), opt("nickname", isNickname), opt("orderguid", isGuid)),
  route("price", "/price"),
  route("disclaimer", "/disclaimer"),
  route("terms", "/terms"),
  route("subscription", "/user/subscription"),
  route("new", "/new"),
  route("error", "/error", req("code", oneOf(ERROR_CODES))),
  route("invitation", "/user/invitation"),
  route("notif", "/user/notif"),
  route("unsubscribe", "/user/unsubscribe"),
  route("infodeail", "/info/detail", req("infoguid", isGuid)),
  route("info", "/info", req("type", oneOf(Object.keys(ARTICLE_TYPES)))),
  route("analysis", "/analysis", req("guid", isGuid), opt("firsttype", oneOf(ANALYSIS_TYPES)), opt("secondtype", isAnalysisFilter)),
  route("blog", "/user/blog", opt("uguid", isGuid), opt("infoguid", (v) => v === "new" || isGuid(v))),
  route("user", "/user", opt("uguid", isGuid), opt("pageIndex", isPageIndex)),
  route("search", "/search", opt("name", isSearchTerm)),
  route("rank", "/rank", opt("date", isTradingDateString), opt("week", oneOf(RANK_PERIODS)), opt("show", oneOf(RANK_SHOWS)), opt("audit", oneOf(RANK_AUDITS))),
  route("loss", "/loss-tracker", opt("date", isTradingDateString)),
  route("train", "/train", opt("guid", isGuid)),
  route("drill", "/train", req("guid", isGuid), req("date", isTradingDateString), req("symbol", isStockSymbol)),
  route("auth", "/auth"),
  route("setup", "/setup"),
  route("admin", "/admin"),
  route("adminMembers", "/admin/members"),
  route("adminMember", "/admin/members", req("uguid", isGuid)),
  route("adminMasters", "/admin/traders"),
  route("adminMaster", "/admin/traders", req("guid", isGuid)),
  route("adminStrategies", "/admin/strategies"),
  route("adminStrategy", "/admin/strategies", req("guid", isGuid)),
  route("adminArticles", "/admin/articles"),
  route("adminArticleNew", "/admin/articles/new"),
  route("adminArticle", "/admin/articles", req("infoguid", isGuid)),
  route("adminPlans", "/admin/plans"),
];

export type RouteParams = Record<string, string | undefined>;
export type RouteMatch =
  | { status: "ok"; name: string; params: RouteParams }
  | { status: "invalid"; name: string; message: string }
  | { status: "unmatched"; message: string };

function decodeSegments(pathname: string): string[] | null {
  try {
    return pathname.split("/").filter(Boolean).map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
}

function fits(def: RouteDef, segments: string[]): boolean {
  if (segments.length < def.statics.length) return false;
  if (!def.statics.every((s, i) => segments[i] === s)) return false;
  const rest = segments.length - def.statics.length;
  const required = def.params.filter((p) => !p.optional).length;
  return rest >= required && rest <= def.params.length;
}

/** Static routes beat parameterised ones, longer static prefixes beat shorter (the router's ranking). */
const RANKED = [...ROUTES].sort((a, b) => b.statics.length - a.statics.length || a.params.length - b.params.length);

export function matchRoute(pathname: string, search = ""): RouteMatch {
  const fullPath = pathname + search;
  const segments = decodeSegments(pathname);
  const def = segments && RANKED.find((d) => fits(d, segments));
  if (!segments || !def) return { status: "unmatched", message: `Page not found: ${pathname}` };
  const values = segments.slice(def.statics.length);
  const params: RouteParams = {};
  for (const [i, spec] of def.params.entries()) {
    const value = values[i];
    if (value === undefined) continue;
    if (!spec.valid(value)) return { status: "invalid", name: def.name, message: `Page Not Found: ${fullPath}` };
    params[spec.name] = value;
  }
  return { status: "ok", name: def.name, params };
}

/** Pages re-check their own segments (defence in depth when the middleware is bypassed). */
export function routeParams(name: string, pathSegments: string[]): RouteParams | null {
  // Next.js may hand segments still percent-encoded (non-ASCII) or already decoded: normalise to decoded once.
  const decodeOnce = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  const pathname = "/" + pathSegments.map((s) => encodeURIComponent(decodeOnce(s))).join("/");
  const m = matchRoute(pathname);
  return m.status === "ok" && m.name === name ? m.params : null;
}
