CREATE TABLE "teams_conversations" (
	"conversation_id" varchar(512) PRIMARY KEY NOT NULL,
	"session_id" uuid,
	"tenant_id" varchar(64),
	"service_url" varchar(500),
	"reference" jsonb,
	"card_activity_id" varchar(256),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teams_conversations" ADD CONSTRAINT "teams_conversations_session_id_pointing_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."pointing_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teams_conversations_session_idx" ON "teams_conversations" USING btree ("session_id");