-- An affiliate's application (/affiliate/apply) says where they will share Parley and who follows them there, for the moderators to decide on.
ALTER TABLE "influencers" ADD COLUMN "channel" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "influencers" ADD COLUMN "audience" text DEFAULT '' NOT NULL;