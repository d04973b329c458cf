import { readStatement } from "@/lib/domain/statements/import";
import { table, THS_HEADER, trade, utf8, type Cells } from "@/lib/domain/statements/import/test-helpers";

const read = (header: readonly string[], rows: readonly Cells[]) => readStatement(utf8(table(header, rows)), "t.txt");
const ths = (rows: readonly Cells[]) => read(THS_HEADER, rows);
const cash = (date: string, business: string, amount: string, more: Cells = {}): Cells => ({
  成交日期: date.replace(/-/g, ""),
  成交时间: "00:00:00",
  操作: business,
  成交数量: 0,
  成交均价: "0.00",
  成交金额: "0.00",
  发生金额: amount,
  ...more,
});

describe("trades", () => {
  it("become fills with the side from the business name, exact money and fees", () => {
    const report = ths([trade("buy", "2024-03-04", "600036", 1000, 10, { commission: 5, transfer: 0.1 }, { 成交时间: "09:35:12" })]);
    expect(report.fills).toEqual([
      {
        line: 2,
        date: "2024-03-04",
        time: "09:35:12",
        code: "600036",
        exchange: "SH",
        market: "A",
        name: "股票600036",
        side: "buy",
        quantity: 1000,
        price: 10,
        priceCurrency: "CNY",
        amount: 10000,
        amountStated: true,
        currency: "CNY",
        fxRate: null,
        fees: { commission: 5, stampDuty: 0, transferFee: 0.1, other: 0 },
        feeBasis: "file",
        feesEstimated: false,
        shareBalance: null,
        netAmount: -10005.1,
        balance: null,
        kind: "trade",
        raw: "证券买入",
      },
    ]);
    expect(report.warnings).toEqual([]);
    expect(report.feeBasis).toBe("file");
    expect(report.unreconciled).toEqual([]);
  });

  it("take the side from the name even when the sign of 发生金额 says otherwise, and say so", () => {
    const row = trade("sell", "2024-03-05", "600036", 100, 11, { commission: 5 });
    const report = ths([{ ...row, 发生金额: "-1095.00" }]);
    expect(report.fills[0]?.side).toBe("sell");
    expect(report.warnings.join()).toContain("第2行");
    expect(report.warnings.join()).toMatch(/正负号/);
  });

  it("list a fill whose 发生金额 is not 成交金额 ± fees, with the line and the difference, and say so once", () => {
    const row = trade("buy", "2024-03-05", "600036", 100, 10, { commission: 5 });
    const report = ths([trade("buy", "2024-03-04", "600036", 100, 10), { ...row, 发生金额: "-990.00" }]);
    expect(report.fills).toHaveLength(2);
    // |−990.00| − (1000.00 + 5.00) = −15.00
    expect(report.unreconciled).toEqual([{ line: 3, amount: 1000, fees: 5, netAmount: -990, difference: -15 }]);
    expect(report.fills[1]).toMatchObject({ amount: 1000, fees: { commission: 5, stampDuty: 0, transferFee: 0, other: 0 } });
    expect(report.warnings).toEqual(["1 笔成交的成交金额加减费用与发生金额对不上（合计相差 -15.00 元，文件的费用列不全）：第3行。"]);
  });

  it("reconcile to the fen: one fen off is listed", () => {
    const row = trade("buy", "2024-03-05", "600036", 1000, 10, { commission: 5 });
    expect(ths([{ ...row, 发生金额: "-10005.00" }]).unreconciled).toEqual([]);
    expect(ths([{ ...row, 发生金额: "-10005.01" }]).unreconciled).toEqual([{ line: 2, amount: 10000, fees: 5, netAmount: -10005.01, difference: 0.01 }]);
  });

  it("note once, not per row, a file whose 发生金额 carries no sign", () => {
    const rows = [trade("buy", "2024-03-04", "600036", 100, 10), trade("sell", "2024-03-05", "600036", 100, 11), trade("buy", "2024-03-06", "000001", 100, 10)];
    const unsigned = rows.map((r) => ({ ...r, 发生金额: String(r.发生金额).replace("-", "") }));
    const report = ths(unsigned);
    expect(report.fills.map((f) => f.side)).toEqual(["buy", "sell", "buy"]);
    expect(report.warnings).toEqual(["发生金额不带正负号（买入也记为正数），买卖方向按业务名称判断。"]);
  });

  it("derive the price from the amount, or the amount from the price, when one is missing", () => {
    const report = ths([
      { ...trade("buy", "2024-03-04", "600036", 300, 10), 成交均价: "" },
      { ...trade("buy", "2024-03-04", "600036", 300, 10.123), 成交均价: "10.123", 成交金额: "" },
    ]);
    expect(report.fills.map((f) => [f.price, f.amount])).toEqual([
      [10, 3000],
      [10.123, 3036.9],
    ]);
  });

  it("read codes that lost their zeros, and the exchange from the account or market column", () => {
    const header = [...THS_HEADER, "股东代码", "交易市场"];
    const report = read(header, [
      trade("buy", "2024-03-04", "1", 100, 10),
      trade("buy", "2024-03-04", "600000.0", 100, 10),
      trade("buy", "2024-03-04", "830799", 100, 10),
      trade("buy", "2024-03-04", "110067", 10, 112.5, {}, { 股东代码: "A123456789" }),
      trade("buy", "2024-03-04", "159915", 100, 2, {}, { 交易市场: "深圳A股" }),
    ]);
    expect(report.fills.map((f) => `${f.code}.${f.exchange}`)).toEqual(["000001.SZ", "600000.SH", "830799.BJ", "110067.SH", "159915.SZ"]);
  });
});

