import { encodeGbk } from "@/lib/domain/statements/fixtures/gbk";
import { readStatement } from "@/lib/domain/statements/import";
import { table, THS_HEADER, trade, utf8, type Cells } from "@/lib/domain/statements/import/test-helpers";

/**
 * Hand-written statements in the layouts of issue 21 (counter 对账单/交割单, 中信 交割单/历史成交, e海通财, UTF-16,
 * HKD amounts), each small enough to check by hand. The expectations are worked out in the comments.
 */

const COUNTER_DZD = "交易日期 业务类型 币种 股东代码 证券代码 证券名称 买卖标志 成交价格 发生数量 成交金额 成交数量 发生金额 清算金额 后资金额 后证券额 委托方式 申报时间 成交时间 业务名称 佣金 印花税 过户费 汇率 其他费 回购利息".split(" ");

/** A counter 对账单 row; money as written. */
const dzd = (cells: Cells): Cells => ({ 币种: "人民币", 委托方式: "GPRS委托", 申报时间: "9:30:00", 成交时间: "9:30:01", 佣金: 0, 印花税: 0, 过户费: 0, 汇率: 0, 其他费: 0, 回购利息: 0, ...cells });

describe("counter 对账单 (交易日期, 业务类型, 后证券额, 汇率)", () => {
  const rows: Cells[] = [
    // 100 × 50.00 = 5000.00; 5000.00 + 5.00 + 0.10 = 5005.10
    dzd({ 交易日期: "20210104", 业务类型: "证券买卖", 股东代码: "A123456789", 证券代码: "600036", 证券名称: "招商银行", 买卖标志: "买入", 成交价格: 50, 发生数量: 100, 成交金额: 5000, 成交数量: 100, 发生金额: -5005.1, 清算金额: -5005.1, 后资金额: 94994.9, 后证券额: 100, 业务名称: "证券买入", 佣金: 5, 过户费: 0.1 }),
    // 00700 written 700 on the Shanghai account: 100 × 400.00 HKD × 0.9 = 36000.00 CNY (stated);
    // 36000.00 + 36.00 + 36.00 + 1.50 + 0.50 = 36074.00
    dzd({ 交易日期: "20210105", 业务类型: "证券买卖", 股东代码: "A123456789", 证券代码: "700", 证券名称: "腾讯控股", 买卖标志: "买入", 成交价格: 400, 发生数量: 100, 成交金额: 36000, 成交数量: 100, 发生金额: -36074, 清算金额: -36074, 后资金额: 58920.9, 后证券额: 100, 业务名称: "证券买入", 佣金: 36, 印花税: 36, 过户费: 1.5, 汇率: 0.9, 其他费: 0.5 }),
    // 000961 written 961 on the Shenzhen account: an A-share; 800.00 + 5.00 = 805.00
    dzd({ 交易日期: "20210105", 业务类型: "证券买卖", 股东代码: "0123456789", 证券代码: "961", 证券名称: "中南建设", 买卖标志: "买入", 成交价格: 8, 发生数量: 100, 成交金额: 800, 成交数量: 100, 发生金额: -805, 清算金额: -805, 后资金额: 58115.9, 后证券额: 100, 业务名称: "证券买入", 佣金: 5 }),
    // 港股通组合费 on no security: an HK fee of −0.05
    dzd({ 交易日期: "20210106", 业务类型: "结算资金", 股东代码: "A123456789", 买卖标志: "买入", 成交价格: 0, 发生数量: 0, 成交金额: 0.05, 成交数量: 0, 发生金额: -0.05, 清算金额: -0.05, 后资金额: 58115.85, 后证券额: 0, 业务名称: "港股通组合费收取", 汇率: 0.9 }),
    // 交收资金冻结 beside 买卖标志 卖出: no trade, no cash
    dzd({ 交易日期: "20210106", 业务类型: "", 股东代码: "A123456789", 买卖标志: "卖出", 成交价格: 0, 发生数量: 0, 成交金额: 36074, 成交数量: 0, 发生金额: 0, 清算金额: 0, 后资金额: 58115.85, 后证券额: 0, 业务名称: "交收资金冻结" }),
    // an unknown business never falls back to 买卖标志 买入
    dzd({ 交易日期: "20210107", 业务类型: "证券买卖", 股东代码: "A123456789", 证券代码: "600036", 证券名称: "招商银行", 买卖标志: "买入", 成交价格: 50, 发生数量: 100, 成交金额: 5000, 成交数量: 100, 发生金额: 0, 清算金额: 0, 后资金额: 58115.85, 后证券额: 100, 业务名称: "神秘划转" }),
  ];
  const report = readStatement(encodeGbk(table(COUNTER_DZD, rows, ",")), "2021stock.csv");

  it("is recognised by name, GBK", () => {
    expect([report.format, report.formatLabel, report.encoding]).toEqual(["counter_dzd", "券商柜台 对账单", "gb18030"]);
  });

  it("reads the A-shares, and 700 on the Shanghai account as 00700.HK at the row's rate, in CNY as stated", () => {
    expect(report.fills.map((f) => [f.line, f.code, f.exchange, f.market, f.amount, f.currency, f.priceCurrency, f.fxRate, f.shareBalance])).toEqual([
      [2, "600036", "SH", "A", 5000, "CNY", "CNY", null, 100],
      [3, "00700", "HK", "HK", 36000, "CNY", "HKD", 0.9, 100],
      [4, "000961", "SZ", "A", 800, "CNY", "CNY", null, 100],
    ]);
    expect(report.fills[1]?.fees).toEqual({ commission: 36, stampDuty: 36, transferFee: 1.5, other: 0.5 });
    expect(report.fills[1]?.price).toBe(400);
    expect(report.unreconciled).toEqual([]);
    expect(report.feeBasis).toBe("file");
  });

  it("books the 组合费 as an HK fee, the 冻结 as nothing, and skips the unknown name with its reason", () => {
    expect(report.events.map((e) => [e.line, e.kind, e.market, e.amount])).toEqual([
      [5, "fee", "HK", -0.05],
      [6, "ignore", null, 0],
    ]);
    expect(report.skipped).toEqual([{ line: 7, reason: "未知的业务名称：“神秘划转”" }]);
  });
});

