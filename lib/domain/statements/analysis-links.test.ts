import { analysisHref, analysisLinks } from "./analysis-links";

const ROOT = "/analysis/abc";
const CLOSES = ["2024-03-06", null, "2025-01-08", "2025-02-12"];

describe("analysisLinks", () => {
  it("links every view, 概览 at the root, and marks the one shown", () => {
    const { tabs } = analysisLinks(ROOT, "stocks", null, CLOSES);
    expect(tabs.map((t) => [t.label, t.href, t.current])).toEqual([
      ["概览", ROOT, false],
      ["月度", `${ROOT}/monthly`, false],
      ["个股", `${ROOT}/stocks`, true],
      ["持股周期", `${ROOT}/holding`, false],
      ["风格", `${ROOT}/style`, false],
      ["打法", `${ROOT}/plays`, false],
      ["全部交易", `${ROOT}/trades`, false],
    ]);
  });

  it("keeps the filter in the views' links and the view in the filters' links", () => {
    const { tabs, filters } = analysisLinks(ROOT, "trades", "win", CLOSES);
    expect(tabs[0]!.href).toBe(`${ROOT}/overview/win`);
    expect(filters.find((f) => f.key === "gem")!.href).toBe(`${ROOT}/trades/gem`);
    expect(filters.filter((f) => f.current).map((f) => f.label)).toEqual(["盈利"]);
  });

  it("offers 全部, the years trips closed in (newest first) and the results and boards", () => {
    const { filters } = analysisLinks(ROOT, "overview", null, CLOSES);
    expect(filters.map((f) => f.label)).toEqual(["全部", "2025年", "2024年", "盈利", "亏损", "主板", "创业板", "科创板", "北交所"]);
    expect(filters[0]).toMatchObject({ href: ROOT, current: true });
    expect(filters[1]!.href).toBe(`${ROOT}/overview/2025`);
  });

  it("writes a view's link with and without a filter", () => {
    expect(analysisHref(ROOT, "overview", null)).toBe(ROOT);
    expect(analysisHref(ROOT, "overview", "2024")).toBe(`${ROOT}/overview/2024`);
    expect(analysisHref(ROOT, "monthly", null)).toBe(`${ROOT}/monthly`);
  });
});
