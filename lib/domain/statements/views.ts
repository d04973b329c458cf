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
