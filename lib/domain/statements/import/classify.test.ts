import { classifyBusiness, isBareSide, isBlankSide } from "@/lib/domain/statements/import/classify";

const kindOf = (name: string) => {
  const c = classifyBusiness(name);
  if (c.type === "trade") return c.side;
  if (c.type === "event") return c.kind;
  return c.type;
};

describe("classifyBusiness (research A.8)", () => {
  it.each([
    ["证券买入", "buy"], ["买入", "buy"], ["普通买入", "buy"], ["担保品买入", "buy"], ["担保物买入", "buy"], ["融资买入", "buy"], ["买", "buy"],
    ["证券卖出", "sell"], ["卖出", "sell"], ["普通卖出", "sell"], ["担保品卖出", "sell"], ["卖券还款", "sell"], ["卖", "sell"], ["B", "buy"], ["s", "sell"],
  ])("%s is an equity %s", (name, side) => {
    expect(kindOf(name)).toBe(side);
  });

  it.each([
    ["银行转证券", "cash_in"], ["银证转帐存", "cash_in"], ["银证转入", "cash_in"], ["三方存管划入", "cash_in"],
    ["证券转银行", "cash_out"], ["银证转账取", "cash_out"], ["银证转出", "cash_out"], ["三方存管划出", "cash_out"],
    ["OTC资金划入", "transfer"], ["资管T0取现拨", "transfer"], ["OTC现金宝交?0", "transfer"],
    ["红利入账", "dividend"], ["股息入帐", "dividend"],
    ["股息红利差异扣税", "dividend_tax"], ["股息红利差异", "dividend_tax"], ["股息红利税补缴", "dividend_tax"], ["红利差异税扣税", "dividend_tax"],
    // a tax however the export cuts or words it, never a dividend: THS cuts 股息红利税补缴 at 12 bytes
    ["股息红利税补", "dividend_tax"], ["股息红利个税", "dividend_tax"], ["红利个税扣收", "dividend_tax"], ["股息红利税", "dividend_tax"], ["代扣股息红利所得税", "dividend_tax"],
    ["利息归本", "interest"], ["批量利息归本", "interest"], ["债券兑息", "interest"],
    ["红股入账", "bonus_shares"], ["送股", "bonus_shares"], ["转增", "bonus_shares"],
    ["股份转入", "shares_in"], ["托管转入", "shares_in"], ["新增证券", "shares_in"], ["转股入账", "shares_in"],
    ["股份转出", "shares_out"], ["托管转出", "shares_out"],
    ["ETF份额合并", "share_adjust"], ["ETF份额拆分", "share_adjust"], ["基金份额折算", "share_adjust"],
    ["融券回购", "repo"], ["融券购回", "repo"], ["通用回购逆回", "repo"], ["质押回购拆出", "repo"], ["拆出质押购回", "repo"], ["专项融券回购(日)", "repo"],
    ["融资借入", "margin"], ["偿还融资负债本金", "margin"], ["偿还融资利息", "margin"], ["偿还融资逾期利息", "margin"], ["偿还融券费用", "margin"],
    ["基金申购拨出", "fund"], ["基金赎回拨入", "fund"], ["基金红利拨入", "fund"], ["开放基金申购", "fund"], ["上证LOF申购", "fund"], ["资管计划实时", "fund"],
    // issue 21, from the real exports: none of these may fall back to a 买卖标志 买入/卖出
    ["交收资金冻结", "ignore"], ["交收资金冻结取消", "ignore"], ["港股通20250604结算日终资金解冻", "ignore"], ["港股通20250529净买轧差资金冻结取消", "ignore"],
    ["港股通组合费收取", "fee"], ["港股通组合费补扣", "fee"], ["港股通证券组合费收取:-0.02|汇率:0.91751", "fee"],
    ["ETF现金替代退款", "transfer"], ["股息红利税补缴", "dividend_tax"], ["转存管转出", "cash_out"],
    ["市值申购中签", "allotment"], ["市值申购中签扣款", "allotment"], ["市值申购中签扣款回冲", "allotment"], ["申购返款", "allotment"], ["配债", "allotment"],
    ["融券购回:21.52实际占款天数：4-888880", "repo"],
    ["指定交易", "ignore"], ["申购配号", "ignore"], ["配号", "ignore"], ["中签通知", "ignore"], ["证券蓝补", "ignore"], ["撤指", "ignore"],
  ])("%s is a %s event", (name, kind) => {
    expect(kindOf(name)).toBe(kind);
  });

  it("keeps IPO and rights flows apart from trades", () => {
    expect(classifyBusiness("新股入账")).toEqual({ type: "ipo_arrival", rights: false });
    expect(classifyBusiness("新股入帐")).toEqual({ type: "ipo_arrival", rights: false });
    expect(classifyBusiness("配股入帐")).toEqual({ type: "ipo_arrival", rights: true });
    expect(classifyBusiness("中签缴款")).toEqual({ type: "ipo_payment" });
    expect(classifyBusiness("配售缴款")).toEqual({ type: "ipo_payment" });
    expect(classifyBusiness("新股中签缴款")).toEqual({ type: "ipo_payment" });
    expect(classifyBusiness("新股申购确认缴款")).toEqual({ type: "ipo_payment" });
  });

  it("never reads reverse repo as a buy, nor a margin repayment as a trade", () => {
    expect(kindOf("融券回购")).not.toBe("buy");
    expect(kindOf("国债逆回购卖出")).toBe("repo");
    expect(kindOf("偿还融资负债本金")).toBe("margin");
  });

  it("tells a bare 买入/卖出 (which needs the 备注 when there is no security) from a business name", () => {
    for (const bare of ["买入", "卖出", "买", "卖", "B", "S", " 买入 "]) expect(isBareSide(bare)).toBe(true);
    for (const name of ["证券买入", "港股通买入", "融券购回", ""]) expect(isBareSide(name)).toBe(false);
    for (const blank of ["", "NUL", "  ", "~"]) expect(isBlankSide(blank)).toBe(true);
    expect(isBlankSide("买入")).toBe(false);
  });

  it("does not guess at names it does not know", () => {
    expect(classifyBusiness("神秘业务")).toEqual({ type: "unknown" });
    expect(classifyBusiness("")).toEqual({ type: "unknown" });
    expect(classifyBusiness("   ")).toEqual({ type: "unknown" });
    expect(classifyBusiness("证券买卖")).toEqual({ type: "unknown" }); // a category (业务类型), not a side
  });

  it("does not take a cell named like an object's own member for a business name (the row was lost, not skipped)", () => {
    for (const name of ["valueOf", "toString", "constructor", "__proto__", "hasOwnProperty"]) {
      expect(classifyBusiness(name)).toEqual({ type: "unknown" });
    }
  });
});
