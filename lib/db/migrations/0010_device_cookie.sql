ALTER TABLE "referrals" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_id" text;--> statement-breakpoint
CREATE INDEX "referrals_device_id_idx" ON "referrals" USING btree ("device_id");