describe("rows that are skipped, each with its line and a precise reason", () => {
  it.each([
    ["成交数量不是数字：“1OO”", { 成交数量: "1OO" }],
    ["成交均价不是数字：“abc”", { 成交均价: "abc" }],
    ["手续费不是数字：“5,0”", { 手续费: "5,0" }],
    ["证券买入的成交数量为 0", { 成交数量: "0" }],
    ["证券买入缺少证券代码", { 证券代码: "" }],
    ["证券代码无法识别：“60003X”", { 证券代码: "60003X" }],
    ["成交日期不是日期：“20240230”", { 成交日期: "20240230" }],
    ["缺少成交日期", { 成交日期: "" }],
    ["未知的业务名称：“神秘业务”", { 操作: "神秘业务" }],
    ["缺少业务名称（操作为空）", { 操作: "" }],
    ["证券买入缺少成交均价和成交金额", { 成交均价: "", 成交金额: "" }],
  ])("%s", (reason, patch) => {
    const report = ths([trade("buy", "2024-03-04", "600036", 100, 10), { ...trade("buy", "2024-03-05", "600036", 100, 10), ...patch }]);
    expect(report.skipped).toEqual([{ line: 3, reason }]);
    expect(report.fills).toHaveLength(1);
    expect(report.rowCount).toBe(2);
  });

  it("rows in another currency: B shares are not read (neither A-share nor 港股通 figures)", () => {
    const header = [...THS_HEADER, "币种"];
    const report = read(header, [
      trade("buy", "2024-03-04", "600036", 100, 10, {}, { 币种: "人民币" }),
      trade("buy", "2024-03-04", "900901", 100, 1, {}, { 币种: "美元" }),
      trade("buy", "2024-03-04", "600036", 100, 10, {}, { 币种: "RMB" }),
      trade("buy", "2024-03-04", "600036", 100, 10, {}, { 币种: "" }),
    ]);
    expect(report.fills.map((f) => [f.code, f.market, f.currency])).toEqual([
      ["600036", "A", "CNY"],
      ["600036", "A", "CNY"],
      ["600036", "A", "CNY"],
    ]);
    expect(report.skipped).toEqual([{ line: 3, reason: "币种为“美元”，只读取人民币和港股通记录" }]);
  });
});

