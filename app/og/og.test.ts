import { db } from "@/lib/db";
import { articles, masters } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { GET as articleImage } from "./article/[file]/route";
import { GET as masterImage } from "./master/[file]/route";
import { guidOfImageFile } from "./og-card";

process.env.LOG_LEVEL = "silent";
const call = (handler: typeof articleImage, file: string) => handler(new Request(`http://localhost:3000/og/x/${file}`), { params: Promise.resolve({ file }) });

describe("guidOfImageFile", () => {
  it("accepts {guid}.png only", () => {
    expect(guidOfImageFile("0B6F1A52-3C1D-4E8E-9D55-0C9F2F6A7B10.png")).toBe("0b6f1a52-3c1d-4e8e-9d55-0c9f2f6a7b10");
    for (const bad of ["0b6f1a52-3c1d-4e8e-9d55-0c9f2f6a7b10", "0b6f1a52-3c1d-4e8e-9d55-0c9f2f6a7b10.jpg", "x.png", "../x.png"]) expect(guidOfImageFile(bad)).toBeNull();
  });
});

describeOnEachEngine("Open Graph images", () => {
  it("draws a PNG for a published article and a master, 404 otherwise", async () => {
    const [a] = await (await db()).insert(articles).values({ type: "case", title: "仓位", body: "x", minLevel: 200, status: "published", publishedAt: new Date() }).returning({ infoguid: articles.infoguid });
    const [d] = await (await db()).insert(articles).values({ type: "case", title: "草稿", body: "x", status: "draft" }).returning({ infoguid: articles.infoguid });
    const [m] = await (await db()).insert(masters).values({ name: "青山短线" }).returning({ guid: masters.guid });
    const res = await call(articleImage, `${a!.infoguid}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
    expect((await call(masterImage, `${m!.guid}.png`)).status).toBe(200);
    expect((await call(articleImage, `${d!.infoguid}.png`)).status).toBe(404);
    expect((await call(articleImage, "nope.png")).status).toBe(404);
    expect((await call(masterImage, `${a!.infoguid}.png`)).status).toBe(404);
  }, 60_000);
});
