import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { money, price } from "./columns";
import { masters } from "./content";
import { users } from "./members";


/**
 * One imported settlement statement (交割单): a master's (published by editors) or a member's own upload.
 * Its file hash is the provenance badge; a rejected file never gets a row.
 */
export const statements = pgTable(
  "statements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    masterGuid: uuid("master_guid").references(() => masters.guid, { onDelete: "cascade" }),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(""),
    fileName: text("file_name").notNull(),
    fileHash: text("file_hash").notNull(),
    fileSize: integer("file_size").notNull(),
    format: text("format").notNull(),
    formatLabel: text("format_label").notNull(),
    encoding: text("encoding").notNull(),
    rowCount: integer("row_count").notNull(),
    fillCount: integer("fill_count").notNull(),
    eventCount: integer("event_count").notNull(),
    skipped: jsonb("skipped").$type<{ line: number; reason: string }[]>().notNull().default([]),
    warnings: jsonb("warnings").$type<string[]>().notNull().default([]),
    /** how the fills' fees were found (issue 21): file / derived (推算) / schedule (估) / mixed */
    feeBasis: text("fee_basis", { enum: ["file", "derived", "schedule", "mixed"] }).notNull().default("file"),
    /** fills whose amount ± fees ≠ net cash to the fen, as the reader listed them */
    unreconciled: jsonb("unreconciled").$type<{ line: number; amount: number; fees: number; netAmount: number; difference: number }[]>().notNull().default([]),
    /** file: a broker export; demo: generated demo data (演示数据) */
    source: text("source", { enum: ["file", "demo"] }).notNull().default("file"),
    isPublic: boolean("is_public").notNull().default(false),
    firstDate: date("first_date"),
    lastDate: date("last_date"),
    importedBy: uuid("imported_by").references(() => users.id, { onDelete: "set null" }),
    /** the rules and rule data its fills' 交割单体检 was worked out with (docs/adr/0079); null: not audited by them */
    auditFingerprint: text("audit_fingerprint"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("statements_master_file_uq").on(t.masterGuid, t.fileHash).where(sql`${t.masterGuid} is not null`),
    uniqueIndex("statements_owner_file_uq").on(t.ownerId, t.fileHash).where(sql`${t.ownerId} is not null`),
    index("statements_owner_idx").on(t.ownerId, t.createdAt),
    check("statements_book_check", sql`${t.masterGuid} is not null or ${t.ownerId} is not null`),
  ],
);

export const statementFills = pgTable(
  "statement_fills",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    statementId: uuid("statement_id")
      .notNull()
      .references(() => statements.id, { onDelete: "cascade" }),
    masterGuid: uuid("master_guid"),
    line: integer("line").notNull(),
    tradeDate: date("trade_date").notNull(),
    tradeTime: text("trade_time"),
    code: text("code").notNull(),
    exchange: text("exchange").notNull(),
    /** A: A-shares; HK: 港股通 (five-digit codes, amounts in `currency`) */
    market: text("market", { enum: ["A", "HK"] }).notNull().default("A"),
    name: text("name").notNull(),
    side: text("side", { enum: ["buy", "sell"] }).notNull(),
    quantity: bigint("quantity", { mode: "number" }).notNull(),
    price: price("price").notNull(),
    amount: money("amount").notNull(),
    /** false: the file states no 成交金额, so amount = price × quantity */
    amountStated: boolean("amount_stated").notNull().default(true),
    /** currency of amount, fees, net amount and balance */
    currency: text("currency", { enum: ["CNY", "HKD", "USD"] }).notNull().default("CNY"),
    priceCurrency: text("price_currency", { enum: ["CNY", "HKD", "USD"] }).notNull().default("CNY"),
    /** the file's 汇率 on the row, null when absent */
    fxRate: numeric("fx_rate", { precision: 18, scale: 8, mode: "number" }),
    commission: money("commission"),
    stampDuty: money("stamp_duty"),
    transferFee: money("transfer_fee"),
    otherFees: money("other_fees"),
    /** file: the fee columns; derived (推算): from the net cash; schedule (估): estimated by the analysis */
    feeBasis: text("fee_basis", { enum: ["file", "derived", "schedule"] }).notNull().default("file"),
    /** shares held after the row as the file states them, null when absent */
    shareBalance: bigint("share_balance", { mode: "number" }),
    netAmount: money("net_amount"),
    balance: money("balance"),
    kind: text("kind", { enum: ["trade", "ipo"] }).notNull().default("trade"),
    raw: text("raw").notNull().default(""),
    /** 交割单体检 (docs/adr/0079): null until a bar could check it (not audited yet, or no bar for its day then) */
    auditStatus: text("audit_status", { enum: ["passed", "failed", "unverifiable"] }),
    auditFailures: jsonb("audit_failures").$type<{ rule: string; message: string }[]>().notNull().default([]),
  },
  (t) => [
    index("statement_fills_statement_idx").on(t.statementId, t.tradeDate),
    index("statement_fills_master_idx").on(t.masterGuid, t.tradeDate),
    index("statement_fills_day_idx").on(t.tradeDate, t.code),
  ],
);

