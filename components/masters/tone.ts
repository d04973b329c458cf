import { pnlTone } from "@/lib/domain/statements/format";

/** 红涨绿跌: the text colour of a gain, a loss or nothing (the darker green: small text on white needs 4.5:1). */
export function toneClass(value: number | null | undefined): string {
  const tone = pnlTone(value);
  return tone === "up" ? "text-red-600" : tone === "down" ? "text-down-text" : "text-slate-600";
}

export const SIDE_LABEL = { buy: "买入", sell: "卖出" } as const;
export const SIDE_CLASS = { buy: "text-red-600", sell: "text-down-text" } as const;
