import { NextRequest } from "next/server";
import { db } from "@/lib/db";
import { stocks } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { reindexAll } from "@/lib/server/search/indexer";
import { SUGGEST_RATE } from "@/lib/server/search/site-search";
import { GET } from "./route";

process.env.LOG_LEVEL = "silent";

function get(q: string | null, ip: string) {
  const url = new URL("http://localhost:3000/api/search/suggest");
  if (q !== null) url.searchParams.set("q", q);
  return GET(new NextRequest(url, { headers: { "x-lianghua-peer": ip } }));
}

describeOnEachEngine("GET /api/search/suggest", (engine) => {
  beforeAll(async () => {
    const database = await db();
    await database.insert(stocks).values([
      { code: "600519", exchange: "SH", name: "贵州茅台" },
      ...Array.from({ length: 12 }, (_, i) => ({ code: String(600600 + i), exchange: "SH", name: `建议测试${i}` })),
    ]);
    await reindexAll(database);
  });

  it("answers at most 8 suggestions {kind, title, url}", async () => {
    const res = await get("gzm", `10.1.${engine === "pglite" ? 1 : 2}.1`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=30");
    expect(await res.json()).toEqual({ items: [{ kind: "stock", title: "贵州茅台", url: "/search/600519", detail: "600519.SH" }] });
    const many = await (await get("建议测试", `10.1.${engine === "pglite" ? 1 : 2}.1`)).json();
    expect(many.items).toHaveLength(8);
    for (const item of many.items) expect(Object.keys(item).sort()).toEqual(["detail", "kind", "title", "url"]);
  });

  it("answers nothing for an empty query and refuses a bad one", async () => {
    expect(await (await get(null, `10.1.${engine === "pglite" ? 1 : 2}.2`)).json()).toEqual({ items: [] });
    expect(await (await get("   ", `10.1.${engine === "pglite" ? 1 : 2}.2`)).json()).toEqual({ items: [] });
    for (const q of ["x".repeat(51), "a\u0000b"]) {
      const res = await get(q, `10.1.${engine === "pglite" ? 1 : 2}.2`);
      expect(res.status).toBe(400);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect((await res.json()).message).toBe("请求参数无效");
    }
  });

  it("limits each IP, not everyone", async () => {
    const ip = `10.1.${engine === "pglite" ? 1 : 2}.3`;
    for (let i = 0; i < SUGGEST_RATE.points; i++) expect((await get("茅台", ip)).status).toBe(200);
    const limited = await get("茅台", ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("cache-control")).toBe("no-store");
    expect((await limited.json()).message).toMatch(/^搜索过于频繁，请 \d+ 秒后再试$/);
    expect((await get("茅台", `10.1.${engine === "pglite" ? 1 : 2}.4`)).status).toBe(200);
  });
});
