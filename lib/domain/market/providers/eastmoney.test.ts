import fc from "fast-check";
import { eastmoneyBar, indexSecidOf, parseEastmoneyReply, secidOf } from "./eastmoney";

// 招商轮船 601872 as 东方财富 answered it (fqt=0), quoted in a public repository's comment (ADR 0040).
const SAMPLE = {
  rc: 0, rt: 17, svr: 183641822, lt: 1, full: 0, dlmkts: "", dsc: "0",
  data: {
    code: "601872", market: 1, name: "招商轮船", decimal: 2, dktotal: 4621, preKPrice: 6.08,
    klines: [
      "2024-12-18,6.11,6.18,6.28,6.10,842743,542829495.00,2.96,1.64,0.10,1.03",
      "2024-12-19,6.15,6.09,6.16,6.03,528781,333859220.00,2.10,-1.46,-0.09,0.65",
    ],
  },
};

describe("东方财富 K-line answers", () => {
  it("turns the klines into bars in 股 and 元, with 昨收 = close − change", () => {
    const reply = parseEastmoneyReply(SAMPLE);
    if (!reply.ok || !reply.value) throw new Error("expected klines");
    const bars = reply.value.klines.map((line) => eastmoneyBar(line, "601872", reply.value!.decimal));
    expect(bars[0]).toEqual({
      ok: true,
      value: { code: "601872", date: "2024-12-18", open: 6.11, high: 6.28, low: 6.1, close: 6.18, volume: 84_274_300, amount: 542_829_495, preClose: 6.08 },
    });
    expect(bars[1]).toMatchObject({ ok: true, value: { preClose: 6.18 } });
  });

  it("reads data null as an unknown security", () => {
    expect(parseEastmoneyReply({ rc: 0, rt: 17, data: null })).toEqual({ ok: true, value: null });
    expect(parseEastmoneyReply({ rc: 102, data: null })).toEqual({ ok: false, reason: "rc 102" });
  });

  it("writes secid 1. for Shanghai and 0. for Shenzhen and Beijing", () => {
    expect(secidOf("600519")).toBe("1.600519");
    expect(secidOf("688981")).toBe("1.688981");
    expect(secidOf("000001")).toBe("0.000001");
    expect(secidOf("300750")).toBe("0.300750");
    expect(secidOf("920047")).toBe("0.920047");
    expect(secidOf("430047")).toBe("0.430047");
    expect(indexSecidOf("000300.SH")).toBe("1.000300");
    expect(indexSecidOf("399001.SZ")).toBe("0.399001");
  });

  it("rounds 昨收 to the security's decimals", () => {
    expect(eastmoneyBar("2024-01-02,1.234,1.236,1.240,1.230,100,12360.00,0.81,0.16,0.002,0.01", "510300", 3)).toMatchObject({ ok: true, value: { preClose: 1.234 } });
  });

  it("turns any line into a valid bar or a reason, never a NaN", () => {
    const token = fc.oneof(fc.string(), fc.double().map(String), fc.integer({ min: -5, max: 2000 }).map(String), fc.constant("-"), fc.constant("2024-02-08"));
    fc.assert(
      fc.property(fc.array(token, { maxLength: 12 }), fc.integer({ min: 0, max: 4 }), (tokens, decimal) => {
        const bar = eastmoneyBar(tokens.join(","), "600519", decimal);
        if (!bar.ok) return expect(bar.reason).toMatch(/600519/);
        const b = bar.value;
        for (const n of [b.open, b.high, b.low, b.close, b.volume, b.amount ?? 0]) expect(Number.isFinite(n) && n >= 0).toBe(true);
        expect(b.low <= Math.min(b.open, b.close) && b.high >= Math.max(b.open, b.close)).toBe(true);
        expect(b.preClose === null || (b.preClose !== undefined && b.preClose > 0)).toBe(true);
      }),
    );
  });

  it("turns any answer into klines, null or a reason", () => {
    fc.assert(fc.property(fc.anything(), (body) => {
      const reply = parseEastmoneyReply(body);
      expect(reply.ok || reply.reason.length > 0).toBe(true);
    }));
  });
});
