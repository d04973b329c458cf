import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./members";

/** Masters (大神): the top traders whose settlement statements the site teaches from. */
export const masters = pgTable("masters", {
  guid: uuid("guid").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  avatarUrl: text("avatar_url").notNull().default(""),
  bio: text("bio").notNull().default(""),
  styleTags: jsonb("style_tags").$type<string[]>().notNull().default([]),
  /** Delayed disclosure: fills are shown this many trading days late (0 = as soon as imported). */
  disclosureDelayDays: integer("disclosure_delay_days").notNull().default(0),
  isDemo: boolean("is_demo").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const ARTICLE_TYPES = ["case", "interpret", "strategy", "video", "news"] as const;

/** Articles and videos (editors) and members' blog posts (author set, type "blog"). */
export const articles = pgTable(
  "articles",
  {
    infoguid: uuid("infoguid").primaryKey().defaultRandom(),
    type: text("type").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    body: text("body").notNull().default(""),
    coverUrl: text("cover_url").notNull().default(""),
    videoUrl: text("video_url"),
    minLevel: integer("min_level").notNull().default(0),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ["draft", "published", "hidden"] }).notNull().default("draft"),
    views: integer("views").notNull().default(0),
    likes: integer("likes").notNull().default(0),
    isDemo: boolean("is_demo").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("articles_type_idx").on(t.type, t.status, t.publishedAt),
    index("articles_author_idx").on(t.authorId, t.publishedAt),
    check("articles_type_check", sql`${t.type} in ('case', 'interpret', 'strategy', 'video', 'news', 'blog')`),
    check("articles_level_check", sql`${t.minLevel} in (0, 100, 200)`),
  ],
);

export const strategies = pgTable("strategies", {
  guid: uuid("guid").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  author: text("author").notNull(),
  description: text("description").notNull().default(""),
  style: text("style").notNull().default(""),
  benchmark: text("benchmark").notNull().default("000300.SH"),
  status: text("status", { enum: ["live", "paper", "backtest"] }).notNull(),
  startDate: date("start_date").notNull(),
  isDemo: boolean("is_demo").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
