import { expect, test, type Locator, type Page } from "@playwright/test";
import { logInPage } from "./fixtures";

/** The payloads of the brief, each on its own paragraph, plus formatting that must survive. */
const HOSTILE = ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "[x](javascript:alert(1))"];
const BODY = `${HOSTILE.join("\n\n")}\n\n## 复盘要点\n\n**不追高**，[规则](https://example.com/rules)。`;

/** Every dialog a page opens (an alert() that ran would be one); each is dismissed. */
function recordDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on("dialog", (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return seen;
}

/**
 * What inside `scope` could run script: script-like elements, on* attributes, javascript:/data:/vbscript: URLs.
 * (Our own icons are inline <svg>: the body itself is checked for svg separately, with bodyElements.)
 */
async function liveContent(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const problems: string[] = [];
    for (const el of [root, ...Array.from(root.querySelectorAll("*"))]) {
      const tag = el.tagName.toLowerCase();
      if (["script", "iframe", "object", "embed", "style"].includes(tag)) problems.push(`<${tag}>`);
      for (const { name, value } of Array.from(el.attributes)) {
        if (/^on/i.test(name)) problems.push(`${tag}[${name}]`);
        if (["href", "src", "action", "formaction", "xlink:href"].includes(name)) {
          // Resolved as the browser does (it drops tabs, newlines and leading controls first).
          const protocol = URL.canParse(value, location.href) ? new URL(value, location.href).protocol : "";
          if (/^(javascript|data|vbscript):$/i.test(protocol)) problems.push(`${tag}[${name}=${value}]`);
        }
      }
    }
    return problems;
  });
}

/** Elements the hostile payloads tried to create inside a rendered body. */
const bodyElements = (body: Locator) => body.locator("script, iframe, object, embed, svg, style, img");

test.describe("members' blogs", () => {
  test("a member writes a post with hostile payloads, previews, publishes; nothing runs, and others can read and like it", async ({ page, browser, baseURL }) => {
    const dialogs = recordDialogs(page);
    const title = `安全复盘 ${Date.now()}`;
    await logInPage(page, "member");

    await page.goto("/user/blog");
    await expect(page.getByRole("heading", { name: "写博客" })).toBeVisible();
    await page.getByLabel("标题").fill(title);
    await page.getByRole("textbox", { name: "正文（Markdown）" }).fill(BODY);

    // 375 px wide: the preview is a tab away; it renders through the same sanitiser as the published page.
    await page.getByRole("tab", { name: "预览" }).click();
    const preview = page.getByTestId("markdown-preview");
    await expect(preview.locator("strong")).toHaveText("不追高");
    await expect(preview.locator("h2")).toHaveText("复盘要点");
    expect(await liveContent(preview)).toEqual([]);
    await expect(bodyElements(preview)).toHaveCount(0);

    // A draft first: it gets its own address, which nobody else can open.
    await page.getByRole("button", { name: "保存草稿" }).click();
    await expect(page).toHaveURL(/\/user\/blog\/[0-9a-f-]{36}\/[0-9a-f-]{36}\?edit=1$/);
    const postPath = new URL(page.url()).pathname;
    const visitor = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
    const visitorPage = await visitor.newPage();
    const visitorDialogs = recordDialogs(visitorPage);
    expect((await visitorPage.goto(postPath))?.status()).toBe(404);

    await page.getByRole("button", { name: "发布" }).click();
    await expect(page).toHaveURL(new RegExp(`${postPath}$`));
    const post = page.getByTestId("blog-post");
    await expect(post.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(post.getByRole("link", { name: "编辑" })).toHaveAttribute("href", `${postPath}?edit=1`);
    await expect(post.getByTestId("blog-body").locator("strong")).toHaveText("不追高");
    await expect(post.getByTestId("blog-body").getByRole("link", { name: "规则" })).toHaveAttribute("href", "https://example.com/rules");
    expect(await liveContent(post)).toEqual([]);
    await expect(bodyElements(post.getByTestId("blog-body"))).toHaveCount(0);
    await expect(page.locator("[onerror]")).toHaveCount(0);
    await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
    await expect(post.getByTestId("like-count")).toHaveText("0 人点赞");

    // The member's page lists it.
    await page.goto(postPath.replace(/^\/user\/blog\/([^/]+)\/.*$/, "/user/$1"));
    await expect(page.getByTestId("blog-posts").getByRole("link", { name: new RegExp(title) })).toHaveAttribute("href", postPath);

    // A visitor reads it, as inert as the author's view; liking asks them to log in.
    const res = await visitorPage.goto(postPath);
    expect(res?.status()).toBe(200);
    const html = await res!.text();
    expect(html).not.toMatch(/<img[^>]*onerror|<script>alert|href="javascript:/i);
    const seen = visitorPage.getByTestId("blog-post");
    await expect(seen.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(seen.getByTestId("blog-body").locator("h2")).toHaveText("复盘要点");
    await expect(seen.getByRole("link", { name: "编辑" })).toHaveCount(0);
    expect(await liveContent(seen)).toEqual([]);
    await expect(bodyElements(seen.getByTestId("blog-body"))).toHaveCount(0);
    await expect(seen.getByRole("link", { name: /^点赞\s*\d+\s*，登录后点赞$/ })).toBeVisible();
    await visitor.close();

    // Another member likes it (once).
    const reader = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
    const readerPage = await reader.newPage();
    const readerDialogs = recordDialogs(readerPage);
    await logInPage(readerPage, "svip");
    await readerPage.goto(postPath);
    await readerPage.getByRole("button", { name: /点赞/ }).click();
    await expect(readerPage.getByRole("button", { name: /已赞/ })).toContainText("1");
    await reader.close();

    expect([...dialogs, ...visitorDialogs, ...readerDialogs]).toEqual([]);
  });

  test("the editor asks for a login, and an editor can hide a post from visitors", async ({ page, browser, baseURL }) => {
    await page.goto("/user/blog");
    await expect(page).not.toHaveURL(/\/user\/blog$/);

    await logInPage(page, "member");
    await page.goto("/user/blog");
    await page.getByLabel("标题").fill(`待隐藏 ${Date.now()}`);
    await page.getByRole("textbox", { name: "正文（Markdown）" }).fill("一段普通的正文。");
    await page.getByRole("button", { name: "发布" }).click();
    await expect(page.getByTestId("blog-post")).toBeVisible();
    const postPath = new URL(page.url()).pathname;

    const editor = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
    const editorPage = await editor.newPage();
    await logInPage(editorPage, "editor");
    await editorPage.goto(postPath);
    await editorPage.getByRole("button", { name: "隐藏", exact: true }).click();
    await editorPage.getByRole("dialog").getByRole("button", { name: "隐藏", exact: true }).click();
    await expect(editorPage.getByRole("note")).toHaveText("这篇文章已隐藏，只有作者和编辑能看到。");
    await editor.close();

    await page.reload();
    await expect(page.getByRole("note")).toHaveText("这篇文章已被编辑隐藏，只有你和编辑能看到。");
    const visitor = await browser.newContext({ baseURL });
    expect((await (await visitor.newPage()).goto(postPath))?.status()).toBe(404);
    await visitor.close();
  });
});
