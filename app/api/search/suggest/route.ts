import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { isSearchTerm } from "@/lib/domain/route-params";
import { fail } from "@/lib/server/http";
import { logger } from "@/lib/server/logger";
import { SUGGEST_RATE, suggest } from "@/lib/server/search/site-search";
import { takeToken } from "@/lib/server/security/rate-limit";
import { clientIp } from "@/lib/server/security/request-meta";

const Query = z.object({
  q: z.string().max(200).refine((v) => v.trim() === "" || isSearchTerm(v), "请求参数无效"),
});

/**
 * `GET /api/search/suggest?q=` → `{items: [{kind, title, url, detail?}]}`, at most 8. The search index holds public
 * text only, so the answer is the same for every viewer and may be cached briefly; refusals are never cached.
 */
export async function GET(req: NextRequest) {
  const noStore = { "Cache-Control": "no-store" };
  const wait = await takeToken("search-suggest", clientIp(req.headers), SUGGEST_RATE.points, SUGGEST_RATE.windowSec);
  if (wait > 0) return fail(429, `搜索过于频繁，请 ${wait} 秒后再试`, { "Retry-After": String(wait), ...noStore });
  const parsed = Query.safeParse({ q: req.nextUrl.searchParams.get("q") ?? "" });
  if (!parsed.success) return fail(400, "请求参数无效", noStore);
  try {
    const items = parsed.data.q.trim() ? await suggest(parsed.data.q) : [];
    return NextResponse.json({ items }, { headers: { "Cache-Control": "public, max-age=30" } });
  } catch (err) {
    logger().error({ err }, "search suggestions failed");
    return fail(500, "服务器内部错误，请稍后再试", noStore);
  }
}