describe("counter 交割单: 手续费 is the owner's total of 佣金 + 印花税 + 过户费 + 其他费", () => {
  const header = "成交日期 证券代码 证券名称 买卖标志 成交价格 成交数量 成交金额 发生金额 佣金 印花税 过户费 其他费 成交编号 股东代码 备注 手续费".split(" ");
  const report = readStatement(
    utf8(
      table(
        header,
        [
          // 5.00 + 10.07 + 0.20 = 15.27 = 手续费; 10070.00 − 15.27 = 10054.73
          { 成交日期: "20190711", 证券代码: "878", 证券名称: "云南铜业", 买卖标志: "卖出", 成交价格: 10.07, 成交数量: -1000, 成交金额: 10070, 发生金额: 10054.73, 佣金: 5, 印花税: 10.07, 过户费: 0.2, 其他费: 0, 成交编号: 1, 股东代码: "268955131", 备注: "证券卖出", 手续费: 15.27 },
          // 佣金 0, 印花税 3.00 = 手续费 3.00: one charge of 3.00; 3000.00 − 3.00 = 2997.00
          { 成交日期: "20190712", 证券代码: "878", 证券名称: "云南铜业", 买卖标志: "卖出", 成交价格: 10, 成交数量: -300, 成交金额: 3000, 发生金额: 2997, 佣金: 0, 印花税: 3, 过户费: 0, 其他费: 0, 成交编号: 2, 股东代码: "268955131", 备注: "证券卖出", 手续费: 3 },
          // 佣金 5.00 = 手续费 5.00 (nothing else): once
          { 成交日期: "20190712", 证券代码: "510500", 证券名称: "500ETF", 买卖标志: "买入", 成交价格: 5, 成交数量: 1000, 成交金额: 5000, 发生金额: -5005, 佣金: 5, 印花税: 0, 过户费: 0, 其他费: 0, 成交编号: 3, 股东代码: "A534878327", 备注: "证券买入", 手续费: 5 },
        ],
        ",",
      ),
    ),
    "交割单.csv",
  );

  it("counts each charge once and reconciles", () => {
    expect(report.format).toBe("counter_jgd");
    expect(report.fills.map((f) => [f.code, f.fees])).toEqual([
      ["000878", { commission: 5, stampDuty: 10.07, transferFee: 0.2, other: 0 }],
      ["000878", { commission: 0, stampDuty: 3, transferFee: 0, other: 0 }],
      ["510500", { commission: 5, stampDuty: 0, transferFee: 0, other: 0 }],
    ]);
    expect(report.unreconciled).toEqual([]);
  });
});

