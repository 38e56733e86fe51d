ALTER TABLE "affiliate_clicks" ADD COLUMN "visitor_key" text;--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD COLUMN "visit_day" date;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_clicks_one_a_day" ON "affiliate_clicks" USING btree ("influencer_id","visitor_key","visit_day");