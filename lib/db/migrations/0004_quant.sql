CREATE TABLE "benchmark_levels" (
	"code" text NOT NULL,
	"trade_date" date NOT NULL,
	"level" numeric(20, 4) NOT NULL,
	"is_synthetic" boolean DEFAULT false NOT NULL,
	CONSTRAINT "benchmark_levels_code_trade_date_pk" PRIMARY KEY("code","trade_date")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "strategy_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"strategy_guid" uuid NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "strategy_api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "strategy_fills" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"strategy_guid" uuid NOT NULL,
	"external_id" text,
	"trade_date" date NOT NULL,
	"trade_time" text,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"side" text NOT NULL,
	"quantity" bigint NOT NULL,
	"price" numeric(14, 3) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_follows" (
	"user_id" uuid NOT NULL,
	"strategy_guid" uuid NOT NULL,
	"email_signals" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "strategy_follows_user_id_strategy_guid_pk" PRIMARY KEY("user_id","strategy_guid")
);
--> statement-breakpoint
CREATE TABLE "strategy_nav" (
	"strategy_guid" uuid NOT NULL,
	"trade_date" date NOT NULL,
	"nav" numeric(20, 8) NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "strategy_nav_strategy_guid_trade_date_pk" PRIMARY KEY("strategy_guid","trade_date"),
	CONSTRAINT "strategy_nav_positive" CHECK ("strategy_nav"."nav" > 0)
);
--> statement-breakpoint
CREATE TABLE "strategy_positions" (
	"strategy_guid" uuid NOT NULL,
	"trade_date" date NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"quantity" bigint NOT NULL,
	"cost" numeric(14, 3) NOT NULL,
	"price" numeric(14, 3),
	CONSTRAINT "strategy_positions_strategy_guid_trade_date_code_pk" PRIMARY KEY("strategy_guid","trade_date","code")
);
--> statement-breakpoint
CREATE TABLE "strategy_signals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"strategy_guid" uuid NOT NULL,
	"external_id" text NOT NULL,
	"signal_date" date NOT NULL,
	"signal_time" text,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"side" text NOT NULL,
	"price" numeric(14, 3),
	"weight" numeric(6, 4),
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "strategy_api_keys" ADD CONSTRAINT "strategy_api_keys_strategy_guid_strategies_guid_fk" FOREIGN KEY ("strategy_guid") REFERENCES "public"."strategies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_api_keys" ADD CONSTRAINT "strategy_api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_fills" ADD CONSTRAINT "strategy_fills_strategy_guid_strategies_guid_fk" FOREIGN KEY ("strategy_guid") REFERENCES "public"."strategies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_follows" ADD CONSTRAINT "strategy_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_follows" ADD CONSTRAINT "strategy_follows_strategy_guid_strategies_guid_fk" FOREIGN KEY ("strategy_guid") REFERENCES "public"."strategies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_nav" ADD CONSTRAINT "strategy_nav_strategy_guid_strategies_guid_fk" FOREIGN KEY ("strategy_guid") REFERENCES "public"."strategies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_positions" ADD CONSTRAINT "strategy_positions_strategy_guid_strategies_guid_fk" FOREIGN KEY ("strategy_guid") REFERENCES "public"."strategies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_signals" ADD CONSTRAINT "strategy_signals_strategy_guid_strategies_guid_fk" FOREIGN KEY ("strategy_guid") REFERENCES "public"."strategies"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_pending_idx" ON "jobs" USING btree ("done_at","run_after");--> statement-breakpoint
CREATE INDEX "strategy_api_keys_strategy_idx" ON "strategy_api_keys" USING btree ("strategy_guid");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_fills_external_uq" ON "strategy_fills" USING btree ("strategy_guid","external_id");--> statement-breakpoint
CREATE INDEX "strategy_fills_day_idx" ON "strategy_fills" USING btree ("strategy_guid","trade_date");--> statement-breakpoint
CREATE INDEX "strategy_follows_strategy_idx" ON "strategy_follows" USING btree ("strategy_guid");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_signals_external_uq" ON "strategy_signals" USING btree ("strategy_guid","external_id");--> statement-breakpoint
CREATE INDEX "strategy_signals_day_idx" ON "strategy_signals" USING btree ("strategy_guid","signal_date");