CREATE TABLE "story_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"story_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"votes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"average" double precision,
	"consensus_label" varchar(40),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "story_rounds" ADD CONSTRAINT "story_rounds_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "story_rounds_story_round_unique" ON "story_rounds" USING btree ("story_id","round");