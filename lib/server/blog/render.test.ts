import vm from "node:vm";
import { renderMarkdown } from "@/lib/domain/markdown";
import { bodyRenders, renderBody } from "./render";
import { summaryFromHtml } from "@/lib/domain/summary";

process.env.LOG_LEVEL = "silent";

/** Quadratic for the parser (setext headings): about 12 s for 16,000 lines on the machine this was measured on. */
const SLOW = "a\n-\n".repeat(8_000);

describe("renderBody / bodyRenders", () => {
  it("renders through renderMarkdown and answers a repeat from the cache", () => {
    const body = `# 标题 ${Date.now()}\n\n<script>alert(1)</script>**粗体**`;
    const html = renderBody(body);
    expect(html).toBe(renderMarkdown(body));
    // a repeat is answered from the cache: nothing runs in the render's context again
    const runs = jest.spyOn(vm, "runInContext");
    try {
      expect(renderBody(body)).toBe(html);
      expect(runs).not.toHaveBeenCalled();
      expect(renderBody(`${body}\n\n另一段`)).toContain("<p>另一段</p>");
      expect(runs).toHaveBeenCalledTimes(1);
    } finally {
      runs.mockRestore();
    }
  });

  it("stops a render that runs over its budget, and keeps working afterwards", () => {
    // null only comes from the context's timeout (ERR_SCRIPT_EXECUTION_TIMEOUT): the render was stopped, not finished
    expect(bodyRenders(SLOW, 200)).toBe(false);
    expect(renderBody(SLOW, 200)).toBeNull();
    expect(renderBody("after **the** timeout")).toBe("<p>after <strong>the</strong> timeout</p>");
    expect(bodyRenders("普通正文")).toBe(true);
  });
});

describe("summaryFromHtml", () => {
  it("keeps the readable text: no tags, code blocks or footnotes; entities decoded; whitespace collapsed", () => {
    const html = renderMarkdown('## 第一段\n\n"引号" &amp; <b>x</b> `a<b` [链接](https://e.com "t>itle")\n\n```\ncode block\n```\n\n脚注[^1]\n\n[^1]: 注释内容');
    expect(summaryFromHtml(html)).toBe('第一段 "引号" & x a<b 链接 脚注1');
  });

  it("cuts at a character count with an ellipsis and never splits a surrogate pair", () => {
    expect(summaryFromHtml("<p>短</p>")).toBe("短");
    const cut = summaryFromHtml(`<p>${"😀".repeat(200)}</p>`, 10);
    expect([...cut]).toHaveLength(10);
    expect(cut).toBe(`${"😀".repeat(9)}…`);
    expect(summaryFromHtml("<p>&#0; &#xD800; &#x1F600; &bogus;</p>")).toBe("😀 &bogus;");
  });
});