describe("中信 交割单: 业务名称 only 买入/卖出/NUL, the kind in 备注", () => {
  const header = "发生日期 证券代码 证券名称 业务名称 成交价格 成交数量 成交金额 手续费 印花税 过户费 交易所清算费 附加费 清算金额 资金本次余额 委托编号 成交时间 股东代码 资金帐号 币种 备注".split(" ");
  const row = (cells: Cells): Cells => ({ 手续费: 0, 印花税: 0, 过户费: 0, 交易所清算费: 0, 附加费: 0, 资金本次余额: 0, 委托编号: 1, 成交时间: "09:00:00", 股东代码: '="A400870843"', 资金帐号: 1, 币种: "人民币", ...cells });
  const report = readStatement(
    encodeGbk(
      table(header, [
        row({ 发生日期: "20250530", 证券代码: '="204001"', 证券名称: "GC001", 业务名称: "卖出", 成交价格: 1.785, 成交数量: -1100, 成交金额: 110000, 清算金额: 110021.52, 备注: "融券购回:21.52实际占款天数：4-888880" }),
        // 15190.00 + 5.00 + 0.15 = 15195.15
        row({ 发生日期: "20250530", 证券代码: '="600900"', 证券名称: "长江电力", 业务名称: "买入", 成交价格: 30.38, 成交数量: 500, 成交金额: 15190, 手续费: 5, 过户费: 0.15, 清算金额: -15195.15, 备注: "证券买入" }),
        row({ 发生日期: "20250530", 证券代码: '=""', 证券名称: "", 业务名称: "买入", 成交价格: 0, 成交数量: 0, 成交金额: 0.02, 清算金额: -0.02, 备注: "港股通证券组合费收取:-0.02|汇率:0.91751" }),
        row({ 发生日期: "20250530", 证券代码: '="789775"', 证券名称: "影石配号", 业务名称: "买入", 成交价格: 0, 成交数量: 5, 成交金额: 0, 清算金额: 0, 备注: "100005433056" }),
        // 1000 × 6.20 HKD × 0.91706 = 5685.77 CNY; + 5.00 + 6.41 + 1.83 + 0.50 = 5699.51
        row({ 发生日期: "20250603", 证券代码: '="06186"', 证券名称: "中国飞鹤", 业务名称: "买入", 成交价格: 6.2, 成交数量: 1000, 成交金额: 5685.77, 手续费: 5, 印花税: 6.41, 过户费: 1.83, 交易所清算费: 0.5, 清算金额: -5699.51, 备注: "港股通买入.汇率:0.917060;交易费:0.32交收" }),
        row({ 发生日期: "20250603", 证券代码: '=""', 证券名称: "", 业务名称: "NUL", 成交价格: 0, 成交数量: 0, 成交金额: 5699.51, 清算金额: 0, 备注: "港股通20250529净买轧差资金冻结取消" }),
      ]),
    ),
    "table530-612.xls",
  );

  it("reads repo, fee, 配号 and 冻结 from 备注, and the trades from 业务名称", () => {
    expect(report.format).toBe("citic");
    expect(report.skipped).toEqual([]);
    expect(report.events.map((e) => [e.line, e.kind, e.code, e.market, e.amount])).toEqual([
      [2, "repo", "204001", "A", 110021.52],
      [4, "fee", null, "HK", -0.02],
      [5, "ignore", "789775", "A", 0],
      [7, "ignore", null, "HK", 0],
    ]);
    expect(report.fills.map((f) => [f.line, f.code, f.market, f.amount, f.fxRate, f.netAmount])).toEqual([
      [3, "600900", "A", 15190, null, -15195.15],
      [6, "06186", "HK", 5685.77, 0.91706, -5699.51],
    ]);
    expect(report.unreconciled).toEqual([]);
  });
});

