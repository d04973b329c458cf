import { detectFormat, FORMATS, isUsableHeader, mapHeader } from "@/lib/domain/statements/import/header";

/** Exact header orders from research Part A. */
const LAYOUTS: [string, string][] = [
  ["ths", "证券代码 证券名称 操作 成交数量 成交均价 成交金额 股票余额 发生金额 手续费 印花税 其他杂费 资金余额 合同编号 交收日期 证券中文全称 佣金 过户费 清算费(B股) 币种"],
  ["ths", "成交日期 成交时间 证券代码 证券名称 操作 成交数量 成交均价 成交金额 余额 发生金额 手续费 印花税 过户费 本次金额 其他费用 交易市场 股东帐户"],
  ["ths", "成交日期 成交时间 证券代码 证券名称 操作 成交数量 成交编号 成交均价 成交金额 余额 发生金额 印花税 其他杂费 本次金额 合同编号 股东帐户 佣金 过户费 交易市场"],
  ["tdx", "交收日期 成交时间 业务名称 证券代码 证券名称 成交价格 成交数量 剩余数量 成交金额 总费用 清算金额 资金本次余额 净佣金 印花税 过户费 清算费 交易规费 经手费 证管费 财汇局征费 其他费 币种 成交编号 股东代码 资金帐号"],
  ["tdx", "交割日期 证券代码 证券名称 业务类型 成交价格 成交数量 成交金额 发生金额 证券数量"],
  ["eastmoney_web", "发生日期 发生时间 证券代码 证券名称 买卖类别 成交数量 成交价格 成交金额 佣金 交易规费 印花税 过户费 发生金额"],
  ["eastmoney_web", "发生日期 买卖类别 证券代码 证券名称 成交数量 成交价格 总发生金额 手续费 印花税 过户费 资金余额"],
  ["eastmoney_history", "成交日期 成交时间 成交编号 证券代码 证券名称 委托方向 成交数量 成交价格 成交金额 佣金 交易规费 印花税 过户费"],
  ["huatai", "流水号 发生日期 业务名称 发生金额 剩余金额 币种 股东代码 证券代码 证券名称 买卖标志 成交价格 成交数量 备注 佣金 印花税 过户费 其他费"],
  ["huatai", "成交日期 摘要 证券名称 合同编号 成交数量 成交均价 成交金额 手续费 印花税 其他杂费 发生金额 股东帐户 备注 操作 证券代码 结算汇率"],
  ["huatai", "成交日期 摘要 证券名称 合同编号 成交数量 成交均价 成交金额 手续费 印花税 其他杂费 发生金额 股东帐户 备注 本次资金余额 本次股票余额"],
  ["haitong", "证券代码 证券名称 成交日期 成交时间 成交数量 成交价格 成交金额 发生金额 买卖方向 合同号 成交号 手续费 印花税 过户费 其他费 资金余额 份额余额 股东代码"],
  ["gtja", "成交日期 证券代码 证券名称 操作 成交数量 成交均价 成交金额 股票余额 发生金额 手续费 印花税 其他杂费 资金余额 合同编号 市场名称 股东帐户"],
  ["gtja", "成交日期 业务名称 证券代码 证券名称 成交价格 成交数量 剩余数量 成交金额 清算金额 剩余金额 净佣金 规费 印花税 过户费 结算费 附加费 成交编号 股东代码"],
  ["gtja", "交割日期 业务名称 证券代码 证券名称 成交价格 成交数量 剩余数量 成交金额 清算金额 剩余金额 佣金 印花税 过户费 结算费 附加费 币种 成交编号 股东代码 资金帐号"],
  ["citic", "发生日期 成交时间 证券代码 证券名称 业务名称 成交数量 成交价格 成交金额 余额 清算金额 手续费 印花税 附加费 资金本次余额 委托编号 股东代码 过户费 交易所清算费 资金帐号 币种 费用备注"],
  ["citic", "发生日期 证券名称 委托编号 成交数量 成交价格 成交金额 手续费 印花税 清算金额 资金本次余额 股东代码 备注 过户费 交易所清算费 成交时间 资金帐号 币种 费用备注"],
  ["cms", "币种 证券名称 成交日期 成交价格 成交数量 发生金额 资金余额 合同编号 业务名称 手续费 印花税 过户费 结算费 证券代码 股东代码"],
  ["galaxy", "证券代码 证券名称 操作 成交数量 成交均价 成交金额 股票余额 发生金额 手续费 印花税 其他杂费 资金余额 合同编号 股东帐户 交收日期 净佣金 过户费 结算费 币种"],
  ["guojin", "成交日期 证券代码 证券名称 买卖标志 成交价格 成交数量 成交金额 发生金额 佣金 印花税 过户费 成交编号 股东代码 备注"],
  ["zheshang", "成交日期 证券代码 证券名称 成交价格 发生数量 成交数量 成交金额 发生金额 股票余额 佣金 印花税 过户费 成交编号 合同编号 操作 股东帐户 交易市场 备注"],
  ["boc", "发生日期 成交时间 证券代码 证券名称 买卖标志 成交价格 成交数量 成交金额 发生金额 剩余金额 申报序号 成交编号 委托编号 股东代码 席位代码 证券数量 佣金 印花税 过户费 交易征费 交易规费 备注"],
  ["huabao", "成交日期 成交时间 证券代码 证券名称 委托类别 成交数量 成交价格 成交金额 发生金额 佣金 印花税 过户费 其他费 股东代码"],
  // the real exports of ../shared/real-statements (issue 21)
  ["counter_dzd", "交易日期 业务类型 币种 股东代码 证券代码 证券名称 买卖标志 成交价格 发生数量 成交金额 成交数量 发生金额 清算金额 后资金额 后证券额 委托方式 申报时间 成交时间 业务名称 佣金 印花税 过户费 汇率 其他费 回购利息"],
  ["counter_jgd", "成交日期 证券代码 证券名称 买卖标志 成交价格 成交数量 成交金额 发生金额 佣金 印花税 过户费 其他费 成交编号 股东代码 备注 手续费"],
  ["citic_dzd", "发生日期 成交时间 业务名称 证券代码 证券名称 成交价格 成交数量 成交金额 股份余额 手续费 印花税 过户费 交易所清算费 附加费 发生金额 资金本次余额 委托编号 股东代码 资金帐号 币种 备注 交易市场"],
  ["citic", "发生日期 证券代码 证券名称 业务名称 成交价格 成交数量 成交金额 手续费 印花税 过户费 交易所清算费 附加费 清算金额 资金本次余额 委托编号 成交时间 股东代码 资金帐号 币种 备注"],
  ["citic_lscj", "成交日期 成交时间 申请编号 证券代码 证券名称 买卖标志 成交价格 成交数量 成交金额 委托编号 委托日期 业务名称 股东代码 资金帐号 客户代码 股东姓名 交易所名称 备注 清算金额 股份余额"],
  ["haitong", "证券代码 证券名称 成交日期 成交时间 成交数量 成交价格 成交金额 发生金额 操作 合同号 成交号 手续费 印花税 过户费 其他费 资金本次余额 股份本次余额 股东账号 资金账号"],
];

