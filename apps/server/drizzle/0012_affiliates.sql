CREATE TABLE "affiliate_attributions" (
	"learner_id" uuid PRIMARY KEY NOT NULL,
	"influencer_id" uuid NOT NULL,
	"click_id" uuid,
	"touched_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_attribution_not_self" CHECK ("affiliate_attributions"."learner_id" <> "affiliate_attributions"."influencer_id")
);
--> statement-breakpoint
CREATE TABLE "affiliate_balances" (
	"influencer_id" uuid PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"balance_minor" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_bank_details" (
	"influencer_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"sealed" text NOT NULL,
	"account_last4" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"influencer_id" uuid NOT NULL,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"landing_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"influencer_id" uuid NOT NULL,
	"learner_id" uuid NOT NULL,
	"payment_id" text NOT NULL,
	"paid_minor" integer NOT NULL,
	"paid_currency" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"amount_minor" integer,
	"currency" text,
	"credited_at" timestamp with time zone,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"reversed_minor" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "affiliate_commissions_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "affiliate_commission_credited" CHECK (("affiliate_commissions"."credited_at" is null) = ("affiliate_commissions"."amount_minor" is null) and ("affiliate_commissions"."amount_minor" is null) = ("affiliate_commissions"."currency" is null)),
	CONSTRAINT "affiliate_commission_amounts" CHECK ("affiliate_commissions"."amount_minor" >= 0 and "affiliate_commissions"."reversed_minor" >= 0 and "affiliate_commissions"."reversed_minor" <= coalesce("affiliate_commissions"."amount_minor", 0) and "affiliate_commissions"."refunded_minor" between 0 and "affiliate_commissions"."paid_minor")
);
--> statement-breakpoint
CREATE TABLE "affiliate_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"influencer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"closing_balance_minor" integer NOT NULL,
	"commission_id" uuid,
	"payout_id" uuid,
	"source_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_ledger_source_key_unique" UNIQUE("source_key"),
	CONSTRAINT "affiliate_ledger_positive" CHECK ("affiliate_ledger"."amount_minor" > 0),
	CONSTRAINT "affiliate_ledger_payout_covered" CHECK ("affiliate_ledger"."kind" <> 'payout' or "affiliate_ledger"."closing_balance_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "affiliate_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"influencer_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"account_last4" text NOT NULL,
	"provider_reference" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "affiliate_payout_positive" CHECK ("affiliate_payouts"."amount_minor" > 0),
	CONSTRAINT "affiliate_payout_paid" CHECK (("affiliate_payouts"."status" = 'paid') = ("affiliate_payouts"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refund_positive" CHECK ("payment_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "affiliate_attributions" ADD CONSTRAINT "affiliate_attributions_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_attributions" ADD CONSTRAINT "affiliate_attributions_influencer_id_users_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_attributions" ADD CONSTRAINT "affiliate_attributions_click_id_affiliate_clicks_id_fk" FOREIGN KEY ("click_id") REFERENCES "public"."affiliate_clicks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_balances" ADD CONSTRAINT "affiliate_balances_influencer_id_users_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_bank_details" ADD CONSTRAINT "affiliate_bank_details_influencer_id_users_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD CONSTRAINT "affiliate_clicks_influencer_id_users_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_influencer_id_users_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_ledger" ADD CONSTRAINT "affiliate_ledger_influencer_id_affiliate_balances_influencer_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."affiliate_balances"("influencer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_ledger" ADD CONSTRAINT "affiliate_ledger_commission_id_affiliate_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."affiliate_commissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_influencer_id_users_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_attributions_influencer_created_idx" ON "affiliate_attributions" USING btree ("influencer_id","created_at");--> statement-breakpoint
CREATE INDEX "affiliate_clicks_influencer_created_idx" ON "affiliate_clicks" USING btree ("influencer_id","created_at");--> statement-breakpoint
CREATE INDEX "affiliate_commissions_influencer_paid_idx" ON "affiliate_commissions" USING btree ("influencer_id","paid_at");--> statement-breakpoint
CREATE INDEX "affiliate_commissions_influencer_learner_idx" ON "affiliate_commissions" USING btree ("influencer_id","learner_id","paid_at");--> statement-breakpoint
CREATE INDEX "affiliate_commissions_pending_idx" ON "affiliate_commissions" USING btree ("paid_at") WHERE "affiliate_commissions"."credited_at" is null;--> statement-breakpoint
CREATE INDEX "affiliate_ledger_influencer_created_idx" ON "affiliate_ledger" USING btree ("influencer_id","created_at");--> statement-breakpoint
CREATE INDEX "affiliate_payouts_influencer_idx" ON "affiliate_payouts" USING btree ("influencer_id","requested_at");--> statement-breakpoint
CREATE INDEX "affiliate_payouts_requested_idx" ON "affiliate_payouts" USING btree ("requested_at") WHERE "affiliate_payouts"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");