describe("中信 历史成交: no fee columns, fees derived from 清算金额 (推算)", () => {
  const header = "成交日期 成交时间 申请编号 证券代码 证券名称 买卖标志 成交价格 成交数量 成交金额 委托编号 委托日期 业务名称 股东代码 资金帐号 客户代码 股东姓名 交易所名称 备注 清算金额 股份余额".split(" ");
  const row = (cells: Cells): Cells => ({ 成交时间: "09:37:14", 申请编号: 1, 委托编号: 1, 委托日期: cells.成交日期, 股东代码: '="A400870843"', 资金帐号: 1, 客户代码: 1, 股东姓名: "某", 交易所名称: "上海", ...cells });
  const rows = [
    // sell: 1820.00 − 1815.00 = 5.00
    row({ 成交日期: "20250506", 证券代码: '="513030"', 证券名称: "德国ETF", 买卖标志: "证券卖出", 成交价格: 1.82, 成交数量: -1000, 成交金额: 1820, 业务名称: "证券卖出", 备注: "证券卖出", 清算金额: 1815, 股份余额: 3100 }),
    // HK buy: |−5413.35| − 5400.43 = 12.92
    row({ 成交日期: "20250512", 证券代码: '="06186"', 证券名称: "中国飞鹤", 买卖标志: "证券买入", 成交价格: 5.8, 成交数量: 1000, 成交金额: 5400.43, 业务名称: "证券买入", 交易所名称: "沪HK", 备注: "港股通买入.汇率:0.931110", 清算金额: -5413.35, 股份余额: 1000 }),
    // buy whose net is less than its amount: −1.00 is no fee; the schedule estimates it, and the report says so
    row({ 成交日期: "20250513", 证券代码: '="600900"', 证券名称: "长江电力", 买卖标志: "证券买入", 成交价格: 10, 成交数量: 100, 成交金额: 1000, 业务名称: "证券买入", 备注: "证券买入", 清算金额: -999, 股份余额: 100 }),
    row({ 成交日期: "20250513", 证券代码: '=""', 证券名称: "", 买卖标志: "其他", 成交价格: 0, 成交数量: 0, 成交金额: 22765.29, 业务名称: "交收资金冻结取消", 交易所名称: "沪HK", 备注: "港股通20250507结算日终资金解冻", 清算金额: 0, 股份余额: 0 }),
  ];
  const report = readStatement(encodeGbk(table(header, rows)), "历史成交.xls");

  it("puts |net − amount| in other, never a negative fee", () => {
    expect(report.format).toBe("citic_lscj");
    expect(report.fills.map((f) => [f.code, f.market, f.feeBasis, f.fees?.other ?? null, f.shareBalance])).toEqual([
      ["513030", "A", "derived", 5, 3100],
      ["06186", "HK", "derived", 12.92, 1000],
      ["600900", "A", "schedule", null, 100],
    ]);
    expect(report.feeBasis).toBe("mixed");
    expect(report.warnings.join("\n")).toContain("第4行：清算金额 -999.00 与成交金额 1000.00 推算出的费用为负（-1.00）");
    expect(report.events.map((e) => [e.kind, e.market])).toEqual([["ignore", "HK"]]);
  });
});

describe("e海通财 (操作, 资金本次余额, 股份本次余额, 股东账号)", () => {
  const header = "证券代码 证券名称 成交日期 成交时间 成交数量 成交价格 成交金额 发生金额 操作 合同号 成交号 手续费 印花税 过户费 其他费 资金本次余额 股份本次余额 股东账号 资金账号".split(" ");
  const rows = (balance: (i: number) => number): Cells[] =>
    [
      // 072988 豪美发债 on two days: the money (01-26) and the shares (01-27) of one allotment
      { 证券代码: "072988", 证券名称: "豪美发债", 成交日期: "20220126", 成交数量: 0, 成交价格: 0, 成交金额: 1000, 发生金额: -1000, 操作: "买" },
      { 证券代码: "072988", 证券名称: "豪美发债", 成交日期: "20220127", 成交数量: 10, 成交价格: 100, 成交金额: 0, 发生金额: 0, 操作: "买" },
      // 16900.00 − 0.85 = 16899.15, written with float noise
      { 证券代码: "513050", 证券名称: "中概互联", 成交日期: "20220112", 成交时间: "11:01:07", 成交数量: 13000, 成交价格: 1.3, 成交金额: 16900, 发生金额: "16899.150000000001", 操作: "卖", 手续费: 0.85 },
    ].map((r, i) => ({ 手续费: 0, 印花税: 0, 过户费: 0, 其他费: 0, 资金本次余额: 0, 股份本次余额: balance(i), 股东账号: "0123456789", 资金账号: 1, ...r }));

  it("reads both 072988 rows as allotment events, no fill; a 股份本次余额 of zeros is no balance", () => {
    const report = readStatement(utf8(table(header, rows(() => 0))), "htsec.txt");
    expect(report.format).toBe("haitong");
    expect(report.events.map((e) => [e.line, e.kind, e.code, e.quantity, e.amount])).toEqual([
      [2, "allotment", "072988", 0, -1000],
      [3, "allotment", "072988", 10, 0],
    ]);
    expect(report.fills.map((f) => [f.code, f.amount, f.netAmount, f.shareBalance])).toEqual([["513050", 16900, 16899.15, null]]);
    expect(report.warnings.some((w) => w.includes("资金余额对不上") || w.includes("可能缺少记录"))).toBe(false);
  });

  it("keeps a 股份本次余额 that is a real balance", () => {
    const report = readStatement(utf8(table(header, rows((i) => [0, 10, 0][i] ?? 0))), "htsec.txt");
    expect(report.events.map((e) => e.shareBalance)).toEqual([0, 10]);
  });
});

