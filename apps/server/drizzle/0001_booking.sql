CREATE TABLE "favourite_teachers" (
	"learner_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	CONSTRAINT "favourite_teachers_unique" UNIQUE("learner_id","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "kid_session_balances" (
	"kid_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"sessions_available" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "kid_session_balances_unique" UNIQUE("kid_id","subject"),
	CONSTRAINT "kid_sessions_non_negative" CHECK ("kid_session_balances"."sessions_available" >= 0)
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"learner_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"for_kids" boolean DEFAULT false NOT NULL,
	"is_chat_booking" boolean DEFAULT false NOT NULL,
	"topic_id" text,
	"certificate_id" text,
	"level" text,
	"subscription_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_sessions_positive_length" CHECK ("live_sessions"."end_at" > "live_sessions"."start_at")
);
--> statement-breakpoint
CREATE TABLE "teacher_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"learner_name" text NOT NULL,
	"reviews" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "favourite_teachers" ADD CONSTRAINT "favourite_teachers_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_teachers" ADD CONSTRAINT "favourite_teachers_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kid_session_balances" ADD CONSTRAINT "kid_session_balances_kid_id_users_id_fk" FOREIGN KEY ("kid_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_reviews" ADD CONSTRAINT "teacher_reviews_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_sessions_learner_idx" ON "live_sessions" USING btree ("learner_id","start_at");--> statement-breakpoint
CREATE INDEX "live_sessions_teacher_idx" ON "live_sessions" USING btree ("teacher_id","start_at");--> statement-breakpoint
CREATE INDEX "teacher_reviews_teacher_idx" ON "teacher_reviews" USING btree ("teacher_id");