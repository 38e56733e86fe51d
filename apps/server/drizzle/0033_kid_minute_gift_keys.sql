CREATE TABLE "kid_minute_gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid NOT NULL,
	"kid_id" uuid NOT NULL,
	"minutes" integer NOT NULL,
	"request_key" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kid_minute_gifts_minutes" CHECK ("kid_minute_gifts"."minutes" > 0)
);
--> statement-breakpoint
ALTER TABLE "kid_minute_gifts" ADD CONSTRAINT "kid_minute_gifts_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kid_minute_gifts" ADD CONSTRAINT "kid_minute_gifts_kid_id_users_id_fk" FOREIGN KEY ("kid_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kid_minute_gifts_request_key_idx" ON "kid_minute_gifts" USING btree ("parent_id","request_key");--> statement-breakpoint
CREATE INDEX "kid_minute_gifts_kid_idx" ON "kid_minute_gifts" USING btree ("kid_id");