CREATE TYPE "public"."data_retention" AS ENUM('3_months', '6_months', '1_year', '2_years', 'indefinite');--> statement-breakpoint
CREATE TABLE "team_audit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"action" varchar(20) NOT NULL,
	"session_id" uuid,
	"session_title" varchar(200) NOT NULL,
	"story_id" uuid,
	"story_title" varchar(200) NOT NULL,
	"previous_points" numeric(4, 1),
	"final_points" numeric(4, 1),
	"user_id" uuid,
	"user_name" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_audit_entries_action" CHECK ("team_audit_entries"."action" IN ('completed', 'corrected', 'cleared'))
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "allow_anonymous_participants" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "private_team" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "audit_log" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "data_retention" "data_retention" DEFAULT '1_year' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_audit_entries" ADD CONSTRAINT "team_audit_entries_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_audit_entries" ADD CONSTRAINT "team_audit_entries_session_id_pointing_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."pointing_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_audit_entries" ADD CONSTRAINT "team_audit_entries_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_audit_entries" ADD CONSTRAINT "team_audit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_audit_entries_team_idx" ON "team_audit_entries" USING btree ("team_id","created_at");