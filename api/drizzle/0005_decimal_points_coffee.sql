ALTER TABLE "pointing_sessions" ALTER COLUMN "custom_deck" SET DATA TYPE numeric(4, 1)[];--> statement-breakpoint
ALTER TABLE "stories" ALTER COLUMN "final_points" SET DATA TYPE numeric(4, 1);--> statement-breakpoint
ALTER TABLE "votes" ALTER COLUMN "points" SET DATA TYPE numeric(4, 1);--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "coffee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_coffee_or_points" CHECK ("votes"."coffee" = ("votes"."points" IS NULL));