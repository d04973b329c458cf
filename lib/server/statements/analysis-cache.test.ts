import { cachedAnalysis, invalidateAnalyses } from "./analysis-cache";

describe("the analysis memo", () => {
  beforeEach(invalidateAnalyses);

  it("computes once per key and version, again for a new version or after invalidation", async () => {
    let runs = 0;
    const compute = async () => ++runs;
    expect(await cachedAnalysis("book:a", "v1", compute)).toBe(1);
    expect(await cachedAnalysis("book:a", "v1", compute)).toBe(1);
    expect(await cachedAnalysis("book:a", "v2", compute)).toBe(2);
    invalidateAnalyses();
    expect(await cachedAnalysis("book:a", "v2", compute)).toBe(3);
  });

  it("does not keep a failed computation", async () => {
    await expect(cachedAnalysis("book:b", "v1", async () => Promise.reject(new Error("坏了")))).rejects.toThrow("坏了");
    expect(await cachedAnalysis("book:b", "v1", async () => "ok")).toBe("ok");
  });

  it("keeps the 200 analyses used last", async () => {
    for (let i = 0; i < 200; i++) await cachedAnalysis(`book:${i}`, "v", async () => i);
    await cachedAnalysis("book:0", "v", async () => -1); // used again: now the most recent
    await cachedAnalysis("book:200", "v", async () => 200);
    expect(await cachedAnalysis("book:0", "v", async () => -1)).toBe(0);
    expect(await cachedAnalysis("book:1", "v", async () => -1)).toBe(-1);
  });
});
