import fc from "fast-check";
import { demoLabelling } from "./demo-labels";

describe("demoLabelling: 演示数据 once per section, per row only in a mixed list", () => {
  it("an all-demo section is labelled once, its rows not", () => {
    expect(demoLabelling([{ isDemo: true }, { isDemo: true }])).toEqual({ section: true, rows: false });
  });

  it("a mixed section labels its demo rows and not the section", () => {
    expect(demoLabelling([{ isDemo: true }, { isDemo: false }])).toEqual({ section: false, rows: true });
  });

  it("real data and an empty list carry no label", () => {
    expect(demoLabelling([{ isDemo: false }])).toEqual({ section: false, rows: false });
    expect(demoLabelling([])).toEqual({ section: false, rows: false });
  });

  it("every demo row is covered by exactly one kind of label, and no real-only list is labelled", () => {
    fc.assert(
      fc.property(fc.array(fc.boolean().map((isDemo) => ({ isDemo }))), (items) => {
        const { section, rows } = demoLabelling(items);
        const anyDemo = items.some((i) => i.isDemo);
        expect(section && rows).toBe(false);
        expect(section || rows).toBe(anyDemo);
        if (section) expect(items.every((i) => i.isDemo)).toBe(true);
      }),
    );
  });
});
