import type { EventKind, Side } from "@/lib/domain/statements/types";

/**
 * 业务名称 / 操作 / 摘要 → what the row is (research A.8). The side always comes from the name, never from the sign
 * of the amount. Names are matched exactly first, then by keyword, because THS cuts names at about 12 bytes
 * (`股息红利差异`, `通用回购逆回`) and brokers vary the wording.
 */

export type Classified =
  | { type: "trade"; side: Side }
  /** an IPO / rights payment (…缴款): the buy, unless a later arrival row of the same shares takes that role */
  | { type: "ipo_payment" }
  /** 新股入账 / 配股入帐: shares of an IPO or rights issue arriving */
  | { type: "ipo_arrival"; rights: boolean }
  | { type: "event"; kind: EventKind }
  | { type: "unknown" };

// A Map, not an object: a cell reading "valueOf" or "constructor" must not find Object.prototype's member.
const EXACT = new Map<string, Classified>();
function add(names: string[], c: Classified): void {
  for (const n of names) EXACT.set(n, c);
}

const BUY: Classified = { type: "trade", side: "buy" };
const SELL: Classified = { type: "trade", side: "sell" };
const ev = (kind: EventKind): Classified => ({ type: "event", kind });

add(["证券买入", "买入", "普通买入", "担保品买入", "担保物买入", "融资买入", "买", "B", "0B", "1B", "开仓买入", "港股通买入", "Tn证券买入"], BUY);
add(["证券卖出", "卖出", "普通卖出", "担保品卖出", "担保物卖出", "卖券还款", "融资卖出", "卖", "S", "0S", "1S", "平仓卖出", "港股通卖出", "Tn证券卖出"], SELL);
// a category, not a side (counter 对账单 业务类型): the side must come from another column
add(["证券买卖", "买卖"], { type: "unknown" });
add(["新股入账", "新股入帐", "新股上市"], { type: "ipo_arrival", rights: false });
add(["配股入账", "配股入帐", "配股上市"], { type: "ipo_arrival", rights: true });
add(["中签缴款", "配售缴款", "新股缴款", "配股缴款", "中签扣款", "新股申购缴款"], { type: "ipo_payment" });
add(["银行转证券", "银证转帐存", "银证转账存", "银证转入", "银行转存", "证券转存", "转存管转入"], ev("cash_in"));
add(["证券转银行", "转存管转出", "银证转帐取", "银证转账取", "银证转出", "银行转取", "证券转取"], ev("cash_out"));
add(["红利入账", "红利入帐", "股息入账", "股息入帐", "红利发放", "股息红利发放", "现金红利", "派息"], ev("dividend"));
add(["股息红利差异扣税", "股息红利差异", "股息红利税补缴", "股息红利税补", "股息红利个税", "红利个税", "股息个税", "个税", "红利差异税扣税", "股息红利差", "红利税扣税", "股息红利税"], ev("dividend_tax"));
add(["利息归本", "批量利息归本", "结息", "利息入账", "利息结转", "债券兑息", "配股退款退息"], ev("interest"));
add(["红股入账", "红股入帐", "送股", "转增", "红股派送", "送股入账"], ev("bonus_shares"));
add(["股份转入", "托管转入", "转托管入", "转股入账", "转股入帐", "新增证券", "证券转入", "担保物转入", "担保品划入", "担保品转入"], ev("shares_in"));
add(["ETF份额合并", "ETF份额拆分", "份额合并", "份额拆分", "份额折算", "基金份额折算", "ETF份额折算"], ev("share_adjust"));
add(["股份转出", "托管转出", "转托管出", "证券转出", "担保物转出", "担保品划出", "担保品转出"], ev("shares_out"));
add(["融券回购", "融券购回", "通用回购逆回", "质押回购拆出", "拆出质押购回", "专项融券回购", "国债逆回购", "逆回购"], ev("repo"));
add(["融资借入", "偿还融资负债本金", "偿还融资利息", "偿还融资逾期利息", "偿还融券费用", "直接还款", "融资利息", "卖券还息"], ev("margin"));
add(["基金申购拨出", "基金赎回拨入", "基金红利拨入", "开放基金申购", "开放基金赎回", "上证LOF申购", "资管计划实时", "理财申购", "理财赎回", "基金认购", "基金申购", "基金赎回"], ev("fund"));
add(["交收资金冻结", "交收资金冻结取消", "交收资金解冻", "资金冻结", "资金解冻"], ev("ignore"));
add(["港股通组合费收取", "港股通组合费补扣", "港股通证券组合费收取"], ev("fee"));
add(["ETF现金替代退款", "现金替代退款", "ETF现金替代补款"], ev("transfer"));
add(["市值申购中签", "申购中签", "市值申购中签扣款", "市值申购中签扣款回冲", "中签扣款回冲", "申购返款", "配债", "配售债券"], ev("allotment"));
add(["OTC资金划入", "OTC资金划出", "资管T0取现拨", "资金划入", "资金划出", "资金调拨", "转股零款"], ev("transfer"));
// a 当日成交 view lists cancelled orders beside the fills: never a fill
add(["撤单", "已撤", "撤买", "撤卖", "废单", "部撤", "已撤单", "撤单成交", "买撤", "卖撤"], ev("ignore"));
add(["指定交易", "指定登记", "撤指", "撤销指定", "申购配号", "配号", "中签通知", "证券蓝补", "新股申购", "申购", "起息"], ev("ignore"));

