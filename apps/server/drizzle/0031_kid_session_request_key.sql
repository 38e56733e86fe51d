CREATE TABLE "kid_session_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid NOT NULL,
	"kid_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"sessions_bought" integer NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"request_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kid_session_purchases" ADD CONSTRAINT "kid_session_purchases_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kid_session_purchases" ADD CONSTRAINT "kid_session_purchases_kid_id_users_id_fk" FOREIGN KEY ("kid_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kid_session_purchases_kid_idx" ON "kid_session_purchases" USING btree ("kid_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kid_session_purchases_request_key_idx" ON "kid_session_purchases" USING btree ("parent_id","request_key");