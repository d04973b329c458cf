import { normalizeHeader } from "@/lib/domain/statements/import/cells";
import type { StatementFormatId } from "@/lib/domain/statements/types";

/**
 * Column names → fields (research A.9 step 3), and the broker layouts of research Part A recognised by their header
 * sets. Names are compared after `normalizeHeader` (no spaces, no `(元)` suffix, 账 written 帐).
 */

export type FeeBucket = "commission" | "stampDuty" | "transferFee" | "other";

export type Field =
  | "date"
  | "time"
  | "side"
  | "code"
  | "name"
  | "quantity"
  | "price"
  | "amount"
  | "cash"
  | "balance"
  | "totalFee"
  | "account"
  | "market"
  | "currency"
  | "shareBalance"
  | "fxRate"
  | "remark"
  | "repoInterest";

/** In priority order: the first name present wins the field. */
export const FIELD_SYNONYMS: Record<Field, readonly string[]> = {
  date: ["成交日期", "交收日期", "发生日期", "交割日期", "交易日期", "日期", "委托日期", "业务日期", "清算日期"],
  time: ["成交时间", "发生时间", "时间", "委托时间"],
  side: ["操作", "业务名称", "买卖标志", "买卖类别", "委托类别", "委托方向", "摘要", "交易类别", "业务类型", "买卖方向", "方向", "业务标志", "交易类型", "成交类型", "成交状态", "委托状态", "状态说明", "备注"],
  code: ["证券代码", "代码", "股票代码"],
  name: ["证券名称", "名称", "股票名称", "证券中文全称"],
  quantity: ["成交数量", "发生数量", "数量", "成交股数"],
  price: ["成交均价", "成交价格", "价格", "成交价"],
  amount: ["成交金额"],
  cash: ["发生金额", "清算金额", "总发生金额", "收付金额"],
  balance: ["资金余额", "资金本次余额", "本次资金余额", "剩余金额", "资金发生后余额", "后资金额"],
  totalFee: ["总费用", "费用", "交易费用", "费用合计"],
  account: ["股东代码", "股东帐户", "股东帐号", "证券帐户", "证券帐号"],
  market: ["交易市场", "市场名称", "交易所名称", "市场", "交易所"],
  currency: ["币种", "货币", "货币代码"],
  /** shares held after the row; 剩余数量 is the share balance in the TDX layouts (their cash one is 剩余金额) */
  shareBalance: ["股份余额", "后证券额", "股份本次余额", "本次股票余额", "股票余额", "份额余额", "剩余数量"],
  fxRate: ["汇率", "结算汇率", "参考汇率"],
  remark: ["备注"],
  repoInterest: ["回购利息"],
};

/** Names that look like a cash balance but may also be a share balance: used only when the data say so. */
export const AMBIGUOUS_BALANCE = ["余额", "本次金额"] as const;
/** 本次金额 is the cash column only in a file that has no other one. */
export const FALLBACK_CASH = "本次金额";

export const FEE_COLUMNS: Record<string, FeeBucket> = {
  佣金: "commission",
  手续费: "commission",
  净佣金: "commission",
  经手费: "commission",
  证管费: "commission",
  印花税: "stampDuty",
  过户费: "transferFee",
  其他杂费: "other",
  其他费: "other",
  其他费用: "other",
  规费: "other",
  交易规费: "other",
  结算费: "other",
  清算费: "other",
  附加费: "other",
  交易征费: "other",
  财汇局征费: "other",
  交易所清算费: "other",
};

export interface ColumnMap {
  /** header cells as normalised names, by index */
  names: string[];
  fields: Partial<Record<Field, number>>;
  /** every side-like column, in priority order (备注 last) */
  sideColumns: number[];
  fees: { index: number; name: string; bucket: FeeBucket }[];
  /** 余额 / 本次金额 columns that may be the cash balance */
  ambiguousBalance: { index: number; name: string }[];
  /** how many distinct things the header names: the header search maximises it */
  score: number;
}

/** Pinyin initials some exports write for a word of a header (`证券mc(股票名)`: 证券名称). */
const PINYIN_WORDS: readonly [RegExp, string][] = [
  [/mc/gi, "名称"], [/dm/gi, "代码"], [/rq/gi, "日期"], [/sj/gi, "时间"], [/sl/gi, "数量"], [/jg/gi, "价格"],
  [/je/gi, "金额"], [/bz/gi, "标志"], [/ye/gi, "余额"], [/lb/gi, "类别"], [/lx/gi, "类型"], [/fx/gi, "方向"],
];

