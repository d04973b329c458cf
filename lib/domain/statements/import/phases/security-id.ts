import type { Exchange, Market } from "@/lib/domain/market/types";

/** A security as identified on a row: 港股通 codes keep their five digits. */
export interface SecurityId {
  code: string;
  exchange: Exchange;
  market: Market;
  /** an A-share subscription / allotment code (配债, 发债, 申购): its rows are allotment events */
  subscription: boolean;
}
