-- The decision drill (docs/adr/0081): each member's first answer to a master's day in one stock, with the master's
-- choice and whether they agreed; answered_on counts the free tier's daily allowance.
CREATE TABLE "train_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"master_guid" uuid NOT NULL,
	"trade_date" date NOT NULL,
	"code" text NOT NULL,
	"choice" text NOT NULL,
	"quantity" integer,
	"master_choice" text NOT NULL,
	"agreed" boolean NOT NULL,
	"play" text,
	"choice_return" double precision,
	"answered_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_answers_quantity_check" CHECK ("train_answers"."quantity" is null or "train_answers"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "train_answers" ADD CONSTRAINT "train_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_answers" ADD CONSTRAINT "train_answers_master_guid_masters_guid_fk" FOREIGN KEY ("master_guid") REFERENCES "public"."masters"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "train_answers_drill_idx" ON "train_answers" USING btree ("user_id","master_guid","trade_date","code");--> statement-breakpoint
CREATE INDEX "train_answers_user_day_idx" ON "train_answers" USING btree ("user_id","answered_on");