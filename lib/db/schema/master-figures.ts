import { bigint, bigserial, boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { money } from "./columns";
import { masters } from "./content";

/**
 * A master's figures per day, written from the analysis of the master's published book whenever it changes (import,
 * publish, delete; ADR 0044), so the pages read them with one query instead of analysing fills per request. A row
 * exists for every day with a fill or a counted close. Disclosure is applied when reading (`day <= through`).
 *
 * Day columns cover that day; `cum*` columns cover every day up to and including it, so "as of a date" is the newest
 * row on or before it.
 */
export const masterDays = pgTable(
  "master_days",
  {
    masterGuid: uuid("master_guid")
      .notNull()
      .references(() => masters.guid, { onDelete: "cascade" }),
    day: date("day").notNull(),
    /** fills of either market that day */
    fills: integer("fills").notNull().default(0),
    /** A-share fills that day (the days the ranking's sample rule counts) */
    aShareFills: integer("a_share_fills").notNull().default(0),
    /** names of the securities traded that day, in first-traded order, at most six */
    names: text("names").array().notNull().default([]),
    /** counted round trips (realised A-share, countedTrip) closed that day */
    trips: integer("trips").notNull().default(0),
    wins: integer("wins").notNull().default(0),
    pnl: money("pnl").notNull().default(0),
    /** the day's best and worst counted trip (null without one) */
    bestCode: text("best_code"),
    bestName: text("best_name"),
    bestPnl: money("best_pnl"),
    worstCode: text("worst_code"),
    worstName: text("worst_name"),
    worstPnl: money("worst_pnl"),
    cumTrips: integer("cum_trips").notNull().default(0),
    cumWins: integer("cum_wins").notNull().default(0),
    cumPnl: money("cum_pnl").notNull().default(0),
    /** distinct days with an A-share fill, through this day */
    cumTradingDays: integer("cum_trading_days").notNull().default(0),
    /** fills of either market through this day */
    cumFills: integer("cum_fills").notNull().default(0),
    /** the newest day with a fill, on or before this day (null before the first fill) */
    lastFillDay: date("last_fill_day"),
  },
  (t) => [primaryKey({ columns: [t.masterGuid, t.day] }), index("master_days_day_idx").on(t.day)],
);

/**
 * What a master held at the end of each day: one row per position and span of days over which it stood unchanged
 * (`heldFrom` ≤ day < `heldUntil`, open-ended while still held), from the same walk as the book's analysis.
 */
export const masterPositions = pgTable(
  "master_positions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    masterGuid: uuid("master_guid")
      .notNull()
      .references(() => masters.guid, { onDelete: "cascade" }),
    code: text("code").notNull(),
    exchange: text("exchange").notNull(),
    market: text("market", { enum: ["A", "HK"] }).notNull().default("A"),
    name: text("name").notNull(),
    openDate: date("open_date").notNull(),
    quantity: bigint("quantity", { mode: "number" }).notNull(),
    /** FIFO cost of the shares whose cost is known, fees included */
    cost: money("cost").notNull(),
    unknownQuantity: bigint("unknown_quantity", { mode: "number" }).notNull().default(0),
    openingUnknown: boolean("opening_unknown").notNull().default(false),
    heldFrom: date("held_from").notNull(),
    heldUntil: date("held_until"),
  },
  (t) => [index("master_positions_master_idx").on(t.masterGuid), index("master_positions_held_idx").on(t.heldFrom, t.heldUntil)],
);

/** Per master: when its sample first became large enough to rank (ranking-rules.ts), and when its figures were written. */
export const masterFigures = pgTable("master_figures", {
  masterGuid: uuid("master_guid")
    .primaryKey()
    .references(() => masters.guid, { onDelete: "cascade" }),
  /** the first day on which isEligibleToRank holds for the figures through that day; null while it never does */
  eligibleFrom: date("eligible_from"),
  firstDay: date("first_day"),
  lastDay: date("last_day"),
  writtenAt: timestamp("written_at", { withTimezone: true }).notNull().defaultNow(),
});
