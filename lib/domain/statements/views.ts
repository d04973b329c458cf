/**
 * The plain shapes the statement pages pass from the data layer (lib/server/statements) to the components: one
 * definition for both sides.
 */
export interface MasterCard {
  guid: string;
  name: string;
  avatarUrl: string;
  bio: string;
  styleTags: string[];
  isDemo: boolean;
  delayDays: number;
  realizedPnl: number;
  closedTrips: number;
  wins: number;
  /** null with no closed trip */
  winRate: number | null;
  latestTradeDay: string | null;
  /** names of the securities traded on latestTradeDay, in first-traded order, at most six */
  recentNames: string[];
}

export interface DayTrade {
  masterGuid: string;
  masterName: string;
  isDemo: boolean;
  date: string;
  time: string | null;
  code: string;
  exchange: string;
  name: string;
  side: "buy" | "sell";
  quantity: number;
  price: number;
  amount: number;
}

export interface MasterRankRow {
  rank: number;
  masterGuid: string;
  masterName: string;
  isDemo: boolean;
  pnl: number;
  trips: number;
  wins: number;
  best: { code: string; name: string; pnl: number } | null;
}

export interface StockRankRow {
  rank: number;
  code: string;
  name: string;
  masters: number;
  buyAmount: number;
  /** the first few masters' names (sorted); `moreMasters` counts the others */
  masterNames: string[];
  moreMasters: number;
}

/** A master's trade in one stock, as the loss tracker lists it. */
interface MasterStockRow {
  masterGuid: string;
  masterName: string;
  isDemo: boolean;
  code: string;
  name: string;
  openDate: string;
}

/** A losing round trip closed on the day (/loss-tracker 当日止损). */
export interface ClosedLoss extends MasterStockRow {
  closeDate: string;
  holdingDays: number;
  buyAmount: number;
  pnl: number;
  /** pnl as a fraction of the money put in */
  pnlRatio: number;
}

/** An open position down more than the threshold at the day's close (/loss-tracker 浮亏持仓). */
export interface OpenLoss extends MasterStockRow {
  quantity: number;
  cost: number;
  close: number;
  closeDate: string;
  unrealized: number;
  ratio: number;
}

/** The day's losing round trips: how many, how much, held how long on average; and winners' average for contrast. */
export interface LossStats {
  losses: number;
  lossSum: number;
  avgLossHolding: number | null;
  avgWinHolding: number | null;
}
