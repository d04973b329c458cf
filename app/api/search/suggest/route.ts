import { NextResponse } from "next/server";
import { SUGGEST_INVALID, SuggestQuery } from "@/lib/domain/search/schemas";
import { rateLimited, route } from "@/lib/server/http";
import { SUGGEST_RATE, suggest } from "@/lib/server/search/site-search";
import { takeToken } from "@/lib/server/security/rate-limit";
import { clientIp } from "@/lib/server/security/request-meta";

/** Per address, before the query is looked at. */
async function limitSuggestions({ req }: { req: { headers: Headers } }): Promise<void> {
  const wait = await takeToken("search-suggest", clientIp(req.headers), SUGGEST_RATE.points, SUGGEST_RATE.windowSec);
  if (wait > 0) throw rateLimited(`搜索过于频繁，请 ${wait} 秒后再试`, wait);
}

/**
 * `GET /api/search/suggest?q=` → `{items: [{kind, title, url, detail?}]}`, at most 8. The search index holds public
 * text only, so the answer is the same for every viewer and may be cached briefly; refusals are never cached.
 */
export const GET = route(
  {
    name: "search suggestions",
    auth: "visitor",
    session: false,
    before: limitSuggestions,
    query: SuggestQuery,
    invalidMessage: SUGGEST_INVALID,
    refusalHeaders: { "Cache-Control": "no-store" },
  },
  async ({ query }) => {
    const items = query.q.trim() ? await suggest(query.q) : [];
    return NextResponse.json({ items }, { headers: { "Cache-Control": "public, max-age=30" } });
  },
);
