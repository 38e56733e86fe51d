ALTER TABLE "course_gifts" ADD COLUMN "request_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "course_gifts_request_key_idx" ON "course_gifts" USING btree ("giver_id","request_key");