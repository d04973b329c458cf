import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { articles, articleTags } from "@/lib/db/schema";
import { describeOnEachEngine } from "@/lib/db/test-support";
import { registerArticleCommands } from "./articles";
import { runCommand } from "./run-command.test-support";

process.env.LOG_LEVEL = "silent";

const cli = (...args: string[]) => runCommand(registerArticleCommands, ...args);

describeOnEachEngine("cli article:create", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "article-cli-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: string | Uint8Array) => {
    const p = path.join(dir, name);
    writeFileSync(p, content);
    return p;
  };
  const count = async () => (await (await db()).select().from(articles)).length;

  it("publishes an article and prints its infoguid alone on the last line", async () => {
    const body = file("case.md", "\uFEFF## 首板\r\n\r\n**次日**低开，止损。");
    const made = await cli("article:create", "--type", "case", "--title", "首板案例", "--body-file", body, "--min-level", "100", "--tags", "打板，案例");
    expect(made.error).toBeNull();
    const infoguid = made.out.at(-1)!;
    expect(infoguid).toMatch(/^[0-9a-f-]{36}$/);
    expect(made.out[0]).toContain("首板案例");
    const [row] = await (await db()).select().from(articles).where(eq(articles.infoguid, infoguid));
    expect(row).toMatchObject({
      type: "case", title: "首板案例", body: "## 首板\n\n**次日**低开，止损。", summary: "首板", minLevel: 100,
      status: "published", authorId: null, videoUrl: null,
    });
    // the summary is the VIP article's lead-in (its heading), not its paid paragraph (issue 20)
    expect(row!.publishedAt).toBeInstanceOf(Date);
    expect((await (await db()).select().from(articleTags).where(eq(articleTags.infoguid, infoguid))).map((t) => t.tag).sort()).toEqual(["打板", "案例"].sort());
  });

  it("warns (in English) when --summary quotes the paid part, and keeps the operator's summary", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const body = file("gated.md", "免费导读。\n\n<!-- more -->\n\n付费正文：仓位按波动率倒数分配。");
      const made = await cli("article:create", "--type", "case", "--title", "引用", "--body-file", body, "--min-level", "200", "--summary", "讲仓位按波动率倒数分配");
      expect(made.error).toBeNull();
      expect(warn.mock.calls.map((c) => c.join(" "))).toEqual([
        'warning: --summary quotes the paid part of the body ("仓位按波动率倒数分配"); every visitor and search engine reads the summary',
      ]);
      const [row] = await (await db()).select().from(articles).where(eq(articles.infoguid, made.out.at(-1)!));
      expect(row?.summary).toBe("讲仓位按波动率倒数分配");
    } finally {
      warn.mockRestore();
    }
  });

  it("publishes a video with its address, public by default", async () => {
    const made = await cli("article:create", "--type", "video", "--title", "K线入门", "--body-file", file("v.md", "视频讲解"), "--video", "/videos/k.m3u8");
    expect(made.error).toBeNull();
    const [row] = await (await db()).select().from(articles).where(eq(articles.infoguid, made.out.at(-1)!));
    expect(row).toMatchObject({ type: "video", minLevel: 0, videoUrl: "/videos/k.m3u8", status: "published" });
  });

  it("explains a bad type, level, file or field, and stores nothing", async () => {
    const before = await count();
    const ok = file("ok.md", "正文");
    const base = ["article:create", "--title", "t", "--body-file", ok];
    const cases: [string[], string][] = [
      [["article:create", "--type", "blog", "--title", "t", "--body-file", ok], 'must be one of case, interpret, strategy, video, news (got "blog")'],
      [[...base, "--type", "case", "--min-level", "50"], 'must be 0 (everyone), 100 (VIP) or 200 (SVIP) (got "50")'],
      [[...base, "--type", "case", "--min-level", "vip"], "must be 0 (everyone), 100 (VIP) or 200 (SVIP)"],
      [["article:create", "--type", "case", "--title", "t", "--body-file", path.join(dir, "missing.md")], "cannot read --body-file"],
      [["article:create", "--type", "case", "--title", "t", "--body-file", dir], "is not a file"],
      [["article:create", "--type", "case", "--title", "t", "--body-file", file("empty.md", " \n")], "is empty"],
      [["article:create", "--type", "case", "--title", "t", "--body-file", file("gbk.md", new Uint8Array([0xb2, 0xe2, 0xca, 0xd4, 0xff]))], "is not UTF-8 text"],
      [[...base, "--type", "video"], "--video: 教学视频需要填写视频地址"],
      [[...base, "--type", "news", "--video", "javascript:alert(1)"], "--video: 视频地址须为 http(s) 链接或以 / 开头的站内路径"],
      [["article:create", "--type", "case", "--title", "题".repeat(101), "--body-file", ok], "--title: 标题最多 100 个字"],
      [["article:create", "--type", "case", "--body-file", ok], "required option '--title <title>' not specified"],
    ];
    for (const [args, message] of cases) expect((await cli(...args)).error).toContain(message);
    expect(await count()).toBe(before);
  });
});