interface Rule {
  test: RegExp;
  result: Classified;
}

/** Keyword rules, in order: the first match wins. */
const RULES: readonly Rule[] = [
  { test: /冻结|解冻/, result: ev("ignore") },
  { test: /撤单|已撤|撤[买卖]|[买卖]撤|废单|部撤/, result: ev("ignore") },
  { test: /份额(?:合并|拆分|折算)|基金折算/, result: ev("share_adjust") },
  { test: /回购|购回|逆回|拆出|GC0|R-0/i, result: ev("repo") },
  { test: /组合费/, result: ev("fee") },
  { test: /现金替代/, result: ev("transfer") },
  { test: /卖券还款/, result: SELL },
  { test: /融资借入|偿还融|融资利息|融券费用|直接还款|还息/, result: ev("margin") },
  { test: /配号|中签通知|指定|撤指|蓝补|起息/, result: ev("ignore") },
  { test: /新股入[账帐]/, result: { type: "ipo_arrival", rights: false } },
  { test: /配股入[账帐]/, result: { type: "ipo_arrival", rights: true } },
  { test: /中签(?!通知|缴款)|配债|发债|可转债申购|扣款回冲|申购返款/, result: ev("allotment") },
  { test: /缴款/, result: { type: "ipo_payment" } },
  // a tax on a dividend, however cut or worded (THS cuts 股息红利税补缴 to 股息红利税补): never the dividend itself
  { test: /扣税|税补|补缴税|差异税|红利差|个税|红利税|股息税|代扣.*税/, result: ev("dividend_tax") },
  { test: /红股|送股|转增/, result: ev("bonus_shares") },
  { test: /OTC|资管T0|现金宝|资金划|资金调拨|取现/i, result: ev("transfer") },
  { test: /基金|理财|LOF|资管计划/i, result: ev("fund") },
  { test: /红利|股息|派息|分红/, result: ev("dividend") },
  { test: /利息|结息|兑息|退息/, result: ev("interest") },
  { test: /股份转入|托管转?入|转股入|新增证券|证券转入|担保.*[转划]入/, result: ev("shares_in") },
  { test: /股份转出|托管转?出|证券转出|担保.*[转划]出/, result: ev("shares_out") },
  { test: /银行转证券|银证转入|银证转[帐账]存|转存|存入|三方.*划入|银行.*转入/, result: ev("cash_in") },
  { test: /证券转银行|银证转出|银证转[帐账]取|转取|取出|三方.*划出|银行.*转出/, result: ev("cash_out") },
  { test: /申购/, result: ev("ignore") },
  { test: /费/, result: ev("fee") },
  { test: /买/, result: BUY },
  { test: /卖/, result: SELL },
];

/** Case, spaces, full-width letters and a truncated GBK half (`?`) do not matter. */
function normalizeName(raw: string): string {
  return raw
    .replace(/[\uff01-\uff5e]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    .replace(/\s+/g, "")
    .replace(/[?？\ufffd]+$/, "")
    .toUpperCase();
}

export function classifyBusiness(raw: string): Classified {
  const name = normalizeName(raw);
  if (name === "") return { type: "unknown" };
  const exact = EXACT.get(name) ?? EXACT.get(raw.trim());
  if (exact) return exact;
  for (const rule of RULES) if (rule.test.test(name)) return rule.result;
  return { type: "unknown" };
}

const BARE_SIDES = new Set(["买入", "卖出", "买", "卖", "B", "S", "0B", "0S", "1B", "1S", "其他"]);

/** A 买卖标志 that only says buy or sell (买入, 卖, B): it cannot tell a trade from a fee or a repo by itself. */
export function isBareSide(raw: string): boolean {
  return BARE_SIDES.has(normalizeName(raw));
}

/** A side cell that says nothing: empty, or the literal NUL some exports write. */
export function isBlankSide(raw: string): boolean {
  const name = raw.trim().toUpperCase();
  return name === "" || name === "NUL" || name === "NULL" || name === "~";
}

/** Kinds that are not stock trades; the report says how many rows went there. */
export const NON_TRADE_KINDS: Partial<Record<EventKind, string>> = {
  repo: "逆回购/质押回购",
  margin: "融资融券负债",
  fund: "基金/理财申赎",
  ignore: "申购配号、指定交易、撤单等无资金变动事项",
  transfer: "内部资金划转",
  allotment: "新股/可转债申购、中签与缴款（上市前）",
  share_adjust: "ETF 份额合并/拆分/折算",
  fee: "与成交无关的费用（如港股通组合费）",
};
