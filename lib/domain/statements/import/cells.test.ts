import fc from "fast-check";
import {
  decimalToFen,
  excelSerialToDate,
  normalizeHeader,
  numberText,
  parseDate,
  parseNumber,
  parseTime,
  roundDecimalText,
  roundMoney,
  stripCell,
} from "@/lib/domain/statements/import/cells";

describe("stripCell", () => {
  it("unwraps TDX formula text, CSV quotes and Excel's text prefix", () => {
    expect(stripCell('="600519"')).toBe("600519");
    expect(stripCell(' ="20240105" ')).toBe("20240105");
    expect(stripCell('""')).toBe("");
    expect(stripCell('=""')).toBe("");
    expect(stripCell('"证券买入"')).toBe("证券买入");
    expect(stripCell("'000001")).toBe("000001");
    expect(stripCell("\t 平安银行 \u3000")).toBe("平安银行");
    expect(stripCell('="="0.020""')).toBe("0.020");
  });

  it("leaves ordinary text alone", () => {
    expect(stripCell("XD 招商银")).toBe("XD 招商银");
    expect(stripCell("-394.020")).toBe("-394.020");
    expect(stripCell("a=b")).toBe("a=b");
  });

  it("is idempotent on any text", () => {
    fc.assert(fc.property(fc.string(), (s) => stripCell(stripCell(s)) === stripCell(s)));
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("=", '"', "'", " ", "\t", "x", "6", "中") }), (s) => stripCell(stripCell(s)) === stripCell(s)),
    );
  });

  it("strips any nesting of =\"…\" around a value in one call", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Za-z\u4e00-\u9fa5.-]{1,12}$/), fc.integer({ min: 0, max: 3 }), (value, depth) => {
        let wrapped = value;
        for (let i = 0; i < depth; i += 1) wrapped = `="${wrapped}"`;
        return stripCell(wrapped) === value;
      }),
    );
  });
});

describe("parseNumber", () => {
  it("reads the ways statements write numbers", () => {
    expect(parseNumber("-394.020")).toMatchObject({ kind: "ok", value: -394.02 });
    expect(parseNumber(".00")).toMatchObject({ kind: "ok", value: 0 });
    expect(parseNumber('="0.020"')).toMatchObject({ kind: "ok", value: 0.02 });
    expect(parseNumber("1,234,567.89")).toMatchObject({ kind: "ok", value: 1234567.89 });
    expect(parseNumber("１２３．５")).toMatchObject({ kind: "ok", value: 123.5 });
    expect(parseNumber("+5")).toMatchObject({ kind: "ok", value: 5 });
    expect(parseNumber("12.5元")).toMatchObject({ kind: "ok", value: 12.5 });
  });

  it("treats blanks and dashes as empty, not as zero or garbage", () => {
    for (const blank of ["", "  ", "--", "-", "—", '=""']) expect(parseNumber(blank)).toEqual({ kind: "empty" });
  });

  it("refuses what is not a number, keeping the text for the message", () => {
    expect(parseNumber("1OO")).toEqual({ kind: "bad", raw: "1OO" });
    expect(parseNumber("10,00")).toEqual({ kind: "bad", raw: "10,00" });
    expect(parseNumber("1,23,456")).toEqual({ kind: "bad", raw: "1,23,456" });
    expect(parseNumber("abc")).toEqual({ kind: "bad", raw: "abc" });
    expect(parseNumber("1e999")).toEqual({ kind: "bad", raw: "1e999" });
    expect(numberText("12..5")).toBeNull();
  });

  it("reads any amount written with thousands separators", () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }), (fen) => {
        const text = (fen / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
        const cell = parseNumber(text);
        return cell.kind === "ok" && decimalToFen(cell.text) === fen;
      }),
    );
  });
});

