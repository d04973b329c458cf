import fc from "fast-check";
import {
  boardOf,
  canonicalCode,
  displayCode,
  codeDigits,
  exchangeOf,
  hasSyncedChart,
  hongKongCode,
  isFundCode,
  isHongKongMarketText,
  isReitCode,
  isRepoCode,
  isShanghaiAccount,
  isShanghaiCode,
  isStockCode,
  isSubscriptionCode,
  normalizeCode,
  symbolOf,
} from "./codes";

const sixDigits = fc.integer({ min: 1, max: 999_999 }).map((n) => String(n).padStart(6, "0"));

describe("normalizeCode", () => {
  it.each([
    ["600519", "600519"],
    ["1", "000001"],
    ["1.0", "000001"],
    ['="600519"', "600519"],
    ["600519.SH", "600519"],
    ["000001.sz", "000001"],
    ["SH600519", "600519"],
    ["sz000001", "000001"],
    ["bj920163", "920163"],
    [" 600 519 ", "600519"],
    ["'002594", "002594"],
    ["６００５１９", "600519"],
  ])("reads %j as %s", (raw, code) => {
    expect(normalizeCode(raw)).toBe(code);
  });

  it.each(["", "  ", "abc", "贵州茅台", "1234567", "60051a", "600519.5", "-1", "0", "SH", "600519.XX"])(
    "rejects %j",
    (raw) => {
      expect(normalizeCode(raw)).toBeNull();
    },
  );

  it("recovers any code however a spreadsheet or terminal wrote it", () => {
    fc.assert(
      fc.property(
        sixDigits,
        fc.constantFrom("plain", "unpadded", "float", "formula", "suffix", "prefix", "spaced"),
        fc.constantFrom("SH", "SZ", "BJ", "sh", "sz"),
        (code, style, ex) => {
          const unpadded = String(Number(code));
          const written = {
            plain: code,
            unpadded,
            float: `${unpadded}.0`,
            formula: `="${code}"`,
            suffix: `${code}.${ex}`,
            prefix: `${ex}${code}`,
            spaced: ` ${code.slice(0, 3)} ${code.slice(3)} `,
          }[style];
          expect(normalizeCode(written)).toBe(code);
        },
      ),
    );
  });

  it("returns six digits or null for any text", () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const result = normalizeCode(raw);
        expect(result === null || /^\d{6}$/.test(result)).toBe(true);
      }),
    );
  });

  it("rejects any number of more than six digits", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(normalizeCode(String(n))).toBeNull();
      }),
    );
  });
});

describe("exchangeOf", () => {
  it.each([
    ["600519", "SH"],
    ["688981", "SH"],
    ["900901", "SH"],
    ["510300", "SH"],
    ["113050", "SH"],
    ["204001", "SH"],
    ["730001", "SH"],
    ["000001", "SZ"],
    ["300750", "SZ"],
    ["159915", "SZ"],
    ["131810", "SZ"],
    ["123001", "SZ"],
    ["920163", "BJ"],
    ["838163", "BJ"],
    ["430047", "BJ"],
  ])("%s is on %s by prefix", (code, exchange) => {
    expect(exchangeOf(code)).toBe(exchange);
  });

  it("lets the shareholder account win over the prefix", () => {
    expect(exchangeOf("000001", { shareholderAccount: "A123456789" })).toBe("SH");
    expect(exchangeOf("600519", { shareholderAccount: "0123456789" })).toBe("SZ");
    expect(exchangeOf("600519", { shareholderAccount: "B880000000" })).toBe("SH");
    // Beijing stocks trade on a Shenzhen account
    expect(exchangeOf("920163", { shareholderAccount: "0123456789" })).toBe("BJ");
  });

  it("lets the market text win over the prefix", () => {
    expect(exchangeOf("000001", { market: "上海A股" })).toBe("SH");
    expect(exchangeOf("600519", { market: "深A" })).toBe("SZ");
    expect(exchangeOf("600519", { market: "沪A" })).toBe("SH");
    expect(exchangeOf("000001", { market: "北交所" })).toBe("BJ");
    expect(exchangeOf("000001", { market: "sh" })).toBe("SH");
    expect(exchangeOf("600519", { market: "SZ" })).toBe("SZ");
    expect(exchangeOf("600519", { market: "BJ" })).toBe("BJ");
  });

  it("falls back to the prefix when the hints say nothing", () => {
    expect(exchangeOf("600519", { shareholderAccount: "", market: "人民币" })).toBe("SH");
    expect(exchangeOf("000001", { shareholderAccount: null, market: null })).toBe("SZ");
  });
});

describe("boards", () => {
  it.each([
    ["600519", "main"],
    ["601318", "main"],
    ["603288", "main"],
    ["605499", "main"],
    ["000001", "main"],
    ["001979", "main"],
    ["002594", "main"],
    ["003816", "main"],
    ["300750", "gem"],
    ["301269", "gem"],
    ["688981", "star"],
    ["689009", "star"],
    ["920163", "bj"],
    ["430047", "bj"],
    ["838163", "bj"],
    ["871981", "bj"],
    ["889999", "bj"],
    ["510300", "other"],
    ["204001", "other"],
    ["113050", "other"],
    ["900901", "other"],
    ["200002", "other"],
    ["730001", "other"],
    ["60051", "other"],
  ])("%s is %s", (code, board) => {
    expect(boardOf(code)).toBe(board);
    expect(isStockCode(code)).toBe(board !== "other");
  });
});

