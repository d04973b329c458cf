import "server-only";
import { and, eq } from "drizzle-orm";
import type { Market } from "@/lib/domain/market/types";
import { roundTrips, statementFills } from "@/lib/db/schema";

/**
 * The round trips that rankings, the loss tracker, master cards and the master hub count (ADR 0033): realised A-share
 * trips. 港股通 trips (another currency, another market), open trips (持仓中), trips of shares held before the file
 * (成本未知) and 托管转出 (已转出, no sale price) never move a ranking.
 */
export const countedTrip = and(eq(roundTrips.realized, true), eq(roundTrips.market, "A"));

/** A-share fills only: HK amounts are in another currency and never summed with A-share ones. */
export const aShareFill = eq(statementFills.market, "A");

/** An analysed position or trip of the A-share market (a 港股通 one stays out of A-share figures). */
export function isAShare(item: { code: string; market?: Market | null }): boolean {
  return (item.market ?? "A") === "A";
}
