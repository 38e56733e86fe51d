DROP INDEX "affiliate_payouts_requested_idx";--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD COLUMN "provider_payout_id" text;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
CREATE INDEX "affiliate_payouts_open_idx" ON "affiliate_payouts" USING btree ("requested_at") WHERE "affiliate_payouts"."status" in ('requested', 'processing');--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payout_failed" CHECK (("affiliate_payouts"."status" = 'failed') = ("affiliate_payouts"."failure_reason" is not null));--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payout_processing" CHECK ("affiliate_payouts"."status" <> 'processing' or "affiliate_payouts"."provider_payout_id" is not null);