CREATE TABLE "moderator_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"moderator_id" uuid NOT NULL,
	"action" text NOT NULL,
	"target_user_id" uuid NOT NULL,
	"login_link_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unapplied_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"user_id" uuid,
	"purpose" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "unapplied_payments_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "opened_by" uuid;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "qualifying_payment_id" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "qualifying_amount_minor" integer;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "qualifying_currency" text;--> statement-breakpoint
ALTER TABLE "moderator_actions" ADD CONSTRAINT "moderator_actions_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderator_actions" ADD CONSTRAINT "moderator_actions_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderator_actions" ADD CONSTRAINT "moderator_actions_login_link_id_login_links_id_fk" FOREIGN KEY ("login_link_id") REFERENCES "public"."login_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unapplied_payments" ADD CONSTRAINT "unapplied_payments_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unapplied_payments" ADD CONSTRAINT "unapplied_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderator_actions_created_idx" ON "moderator_actions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "auth_sessions_opened_by_idx" ON "auth_sessions" USING btree ("opened_by");--> statement-breakpoint
CREATE INDEX "auth_sessions_device_idx" ON "auth_sessions" USING btree ("device_id");--> statement-breakpoint
-- Older duplicate open demo orders of signed-in learners (from before this rule) are closed, keeping the newest.
UPDATE "payment_orders" SET "status" = 'canceled' WHERE "purpose" = 'Demo' AND "status" = 'created' AND NOT coalesce(("details" ->> 'authLess')::boolean, false) AND "id" NOT IN (
  SELECT DISTINCT ON ("user_id", "details" ->> 'subject') "id" FROM "payment_orders"
  WHERE "purpose" = 'Demo' AND "status" = 'created' AND NOT coalesce(("details" ->> 'authLess')::boolean, false)
  ORDER BY "user_id", "details" ->> 'subject', "created_at" DESC
);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_one_open_demo" ON "payment_orders" USING btree ("user_id",("details" ->> 'subject')) WHERE "payment_orders"."purpose" = 'Demo' and "payment_orders"."status" = 'created' and not coalesce(("payment_orders"."details" ->> 'authLess')::boolean, false);