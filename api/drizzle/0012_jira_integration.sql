CREATE TABLE "user_integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "integration_type" NOT NULL,
	"server_url" varchar(500) NOT NULL,
	"email" varchar(255) NOT NULL,
	"token_ciphertext" text NOT NULL,
	"token_last4" varchar(4) NOT NULL,
	"story_points_field" varchar(100),
	"points_field" varchar(100),
	"points_field_site" varchar(500),
	"last_test_at" timestamp with time zone,
	"last_test_result" "integration_test_result",
	"last_test_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "jira_sync_status" varchar(10);--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "jira_sync_error" text;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "jira_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_integrations" ADD CONSTRAINT "user_integrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_integrations_user_type_unique" ON "user_integrations" USING btree ("user_id","type");--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_jira_sync_status" CHECK ("stories"."jira_sync_status" IS NULL OR "stories"."jira_sync_status" IN ('ok', 'failed', 'pending'));