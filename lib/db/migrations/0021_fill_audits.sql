-- 交割单体检 (docs/adr/0079): each fill's audit against the market, stored so pages read it without recomputing.
-- audit_status is null until the fill is audited (after import, and again when a market sync adds its bars).
ALTER TABLE "statement_fills" ADD COLUMN "audit_status" text;
--> statement-breakpoint
ALTER TABLE "statement_fills" ADD COLUMN "audit_failures" jsonb DEFAULT '[]'::jsonb NOT NULL;
