import { sql } from "drizzle-orm";
import { boolean, check, date, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { masters } from "./content";
import { users } from "./members";

/**
 * A member's answer to a drill (docs/adr/0081): one per member, master, day and stock — the first answer stands, so
 * the agreement is not polished by answering again. `answered_on` is the Shanghai date the free tier's daily
 * allowance counts by.
 */
export const trainAnswers = pgTable(
  "train_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    masterGuid: uuid("master_guid").notNull().references(() => masters.guid, { onDelete: "cascade" }),
    tradeDate: date("trade_date").notNull(),
    code: text("code").notNull(),
    choice: text("choice", { enum: ["buy", "sell", "watch"] }).notNull(),
    /** the size the member chose, in shares, when they gave one */
    quantity: integer("quantity"),
    masterChoice: text("master_choice", { enum: ["buy", "sell"] }).notNull(),
    agreed: boolean("agreed").notNull(),
    /** the 打法 of the master's first fill that day, as members read it (null: none could be given) */
    play: text("play"),
    /** docs/adr/0081: the choice's return over the reveal's bars; null when there were none yet */
    choiceReturn: doublePrecision("choice_return"),
    answeredOn: date("answered_on").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("train_answers_drill_idx").on(t.userId, t.masterGuid, t.tradeDate, t.code),
    index("train_answers_user_day_idx").on(t.userId, t.answeredOn),
    check("train_answers_quantity_check", sql`${t.quantity} is null or ${t.quantity} > 0`),
  ],
);
