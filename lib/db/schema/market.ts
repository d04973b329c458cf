import { bigserial, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { price } from "./columns";

/** Days the exchanges traded, from the market data provider's calendar (SSE); the demo's calendar is not stored here. */
export const tradingDays = pgTable("trading_days", {
  tradeDate: date("trade_date").primaryKey(),
  source: text("source").notNull(),
});

/**
 * Spans already asked of a provider, per code (`600519`, `000300.SH`, or `@calendar`): a re-run of the sync fetches
 * only what no span covers. A span that returned no bars (suspension, before listing) still counts as fetched.
 */
export const marketSyncSpans = pgTable(
  "market_sync_spans",
  {
    code: text("code").notNull(),
    dateFrom: date("date_from").notNull(),
    dateTo: date("date_to").notNull(),
    provider: text("provider").notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.code, t.dateFrom] })],
);

/** Days a stock did not trade at all (Tushare `suspend_d`), for the 交割单体检's `suspended` rule (docs/adr/0079). */
export const stockSuspensions = pgTable(
  "stock_suspensions",
  {
    code: text("code").notNull(),
    tradeDate: date("trade_date").notNull(),
    source: text("source").notNull(),
  },
  (t) => [primaryKey({ columns: [t.code, t.tradeDate] })],
);

/** The exchange's limit prices of a stock's day (Tushare `stk_limit`), for the 交割单体检's `beyond-limit` rule. */
export const stockLimits = pgTable(
  "stock_limits",
  {
    code: text("code").notNull(),
    tradeDate: date("trade_date").notNull(),
    upLimit: price("up_limit").notNull(),
    downLimit: price("down_limit").notNull(),
    source: text("source").notNull(),
  },
  (t) => [primaryKey({ columns: [t.code, t.tradeDate] })],
);

/** The names a stock went by, with their days (Tushare `namechange`; `date_to` null: its name today), for `name-at-date`. */
export const stockNames = pgTable(
  "stock_names",
  {
    code: text("code").notNull(),
    name: text("name").notNull(),
    dateFrom: date("date_from").notNull(),
    dateTo: date("date_to"),
    source: text("source").notNull(),
  },
  (t) => [primaryKey({ columns: [t.code, t.dateFrom] })],
);

export interface MarketSyncFailureRecord {
  code: string;
  message: string;
}

/** One run of the market data sync (CLI, 同步行情 button, an import or publish, the daily job): what /admin shows. */
export const marketSyncRuns = pgTable(
  "market_sync_runs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    provider: text("provider").notNull(),
    trigger: text("trigger", { enum: ["cli", "admin", "import", "publish", "daily"] }).notNull(),
    status: text("status", { enum: ["running", "ok", "partial", "failed"] }).notNull().default("running"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    codes: integer("codes").notNull().default(0),
    bars: integer("bars").notNull().default(0),
    calls: integer("calls").notNull().default(0),
    failures: jsonb("failures").$type<MarketSyncFailureRecord[]>().notNull().default([]),
    /** why a run did not start or stopped as a whole (no provider configured, bad token) */
    message: text("message"),
  },
  (t) => [index("market_sync_runs_started_idx").on(t.startedAt)],
);
