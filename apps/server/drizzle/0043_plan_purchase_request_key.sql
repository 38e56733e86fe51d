ALTER TABLE "subscriptions" ADD COLUMN "request_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_request_key_idx" ON "subscriptions" USING btree ("learner_id","request_key");