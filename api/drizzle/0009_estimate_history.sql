CREATE TABLE "estimate_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"team_id" uuid,
	"owner_user_id" uuid,
	"story_key" varchar(64) NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text,
	"points" numeric(4, 1) NOT NULL,
	"source" varchar(16) NOT NULL,
	"story_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimate_history_scope" CHECK ("estimate_history"."team_id" IS NOT NULL OR "estimate_history"."owner_user_id" IS NOT NULL),
	CONSTRAINT "estimate_history_source" CHECK ("estimate_history"."source" IN ('import', 'session')),
	CONSTRAINT "estimate_history_points_range" CHECK ("estimate_history"."points" BETWEEN 0 AND 999)
);
--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "suggested_points" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "suggested_low" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "suggested_high" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "estimate_history" ADD CONSTRAINT "estimate_history_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_history" ADD CONSTRAINT "estimate_history_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_history" ADD CONSTRAINT "estimate_history_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimate_history_team_idx" ON "estimate_history" USING btree ("team_id","seq");--> statement-breakpoint
CREATE INDEX "estimate_history_owner_idx" ON "estimate_history" USING btree ("owner_user_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_history_story_unique" ON "estimate_history" USING btree ("story_id");