export const statementEvents = pgTable(
  "statement_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    statementId: uuid("statement_id")
      .notNull()
      .references(() => statements.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    eventDate: date("event_date").notNull(),
    eventTime: text("event_time"),
    kind: text("kind").notNull(),
    code: text("code"),
    exchange: text("exchange"),
    market: text("market", { enum: ["A", "HK"] }),
    name: text("name").notNull().default(""),
    quantity: bigint("quantity", { mode: "number" }).notNull().default(0),
    shareBalance: bigint("share_balance", { mode: "number" }),
    amount: money("amount").notNull().default(0),
    raw: text("raw").notNull().default(""),
  },
  (t) => [index("statement_events_statement_idx").on(t.statementId, t.eventDate)],
);

/**
 * Round trips of every book (a master across all their statements, or one member statement), rebuilt in the
 * import transaction. Rankings and the loss tracker read them with plain SQL and count only `realized` A-share trips
 * (ADR 0033): 港股通 trips, open trips, trips of shares held before the file and 托管转出 stay out.
 */
export const roundTrips = pgTable(
  "round_trips",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    masterGuid: uuid("master_guid").references(() => masters.guid, { onDelete: "cascade" }),
    statementId: uuid("statement_id").references(() => statements.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    exchange: text("exchange").notNull(),
    market: text("market", { enum: ["A", "HK"] }).notNull().default("A"),
    name: text("name").notNull(),
    /** closed / open (持仓中) / transferred (托管转出, 已转出) */
    status: text("status", { enum: ["closed", "open", "transferred"] }).notNull().default("closed"),
    /** shares held before the file took part: cost unknown (成本未知) */
    openingUnknown: boolean("opening_unknown").notNull().default(false),
    /** closed and not openingUnknown: the only trips rankings, the loss tracker and master stats count */
    realized: boolean("realized").notNull().default(false),
    openDate: date("open_date").notNull(),
    closeDate: date("close_date"),
    quantity: bigint("quantity", { mode: "number" }).notNull(),
    buyAmount: money("buy_amount").notNull(),
    sellAmount: money("sell_amount").notNull(),
    fees: money("fees").notNull(),
    dividends: money("dividends").notNull().default(0),
    dividendTax: money("dividend_tax").notNull().default(0),
    pnl: money("pnl").notNull(),
    holdingDays: integer("holding_days").notNull(),
    feesEstimated: boolean("fees_estimated").notNull().default(false),
    feeBasis: text("fee_basis", { enum: ["file", "derived", "schedule", "mixed"] }).notNull().default("file"),
  },
  (t) => [
    index("round_trips_master_idx").on(t.masterGuid, t.closeDate),
    index("round_trips_close_idx").on(t.closeDate),
    index("round_trips_statement_idx").on(t.statementId),
  ],
);

/**
 * Daily bars per stock or index (`000300.SH`): imported (CSV / 通达信 .day), fetched from a market data provider
 * (unadjusted 不复权, volume in 股, amount in 元, with the exchange's 昨收 `pre_close`) or synthetic demo bars (模拟行情).
 */
export const marketBars = pgTable(
  "market_bars",
  {
    code: text("code").notNull(),
    tradeDate: date("trade_date").notNull(),
    open: price("open").notNull(),
    high: price("high").notNull(),
    low: price("low").notNull(),
    close: price("close").notNull(),
    volume: bigint("volume", { mode: "number" }).notNull(),
    amount: money("amount"),
    /** the exchange's previous close for this day (differs from the last bar's close after 除权除息); null when unknown */
    preClose: price("pre_close"),
    source: text("source", { enum: ["import", "synthetic", "tushare", "eastmoney"] }).notNull().default("import"),
  },
  (t) => [primaryKey({ columns: [t.code, t.tradeDate] }), index("market_bars_date_idx").on(t.tradeDate)],
);

/** Stocks known to the site (from bars and statements): names for display and search. */
export const stocks = pgTable("stocks", {
  code: text("code").primaryKey(),
  exchange: text("exchange").notNull(),
  name: text("name").notNull(),
  isSynthetic: boolean("is_synthetic").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The editor's note on a master's trade day (shown beside the chart); code "" is the whole day. */
export const tradeNotes = pgTable(
  "trade_notes",
  {
    masterGuid: uuid("master_guid")
      .notNull()
      .references(() => masters.guid, { onDelete: "cascade" }),
    tradeDate: date("trade_date").notNull(),
    code: text("code").notNull().default(""),
    note: text("note").notNull(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.masterGuid, t.tradeDate, t.code] })],
);
