-- A certificate keeps the day it says it was issued on: the learner's day at issue, in their zone then, so a later change of zone does not change what the PDF, the list and the public check say.
ALTER TABLE "certificates" ADD COLUMN "issued_on" date;--> statement-breakpoint
UPDATE "certificates" SET "issued_on" = ("certificates"."issued_at" AT TIME ZONE "users"."timezone")::date FROM "users" WHERE "users"."id" = "certificates"."user_id";--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "issued_on" SET NOT NULL;
