import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { articles } from "./content";
import { users } from "./members";

/** One like per member and article (articles.likes is the counter, raised in the same transaction). */
export const articleLikes = pgTable(
  "article_likes",
  {
    infoguid: uuid("infoguid").notNull().references(() => articles.infoguid, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.infoguid, t.userId] }), index("article_likes_user_idx").on(t.userId)],
);

/** An article's tags, in the editor's order (shown on the article page; a tag links to the site search). */
export const articleTags = pgTable(
  "article_tags",
  {
    infoguid: uuid("infoguid").notNull().references(() => articles.infoguid, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    position: smallint("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.infoguid, t.tag] }),
    index("article_tags_tag_idx").on(t.tag),
    check("article_tags_tag_check", sql`char_length(${t.tag}) between 1 and 20`),
  ],
);
