ALTER TABLE "phone_code_sends" ADD COLUMN "phone_number" text;--> statement-breakpoint
CREATE INDEX "phone_code_sends_number_idx" ON "phone_code_sends" USING btree ("phone_number","sent_at");