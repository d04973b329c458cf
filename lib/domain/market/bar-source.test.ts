import { distinctSources, hasSyntheticBars, sourcesLabel } from "./bar-source";

describe("bar sources", () => {
  it("names each source once, real feeds first", () => {
    expect(sourcesLabel(["import", "tushare", "import"])).toBe("Tushare Pro、导入的日线文件");
    expect(sourcesLabel(["eastmoney"])).toBe("东方财富");
    expect(sourcesLabel(["synthetic"])).toBe("模拟行情");
    expect(sourcesLabel([])).toBeNull();
    expect(distinctSources(["synthetic", "eastmoney", "synthetic"])).toEqual(["eastmoney", "synthetic"]);
  });

  it("calls a chart simulated when any of its bars is synthetic, and only then", () => {
    expect(hasSyntheticBars(["tushare"])).toBe(false);
    expect(hasSyntheticBars(["tushare", "synthetic"])).toBe(true);
    expect(hasSyntheticBars([])).toBe(false);
  });
});
