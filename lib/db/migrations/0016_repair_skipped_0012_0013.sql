-- Repair: 0012 (market data) and 0013 (master figures) were dated before 0011, so a database that had 0011 before they
-- existed never ran them (drizzle applies only migrations dated after the newest it has). Their work again, each step
-- only where it is missing; on every other database this changes nothing.
CREATE TABLE IF NOT EXISTS "market_sync_runs" (
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
CREATE TABLE IF NOT EXISTS "market_sync_spans" (
	"code" text NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"provider" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_sync_spans_code_date_from_pk" PRIMARY KEY("code","date_from")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "trading_days" (
	"trade_date" date PRIMARY KEY NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_bars" ADD COLUMN IF NOT EXISTS "pre_close" numeric(14, 3);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "market_sync_runs_started_idx" ON "market_sync_runs" USING btree ("started_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "master_days" (
	"master_guid" uuid NOT NULL,
	"day" date NOT NULL,
	"fills" integer DEFAULT 0 NOT NULL,
	"a_share_fills" integer DEFAULT 0 NOT NULL,
	"names" text[] DEFAULT '{}' NOT NULL,
	"trips" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"pnl" numeric(18, 2) DEFAULT 0 NOT NULL,
	"best_code" text,
	"best_name" text,
	"best_pnl" numeric(18, 2),
	"worst_code" text,
	"worst_name" text,
	"worst_pnl" numeric(18, 2),
	"cum_trips" integer DEFAULT 0 NOT NULL,
	"cum_wins" integer DEFAULT 0 NOT NULL,
	"cum_pnl" numeric(18, 2) DEFAULT 0 NOT NULL,
	"cum_trading_days" integer DEFAULT 0 NOT NULL,
	"cum_fills" integer DEFAULT 0 NOT NULL,
	"last_fill_day" date,
	CONSTRAINT "master_days_master_guid_day_pk" PRIMARY KEY("master_guid","day")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "master_figures" (
	"master_guid" uuid PRIMARY KEY NOT NULL,
	"eligible_from" date,
	"first_day" date,
	"last_day" date,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "master_positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"master_guid" uuid NOT NULL,
	"code" text NOT NULL,
	"exchange" text NOT NULL,
	"market" text DEFAULT 'A' NOT NULL,
	"name" text NOT NULL,
	"open_date" date NOT NULL,
	"quantity" bigint NOT NULL,
	"cost" numeric(18, 2) NOT NULL,
	"unknown_quantity" bigint DEFAULT 0 NOT NULL,
	"opening_unknown" boolean DEFAULT false NOT NULL,
	"held_from" date NOT NULL,
	"held_until" date
);
--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'master_days_master_guid_masters_guid_fk') THEN
    ALTER TABLE "master_days" ADD CONSTRAINT "master_days_master_guid_masters_guid_fk" FOREIGN KEY ("master_guid") REFERENCES "public"."masters"("guid") ON DELETE cascade ON UPDATE no action;
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'master_figures_master_guid_masters_guid_fk') THEN
    ALTER TABLE "master_figures" ADD CONSTRAINT "master_figures_master_guid_masters_guid_fk" FOREIGN KEY ("master_guid") REFERENCES "public"."masters"("guid") ON DELETE cascade ON UPDATE no action;
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'master_positions_master_guid_masters_guid_fk') THEN
    ALTER TABLE "master_positions" ADD CONSTRAINT "master_positions_master_guid_masters_guid_fk" FOREIGN KEY ("master_guid") REFERENCES "public"."masters"("guid") ON DELETE cascade ON UPDATE no action;
  END IF;
END $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "master_days_day_idx" ON "master_days" USING btree ("day");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "master_positions_master_idx" ON "master_positions" USING btree ("master_guid");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "master_positions_held_idx" ON "master_positions" USING btree ("held_from","held_until");
