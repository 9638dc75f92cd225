ALTER TABLE "session_participants" ADD COLUMN "present_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session_participants" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "session_participants_grace_idx" ON "session_participants" USING btree ("present_until") WHERE "session_participants"."present_until" IS NOT NULL;