ALTER TABLE "live_sessions" ADD COLUMN "rescheduled_to_id" uuid;--> statement-breakpoint
-- Sessions moved before this column existed: their replacement already names them (rescheduled_from_id).
UPDATE "live_sessions" AS "old" SET "rescheduled_to_id" = "new"."id" FROM "live_sessions" AS "new" WHERE "new"."rescheduled_from_id" = "old"."id";