describe("non-trade rows become events, never fills", () => {
  it("reverse repo, even written as a buy or sell of 204xxx / 1318xx", () => {
    const report = ths([
      { ...trade("sell", "2024-03-04", "204001", 100, 2.5), 操作: "证券卖出", 成交金额: "10000.00", 发生金额: "-10000.00" },
      { ...trade("buy", "2024-03-05", "131810", 100, 2.1), 操作: "融券购回", 成交金额: "10000.00", 发生金额: "10000.55" },
    ]);
    expect(report.fills).toEqual([]);
    expect(report.events.map((e) => [e.kind, e.code, e.exchange, e.amount])).toEqual([
      ["repo", "204001", "SH", -10000],
      ["repo", "131810", "SZ", 10000.55],
    ]);
    expect(report.warnings).toContain("2 行逆回购/质押回购记为资金/持仓事项，不算作股票交易。");
  });

  it("bank transfers, dividends, dividend tax, interest, bonus shares, margin debt, fund flows, 申购配号", () => {
    const report = ths([
      cash("2024-03-01", "银行转证券", "100000.00"),
      cash("2024-03-02", "证券转银行", "5000.00"),
      cash("2024-03-03", "红利入账", "60.00", { 证券代码: "600036", 证券名称: "招商银行", 成交数量: 500 }),
      cash("2024-03-04", "股息红利差异扣税", "6.00", { 证券代码: "600036" }),
      cash("2024-03-05", "利息归本", "1.23"),
      cash("2024-03-06", "红股入账", "0.00", { 证券代码: "600036", 成交数量: 100 }),
      cash("2024-03-07", "融资借入", "20000.00"),
      cash("2024-03-08", "基金申购拨出", "-3000.00", { 证券代码: "000001" }),
      cash("2024-03-09", "申购配号", "0.00", { 证券代码: "732123", 成交数量: 1000 }),
    ]);
    expect(report.fills).toEqual([]);
    expect(report.events.map((e) => [e.kind, e.amount, e.quantity])).toEqual([
      ["cash_in", 100000, 0],
      ["cash_out", -5000, 0],
      ["dividend", 60, 500],
      ["dividend_tax", -6, 0],
      ["interest", 1.23, 0],
      ["bonus_shares", 0, 100],
      ["margin", 20000, 0],
      ["fund", -3000, 0],
      ["ignore", 0, 1000],
    ]);
    expect(report.events[2]).toMatchObject({ code: "600036", exchange: "SH", name: "招商银行", raw: "红利入账", line: 4, time: null });
    expect(report.warnings).toEqual(expect.arrayContaining([
      "1 行融资融券负债记为资金/持仓事项，不算作股票交易。",
      "1 行基金/理财申赎记为资金/持仓事项，不算作股票交易。",
      "1 行申购配号、指定交易、撤单等无资金变动事项记为资金/持仓事项，不算作股票交易。",
    ]));
  });
});

