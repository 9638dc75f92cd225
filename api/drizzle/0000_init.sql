CREATE TYPE "public"."estimation_scale" AS ENUM('fibonacci', 'tshirt', 'linear', 'powers', 'custom');--> statement-breakpoint
CREATE TYPE "public"."insight_category" AS ENUM('technical', 'estimation', 'process', 'edge_cases', 'security', 'performance', 'collaboration');--> statement-breakpoint
CREATE TYPE "public"."insight_priority" AS ENUM('critical', 'high', 'medium', 'low', 'info');--> statement-breakpoint
CREATE TYPE "public"."insight_type" AS ENUM('suggestion', 'warning', 'risk', 'optimization', 'info', 'error');--> statement-breakpoint
CREATE TYPE "public"."integration_test_result" AS ENUM('success', 'failed', 'timeout', 'error');--> statement-breakpoint
CREATE TYPE "public"."integration_type" AS ENUM('jira', 'teams', 'slack', 'github', 'gitlab', 'azure_devops', 'trello', 'asana');--> statement-breakpoint
CREATE TYPE "public"."participant_role" AS ENUM('creator', 'moderator', 'participant', 'observer');--> statement-breakpoint
CREATE TYPE "public"."story_status" AS ENUM('pending', 'voting', 'completed', 'skipped', 'blocked');--> statement-breakpoint
CREATE TYPE "public"."subscription_plan" AS ENUM('free', 'basic', 'pro', 'enterprise');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('active', 'inactive', 'canceled', 'past_due', 'trialing');--> statement-breakpoint
CREATE TYPE "public"."suggestion_status" AS ENUM('pending', 'approved', 'rejected', 'merged');--> statement-breakpoint
CREATE TYPE "public"."team_role" AS ENUM('owner', 'admin', 'moderator', 'member', 'viewer');--> statement-breakpoint
CREATE TABLE "acceptance_criteria_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"story_id" uuid NOT NULL,
	"suggested_by" uuid,
	"participant_id" uuid,
	"content" text NOT NULL,
	"status" "suggestion_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suggestions_one_author" CHECK (("acceptance_criteria_suggestions"."suggested_by" IS NULL) <> ("acceptance_criteria_suggestions"."participant_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "ai_insights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid,
	"story_id" uuid,
	"type" "insight_type" NOT NULL,
	"priority" "insight_priority" DEFAULT 'medium' NOT NULL,
	"category" "insight_category" NOT NULL,
	"title" varchar(200) NOT NULL,
	"message" text NOT NULL,
	"icon" varchar(50),
	"impact" text,
	"recommendation" text,
	"risk_factors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"metadata" json,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pointing_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text,
	"team_id" uuid,
	"creator_id" uuid NOT NULL,
	"leader_id" uuid,
	"active_story_id" uuid,
	"jira_project_key" varchar(50),
	"estimation_scale" "estimation_scale" DEFAULT 'fibonacci' NOT NULL,
	"custom_deck" integer[],
	"max_participants" integer DEFAULT 50 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pointing_sessions_max_participants" CHECK ("pointing_sessions"."max_participants" BETWEEN 1 AND 500),
	CONSTRAINT "pointing_sessions_archive_inactive" CHECK (NOT ("pointing_sessions"."is_active" AND "pointing_sessions"."archived_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "realtime_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_presence" (
	"instance_id" varchar(64) NOT NULL,
	"session_id" uuid NOT NULL,
	"voter_key" varchar(64) NOT NULL,
	"connections" integer DEFAULT 1 NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "realtime_presence_instance_id_session_id_voter_key_pk" PRIMARY KEY("instance_id","session_id","voter_key")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"sid" varchar PRIMARY KEY NOT NULL,
	"sess" json NOT NULL,
	"expire" timestamp (6) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" uuid,
	"display_name" varchar(100),
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"role" "participant_role" DEFAULT 'participant' NOT NULL,
	"token_hash" varchar(64),
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_participants_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "session_participants_anonymous_name" CHECK (NOT "session_participants"."is_anonymous" OR "session_participants"."display_name" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"team_id" uuid,
	"title" varchar(200) NOT NULL,
	"description" text,
	"acceptance_criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ticket_number" varchar(50),
	"status" "story_status" DEFAULT 'pending' NOT NULL,
	"final_points" integer,
	"consensus" boolean DEFAULT false NOT NULL,
	"votes_revealed" boolean DEFAULT false NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stories_final_points_range" CHECK ("stories"."final_points" IS NULL OR "stories"."final_points" BETWEEN 0 AND 999),
	CONSTRAINT "stories_consensus_needs_points" CHECK (NOT "stories"."consensus" OR "stories"."final_points" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "team_integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"type" "integration_type" NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"config" json,
	"last_test_at" timestamp with time zone,
	"last_test_result" "integration_test_result",
	"last_test_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" "team_role" DEFAULT 'member' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text,
	"creator_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(255),
	"first_name" varchar(100),
	"last_name" varchar(100),
	"profile_image_url" varchar(500),
	"password_hash" text,
	"oauth_provider" varchar(50),
	"oauth_id" varchar(255),
	"stripe_customer_id" varchar(255),
	"stripe_subscription_id" varchar(255),
	"subscription_plan" "subscription_plan" DEFAULT 'free' NOT NULL,
	"subscription_status" "subscription_status" DEFAULT 'inactive' NOT NULL,
	"subscription_current_period_end" timestamp with time zone,
	"integrations" json,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_format" CHECK ("users"."email" IS NULL OR "users"."email" ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
	CONSTRAINT "users_oauth_pair" CHECK (("users"."oauth_provider" IS NULL) = ("users"."oauth_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"story_id" uuid NOT NULL,
	"user_id" uuid,
	"participant_id" uuid,
	"points" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "votes_one_voter" CHECK (("votes"."user_id" IS NULL) <> ("votes"."participant_id" IS NULL)),
	CONSTRAINT "votes_points_range" CHECK ("votes"."points" IS NULL OR "votes"."points" BETWEEN 0 AND 999)
);
--> statement-breakpoint
ALTER TABLE "acceptance_criteria_suggestions" ADD CONSTRAINT "acceptance_criteria_suggestions_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acceptance_criteria_suggestions" ADD CONSTRAINT "acceptance_criteria_suggestions_suggested_by_users_id_fk" FOREIGN KEY ("suggested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acceptance_criteria_suggestions" ADD CONSTRAINT "acceptance_criteria_suggestions_participant_id_session_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."session_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_insights" ADD CONSTRAINT "ai_insights_session_id_pointing_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."pointing_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_insights" ADD CONSTRAINT "ai_insights_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pointing_sessions" ADD CONSTRAINT "pointing_sessions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pointing_sessions" ADD CONSTRAINT "pointing_sessions_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pointing_sessions" ADD CONSTRAINT "pointing_sessions_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pointing_sessions" ADD CONSTRAINT "pointing_sessions_active_story_id_stories_id_fk" FOREIGN KEY ("active_story_id") REFERENCES "public"."stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_presence" ADD CONSTRAINT "realtime_presence_session_id_pointing_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."pointing_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_participants" ADD CONSTRAINT "session_participants_session_id_pointing_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."pointing_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_participants" ADD CONSTRAINT "session_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_session_id_pointing_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."pointing_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_integrations" ADD CONSTRAINT "team_integrations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_participant_id_session_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."session_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_insights_session_idx" ON "ai_insights" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "pointing_sessions_creator_idx" ON "pointing_sessions" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "pointing_sessions_team_idx" ON "pointing_sessions" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "realtime_presence_session_idx" ON "realtime_presence" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "IDX_session_expire" ON "session" USING btree ("expire");--> statement-breakpoint
CREATE UNIQUE INDEX "session_participants_session_user_unique" ON "session_participants" USING btree ("session_id","user_id");--> statement-breakpoint
CREATE INDEX "session_participants_user_idx" ON "session_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stories_session_idx" ON "stories" USING btree ("session_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "team_integrations_team_type_unique" ON "team_integrations" USING btree ("team_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_team_user_unique" ON "team_members" USING btree ("team_id","user_id");--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_creator_name_unique" ON "teams" USING btree ("creator_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "users_oauth_unique" ON "users" USING btree ("oauth_provider","oauth_id");--> statement-breakpoint
CREATE UNIQUE INDEX "votes_story_user_unique" ON "votes" USING btree ("story_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "votes_story_participant_unique" ON "votes" USING btree ("story_id","participant_id");