CREATE TYPE "public"."role" AS ENUM('learner', 'kid', 'peer', 'teacher', 'influencer', 'moderator', 'creator');--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"role" "role" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"code" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"discount_percent" smallint NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "influencers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"referral_code" text NOT NULL,
	"coupon_discount_percent" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	CONSTRAINT "influencers_referral_code_unique" UNIQUE("referral_code")
);
--> statement-breakpoint
CREATE TABLE "login_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"subscription_type" text NOT NULL,
	"class_duration_min" smallint NOT NULL,
	"session_count" integer NOT NULL,
	"weekly_sessions" integer NOT NULL,
	"validity_days" integer NOT NULL,
	"price_inr_minor" integer NOT NULL,
	"price_usd_minor" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "plans_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"learner_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"subjects" text[] NOT NULL,
	"subscription_type" text NOT NULL,
	"available_session" integer NOT NULL,
	"available_weekly_session" integer NOT NULL,
	"backlog_session" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_counts_non_negative" CHECK ("subscriptions"."available_session" >= 0 and "subscriptions"."available_weekly_session" >= 0 and "subscriptions"."backlog_session" >= 0)
);
--> statement-breakpoint
CREATE TABLE "teacher_availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	CONSTRAINT "availability_weekday" CHECK ("teacher_availability"."weekday" between 0 and 6),
	CONSTRAINT "availability_range" CHECK (0 <= "teacher_availability"."start_minute" and "teacher_availability"."start_minute" < "teacher_availability"."end_minute" and "teacher_availability"."end_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "teacher_days_off" (
	"teacher_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "teacher_days_off_unique" UNIQUE("teacher_id","day")
);
--> statement-breakpoint
CREATE TABLE "teachers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"subjects" text[] DEFAULT '{}'::text[] NOT NULL,
	"rating" real DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"is_sales_person" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role" "role" NOT NULL,
	"email" text,
	"password_hash" text,
	"name" text NOT NULL,
	"phone_number" text,
	"dob" date,
	"country" text DEFAULT 'IN' NOT NULL,
	"timezone" text DEFAULT 'Asia/Kolkata' NOT NULL,
	"avatar" text,
	"is_phone_number_verified" boolean DEFAULT false NOT NULL,
	"is_demo_payed" boolean DEFAULT false NOT NULL,
	"is_ielts_demo_payed" boolean DEFAULT false NOT NULL,
	"is_new_curriculum" boolean DEFAULT false NOT NULL,
	"is_migrated_to_curriculum" boolean DEFAULT false NOT NULL,
	"is_peer_active" boolean DEFAULT false NOT NULL,
	"demo_booked_subjects" text[] DEFAULT '{}'::text[] NOT NULL,
	"parent_id" uuid,
	"referral_code" text,
	"referred_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_referral_code_unique" UNIQUE("referral_code"),
	CONSTRAINT "users_role_email_unique" UNIQUE("role","email"),
	CONSTRAINT "users_kid_has_parent" CHECK (("users"."role" = 'kid') = ("users"."parent_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "influencers" ADD CONSTRAINT "influencers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_links" ADD CONSTRAINT "login_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_availability" ADD CONSTRAINT "teacher_availability_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_days_off" ADD CONSTRAINT "teacher_days_off_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_learner_idx" ON "subscriptions" USING btree ("learner_id");--> statement-breakpoint
CREATE INDEX "teacher_availability_teacher_idx" ON "teacher_availability" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "users_parent_idx" ON "users" USING btree ("parent_id");