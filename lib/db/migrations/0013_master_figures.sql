CREATE TABLE "master_days" (
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
CREATE TABLE "master_figures" (
	"master_guid" uuid PRIMARY KEY NOT NULL,
	"eligible_from" date,
	"first_day" date,
	"last_day" date,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "master_positions" (
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
ALTER TABLE "master_days" ADD CONSTRAINT "master_days_master_guid_masters_guid_fk" FOREIGN KEY ("master_guid") REFERENCES "public"."masters"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_figures" ADD CONSTRAINT "master_figures_master_guid_masters_guid_fk" FOREIGN KEY ("master_guid") REFERENCES "public"."masters"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_positions" ADD CONSTRAINT "master_positions_master_guid_masters_guid_fk" FOREIGN KEY ("master_guid") REFERENCES "public"."masters"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "master_days_day_idx" ON "master_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "master_positions_master_idx" ON "master_positions" USING btree ("master_guid");--> statement-breakpoint
CREATE INDEX "master_positions_held_idx" ON "master_positions" USING btree ("held_from","held_until");