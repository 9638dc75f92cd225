ALTER TABLE "pointing_sessions" ADD COLUMN "auto_reveal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "timer_ends_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "stories_timer_ends_at_idx" ON "stories" USING btree ("timer_ends_at") WHERE "stories"."timer_ends_at" IS NOT NULL;