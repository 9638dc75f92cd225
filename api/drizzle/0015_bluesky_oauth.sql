CREATE TABLE "bluesky_oauth_sessions" (
	"did" varchar(255) PRIMARY KEY NOT NULL,
	"data" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bluesky_oauth_states" (
	"key" varchar(128) PRIMARY KEY NOT NULL,
	"data" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bluesky_oauth_states_expires_idx" ON "bluesky_oauth_states" USING btree ("expires_at");