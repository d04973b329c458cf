import fc from "fast-check";
import {
  TUSHARE_BAD_TOKEN, parseTsCode, parseTushareReply, tsCodeOf, tushareBar, tushareDenial, tushareListing, tushareNameSpan, tushareOpenDays, tushareSuspension, tushareLimitPrices,
} from "./tushare";

// The three rows of Tushare's own `daily` example (CRAN package Tushare, pro_api documentation).
const SAMPLE = {
  code: 0,
  msg: "",
  data: {
    fields: ["ts_code", "trade_date", "open", "high", "low", "close", "pre_close", "change", "pct_chg", "vol", "amount"],
    items: [
      ["000001.SZ", "20180704", 8.63, 8.75, 8.61, 8.61, 8.67, -0.06, -0.69, 711153.37, 617278.559],
      ["000001.SZ", "20180703", 8.69, 8.7, 8.45, 8.67, 8.61, 0.06, 0.7, 1274838.57, 1096657.033],
      ["000001.SZ", "20180702", 9.05, 9.05, 8.55, 8.61, 9.09, -0.48, -5.28, 1315520.13, 1158545.868],
    ],
  },
};

describe("Tushare answers", () => {
  it("turns the documented daily rows into bars in 股 and 元 with the exchange's 昨收", () => {
    const reply = parseTushareReply(SAMPLE);
    if (!reply.ok || !reply.value.ok) throw new Error("expected rows");
    const bars = reply.value.rows.map((row) => tushareBar(row));
    expect(bars[2]).toEqual({
      ok: true,
      value: {
        code: "000001", date: "2018-07-02", open: 9.05, high: 9.05, low: 8.55, close: 8.61,
        volume: 131_552_013, amount: 1_158_545_868, preClose: 9.09,
      },
    });
    expect(bars[0]).toMatchObject({ ok: true, value: { date: "2018-07-04", volume: 71_115_337, amount: 617_278_559 } });
  });

  it("keeps the index's code as the caller stores it", () => {
    const row = { ts_code: "000300.SH", trade_date: "20240208", open: 3300.1, high: 3400, low: 3290, close: 3390.5, pre_close: 3300, vol: 2e8, amount: 3e8 };
    expect(tushareBar(row, "000300.SH")).toMatchObject({ ok: true, value: { code: "000300.SH", volume: 2e10, amount: 3e11 } });
  });

  it("reads a non-zero code as Tushare's message", () => {
    const reply = parseTushareReply({ code: TUSHARE_BAD_TOKEN, msg: "您的token不对，请确认。", data: null });
    expect(reply).toEqual({ ok: true, value: { ok: false, code: 40101, msg: "您的token不对，请确认。" } });
  });

  it("tells a bad token, the per-minute limit, a daily quota and a missing permission apart", () => {
    expect(tushareDenial(40101, "您的token不对，请确认。")).toBe("auth");
    expect(tushareDenial(40203, "抱歉，您每分钟最多访问该接口500次，权限的具体详情访问：https://tushare.pro/document/1?doc_id=108。")).toBe("rate_limit");
    expect(tushareDenial(40203, "抱歉，您每天最多访问该接口2次，权限的具体详情访问：https://tushare.pro/document/1?doc_id=108。")).toBe("quota");
    expect(tushareDenial(40203, "抱歉，您没有访问该接口的权限，权限的具体详情访问：https://tushare.pro/document/1?doc_id=108。")).toBe("permission");
    expect(tushareDenial(2002, "没有权限")).toBe("permission");
    expect(tushareDenial(-2001, "参数错误")).toBe("other");
  });

  it("rejects an item whose width differs from the fields", () => {
    expect(parseTushareReply({ code: 0, msg: "", data: { fields: ["a", "b"], items: [[1]] } })).toEqual({ ok: false, reason: "item 0 has 1 values for 2 fields" });
    expect(parseTushareReply("<html>")).toMatchObject({ ok: false });
  });

  it("reads the calendar's open days across Spring Festival 2024", () => {
    const rows = ["20240208", "20240209", "20240212", "20240219"].map((d, i) => ({ exchange: "SSE", cal_date: d, is_open: i === 0 || i === 3 ? 1 : 0 }));
    expect(tushareOpenDays(rows)).toEqual({ ok: true, value: ["2024-02-08", "2024-02-19"] });
    expect(tushareOpenDays([{ cal_date: "20240230", is_open: 1 }])).toMatchObject({ ok: false });
  });

  it("maps codes to ts_code and back", () => {
    expect(tsCodeOf("600519")).toBe("600519.SH");
    expect(tsCodeOf("000001")).toBe("000001.SZ");
    expect(tsCodeOf("920047")).toBe("920047.BJ");
    expect(parseTsCode("430047.BJ")).toEqual({ code: "430047", exchange: "BJ" });
    expect(parseTsCode("600519")).toBeNull();
    expect(tushareListing({ ts_code: "600519.SH", name: "贵州茅台" })).toEqual({ ok: true, value: { code: "600519", exchange: "SH", name: "贵州茅台" } });
  });

  it("reads a namechange row as a name with its days, today's name open-ended, and refuses broken ones", () => {
    expect(tushareNameSpan({ ts_code: "000001.SZ", name: "深发展A", start_date: "19910403", end_date: "20120801" })).toEqual({
      ok: true, value: { code: "000001", exchange: "SZ", name: "深发展A", from: "1991-04-03", to: "2012-08-01" },
    });
    expect(tushareNameSpan({ ts_code: "000001.SZ", name: "平安银行", start_date: "20120802", end_date: null })).toMatchObject({ ok: true, value: { to: null } });
    expect(tushareNameSpan({ ts_code: "000001.SZ", name: "平安银行", start_date: "2012", end_date: null })).toEqual({ ok: false, reason: '000001.SZ: start_date is not a date: "2012"' });
    expect(tushareNameSpan({ ts_code: "000001.SZ", name: "平安银行", start_date: "20120802", end_date: "20110101" })).toEqual({ ok: false, reason: "000001.SZ: end_date 2011-01-01 before start_date 2012-08-02" });
  });

  const anyValue = fc.oneof(
    fc.double(), fc.integer(), fc.string(), fc.constant(null), fc.constant(undefined), fc.constant("NaN"), fc.constant("1e999"),
  );
  it("reads a suspend_d row: a day without trading only for S without a time of day", () => {
    // the fields of Tushare's suspend_d documentation: ts_code, trade_date, suspend_timing, suspend_type
    expect(tushareSuspension({ ts_code: "601872.SH", trade_date: "20230606", suspend_timing: null, suspend_type: "S" })).toEqual({ ok: true, value: { code: "601872", date: "2023-06-06" } });
    expect(tushareSuspension({ ts_code: "000001.SZ", trade_date: "20200312", suspend_timing: "09:30-10:30", suspend_type: "S" })).toEqual({ ok: true, value: null });
    expect(tushareSuspension({ ts_code: "000001.SZ", trade_date: "20200313", suspend_timing: null, suspend_type: "R" })).toEqual({ ok: true, value: null });
    expect(tushareSuspension({ ts_code: "000001.SZ", trade_date: "2020-03-13", suspend_type: "S" })).toMatchObject({ ok: false });
    expect(tushareSuspension({ ts_code: "000001.SZ", trade_date: "20200313", suspend_type: "X" })).toMatchObject({ ok: false });
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("ts_code", "trade_date", "suspend_timing", "suspend_type"), fc.oneof(fc.string(), fc.constant(null), fc.integer())), (row) => {
        const read = tushareSuspension(row);
        if (read.ok && read.value) expect(read.value.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }),
    );
  });

  it("reads a stk_limit row as the day's limit prices, and refuses a range that is none", () => {
    // the first row of Tushare's stk_limit documentation (doc_id=183): trade_date, ts_code, up_limit, down_limit
    expect(tushareLimitPrices({ trade_date: "20190625", ts_code: "000001.SZ", up_limit: 15.06, down_limit: 12.32 })).toEqual({ ok: true, value: { code: "000001", date: "2019-06-25", up: 15.06, down: 12.32 } });
    expect(tushareLimitPrices({ trade_date: "20190625", ts_code: "000001.SZ", up_limit: "15.06", down_limit: "12.32" })).toMatchObject({ ok: true, value: { up: 15.06 } });
    expect(tushareLimitPrices({ trade_date: "20190625", ts_code: "000001.SZ", up_limit: 12, down_limit: 15 })).toMatchObject({ ok: false });
    expect(tushareLimitPrices({ trade_date: "20190625", ts_code: "000001.SZ", up_limit: null, down_limit: 15 })).toMatchObject({ ok: false });
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("trade_date", "ts_code", "up_limit", "down_limit"), fc.oneof(fc.string(), fc.constant(null), fc.double())), (row) => {
        const read = tushareLimitPrices(row);
        if (read.ok) expect(read.value.down <= read.value.up && read.value.down > 0).toBe(true);
      }),
    );
  });

  it("turns any row into a valid bar or a reason, never a NaN", () => {
    fc.assert(
      fc.property(
        fc.record({
          ts_code: fc.oneof(fc.constant("600519.SH"), fc.string()),
          trade_date: fc.oneof(fc.constant("20240208"), fc.string(), fc.integer()),
          open: anyValue, high: anyValue, low: anyValue, close: anyValue, pre_close: anyValue, vol: anyValue, amount: anyValue,
        }),
        (row) => {
          const bar = tushareBar(row);
          if (!bar.ok) return expect(bar.reason.length).toBeGreaterThan(0);
          const b = bar.value;
          for (const n of [b.open, b.high, b.low, b.close, b.volume]) expect(Number.isFinite(n) && n >= 0).toBe(true);
          expect(b.low <= Math.min(b.open, b.close) && b.high >= Math.max(b.open, b.close)).toBe(true);
          expect(b.amount === null || Number.isFinite(b.amount)).toBe(true);
          expect(b.preClose === null || (b.preClose !== undefined && b.preClose > 0)).toBe(true);
          expect(Number.isInteger(b.volume)).toBe(true);
        },
      ),
    );
  });

  it("turns any answer into rows, a code and message, or a reason", () => {
    fc.assert(
      fc.property(fc.anything(), (body) => {
        const reply = parseTushareReply(body);
        expect(reply.ok ? typeof reply.value.ok : reply.reason.length > 0).toBeTruthy();
      }),
    );
  });
});
