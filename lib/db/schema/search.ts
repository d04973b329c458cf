import { sql } from "drizzle-orm";
import { check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});

/**
 * The site-search index (lib/server/search/README.md): one row per searchable thing, rebuilt from the source tables by
 * lib/server/search/indexer.ts. It holds only text every visitor may read: names, titles, summaries and the bodies
 * of public (minLevel 0) articles. Gated article bodies are never indexed.
 */
export const searchDocuments = pgTable(
  "search_documents",
  {
    kind: text("kind", { enum: ["master", "stock", "strategy", "article", "member"] }).notNull(),
    /** the source row's key: guid, user id or stock code */
    refId: text("ref_id").notNull(),
    title: text("title").notNull(),
    /** public text shown as the snippet (summary, bio, description, public article body as plain text) */
    body: text("body").notNull().default(""),
    /** every token, space-separated (what tsv was built from; for inspection) */
    tokens: text("tokens").notNull().default(""),
    /** the weighted tokens (A name/title, B summary/tags, C body), written as a literal with the row */
    tsv: tsvector("tsv").notNull(),
    /** the article's level (0 public, 100 VIP, 200 SVIP): shown as a badge; its text here is public either way */
    minLevel: integer("min_level").notNull().default(0),
    url: text("url").notNull(),
    extra: jsonb("extra").$type<Record<string, unknown>>().notNull().default({}),
    /** md5 of the source row's searchable fields when indexed: a changed row is re-indexed by the next sync */
    sourceHash: text("source_hash").notNull(),
    /** for ordering equal ranks (articles: publication time) */
    sortAt: timestamp("sort_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.refId] }),
    index("search_documents_tsv_idx").using("gin", t.tsv),
    check("search_documents_kind_check", sql`${t.kind} in ('master', 'stock', 'strategy', 'article', 'member')`),
  ],
);