describe("fees", () => {
  const header = ["成交日期", "证券代码", "操作", "成交数量", "成交价格", "成交金额", "发生金额", "佣金", "手续费", "印花税", "过户费"];
  const row = (net: string, yong: string, shou: string): Cells => ({
    成交日期: "20240304", 证券代码: "600036", 操作: "证券买入", 成交数量: 1000, 成交价格: "10.00", 成交金额: "10000.00",
    发生金额: net, 佣金: yong, 手续费: shou, 印花税: "0.00", 过户费: "0.10",
  });

  it("count 手续费 and 佣金 once when they hold the same number, and note it", () => {
    const report = read(header, [row("-10005.10", "5.00", "5.00")]);
    expect(report.fills[0]?.fees).toEqual({ commission: 5, stampDuty: 0, transferFee: 0.1, other: 0 });
    expect(report.warnings).toEqual(["有 1 行的“手续费”和“佣金”是同一笔费用（数值相同），只计一次。"]);
  });

  it("take 手续费 as a separate charge only when 发生金额 shows both were paid", () => {
    const separate = read(header, [row("-10006.10", "5.00", "1.00")]);
    expect(separate.fills[0]?.fees).toEqual({ commission: 5, stampDuty: 0, transferFee: 0.1, other: 1 });
    expect(separate.warnings.join()).toContain("手续费计入其他费用");
    const commissionOnly = read(header, [row("-10005.10", "5.00", "1.00")]);
    expect(commissionOnly.fills[0]?.fees).toEqual({ commission: 5, stampDuty: 0, transferFee: 0.1, other: 0 });
    const totalIncludesIt = read(header, [row("-10006.10", "5.00", "6.00")]);
    expect(totalIncludesIt.fills[0]?.fees).toEqual({ commission: 6, stampDuty: 0, transferFee: 0.1, other: 0 });
  });

  it("without 发生金额, an unequal pair counts 佣金 as the commission", () => {
    const report = read(header.filter((h) => h !== "发生金额"), [row("", "5.00", "1.00")]);
    expect(report.fills[0]?.fees?.commission).toBe(5);
    expect(report.fills[0]?.fees?.other).toBe(0);
  });

  it("add 经手费 and 证管费 to 净佣金, and do not count 交易规费 again when it is their sum", () => {
    const h = ["成交日期", "证券代码", "操作", "成交数量", "成交价格", "净佣金", "经手费", "证管费", "交易规费", "印花税", "过户费"];
    const report = read(h, [{ 成交日期: "20240304", 证券代码: "600036", 操作: "证券卖出", 成交数量: 1000, 成交价格: "10.00", 净佣金: "4.00", 经手费: "0.34", 证管费: "0.20", 交易规费: "0.54", 印花税: "5.00", 过户费: "0.10" }]);
    expect(report.fills[0]?.fees).toEqual({ commission: 4.54, stampDuty: 5, transferFee: 0.1, other: 0 });
  });

  it("read 总费用 alone as the commission minus the listed parts", () => {
    const h = ["成交日期", "证券代码", "操作", "成交数量", "成交价格", "总费用", "印花税", "过户费"];
    const report = read(h, [{ 成交日期: "20240304", 证券代码: "600036", 操作: "证券卖出", 成交数量: 1000, 成交价格: "10.00", 总费用: "10.10", 印花税: "5.00", 过户费: "0.10" }]);
    expect(report.fills[0]?.fees).toEqual({ commission: 5, stampDuty: 5, transferFee: 0.1, other: 0 });
  });

  it("trust 总费用 over details that do not add up to it, with a warning", () => {
    const h = ["成交日期", "证券代码", "操作", "成交数量", "成交价格", "总费用", "净佣金", "印花税", "过户费"];
    const report = read(h, [{ 成交日期: "20240304", 证券代码: "600036", 操作: "证券卖出", 成交数量: 1000, 成交价格: "10.00", 总费用: "11.10", 净佣金: "5.00", 印花税: "5.00", 过户费: "0.10" }]);
    expect(report.fills[0]?.fees).toEqual({ commission: 6, stampDuty: 5, transferFee: 0.1, other: 0 });
    expect(report.warnings.join()).toContain("按总费用计");
  });

  it("are null only when the file has no fee column at all; empty fee cells are zero", () => {
    const noFees = read(["成交日期", "证券代码", "操作", "成交数量", "成交价格"], [{ 成交日期: "20240304", 证券代码: "600036", 操作: "证券买入", 成交数量: 100, 成交价格: "10.00" }]);
    expect(noFees.fills[0]?.fees).toBeNull();
    expect(noFees.warnings.join()).toContain("按成交日期的费率估算");
    const emptyCells = read(["成交日期", "证券代码", "操作", "成交数量", "成交价格", "佣金"], [{ 成交日期: "20240304", 证券代码: "600036", 操作: "证券买入", 成交数量: 100, 成交价格: "10.00", 佣金: "" }]);
    expect(emptyCells.fills[0]?.fees).toEqual({ commission: 0, stampDuty: 0, transferFee: 0, other: 0 });
  });
});