describe("exact money", () => {
  it("rounds decimal text half away from zero without float error", () => {
    expect(roundDecimalText("0.145", 2)).toBe(0.15);
    expect(roundDecimalText("-0.145", 2)).toBe(-0.15);
    expect(roundDecimalText("1.005", 2)).toBe(1.01);
    expect(roundDecimalText("394.020", 2)).toBe(394.02);
    expect(roundDecimalText("10.2345", 3)).toBe(10.235);
    expect(roundDecimalText("-0.004", 2)).toBe(0);
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(-2.675)).toBe(-2.68);
  });

  it("turns decimal text into fen exactly", () => {
    expect(decimalToFen("-394.025")).toBe(-39403);
    expect(decimalToFen("394.020")).toBe(39402);
    expect(decimalToFen(".5")).toBe(50);
    expect(decimalToFen("12")).toBe(1200);
    expect(decimalToFen("1e3")).toBe(100000);
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 9 }), (fen, extra) => {
        const text = `${fen < 0 ? "-" : ""}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, "0")}${extra}`;
        const expected = (fen < 0 ? -1 : 1) * (Math.abs(fen) + (extra >= 5 ? 1 : 0));
        return decimalToFen(text) === expected;
      }),
    );
  });
});

describe("parseDate", () => {
  it("reads the date forms of the exports", () => {
    expect(parseDate("20240105")).toBe("2024-01-05");
    expect(parseDate('="20240105"')).toBe("2024-01-05");
    expect(parseDate("2024-01-05")).toBe("2024-01-05");
    expect(parseDate("2024/1/5")).toBe("2024-01-05");
    expect(parseDate("2024.01.05")).toBe("2024-01-05");
    expect(parseDate("2024年1月5日")).toBe("2024-01-05");
    expect(parseDate("2024-01-05 09:30:15")).toBe("2024-01-05");
  });

  it("takes the first 8 characters of 招商's longer 成交日期", () => {
    expect(parseDate("20241202093015")).toBe("2024-12-02");
    expect(parseDate("2024120209")).toBe("2024-12-02");
  });

  it("turns Excel serial days into dates", () => {
    expect(parseDate("45292")).toBe("2024-01-01");
    expect(parseDate("45296")).toBe("2024-01-05");
    expect(parseDate("45296.5")).toBe("2024-01-05");
    expect(excelSerialToDate(60)).toBeNull(); // 1900: not a statement date
    expect(excelSerialToDate(36526)).toBe("2000-01-01");
  });

  it("refuses impossible or truncated dates", () => {
    for (const bad of ["20250230", "2024013", "20241301", "2023-02-29", "", "abc", "12345", "99999999", "2024-00-10"]) {
      expect(parseDate(bad)).toBeNull();
    }
    expect(parseDate("20240229")).toBe("2024-02-29");
  });

  it("round-trips every real date in 1990–2100 written as YYYYMMDD or an Excel serial", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2100-12-31T00:00:00Z"), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10);
        const serial = Math.floor((Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - Date.UTC(1899, 11, 30)) / 86_400_000);
        return parseDate(iso.replace(/-/g, "")) === iso && (serial > 80_000 || parseDate(String(serial)) === iso);
      }),
    );
  });
});

describe("parseTime", () => {
  it("reads HH:MM:SS and the integer forms that lost their leading zero", () => {
    expect(parseTime("09:30:15")).toBe("09:30:15");
    expect(parseTime("9:30:15")).toBe("09:30:15");
    expect(parseTime("9:30")).toBe("09:30:00");
    expect(parseTime("93015")).toBe("09:30:15");
    expect(parseTime("093015")).toBe("09:30:15");
    expect(parseTime("144103")).toBe("14:41:03");
    expect(parseTime("14410380")).toBe("14:41:03");
    expect(parseTime("9301500")).toBe("09:30:15");
    expect(parseTime('="10:02:41"')).toBe("10:02:41");
    expect(parseTime("2024-01-05 13:05:09")).toBe("13:05:09");
  });

  it("reads an Excel day fraction", () => {
    expect(parseTime("0.5")).toBe("12:00:00");
    expect(parseTime("0.396006944")).toBe("09:30:15");
  });

  it("gives null for what is not a time", () => {
    for (const bad of ["", "25:00:00", "12:61:00", "996000", "abc", "1.5"]) expect(parseTime(bad)).toBeNull();
  });
});

describe("normalizeHeader", () => {
  it("compares header names without spaces, unit suffixes or the 账/帐 variant", () => {
    expect(normalizeHeader("清算费(B股)")).toBe("清算费");
    expect(normalizeHeader(" 成交金额（元） ")).toBe("成交金额");
    expect(normalizeHeader('="股东账户"')).toBe("股东帐户");
    expect(normalizeHeader("成交 日期")).toBe("成交日期");
  });
});