describe("broker layout detection", () => {
  it.each(LAYOUTS)("recognises %s from its header: %s", (id, header) => {
    const map = mapHeader(header.split(" "));
    expect(isUsableHeader(map)).toBe(true);
    expect(detectFormat(map.names).id).toBe(id);
  });

  it("covers every layout of the research with a Chinese label", () => {
    expect(new Set(LAYOUTS.map(([id]) => id))).toEqual(new Set(FORMATS.map((f) => f.id)));
    for (const f of FORMATS) expect(f.label).toMatch(/[\u4e00-\u9fff]/);
  });

  it("calls any other header with the usual names generic", () => {
    expect(detectFormat(mapHeader(["日期", "代码", "名称", "交易类别", "数量", "价格", "成交金额", "发生金额"]).names)).toEqual({
      id: "generic",
      label: "通用交割单（按列名识别）",
    });
  });
});

describe("mapHeader", () => {
  it("maps synonyms to fields, the first listed name winning", () => {
    const map = mapHeader(["成交日期", "交收日期", "证券代码", "证券名称", "操作", "成交数量", "成交均价", "成交金额", "发生金额", "资金余额"]);
    expect(map.fields).toMatchObject({ date: 0, code: 2, name: 3, side: 4, quantity: 5, price: 6, amount: 7, cash: 8, balance: 9 });
  });

  it("keeps 股票余额, 剩余数量 and 份额余额 (share balances) out of the cash balance", () => {
    const map = mapHeader(["成交日期", "证券代码", "操作", "成交数量", "股票余额", "剩余数量", "份额余额", "发生金额"]);
    expect(map.fields.balance).toBeUndefined();
    expect(map.ambiguousBalance).toEqual([]);
  });

  it("holds a bare 余额 as only possibly the cash balance, and never when a named one exists", () => {
    expect(mapHeader(["成交日期", "证券代码", "操作", "成交数量", "余额", "发生金额"]).ambiguousBalance).toEqual([{ index: 4, name: "余额" }]);
    const citic = mapHeader(["发生日期", "证券代码", "业务名称", "成交数量", "余额", "清算金额", "资金本次余额"]);
    expect(citic.fields.balance).toBe(6);
    expect(citic.ambiguousBalance).toEqual([]);
  });

  it("uses 本次金额 as the cash column only when there is no other", () => {
    expect(mapHeader(["成交日期", "证券代码", "操作", "成交数量", "本次金额"]).fields.cash).toBe(4);
    const ths = mapHeader(["成交日期", "证券代码", "操作", "成交数量", "发生金额", "本次金额"]);
    expect(ths.fields.cash).toBe(4);
    expect(ths.ambiguousBalance).toEqual([{ index: 5, name: "本次金额" }]);
  });

  it("lists side columns in priority order with 备注 last", () => {
    const map = mapHeader(["备注", "成交日期", "证券代码", "买卖标志", "摘要", "操作", "成交数量"]);
    expect(map.sideColumns).toEqual([5, 3, 4, 0]);
  });

  it("sorts fee columns into commission, stamp duty, transfer fee and other", () => {
    const map = mapHeader(["成交日期", "证券代码", "操作", "成交数量", "佣金", "手续费", "净佣金", "印花税", "过户费", "其他杂费", "规费", "结算费", "清算费(B股)", "附加费", "交易征费", "经手费", "证管费"]);
    expect(Object.fromEntries(map.fees.map((f) => [f.name, f.bucket]))).toEqual({
      佣金: "commission", 手续费: "commission", 净佣金: "commission", 经手费: "commission", 证管费: "commission",
      印花税: "stampDuty", 过户费: "transferFee",
      其他杂费: "other", 规费: "other", 结算费: "other", 清算费: "other", 附加费: "other", 交易征费: "other",
    });
  });

  it("does not take a title line or a partial header for a header", () => {
    expect(isUsableHeader(mapHeader(["华西证券交割单", "2024-01-01"]))).toBe(false);
    expect(isUsableHeader(mapHeader(["成交日期", "证券代码", "成交数量"]))).toBe(false);
  });
});
