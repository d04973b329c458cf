import type { BarSource } from "@/lib/domain/market/bar-source";
import type { DailyBar } from "@/lib/domain/market/types";
import type { Agreement, DrillChoice, DrillPosition, drillProgress } from "./drill";

/** What the drill's routes answer (docs/adr/0081), shared by the server that builds it and the page that shows it. */
export type DrillBar = Pick<DailyBar, "date" | "open" | "high" | "low" | "close" | "volume">;

/** What a drill asks: nothing dated on or after its day. */
export interface DrillQuestion {
  master: { guid: string; name: string; isDemo: boolean };
  stock: { code: string; name: string };
  /** the trading days before the day, at most DRILL_LOOKBACK_BARS, oldest first */
  bars: DrillBar[];
  /** the master's position the evening before; null when he held none */
  position: DrillPosition | null;
  /** where the bars came from (模拟行情 for the demo's made-up stocks) */
  sources: BarSource[];
  simulated: boolean;
}

export interface RevealFill {
  date: string;
  time: string | null;
  side: "buy" | "sell";
  quantity: number;
  price: number;
  amount: number;
  /** 打法 (docs/adr/0080) as members read it; null when none could be given */
  play: string | null;
  /** what daily bars cannot tell of that label, or why no label */
  caveat: string | null;
}

/** What the answer reveals: the master's day, the bars from the day on and how the trade ended. */
export interface DrillReveal {
  choice: DrillChoice;
  quantity: number | null;
  masterChoice: "buy" | "sell";
  agreed: boolean;
  /** true when this member had answered the drill before: the first answer stands */
  repeated: boolean;
  /** the master bought and sold the stock that day (做T): his first fill is the answer key */
  bothWays: boolean;
  /** the 打法 of the master's first fill that day */
  play: string | null;
  fills: RevealFill[];
  /** the day and the trading days after it (DRILL_REVEAL_BARS at most) */
  bars: DrillBar[];
  outcome: {
    /** docs/adr/0081: the member's choice over the revealed bars; null when there are none yet */
    choiceReturn: number | null;
    /** the round trip the master's first fill of the day belongs to, as disclosed to this member */
    trip: { status: "closed" | "open" | "transferred"; openDate: string; closeDate: string | null; pnl: number | null; holdingDays: number } | null;
  };
  /** the master's day on his page */
  detailHref: string;
}


/** One drill of a set: the day and the stock, never what the master did. */
export interface DrillEntry {
  date: string;
  code: string;
  name: string;
}

/** A master's drills of one 打法 (the label of his first fill that day, without the day's own 首板/炸板 outcome). */
export interface DrillGroup {
  play: string;
  side: "buy" | "sell";
  /** newest first */
  drills: DrillEntry[];
}

export interface MasterDrillsView {
  master: { guid: string; name: string; isDemo: boolean };
  total: number;
  answered: number;
  agreement: Agreement;
  groups: (Omit<DrillGroup, "drills"> & { total: number; answered: number; agreement: Agreement; next: DrillEntry[] })[];
}

/** One of the member's answers, newest first on /train: what they chose beside what the master did. */
export interface AnsweredDrill {
  masterGuid: string;
  masterName: string;
  date: string;
  code: string;
  /** the stock's name as the site knows it; the code when it knows none */
  name: string;
  choice: DrillChoice;
  masterChoice: "buy" | "sell";
  agreed: boolean;
  play: string | null;
  choiceReturn: number | null;
}

export interface DrillOverview {
  masters: { guid: string; name: string; isDemo: boolean; total: number; answered: number }[];
  /** the member's latest answers (RECENT_ANSWERS at most) */
  history: AnsweredDrill[];
  progress: ReturnType<typeof drillProgress> & { names: Record<string, string> };
}

