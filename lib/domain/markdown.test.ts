import fc from "fast-check";
import { renderMarkdown } from "./markdown";

describe("renderMarkdown", () => {
  it("renders headings, tables and emphasis", () => {
    const html = renderMarkdown("## 费用\n\n| 列 | 含义 |\n|---|---|\n| 佣金 | **双向** |");
    expect(html).toContain("<h2>费用</h2>");
    expect(html).toContain("<table>");
    expect(html).toContain("<strong>双向</strong>");
  });

  it.each([
    "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "[x](javascript:alert(1))",
    '<a href="javascript:alert(1)">x</a>', "<iframe src=//evil.com>", "<svg onload=alert(1)>",
  ])("drops the active content of %s", (payload) => {
    const html = renderMarkdown(payload);
    expect(html).not.toMatch(/<script|onerror|onload|javascript:|<iframe|<svg/i);
  });

  it("never emits script, event handlers or javascript: URLs", () => {
    const pieces = fc.constantFrom("<script>", "</script>", "<img src=x onerror=a()>", "[l](javascript:x)", "<a href='javascript:1'>", "**", "\n\n", "# ", "<div onclick=x>");
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 12 }), (parts) => {
        const html = renderMarkdown(parts.join(""));
        expect(html).not.toMatch(/<script|<[^>]*\son[a-z]+=|href="javascript:/i);
      }),
      { numRuns: 1000 },
    );
  });
});
