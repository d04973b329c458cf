CREATE TABLE "market_bars" (
	"code" text NOT NULL,
	"trade_date" date NOT NULL,
	"open" numeric(14, 3) NOT NULL,
	"high" numeric(14, 3) NOT NULL,
	"low" numeric(14, 3) NOT NULL,
	"close" numeric(14, 3) NOT NULL,
	"volume" bigint NOT NULL,
	"amount" numeric(18, 2),
	"source" text DEFAULT 'import' NOT NULL,
	CONSTRAINT "market_bars_code_trade_date_pk" PRIMARY KEY("code","trade_date")
);
--> statement-breakpoint
CREATE TABLE "round_trips" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"master_guid" uuid,
	"statement_id" uuid,
	"code" text NOT NULL,
	"exchange" text NOT NULL,
	"name" text NOT NULL,
	"open_date" date NOT NULL,
	"close_date" date,
	"quantity" bigint NOT NULL,
	"buy_amount" numeric(18, 2) NOT NULL,
	"sell_amount" numeric(18, 2) NOT NULL,
	"fees" numeric(18, 2) NOT NULL,
	"dividends" numeric(18, 2) DEFAULT 0 NOT NULL,
	"dividend_tax" numeric(18, 2) DEFAULT 0 NOT NULL,
	"pnl" numeric(18, 2) NOT NULL,
	"holding_days" integer NOT NULL,
	"fees_estimated" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"statement_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"event_date" date NOT NULL,
	"event_time" text,
	"kind" text NOT NULL,
	"code" text,
	"exchange" text,
	"name" text DEFAULT '' NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"amount" numeric(18, 2) DEFAULT 0 NOT NULL,
	"raw" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_fills" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"statement_id" uuid NOT NULL,
	"master_guid" uuid,
	"line" integer NOT NULL,
	"trade_date" date NOT NULL,
	"trade_time" text,
	"code" text NOT NULL,
	"exchange" text NOT NULL,
	"name" text NOT NULL,
	"side" text NOT NULL,
	"quantity" bigint NOT NULL,
	"price" numeric(14, 3) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"commission" numeric(18, 2),
	"stamp_duty" numeric(18, 2),
	"transfer_fee" numeric(18, 2),
	"other_fees" numeric(18, 2),
	"net_amount" numeric(18, 2),
	"balance" numeric(18, 2),
	"kind" text DEFAULT 'trade' NOT NULL,
	"raw" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"master_guid" uuid,
	"owner_id" uuid,
	"title" text DEFAULT '' NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"file_size" integer NOT NULL,
	"format" text NOT NULL,
	"format_label" text NOT NULL,
	"encoding" text NOT NULL,
	"row_count" integer NOT NULL,
	"fill_count" integer NOT NULL,
	"event_count" integer NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text DEFAULT 'file' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"first_date" date,
	"last_date" date,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statements_book_check" CHECK ("statements"."master_guid" is not null or "statements"."owner_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "stocks" (
	"code" text PRIMARY KEY NOT NULL,
	"exchange" text NOT NULL,
	"name" text NOT NULL,
	"is_synthetic" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_notes" (
	"master_guid" uuid NOT NULL,
	"trade_date" date NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"note" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_notes_master_guid_trade_date_code_pk" PRIMARY KEY("master_guid","trade_date","code")
);
--> statement-breakpoint
ALTER TABLE "masters" ADD COLUMN "disclosure_delay_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "round_trips" ADD CONSTRAINT "round_trips_master_guid_masters_guid_fk" FOREIGN KEY ("master_guid") REFERENCES "public"."masters"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_trips" ADD CONSTRAINT "round_trips_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_events" ADD CONSTRAINT "statement_events_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_fills" ADD CONSTRAINT "statement_fills_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_master_guid_masters_guid_fk" FOREIGN KEY ("master_guid") REFERENCES "public"."masters"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_notes" ADD CONSTRAINT "trade_notes_master_guid_masters_guid_fk" FOREIGN KEY ("master_guid") REFERENCES "public"."masters"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_notes" ADD CONSTRAINT "trade_notes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_bars_date_idx" ON "market_bars" USING btree ("trade_date");--> statement-breakpoint
CREATE INDEX "round_trips_master_idx" ON "round_trips" USING btree ("master_guid","close_date");--> statement-breakpoint
CREATE INDEX "round_trips_close_idx" ON "round_trips" USING btree ("close_date");--> statement-breakpoint
CREATE INDEX "round_trips_statement_idx" ON "round_trips" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "statement_events_statement_idx" ON "statement_events" USING btree ("statement_id","event_date");--> statement-breakpoint
CREATE INDEX "statement_fills_statement_idx" ON "statement_fills" USING btree ("statement_id","trade_date");--> statement-breakpoint
CREATE INDEX "statement_fills_master_idx" ON "statement_fills" USING btree ("master_guid","trade_date");--> statement-breakpoint
CREATE INDEX "statement_fills_day_idx" ON "statement_fills" USING btree ("trade_date","code");--> statement-breakpoint
CREATE UNIQUE INDEX "statements_master_file_uq" ON "statements" USING btree ("master_guid","file_hash") WHERE "statements"."master_guid" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "statements_owner_file_uq" ON "statements" USING btree ("owner_id","file_hash") WHERE "statements"."owner_id" is not null;--> statement-breakpoint
CREATE INDEX "statements_owner_idx" ON "statements" USING btree ("owner_id","created_at");