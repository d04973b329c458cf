import type { DailyBar } from "@/lib/domain/market/types";

/**
 * "换你，你买不买？" (docs/adr/0081): one of a master's real trading days in one stock, asked with the future hidden.
 * The question holds only what was known the evening before; the answer key is what the master did that day.
 */

/** Bars the question draws: the trading days before the decision day, at most this many. */
export const DRILL_LOOKBACK_BARS = 120;
/** Fewer bars before the day than this and there is nothing to read a decision from: no drill. */
export const DRILL_MIN_BARS = 20;
/** Bars the reveal adds: the decision day and the trading days after it. */
export const DRILL_REVEAL_BARS = 6;
/** Answers a free member may give per Shanghai day (docs/adr/0081); VIP and SVIP have no limit. */
export const FREE_DRILLS_PER_DAY = 5;

export const DRILL_CHOICES = ["buy", "sell", "watch"] as const;
export type DrillChoice = (typeof DRILL_CHOICES)[number];
export const DRILL_CHOICE_LABELS: Record<DrillChoice, string> = { buy: "买入", sell: "卖出", watch: "观望" };

/** A fill of the drill's stock, in the book's time order. */
export interface DrillFill {
  date: string;
  time: string | null;
  side: "buy" | "sell";
  quantity: number;
  price: number;
}

/** The master's position in the stock when the day began: what he held the evening before. */
export interface DrillPosition {
  shares: number;
  /** average cost per share of the shares held (fees aside); null when part of them came before the file began */
  averageCost: number | null;
}

/** Shares and average cost of what `fills` (dated before the day) leave held; null when nothing is held. */
export function positionBefore(fills: readonly DrillFill[], day: string): DrillPosition | null {
  let shares = 0;
  let cost = 0;
  let costKnown = true;
  for (const f of fills) {
    if (f.date >= day) break;
    if (f.side === "buy") {
      shares += f.quantity;
      cost += f.quantity * f.price;
    } else if (f.quantity >= shares) {
      // sold more than the file shows bought: those shares were held before the file began
      if (f.quantity > shares) costKnown = false;
      shares = 0;
      cost = 0;
    } else {
      cost -= (cost / shares) * f.quantity;
      shares -= f.quantity;
    }
  }
  if (shares <= 0) return null;
  return { shares, averageCost: costKnown ? Math.round((cost / shares) * 1000) / 1000 : null };
}

/** The bars a question may show: dated before the day, the latest DRILL_LOOKBACK_BARS of them, in date order. */
export function questionBars<B extends { date: string }>(bars: readonly B[], day: string): B[] {
  const before = bars.filter((b) => b.date < day).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return before.slice(-DRILL_LOOKBACK_BARS);
}

/** The bars the reveal adds: the decision day and the ones after it, DRILL_REVEAL_BARS in all. */
export function revealBars<B extends { date: string }>(bars: readonly B[], day: string): B[] {
  return bars.filter((b) => b.date >= day).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)).slice(0, DRILL_REVEAL_BARS);
}

/** What the master did that day, as the answer key: the side of his first fill of the day in the stock. */
export function masterChoice(dayFills: readonly DrillFill[]): "buy" | "sell" {
  if (dayFills.length === 0) throw new Error("a drill needs the master's fills of its day");
  return dayFills[0]!.side;
}

/** Whether the day's fills go both ways (做T): the first one still decides, and the reveal says so. */
export const tradedBothWays = (dayFills: readonly DrillFill[]) => new Set(dayFills.map((f) => f.side)).size > 1;

/**
 * How the member's choice would have fared, as a share of the price: a 买入 bought at the decision day's open and held
 * to the close of the last reveal bar; a 卖出 saved the opposite of that move; 观望 neither gains nor loses. Null when
 * the reveal has no bar yet (the day is the newest with data).
 */
export function choiceReturn(choice: DrillChoice, reveal: readonly Pick<DailyBar, "open" | "close">[]): number | null {
  const first = reveal[0];
  const last = reveal[reveal.length - 1];
  if (!first || !last || first.open <= 0) return null;
  const move = last.close / first.open - 1;
  const value = choice === "buy" ? move : choice === "sell" ? -move : 0;
  return Math.round(value * 10000) / 10000;
}

export interface AnswerTally {
  masterGuid: string;
  /** the 打法 of the master's first fill that day, as members read it */
  play: string | null;
  agreed: boolean;
}

export interface Agreement {
  answered: number;
  agreed: number;
  /** agreed / answered; null before any answer */
  rate: number | null;
}

/** How many of `rows` agreed with the master, of how many. */
export const agreementOf = (rows: readonly { agreed: boolean }[]): Agreement => {
  const agreed = rows.filter((r) => r.agreed).length;
  return { answered: rows.length, agreed, rate: rows.length ? agreed / rows.length : null };
};

/** Answers needed on one 打法 before the progress page names it as where a member differs most. */
export const MIN_DIFFER_SAMPLE = 3;

/**
 * A member's progress: agreement overall, with each master, and for each master the 打法 where they differ most (the
 * lowest agreement among 打法 answered at least MIN_DIFFER_SAMPLE times, ties to the most answered).
 */
export function drillProgress(rows: readonly AnswerTally[]): {
  overall: Agreement;
  masters: { masterGuid: string; agreement: Agreement; differsMost: { play: string; agreement: Agreement } | null }[];
} {
  const byMaster = new Map<string, AnswerTally[]>();
  for (const r of rows) byMaster.set(r.masterGuid, [...(byMaster.get(r.masterGuid) ?? []), r]);
  const masters = [...byMaster].map(([masterGuid, own]) => {
    const byPlay = new Map<string, AnswerTally[]>();
    for (const r of own) if (r.play) byPlay.set(r.play, [...(byPlay.get(r.play) ?? []), r]);
    const candidates = [...byPlay]
      .map(([play, list]) => ({ play, agreement: agreementOf(list) }))
      .filter((p) => p.agreement.answered >= MIN_DIFFER_SAMPLE && p.agreement.rate! < 1)
      .sort((a, b) => a.agreement.rate! - b.agreement.rate! || b.agreement.answered - a.agreement.answered || a.play.localeCompare(b.play));
    return { masterGuid, agreement: agreementOf(own), differsMost: candidates[0] ?? null };
  });
  masters.sort((a, b) => b.agreement.answered - a.agreement.answered || a.masterGuid.localeCompare(b.masterGuid));
  return { overall: agreementOf(rows), masters };
}

/** The choice a request names: the English ids or the buttons' Chinese words. */
export function parseDrillChoice(value: unknown): DrillChoice | null {
  if (typeof value !== "string") return null;
  const v = value.trim().toLowerCase();
  if ((DRILL_CHOICES as readonly string[]).includes(v)) return v as DrillChoice;
  const byLabel = Object.entries(DRILL_CHOICE_LABELS).find(([, label]) => label === value.trim());
  if (byLabel) return byLabel[0] as DrillChoice;
  if (v === "hold" || v === "skip" || v === "pass") return "watch";
  return null;
}