describe("exchange-traded funds", () => {
  // the ETFs, LOF and REITs of a real 中信 export (../shared/real-statements) and a few more of each family
  const funds = [
    "159659", "513030", "518850", "588200", "510880", "511990", "511260", "512050", "511090", "159985", "513500",
    "563020", "588000", "159692", "518880", "159509", "159941", "517800", "563000", "561590", "511130", "159633",
    "159699", "513120", "520830", "589010", "501018", "160416", "161725", "508000", "180101", "184801", "150019",
  ];
  const notFunds = [
    "600519", "000001", "300750", "688981", "920163", // stocks
    "113070", "123254", "118053", "128136", "110059", "019547", // convertible and government bonds
    "204001", "131810", // repo
    "519005", // an open-end fund's 申赎 code
    "730001", "707001", "370001", // subscription
    "580016", // an old warrant
  ];

  it.each(funds)("%s is a fund with a chart we sync", (code) => {
    expect(isFundCode(code)).toBe(true);
    expect(hasSyncedChart(code)).toBe(true);
    expect(isStockCode(code)).toBe(false);
  });

  it.each(notFunds)("%s is not a fund", (code) => {
    expect(isFundCode(code)).toBe(false);
    expect(hasSyncedChart(code)).toBe(isStockCode(code));
  });

  it("knows REITs among the funds", () => {
    expect(["508000", "180101"].map(isReitCode)).toEqual([true, true]);
    expect(["510300", "159919", "600519"].map(isReitCode)).toEqual([false, false, false]);
  });

  it("never takes a stock, repo or subscription code for a fund, and trades Shanghai funds in Shanghai", () => {
    fc.assert(
      fc.property(sixDigits, (code) => {
        if (!isFundCode(code)) return;
        expect(isStockCode(code) || isRepoCode(code) || isSubscriptionCode(code)).toBe(false);
        expect(exchangeOf(code)).toBe(code.startsWith("5") ? "SH" : "SZ");
      }),
    );
  });
});

describe("canonicalCode", () => {
  it("maps old Beijing codes to 920 + the last three digits", () => {
    expect(canonicalCode("838163")).toBe("920163");
    expect(canonicalCode("430047")).toBe("920047");
    expect(canonicalCode("871981")).toBe("920981");
    expect(canonicalCode("889001")).toBe("920001");
  });

  it("leaves every other code alone and is idempotent", () => {
    fc.assert(
      fc.property(sixDigits, (code) => {
        const canonical = canonicalCode(code);
        expect(canonicalCode(canonical)).toBe(canonical);
        if (!/^(43|83|87|88)/.test(code)) expect(canonical).toBe(code);
        else expect(canonical).toMatch(/^920\d{3}$/);
      }),
    );
  });
});

describe("symbols and special codes", () => {
  it("writes symbols with the exchange suffix", () => {
    expect(symbolOf("600519")).toBe("600519.SH");
    expect(symbolOf("000001")).toBe("000001.SZ");
    expect(symbolOf("920163")).toBe("920163.BJ");
    expect(symbolOf("000001", "SH")).toBe("000001.SH");
  });

  it("knows reverse repo codes", () => {
    expect(isRepoCode("204001")).toBe(true);
    expect(isRepoCode("131810")).toBe(true);
    expect(isRepoCode("131900")).toBe(false);
    expect(isRepoCode("600519")).toBe(false);
  });

  it("knows subscription codes and never mistakes a stock for one", () => {
    for (const code of ["730001", "780981", "732001", "787256", "707001", "370001", "380001", "718001", "726001", "070001", "072001"]) {
      expect(isSubscriptionCode(code)).toBe(true);
    }
    fc.assert(
      fc.property(sixDigits, (code) => {
        if (isStockCode(code)) expect(isSubscriptionCode(code)).toBe(false);
      }),
    );
  });
});

describe("港股通 codes (issue 21)", () => {
  it("keeps the digits as written, so that their count can tell 00700 from 000700", () => {
    expect(["700", "00700", '="00700"', "1810.0", "600519", " 981 ", "SH600519", "000000", "abc"].map(codeDigits)).toEqual([
      "700", "00700", "00700", "1810", "600519", "981", "600519", null, null,
    ]);
    expect(normalizeCode("700")).toBe("000700");
  });

  it("writes a Hong Kong code with five digits, never six", () => {
    expect(["700", "1810", "6030", "09988", "009988", "1"].map(hongKongCode)).toEqual(["00700", "01810", "06030", "09988", "09988", "00001"]);
    expect(hongKongCode("600519")).toBeNull();
  });

  it("tells Shanghai codes and accounts, and Hong Kong market texts", () => {
    expect(["600030", "510500", "113052", "204001", "783158", "006030", "000700", "001810"].map(isShanghaiCode)).toEqual([
      true, true, true, true, true, false, false, false,
    ]);
    expect(["A534878327", "B123", "0123456789", "268955131", ""].map(isShanghaiAccount)).toEqual([true, true, false, false, false]);
    expect(["沪HK", "深HK", "港股通", "香港", "上海", "深圳A股", ""].map(isHongKongMarketText)).toEqual([true, true, true, true, false, false, false]);
    expect(exchangeOf("000700", { market: "沪HK" })).toBe("HK");
    expect(exchangeOf("600030", { market: "上海" })).toBe("SH");
  });
});

describe("displayCode", () => {
  it("shows a 港股通 code with its market and an A-share code as written", () => {
    expect(displayCode("00700", "HK")).toBe("00700.HK");
    expect(displayCode("01810", null, "HK")).toBe("01810.HK");
    expect(displayCode("600519", "A", "SH")).toBe("600519");
  });
});