let knownNames: Set<string> | null = null;
function knownHeaderNames(): Set<string> {
  knownNames ??= new Set([...Object.values(FIELD_SYNONYMS).flat(), ...Object.keys(FEE_COLUMNS), ...AMBIGUOUS_BALANCE, FALLBACK_CASH]);
  return knownNames;
}

/**
 * A garbled header name read by its meaning where that is clear: pinyin initials for a word (`证券mc` → 证券名称), a name
 * cut inside a GBK character (`成交数?` → 成交数量, when only one known name starts so). Otherwise the name as it is.
 */
export function readableHeader(name: string): string {
  const known = knownHeaderNames();
  if (name === "" || known.has(name)) return name;
  if (/[a-z]/i.test(name)) {
    let spelled = name;
    for (const [initials, word] of PINYIN_WORDS) spelled = spelled.replace(initials, word);
    if (known.has(spelled)) return spelled;
  }
  const cut = name.replace(/[?？\ufffd]+$/, "");
  if (cut !== name && cut.length >= 2) {
    if (known.has(cut)) return cut;
    const starts = [...known].filter((k) => k.startsWith(cut));
    if (starts.length === 1) return starts[0] as string;
  }
  return name;
}

export function mapHeader(cells: readonly string[]): ColumnMap {
  const names = cells.map((cell) => readableHeader(normalizeHeader(cell)));
  const position = new Map<string, number>();
  names.forEach((n, i) => {
    if (n !== "" && !position.has(n)) position.set(n, i);
  });
  const fields: Partial<Record<Field, number>> = {};
  for (const field of Object.keys(FIELD_SYNONYMS) as Field[]) {
    for (const synonym of FIELD_SYNONYMS[field]) {
      const at = position.get(synonym);
      if (at !== undefined) {
        fields[field] = at;
        break;
      }
    }
  }
  const sideColumns: number[] = [];
  for (const synonym of FIELD_SYNONYMS.side) {
    const at = position.get(synonym);
    if (at !== undefined) sideColumns.push(at);
  }
  if (fields.cash === undefined && position.has(FALLBACK_CASH)) fields.cash = position.get(FALLBACK_CASH);
  const fees: ColumnMap["fees"] = [];
  names.forEach((name, index) => {
    // Own names only: a column headed "constructor" is not a fee.
    const bucket = Object.hasOwn(FEE_COLUMNS, name) ? FEE_COLUMNS[name] : undefined;
    if (bucket && position.get(name) === index) fees.push({ index, name, bucket });
  });
  const ambiguousBalance: ColumnMap["ambiguousBalance"] = [];
  if (fields.balance === undefined) {
    for (const name of AMBIGUOUS_BALANCE) {
      const at = position.get(name);
      if (at !== undefined && at !== fields.cash) ambiguousBalance.push({ index: at, name });
    }
  }
  const used = new Set<number>([...Object.values(fields), ...fees.map((f) => f.index)]);
  const score = used.size;
  return { names, fields, sideColumns, fees, ambiguousBalance, score };
}

/**
 * A header must name a date, a business/side column, the security and some quantity or money. A 当日成交 view has no
 * date column: its 成交时间 carries the day (`2024-03-04 09:35:12`), and a file whose times carry none is refused.
 */
export function isUsableHeader(map: ColumnMap): boolean {
  const f = map.fields;
  return (
    (f.date !== undefined || f.time !== undefined) &&
    map.sideColumns.length > 0 &&
    (f.code !== undefined || f.name !== undefined) &&
    (f.quantity !== undefined || f.amount !== undefined || f.cash !== undefined)
  );
}

export const LOOKED_FOR =
  "成交日期（或交收日期、发生日期、交割日期）、操作（或业务名称、买卖标志、摘要、委托方向）、证券代码（或证券名称）、成交数量（或成交金额、发生金额）";

// ---------------------------------------------------------------------------------------------------------------
// Broker layouts

export interface FormatVariant {
  /** all of these present identify the variant */
  signature: readonly string[];
  /** the full column list from the research, for ranking candidates */
  columns: readonly string[];
}

export interface FormatSpec {
  id: StatementFormatId;
  label: string;
  variants: readonly FormatVariant[];
  /** none of these may be present */
  absent?: readonly string[];
}

const cols = (text: string) => text.split(" ");

