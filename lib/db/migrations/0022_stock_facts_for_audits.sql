-- 交割单体检 (docs/adr/0079): the market facts two rules need (days a stock was suspended all day, the names it
-- went by), and the fingerprint of the rules a statement was audited with, so a change of rules re-audits it.
CREATE TABLE "stock_names" (
	"code" text NOT NULL,
	"name" text NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date,
	"source" text NOT NULL,
	CONSTRAINT "stock_names_code_date_from_pk" PRIMARY KEY("code","date_from")
);
--> statement-breakpoint
CREATE TABLE "stock_suspensions" (
	"code" text NOT NULL,
	"trade_date" date NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "stock_suspensions_code_trade_date_pk" PRIMARY KEY("code","trade_date")
);
--> statement-breakpoint
ALTER TABLE "statements" ADD COLUMN "audit_fingerprint" text;