describe("dates and times", () => {
  it.each([
    ["20240304", "09:30:15", "2024-03-04", "09:30:15"],
    ["2024-03-04", "93015", "2024-03-04", "09:30:15"],
    ["2024/03/04", "14410380", "2024-03-04", "14:41:03"],
    ["45355", "", "2024-03-04", null],
    ["20240304093015", "00:00:00", "2024-03-04", null],
  ])("%s %s → %s %s", (date, time, wantDate, wantTime) => {
    const report = ths([{ ...trade("buy", "2024-03-04", "600036", 100, 10), 成交日期: date, 成交时间: time }]);
    expect(report.fills[0]).toMatchObject({ date: wantDate, time: wantTime });
  });
});

describe("IPO and subscription rows", () => {
  const header = ["成交日期", "证券代码", "证券名称", "操作", "成交数量", "成交价格", "成交金额", "发生金额", "手续费"];

  it("the 中签缴款 on the subscription code is an allotment event; the later 新股入账 is the buy at its issue price", () => {
    const report = read(header, [
      { 成交日期: "20240410", 证券代码: "787001", 证券名称: "某某申购", 操作: "中签缴款", 成交数量: 500, 成交价格: "20.00", 成交金额: "10000.00", 发生金额: "-10000.00", 手续费: "0" },
      { 成交日期: "20240418", 证券代码: "688001", 证券名称: "某某科技", 操作: "新股入账", 成交数量: 500, 成交价格: "", 成交金额: "", 发生金额: "0.00", 手续费: "0" },
    ]);
    expect(report.fills).toEqual([expect.objectContaining({ line: 3, code: "688001", kind: "ipo", side: "buy", quantity: 500, price: 20, amount: 10000, date: "2024-04-18" })]);
    expect(report.events).toEqual([expect.objectContaining({ line: 2, kind: "allotment", code: "787001", market: "A", quantity: 500, amount: -10000 })]);
  });

  it("pair 中签缴款 and 新股入账 on the listing code: the arrival is the buy, the payment a cash transfer", () => {
    const report = read(header, [
      { 成交日期: "20240410", 证券代码: "688001", 证券名称: "某某科技", 操作: "中签缴款", 成交数量: 500, 成交价格: "20.00", 成交金额: "10000.00", 发生金额: "-10000.00", 手续费: "0" },
      { 成交日期: "20240418", 证券代码: "688001", 证券名称: "某某科技", 操作: "新股入账", 成交数量: 500, 成交价格: "", 成交金额: "", 发生金额: "0.00", 手续费: "0" },
    ]);
    expect(report.fills).toEqual([expect.objectContaining({ line: 3, code: "688001", kind: "ipo", quantity: 500, price: 20, amount: 10000 })]);
    expect(report.events).toEqual([expect.objectContaining({ line: 2, kind: "transfer", code: "688001", amount: -10000 })]);
    expect(report.warnings.join()).toContain("第2行中签缴款与第3行新股入账是同一笔新股");
  });

  it("a lone 中签缴款 on a subscription code is an allotment, never a fill; a lone 新股入账 without a price is skipped", () => {
    const report = read(header, [
      { 成交日期: "20240410", 证券代码: "732001", 证券名称: "某某申购", 操作: "中签缴款", 成交数量: 1000, 成交价格: "8.00", 成交金额: "8000.00", 发生金额: "-8000.00", 手续费: "0" },
      { 成交日期: "20240418", 证券代码: "603001", 证券名称: "某某股份", 操作: "新股入账", 成交数量: 300, 成交价格: "", 成交金额: "", 发生金额: "0.00", 手续费: "0" },
    ]);
    expect(report.fills).toEqual([]);
    expect(report.events).toEqual([expect.objectContaining({ line: 2, kind: "allotment", code: "732001", quantity: 1000, amount: -8000 })]);
    expect(report.skipped).toEqual([{ line: 3, reason: "新股入账缺少发行价，也没有找到对应的中签缴款" }]);
  });

  it("merge a subscription allotment split over two rows (price and quantity on one, amount on the other)", () => {
    const h = ["成交日期", "证券代码", "证券名称", "买卖方向", "成交数量", "成交价格", "成交金额", "发生金额", "手续费"];
    const report = read(h, [
      { 成交日期: "20240820", 证券代码: "783166", 证券名称: "某某发债", 买卖方向: "买", 成交数量: 10, 成交价格: "100.000", 成交金额: "", 发生金额: "", 手续费: "0" },
      { 成交日期: "20240820", 证券代码: "600036", 证券名称: "招商银行", 买卖方向: "买", 成交数量: 100, 成交价格: "30.00", 成交金额: "3000.00", 发生金额: "-3005.00", 手续费: "5" },
      { 成交日期: "20240820", 证券代码: "783166", 证券名称: "某某发债", 买卖方向: "", 成交数量: "", 成交价格: "", 成交金额: "1000.00", 发生金额: "-1000.00", 手续费: "0" },
    ]);
    expect(report.fills.map((f) => [f.line, f.code, f.kind, f.quantity, f.price, f.amount, f.netAmount])).toEqual([[3, "600036", "trade", 100, 30, 3000, -3005]]);
    expect(report.events.map((e) => [e.line, e.kind, e.code, e.quantity, e.amount])).toEqual([[2, "allotment", "783166", 10, -1000]]);
    expect(report.skipped).toEqual([]);
    expect(report.warnings.join()).toContain("第2行和第4行是同一笔中签（783166）拆成的两行，已合并");
  });
});

