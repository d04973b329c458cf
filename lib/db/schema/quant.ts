import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { money, price } from "./columns";
import { strategies } from "./content";
import { users } from "./members";


/** Daily NAV of a strategy (append-only for live records: a date is written once). */
export const strategyNav = pgTable(
  "strategy_nav",
  {
    strategyGuid: uuid("strategy_guid").notNull().references(() => strategies.guid, { onDelete: "cascade" }),
    tradeDate: date("trade_date").notNull(),
    nav: numeric("nav", { precision: 20, scale: 8, mode: "number" }).notNull(),
    /** the caller's id for idempotent ingest (null for CSV/demo imports) */
    externalId: text("external_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.strategyGuid, t.tradeDate] }), check("strategy_nav_positive", sql`${t.nav} > 0`)],
);

/** Benchmark index levels (沪深300 …) by date, for NAV-vs-benchmark and alpha/beta. */
export const benchmarkLevels = pgTable(
  "benchmark_levels",
  {
    code: text("code").notNull(),
    tradeDate: date("trade_date").notNull(),
    level: numeric("level", { precision: 20, scale: 4, mode: "number" }).notNull(),
    isSynthetic: boolean("is_synthetic").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.code, t.tradeDate] })],
);

/** Fills of a strategy (append-only). */
export const strategyFills = pgTable(
  "strategy_fills",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    strategyGuid: uuid("strategy_guid").notNull().references(() => strategies.guid, { onDelete: "cascade" }),
    externalId: text("external_id"),
    tradeDate: date("trade_date").notNull(),
    tradeTime: text("trade_time"),
    code: text("code").notNull(),
    name: text("name").notNull(),
    side: text("side", { enum: ["buy", "sell"] }).notNull(),
    quantity: bigint("quantity", { mode: "number" }).notNull(),
    price: price("price").notNull(),
    amount: money("amount").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("strategy_fills_external_uq").on(t.strategyGuid, t.externalId),
    index("strategy_fills_day_idx").on(t.strategyGuid, t.tradeDate),
  ],
);

/** End-of-day holdings snapshot of a strategy. */
export const strategyPositions = pgTable(
  "strategy_positions",
  {
    strategyGuid: uuid("strategy_guid").notNull().references(() => strategies.guid, { onDelete: "cascade" }),
    tradeDate: date("trade_date").notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    quantity: bigint("quantity", { mode: "number" }).notNull(),
    cost: price("cost").notNull(),
    price: price("price"),
  },
  (t) => [primaryKey({ columns: [t.strategyGuid, t.tradeDate, t.code] })],
);

/** Signals of a strategy (append-only, idempotent by the caller's id). */
export const strategySignals = pgTable(
  "strategy_signals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    strategyGuid: uuid("strategy_guid").notNull().references(() => strategies.guid, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
    signalDate: date("signal_date").notNull(),
    signalTime: text("signal_time"),
    code: text("code").notNull(),
    name: text("name").notNull(),
    side: text("side", { enum: ["buy", "sell"] }).notNull(),
    price: price("price"),
    weight: numeric("weight", { precision: 6, scale: 4, mode: "number" }),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("strategy_signals_external_uq").on(t.strategyGuid, t.externalId), index("strategy_signals_day_idx").on(t.strategyGuid, t.signalDate)],
);

/** Per-strategy ingest keys: only the SHA-256 is stored; the prefix identifies a key in the admin list. */
export const strategyApiKeys = pgTable(
  "strategy_api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    strategyGuid: uuid("strategy_guid").notNull().references(() => strategies.guid, { onDelete: "cascade" }),
    keyHash: text("key_hash").notNull().unique(),
    prefix: text("prefix").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("strategy_api_keys_strategy_idx").on(t.strategyGuid)],
);

/** A member following a strategy; `emailSignals` adds e-mail to the site notification. */
export const strategyFollows = pgTable(
  "strategy_follows",
  {
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    strategyGuid: uuid("strategy_guid").notNull().references(() => strategies.guid, { onDelete: "cascade" }),
    emailSignals: boolean("email_signals").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.strategyGuid] }), index("strategy_follows_strategy_idx").on(t.strategyGuid)],
);

/**
 * A PostgreSQL-backed job queue (signal fan-out …): claimed with `for update skip locked`, retried with backoff,
 * unique by key so the same work is queued once.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    dedupeKey: text("dedupe_key").notNull().unique(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("jobs_pending_idx").on(t.doneAt, t.runAfter)],
);