describe("UTF-16 text (Excel's Unicode 文本) is reported as UTF-16", () => {
  const text = table(THS_HEADER, [trade("buy", "2024-03-04", "600036", 1000, 10)]);
  const encode = (bom: boolean, little: boolean): Uint8Array => {
    const units = [...(bom ? [0xfeff] : []), ...Array.from(text, (c) => c.charCodeAt(0))];
    const bytes = new Uint8Array(units.length * 2);
    units.forEach((u, i) => {
      bytes[i * 2 + (little ? 0 : 1)] = u & 0xff;
      bytes[i * 2 + (little ? 1 : 0)] = u >> 8;
    });
    return bytes;
  };

  it.each([
    [true, true, "utf-16le"],
    [true, false, "utf-16be"],
    [false, true, "utf-16le"],
    [false, false, "utf-16be"],
  ])("BOM %s, little-endian %s → %s", (bom, little, encoding) => {
    const report = readStatement(encode(bom, little), "a.txt");
    expect(report.encoding).toBe(encoding);
    expect(report.fills.map((f) => [f.code, f.amount])).toEqual([["600036", 10000]]);
    expect(report.warnings.join()).toContain("UTF-16");
  });
});

describe("港股通 amounts the file states in HKD", () => {
  const header = [...THS_HEADER, "币种", "汇率", "交易市场"];
  // 100 × 400.00 = 40000.00 HKD, fees 40.00 HKD, 发生金额 −40040.00 HKD
  const hkd = (rate: string): Cells => ({ ...trade("buy", "2024-03-04", "00700", 100, 400, { commission: 40 }), 证券名称: "腾讯控股", 币种: "港币", 汇率: rate, 交易市场: "沪HK" });

  it("are converted to CNY at the row's rate (× 0.9: 36000.00, fees 36.00, net −36036.00)", () => {
    const report = readStatement(utf8(table(header, [hkd("0.9")])), "hk.txt");
    expect(report.fills.map((f) => [f.code, f.market, f.price, f.priceCurrency, f.amount, f.currency, f.fxRate, f.fees?.commission, f.netAmount])).toEqual([
      ["00700", "HK", 400, "HKD", 36000, "CNY", 0.9, 36, -36036],
    ]);
    expect(report.unreconciled).toEqual([]);
  });

  it("stay in HKD without a rate", () => {
    const report = readStatement(utf8(table(header, [hkd("")])), "hk.txt");
    expect(report.fills.map((f) => [f.code, f.amount, f.currency, f.fxRate])).toEqual([["00700", 40000, "HKD", null]]);
  });
});

describe("a code written with five digits", () => {
  it("is 港股通 with a leading zero (09988), an A-share code that lost one zero without one (72988 → 072988)", () => {
    const report = readStatement(
      utf8(
        table(THS_HEADER, [
          { ...trade("buy", "2024-03-04", "09988", 100, 100), 证券名称: "阿里巴巴－Ｗ" },
          { ...trade("buy", "2024-03-04", "72988", 10, 100), 证券名称: "豪美发债" },
        ]),
      ),
      "t.txt",
    );
    expect(report.fills.map((f) => [f.code, f.exchange, f.market])).toEqual([["09988", "HK", "HK"]]);
    expect(report.events.map((e) => [e.kind, e.code, e.market])).toEqual([["allotment", "072988", "A"]]);
  });
});
