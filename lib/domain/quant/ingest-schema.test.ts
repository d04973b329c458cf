import fc from "fast-check";
import { checkFillsBody, checkNavBody, checkSignalsBody, MAX_SIGNALS, MESSAGES, normalizeTime, shanghaiToday } from "./ingest-schema";

const TODAY = "2024-06-14";
const signal = (over: Record<string, unknown> = {}) => ({ id: "s1", date: "2024-06-13", code: "600519", name: "贵州茅台", side: "buy", ...over });

describe("shanghaiToday", () => {
  it("is the date in Asia/Shanghai, whatever the server's zone", () => {
    expect(shanghaiToday(new Date("2024-06-13T16:30:00Z"))).toBe("2024-06-14");
    expect(shanghaiToday(new Date("2024-06-13T15:59:59Z"))).toBe("2024-06-13");
  });
});

describe("normalizeTime", () => {
  it("pads and checks HH:MM[:SS]", () => {
    expect(normalizeTime("9:35")).toBe("09:35:00");
    expect(normalizeTime("14:56:07")).toBe("14:56:07");
    expect(normalizeTime("24:00")).toBeNull();
    expect(normalizeTime("12:60")).toBeNull();
    expect(normalizeTime("noon")).toBeNull();
  });
});

describe("checkSignalsBody", () => {
  it("accepts a valid body and normalizes optional fields", () => {
    const out = checkSignalsBody({ signals: [signal({ id: 42, time: "9:31", price: 1700.12345, weight: 0.123456, note: "  突破  " })] }, TODAY);
    expect(out).toEqual({
      ok: true,
      repeats: 0,
      items: [{ id: "42", date: "2024-06-13", time: "09:31:00", code: "600519", name: "贵州茅台", side: "buy", price: 1700.123, weight: 0.1235, note: "突破" }],
    });
  });

  it("lists every bad field with its index, in Chinese and English", () => {
    const out = checkSignalsBody(
      {
        signals: [
          signal(),
          signal({ id: "", code: "60051", side: "hold", date: "2024-02-30" }),
          signal({ date: "2024-06-15", price: -1, weight: 1.5, time: "25:00", name: "" }),
          "nope",
        ],
      },
      TODAY,
    );
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.message).toBe("请求内容有 10 处错误，未保存任何数据 / 10 invalid fields: nothing was stored");
    expect(out.errors).toEqual([
      { index: 1, field: "id", message: MESSAGES.id },
      { index: 1, field: "date", message: MESSAGES.date },
      { index: 1, field: "code", message: MESSAGES.code },
      { index: 1, field: "side", message: MESSAGES.side },
      { index: 2, field: "date", message: MESSAGES.future },
      { index: 2, field: "time", message: MESSAGES.time },
      { index: 2, field: "name", message: MESSAGES.name },
      { index: 2, field: "price", message: MESSAGES.price },
      { index: 2, field: "weight", message: MESSAGES.weight },
      { index: 3, field: "item", message: MESSAGES.item },
    ]);
    expect(MESSAGES.code).toMatch(/^代码须为 6 位数字 \/ code must be six digits$/);
  });

  it("refuses bodies that are not {signals:[1–500 items]}", () => {
    for (const body of [null, [], "x", {}, { signals: [] }, { signals: {} }, { signals: Array.from({ length: MAX_SIGNALS + 1 }, (_, i) => signal({ id: i })) }]) {
      const out = checkSignalsBody(body, TODAY);
      expect(out.ok).toBe(false);
      if (!out.ok) expect(out.errors).toHaveLength(1);
    }
  });

  it("collapses identical repeats and refuses a repeated id with other content", () => {
    expect(checkSignalsBody({ signals: [signal(), signal(), signal({ id: "s2" })] }, TODAY)).toMatchObject({ ok: true, repeats: 1, items: [{ id: "s1" }, { id: "s2" }] });
    expect(checkSignalsBody({ signals: [signal(), signal({ side: "sell" })] }, TODAY)).toMatchObject({ ok: false, errors: [{ index: 1, field: "id", message: MESSAGES.repeatedId }] });
  });

  it("never throws and never passes a bad code or a future date (property)", () => {
    fc.assert(
      fc.property(fc.anything(), fc.string(), fc.string({ maxLength: 12 }), (junk, code, date) => {
        const a = checkSignalsBody(junk, TODAY);
        const b = checkSignalsBody({ signals: [signal({ code, date })] }, TODAY);
        if (a.ok) expect(Array.isArray((junk as { signals: unknown }).signals)).toBe(true);
        if (b.ok) {
          expect(b.items[0]!.code).toMatch(/^\d{6}$/);
          expect(b.items[0]!.date <= TODAY).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe("checkNavBody and checkFillsBody", () => {
  it("checks NAV points: positive values, optional ids, one value per date", () => {
    expect(checkNavBody({ points: [{ date: "2024-06-13", nav: 1.023456789 }, { id: 7, date: "2024-06-12", nav: 1 }] }, TODAY)).toEqual({
      ok: true,
      repeats: 0,
      items: [{ id: null, date: "2024-06-13", nav: 1.02345679 }, { id: "7", date: "2024-06-12", nav: 1 }],
    });
    const bad = checkNavBody({ points: [{ date: "2024-06-13", nav: 0 }, { date: "2024-06-13", nav: "1" }, { date: "2024-06-12", nav: -2 }] }, TODAY);
    expect(bad).toMatchObject({ ok: false, errors: [{ index: 0, field: "nav" }, { index: 1, field: "nav" }, { index: 2, field: "nav" }] });
    expect(checkNavBody({ points: [{ date: "2024-06-13", nav: 1 }, { date: "2024-06-13", nav: 1 }] }, TODAY)).toMatchObject({ ok: true, repeats: 1 });
    expect(checkNavBody({ points: [{ date: "2024-06-13", nav: 1 }, { date: "2024-06-13", nav: 1.1 }] }, TODAY)).toMatchObject({
      ok: false,
      errors: [{ index: 1, field: "nav", message: MESSAGES.repeatedDate }],
    });
  });

  it("checks fills: positive whole quantities and positive prices", () => {
    const fill = { id: "f1", date: "2024-06-13", time: "10:00", code: "000001", name: "平安银行", side: "sell", quantity: 100, price: 10.5 };
    expect(checkFillsBody({ fills: [fill] }, TODAY)).toMatchObject({ ok: true, items: [{ ...fill, time: "10:00:00" }] });
    expect(checkFillsBody({ fills: [{ ...fill, quantity: 0.5, price: 0 }, { ...fill, id: "f2", quantity: -1 }] }, TODAY)).toMatchObject({
      ok: false,
      errors: [{ index: 0, field: "quantity" }, { index: 0, field: "price" }, { index: 1, field: "quantity" }],
    });
  });
});
