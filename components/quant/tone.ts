import { toneClass } from "@/components/statements/tone";
import type { Tone } from "@/lib/domain/statements/format";

/** 红涨绿跌 tone of a return (a fraction) as printed with `decimals` percent decimals: "+0.00%" stays neutral. */
export function returnTone(value: number | null | undefined, decimals = 2): Tone {
  if (typeof value !== "number" || Number.isNaN(value)) return "flat";
  if (!Number.isFinite(value)) return value > 0 ? "up" : "down";
  const shown = Number((value * 100).toFixed(decimals));
  return shown > 0 ? "up" : shown < 0 ? "down" : "flat";
}

export function returnClass(value: number | null | undefined, decimals = 2): string {
  return toneClass(returnTone(value, decimals));
}
