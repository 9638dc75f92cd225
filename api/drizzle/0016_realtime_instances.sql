CREATE TABLE "realtime_instances" (
	"instance_id" varchar(64) PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "realtime_presence" DROP COLUMN "seen_at";