export const FORMATS: readonly FormatSpec[] = [
  {
    id: "ths",
    label: "同花顺 历史交割单",
    variants: [
      { signature: ["操作", "证券中文全称"], columns: cols("证券代码 证券名称 操作 成交数量 成交均价 成交金额 股票余额 发生金额 手续费 印花税 其他杂费 资金余额 合同编号 交收日期 证券中文全称 佣金 过户费 清算费 币种") },
      { signature: ["操作", "成交均价"], columns: cols("成交日期 成交时间 证券代码 证券名称 操作 成交数量 成交均价 成交金额 余额 发生金额 手续费 印花税 过户费 本次金额 其他费用 交易市场 股东帐户") },
      { signature: ["操作", "成交均价"], columns: cols("成交日期 成交时间 证券代码 证券名称 操作 成交数量 成交编号 成交均价 成交金额 余额 发生金额 印花税 其他杂费 本次金额 合同编号 股东帐户 佣金 过户费 交易市场") },
      { signature: ["操作", "成交均价"], columns: cols("成交日期 证券代码 证券名称 操作 成交数量 成交编号 成交均价 成交金额 余额 发生金额 手续费 印花税 其他杂费 本次金额 合同编号 股东帐户 交易市场") },
      { signature: ["操作", "成交均价"], columns: cols("成交日期 证券代码 证券名称 操作 成交均价 成交数量 成交金额 手续费 印花税 其他杂费 发生金额 本次金额 合同编号 成交时间 股东帐户 备注 成交编号 交易市场") },
      { signature: ["交易类别", "成交价格", "费用"], columns: cols("成交日期 成交时间 代码 名称 交易类别 成交数量 成交价格 成交金额 费用 发生金额") },
    ],
  },
  {
    id: "tdx",
    label: "通达信 交割单",
    variants: [
      { signature: ["总费用", "资金本次余额", "业务名称"], columns: cols("交收日期 成交时间 业务名称 证券代码 证券名称 成交价格 成交数量 剩余数量 成交金额 总费用 清算金额 资金本次余额 净佣金 印花税 过户费 清算费 交易规费 经手费 证管费 财汇局征费 其他费 币种 成交编号 股东代码 资金帐号") },
      { signature: ["交割日期", "业务类型", "证券数量"], columns: cols("交割日期 证券代码 证券名称 业务类型 成交价格 成交数量 成交金额 发生金额 证券数量") },
    ],
  },
  {
    id: "eastmoney_web",
    label: "东方财富 网页交割单（资金流水）",
    variants: [
      { signature: ["买卖类别", "发生日期"], columns: cols("发生日期 发生时间 证券代码 证券名称 买卖类别 成交数量 成交价格 成交金额 佣金 交易规费 印花税 过户费 发生金额 资金余额") },
      { signature: ["买卖类别", "总发生金额"], columns: cols("发生日期 买卖类别 证券代码 证券名称 成交数量 成交价格 总发生金额 手续费 印花税 过户费 资金余额") },
    ],
  },
  {
    id: "eastmoney_history",
    label: "东方财富 历史成交",
    variants: [{ signature: ["委托方向", "成交编号"], columns: cols("成交日期 成交时间 成交编号 证券代码 证券名称 委托方向 成交数量 成交价格 成交金额 佣金 交易规费 印花税 过户费") }],
    absent: ["发生金额", "清算金额"],
  },
  {
    id: "huatai",
    label: "华泰证券 交割单",
    variants: [
      { signature: ["流水号", "买卖标志", "剩余金额"], columns: cols("流水号 发生日期 业务名称 发生金额 剩余金额 币种 股东代码 证券代码 证券名称 买卖标志 成交价格 成交数量 备注 佣金 印花税 过户费 其他费") },
      { signature: ["摘要", "结算汇率"], columns: cols("成交日期 摘要 证券名称 合同编号 成交数量 成交均价 成交金额 手续费 印花税 其他杂费 发生金额 股东帐户 备注 操作 证券代码 结算汇率") },
      { signature: ["摘要", "本次股票余额"], columns: cols("成交日期 摘要 证券名称 合同编号 成交数量 成交均价 成交金额 手续费 印花税 其他杂费 发生金额 股东帐户 备注 本次资金余额 本次股票余额") },
    ],
  },
  {
    id: "haitong",
    label: "海通证券 交割单（.xlsx）",
    variants: [
      { signature: ["买卖方向", "份额余额"], columns: cols("证券代码 证券名称 成交日期 成交时间 成交数量 成交价格 成交金额 发生金额 买卖方向 合同号 成交号 手续费 印花税 过户费 其他费 资金余额 份额余额 股东代码") },
      { signature: ["买卖方向", "合同号", "成交号"], columns: cols("证券代码 证券名称 成交日期 成交时间 成交数量 成交价格 成交金额 发生金额 买卖方向 合同号 成交号 手续费 印花税 过户费 其他费 资金余额 份额余额 股东代码") },
      // e海通财 (real export): 操作 买/卖, 资金本次余额, 股份本次余额, 股东账号
      { signature: ["操作", "合同号", "成交号"], columns: cols("证券代码 证券名称 成交日期 成交时间 成交数量 成交价格 成交金额 发生金额 操作 合同号 成交号 手续费 印花税 过户费 其他费 资金本次余额 股份本次余额 股东帐号 资金帐号") },
    ],
  },
  {
    id: "gtja",
    label: "国泰君安 交割单",
    variants: [
      { signature: ["操作", "市场名称"], columns: cols("成交日期 证券代码 证券名称 操作 成交数量 成交均价 成交金额 股票余额 发生金额 手续费 印花税 其他杂费 资金余额 合同编号 市场名称 股东帐户") },
      { signature: ["业务名称", "剩余金额", "结算费", "附加费"], columns: cols("成交日期 业务名称 证券代码 证券名称 成交价格 成交数量 剩余数量 成交金额 清算金额 剩余金额 净佣金 规费 印花税 过户费 结算费 附加费 成交编号 股东代码") },
      { signature: ["业务名称", "剩余金额", "结算费", "附加费"], columns: cols("交割日期 业务名称 证券代码 证券名称 成交价格 成交数量 剩余数量 成交金额 清算金额 剩余金额 佣金 印花税 过户费 结算费 附加费 币种 成交编号 股东代码 资金帐号") },
    ],
  },
  {
    id: "citic",
    label: "中信证券 交割单",
    variants: [
      { signature: ["交易所清算费"], columns: cols("发生日期 成交时间 证券代码 证券名称 业务名称 成交数量 成交价格 成交金额 余额 清算金额 手续费 印花税 附加费 资金本次余额 委托编号 股东代码 过户费 交易所清算费 资金帐号 币种 费用备注") },
      { signature: ["费用备注"], columns: cols("发生日期 证券名称 委托编号 成交数量 成交价格 成交金额 手续费 印花税 清算金额 资金本次余额 股东代码 备注 过户费 交易所清算费 成交时间 资金帐号 币种 费用备注") },
      // 至胜/TDX 交割单 window: 业务名称 only 买入/卖出, the kind in 备注
      { signature: ["交易所清算费", "清算金额"], columns: cols("发生日期 证券代码 证券名称 业务名称 成交价格 成交数量 成交金额 手续费 印花税 过户费 交易所清算费 附加费 清算金额 资金本次余额 委托编号 成交时间 股东代码 资金帐号 币种 备注") },
    ],
  },
  {
    id: "citic_dzd",
    label: "中信证券 对账单",
    variants: [
      { signature: ["交易所清算费", "股份余额", "发生金额"], columns: cols("发生日期 成交时间 业务名称 证券代码 证券名称 成交价格 成交数量 成交金额 股份余额 手续费 印花税 过户费 交易所清算费 附加费 发生金额 资金本次余额 委托编号 股东代码 资金帐号 币种 备注 交易市场") },
    ],
  },
  {
    id: "citic_lscj",
    label: "中信证券 历史成交",
    variants: [
      { signature: ["申请编号", "清算金额", "股份余额"], columns: cols("成交日期 成交时间 申请编号 证券代码 证券名称 买卖标志 成交价格 成交数量 成交金额 委托编号 委托日期 业务名称 股东代码 资金帐号 客户代码 股东姓名 交易所名称 备注 清算金额 股份余额") },
    ],
  },
  {
    id: "counter_dzd",
    label: "券商柜台 对账单",
    variants: [
      { signature: ["交易日期", "业务类型", "后证券额"], columns: cols("交易日期 业务类型 币种 股东代码 证券代码 证券名称 买卖标志 成交价格 发生数量 成交金额 成交数量 发生金额 清算金额 后资金额 后证券额 委托方式 申报时间 成交时间 业务名称 佣金 印花税 过户费 汇率 其他费 回购利息") },
      { signature: ["交易日期", "后资金额"], columns: cols("交易日期 业务类型 币种 股东代码 证券代码 证券名称 买卖标志 成交价格 发生数量 成交金额 成交数量 发生金额 清算金额 后资金额 后证券额 委托方式 申报时间 成交时间 业务名称 佣金 印花税 过户费 汇率 其他费 回购利息") },
    ],
  },
  {
    id: "counter_jgd",
    label: "券商柜台 交割单",
    variants: [
      // 手续费 here is a total the owner added (佣金 + 印花税 + 过户费 + 其他费)
      { signature: ["买卖标志", "成交编号", "其他费", "股东代码"], columns: cols("成交日期 证券代码 证券名称 买卖标志 成交价格 成交数量 成交金额 发生金额 佣金 印花税 过户费 其他费 成交编号 股东代码 备注 手续费") },
    ],
    absent: ["流水号", "申报序号", "席位代码", "委托类别"],
  },
  {
    id: "cms",
    label: "招商证券 交割单",
    variants: [{ signature: ["业务名称", "结算费", "资金余额", "合同编号"], columns: cols("币种 证券名称 成交日期 成交价格 成交数量 发生金额 资金余额 合同编号 业务名称 手续费 印花税 过户费 结算费 证券代码 股东代码") }],
    absent: ["成交金额"],
  },
  {
    id: "galaxy",
    label: "中国银河证券 交割单",
    variants: [{ signature: ["操作", "净佣金", "结算费"], columns: cols("证券代码 证券名称 操作 成交数量 成交均价 成交金额 股票余额 发生金额 手续费 印花税 其他杂费 资金余额 合同编号 股东帐户 交收日期 净佣金 过户费 结算费 币种") }],
  },
  {
    id: "guojin",
    label: "国金证券 交割单",
    variants: [{ signature: ["买卖标志", "成交编号", "发生金额"], columns: cols("成交日期 证券代码 证券名称 买卖标志 成交价格 成交数量 成交金额 发生金额 佣金 印花税 过户费 成交编号 股东代码 备注") }],
    absent: ["流水号", "申报序号", "席位代码"],
  },
  {
    id: "zheshang",
    label: "浙商证券 交割单",
    variants: [{ signature: ["操作", "发生数量", "成交数量"], columns: cols("成交日期 证券代码 证券名称 成交价格 发生数量 成交数量 成交金额 发生金额 股票余额 佣金 印花税 过户费 成交编号 合同编号 操作 股东帐户 交易市场 备注") }],
  },
  {
    id: "boc",
    label: "中银国际证券 交割单",
    variants: [
      { signature: ["申报序号", "买卖标志"], columns: cols("发生日期 成交时间 证券代码 证券名称 买卖标志 成交价格 成交数量 成交金额 发生金额 剩余金额 申报序号 成交编号 委托编号 股东代码 席位代码 证券数量 佣金 印花税 过户费 交易征费 交易规费 备注") },
      { signature: ["席位代码", "买卖标志"], columns: cols("发生日期 成交时间 证券代码 证券名称 买卖标志 成交价格 成交数量 成交金额 发生金额 剩余金额 申报序号 成交编号 委托编号 股东代码 席位代码 证券数量 佣金 印花税 过户费 交易征费 交易规费 备注") },
    ],
  },
  {
    id: "huabao",
    label: "华宝证券 交割单",
    variants: [{ signature: ["委托类别", "发生金额"], columns: cols("成交日期 成交时间 证券代码 证券名称 委托类别 成交数量 成交价格 成交金额 发生金额 佣金 印花税 过户费 其他费 股东代码") }],
  },
];

export const GENERIC_LABEL = "通用交割单（按列名识别）";

/** The broker layout whose signature the header carries, best column overlap first; else "generic". */
export function detectFormat(names: readonly string[]): { id: StatementFormatId; label: string } {
  const present = new Set(names.filter((n) => n !== ""));
  let best: { spec: FormatSpec; score: number } | null = null;
  for (const spec of FORMATS) {
    if (spec.absent?.some((n) => present.has(n))) continue;
    for (const variant of spec.variants) {
      if (!variant.signature.every((n) => present.has(n))) continue;
      const columns = new Set(variant.columns);
      let common = 0;
      for (const n of present) if (columns.has(n)) common += 1;
      // Jaccard overlap of the header with the variant's full column list
      const score = common / (present.size + columns.size - common);
      if (!best || score > best.score) best = { spec, score };
    }
  }
  return best ? { id: best.spec.id, label: best.spec.label } : { id: "generic", label: GENERIC_LABEL };
}
