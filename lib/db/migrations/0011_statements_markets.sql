ALTER TABLE "round_trips" ADD COLUMN "market" text DEFAULT 'A' NOT NULL;--> statement-breakpoint
ALTER TABLE "round_trips" ADD COLUMN "status" text DEFAULT 'closed' NOT NULL;--> statement-breakpoint
ALTER TABLE "round_trips" ADD COLUMN "opening_unknown" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "round_trips" ADD COLUMN "realized" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "round_trips" ADD COLUMN "fee_basis" text DEFAULT 'file' NOT NULL;--> statement-breakpoint
ALTER TABLE "statement_events" ADD COLUMN "market" text;--> statement-breakpoint
ALTER TABLE "statement_events" ADD COLUMN "share_balance" bigint;--> statement-breakpoint
ALTER TABLE "statement_fills" ADD COLUMN "market" text DEFAULT 'A' NOT NULL;--> statement-breakpoint
ALTER TABLE "statement_fills" ADD COLUMN "amount_stated" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "statement_fills" ADD COLUMN "currency" text DEFAULT 'CNY' NOT NULL;--> statement-breakpoint
ALTER TABLE "statement_fills" ADD COLUMN "price_currency" text DEFAULT 'CNY' NOT NULL;--> statement-breakpoint
ALTER TABLE "statement_fills" ADD COLUMN "fx_rate" numeric(18, 8);--> statement-breakpoint
ALTER TABLE "statement_fills" ADD COLUMN "fee_basis" text DEFAULT 'file' NOT NULL;--> statement-breakpoint
ALTER TABLE "statement_fills" ADD COLUMN "share_balance" bigint;--> statement-breakpoint
ALTER TABLE "statements" ADD COLUMN "fee_basis" text DEFAULT 'file' NOT NULL;--> statement-breakpoint
ALTER TABLE "statements" ADD COLUMN "unreconciled" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Issue 21 / ADR 0033: rows stored before this migration were all read as A-shares. Their trips are realised when
-- closed, open (持仓中) otherwise; a trip that closed on the day its shares were transferred out (托管转出) carries no
-- sale price, so it is marked transferred and left out of realised P&L and rankings. Fees that the file did not state
-- (all fee columns empty) were estimated by the schedule (估). The next import into a book rebuilds its trips with the
-- full analysis (opening positions of unknown cost included).
UPDATE "round_trips" SET "status" = CASE WHEN "close_date" IS NULL THEN 'open' ELSE 'closed' END, "realized" = "close_date" IS NOT NULL, "fee_basis" = CASE WHEN "fees_estimated" THEN 'schedule' ELSE 'file' END;--> statement-breakpoint
UPDATE "round_trips" AS rt SET "status" = 'transferred', "realized" = false
  WHERE rt."close_date" IS NOT NULL AND EXISTS (
    SELECT 1 FROM "statement_events" AS e JOIN "statements" AS s ON s."id" = e."statement_id"
    WHERE e."kind" = 'shares_out' AND e."code" = rt."code" AND e."event_date" = rt."close_date"
      AND (s."id" = rt."statement_id" OR (rt."master_guid" IS NOT NULL AND s."master_guid" = rt."master_guid" AND s."is_public"))
  );--> statement-breakpoint
UPDATE "statement_fills" SET "fee_basis" = 'schedule'
  WHERE "commission" IS NULL AND "stamp_duty" IS NULL AND "transfer_fee" IS NULL AND "other_fees" IS NULL;--> statement-breakpoint
UPDATE "statements" AS s SET "fee_basis" = CASE
    WHEN NOT EXISTS (SELECT 1 FROM "statement_fills" AS f WHERE f."statement_id" = s."id" AND f."fee_basis" = 'schedule') THEN 'file'
    WHEN NOT EXISTS (SELECT 1 FROM "statement_fills" AS f WHERE f."statement_id" = s."id" AND f."fee_basis" <> 'schedule') THEN 'schedule'
    ELSE 'mixed' END;
