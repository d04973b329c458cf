import type { Currency } from "@/lib/domain/market/types";
import { formatSignedYuan, formatSignedYuanWan, formatYuan } from "@/lib/domain/statements/format";

const SYMBOL: Record<Currency, string> = { CNY: "¥", HKD: "HK$", USD: "US$" };

/** The unit a section's amounts are in, for its heading: 人民币 / 港币 / 美元. */
export const CURRENCY_LABEL: Record<Currency, string> = { CNY: "人民币", HKD: "港币", USD: "美元" };

const inCurrency = (text: string, currency: Currency) => (currency === "CNY" ? text : text.replace("¥", SYMBOL[currency]));

/** `¥1,234.56` / `HK$1,234.56` */
export const formatMoney = (value: number | null | undefined, currency: Currency = "CNY") => inCurrency(formatYuan(value), currency);
/** `+¥1,234.56` / `-HK$860.00` */
export const formatSignedMoney = (value: number | null | undefined, currency: Currency = "CNY") => inCurrency(formatSignedYuan(value), currency);
/** `+¥3.52万` / `-HK$860.00` */
export const formatSignedMoneyWan = (value: number | null | undefined, currency: Currency = "CNY") => inCurrency(formatSignedYuanWan(value), currency);
