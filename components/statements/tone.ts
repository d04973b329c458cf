import { pnlTone, type Tone } from "@/lib/domain/statements/format";

/** 红涨绿跌 text colours (the darker green passes contrast for small text). */
export function toneClass(tone: Tone): string {
  return tone === "up" ? "text-up" : tone === "down" ? "text-down-text" : "text-slate-600";
}

export function pnlClass(value: number | null | undefined): string {
  return toneClass(pnlTone(value));
}