describe("running balance", () => {
  const rows = (): Cells[] => {
    let balance = 100000;
    const out: Cells[] = [{ ...cash("2024-03-01", "银行转证券", "100000.00"), 资金余额: "100000.00" }];
    for (const r of [trade("buy", "2024-03-04", "600036", 1000, 10), trade("sell", "2024-03-05", "600036", 1000, 11), trade("buy", "2024-03-06", "000001", 100, 12)]) {
      balance = Math.round((balance + Number(r.发生金额)) * 100) / 100;
      out.push({ ...r, 资金余额: balance.toFixed(2) });
    }
    return out;
  };

  it("passes when each balance is the previous one plus 发生金额", () => {
    const report = ths(rows());
    expect(report.warnings).toEqual([]);
    expect(report.fills.map((f) => f.balance)).toEqual([89995, 100990, 99785]);
  });

  it("warns once per break, with the line, when a row is missing", () => {
    const all = rows();
    const report = ths([all[0]!, all[2]!, all[3]!]);
    expect(report.warnings).toHaveLength(1);
    expect(report.warnings[0]).toMatch(/^第3行：资金余额 100990\.00 不等于上一笔余额 100000\.00 加发生金额 10995\.00（差 -10005\.00），可能缺少记录。/);
  });

  it("reads a newest-first file without warnings", () => {
    expect(ths(rows().reverse()).warnings).toEqual([]);
  });

  it("uses a bare 余额 as the cash balance only when it behaves like one", () => {
    const asCash = rows().map(({ 资金余额, ...r }) => ({ ...r, 余额: 资金余额 ?? "" }));
    const header = [...THS_HEADER.filter((h) => h !== "资金余额"), "余额"];
    const cashReport = read(header, asCash);
    expect(cashReport.fills.map((f) => f.balance)).toEqual([89995, 100990, 99785]);
    const asShares = rows().map((r, i) => ({ ...r, 资金余额: undefined, 余额: [0, 1000, 0, 100][i] ?? 0 }));
    const sharesReport = read(header, asShares);
    expect(sharesReport.fills.map((f) => f.balance)).toEqual([null, null, null]);
    expect(sharesReport.warnings).toEqual([]);
  });
});
