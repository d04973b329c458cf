CREATE TABLE "market_sync_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"codes" integer DEFAULT 0 NOT NULL,
	"bars" integer DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "market_sync_spans" (
	"code" text NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"provider" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_sync_spans_code_date_from_pk" PRIMARY KEY("code","date_from")
);
--> statement-breakpoint
CREATE TABLE "trading_days" (
	"trade_date" date PRIMARY KEY NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_bars" ADD COLUMN "pre_close" numeric(14, 3);--> statement-breakpoint
CREATE INDEX "market_sync_runs_started_idx" ON "market_sync_runs" USING btree ("started_at");