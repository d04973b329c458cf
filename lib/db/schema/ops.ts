import { bigint, bigserial, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Front-end error reports posted to /api/Logs/Insert (SPEC §3 "Error report"), size-capped at the edge. */
export const clientErrorReports = pgTable(
  "client_error_reports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    exception: text("exception").notNull(),
    innerException: text("inner_exception").notNull(),
    requestUrl: text("request_url").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    ipHash: text("ip_hash").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("client_error_reports_created_idx").on(t.createdAt)],
);

/** Small key/value facts about this database (e.g. when the demo data was loaded). */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per kind of public data, bumped by statement-level triggers (migration 0008) in the same transaction as any
 * write to its tables: lib/server/cache/public-data.ts keys its cached reads on these, so a write from any instance,
 * the CLI or psql is seen by the next request.
 */
export const cacheVersions = pgTable("cache_versions", {
  tag: text("tag").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

/**
 * Each change to who may see what (a member's sessions, grants or role), under the `viewers` version it made, with
 * the member — null for a change to everyone — so instances forget only that member's access class (migration 0020,
 * ADR 0071). Triggers write it and keep its latest 10,000 rows.
 */
export const viewerChanges = pgTable("viewer_changes", {
  version: bigint("version", { mode: "number" }).primaryKey(),
  userId: uuid("user_id"),
});

/**
 * The rate limits' counters on PostgreSQL, shared by every instance (lib/server/security/rate-limit.ts): the layout
 * rate-limiter-flexible's RateLimiterPostgres reads and writes — the key with its limiter's prefix, the points used in
 * the window, and the window's end in epoch milliseconds. Rows an hour past their end are deleted every 5 minutes.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});
