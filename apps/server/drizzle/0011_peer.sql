CREATE TABLE "peer_balances" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"available_minutes" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "peer_balance_non_negative" CHECK ("peer_balances"."available_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "peer_call_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"call_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "peer_call_presence" (
	"connection_id" text NOT NULL,
	"call_id" uuid NOT NULL,
	"side" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"beat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "peer_call_sides" (
	"call_id" uuid NOT NULL,
	"side" text NOT NULL,
	"user_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"joined_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	"charged_minutes" integer,
	"remaining_minutes" integer,
	CONSTRAINT "peer_call_sides_call_user_unique" UNIQUE("call_id","user_id"),
	CONSTRAINT "peer_call_sides_charge" CHECK (("peer_call_sides"."charged_minutes" is null) = ("peer_call_sides"."remaining_minutes" is null) and ("peer_call_sides"."charged_minutes" is null or ("peer_call_sides"."charged_minutes" >= 0 and "peer_call_sides"."remaining_minutes" >= 0)))
);
--> statement-breakpoint
CREATE TABLE "peer_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'matched' NOT NULL,
	"matched_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"duration_ms" integer,
	CONSTRAINT "peer_calls_started" CHECK (("peer_calls"."started_at" is null) = ("peer_calls"."ends_at" is null) and ("peer_calls"."status" <> 'live' or "peer_calls"."started_at" is not null)),
	CONSTRAINT "peer_calls_ended" CHECK (("peer_calls"."status" = 'ended') = ("peer_calls"."ended_at" is not null and "peer_calls"."end_reason" is not null and "peer_calls"."duration_ms" is not null)),
	CONSTRAINT "peer_calls_duration" CHECK ("peer_calls"."duration_ms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "peer_minute_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"subscription_id" uuid,
	"call_id" uuid,
	"balance_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "peer_minute_entries_subscription_unique" UNIQUE("subscription_id"),
	CONSTRAINT "peer_minute_entries_call_unique" UNIQUE("call_id","user_id"),
	CONSTRAINT "peer_minute_entries_balance" CHECK ("peer_minute_entries"."balance_after" >= 0 and "peer_minute_entries"."delta" <> 0),
	CONSTRAINT "peer_minute_entries_reason" CHECK (("peer_minute_entries"."reason" = 'plan' and "peer_minute_entries"."delta" > 0 and "peer_minute_entries"."subscription_id" is not null and "peer_minute_entries"."call_id" is null) or ("peer_minute_entries"."reason" = 'call' and "peer_minute_entries"."delta" < 0 and "peer_minute_entries"."call_id" is not null and "peer_minute_entries"."subscription_id" is null))
);
--> statement-breakpoint
CREATE TABLE "peer_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"first_language" text NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"availability" text DEFAULT '' NOT NULL,
	"suspended_at" timestamp with time zone,
	"suspension_reason" text,
	"warnings" integer DEFAULT 0 NOT NULL,
	"last_warning_reason" text,
	"last_warned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "peer_queue" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"first_language" text NOT NULL,
	"mode" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "peer_ratings" (
	"call_id" uuid NOT NULL,
	"rater_id" uuid NOT NULL,
	"ratee_id" uuid NOT NULL,
	"stars" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "peer_ratings_stars" CHECK ("peer_ratings"."stars" between 1 and 5),
	CONSTRAINT "peer_ratings_not_self" CHECK ("peer_ratings"."rater_id" <> "peer_ratings"."ratee_id")
);
--> statement-breakpoint
CREATE TABLE "peer_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"call_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reported_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolution" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "peer_reports_call_reporter_unique" UNIQUE("call_id","reporter_id"),
	CONSTRAINT "peer_reports_not_self" CHECK ("peer_reports"."reporter_id" <> "peer_reports"."reported_id"),
	CONSTRAINT "peer_reports_resolved" CHECK (("peer_reports"."resolution" is null) = ("peer_reports"."resolved_at" is null) and ("peer_reports"."resolution" is null) = ("peer_reports"."resolved_by" is null))
);
--> statement-breakpoint
ALTER TABLE "moderator_actions" ADD COLUMN "peer_report_id" uuid;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "peer_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "peer_balances" ADD CONSTRAINT "peer_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_call_messages" ADD CONSTRAINT "peer_call_messages_call_id_peer_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."peer_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_call_messages" ADD CONSTRAINT "peer_call_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_call_presence" ADD CONSTRAINT "peer_call_presence_call_id_peer_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."peer_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_call_sides" ADD CONSTRAINT "peer_call_sides_call_id_peer_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."peer_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_call_sides" ADD CONSTRAINT "peer_call_sides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_minute_entries" ADD CONSTRAINT "peer_minute_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_minute_entries" ADD CONSTRAINT "peer_minute_entries_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_minute_entries" ADD CONSTRAINT "peer_minute_entries_call_id_peer_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."peer_calls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_profiles" ADD CONSTRAINT "peer_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_queue" ADD CONSTRAINT "peer_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_ratings" ADD CONSTRAINT "peer_ratings_call_id_peer_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."peer_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_ratings" ADD CONSTRAINT "peer_ratings_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_ratings" ADD CONSTRAINT "peer_ratings_ratee_id_users_id_fk" FOREIGN KEY ("ratee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_reports" ADD CONSTRAINT "peer_reports_call_id_peer_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."peer_calls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_reports" ADD CONSTRAINT "peer_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_reports" ADD CONSTRAINT "peer_reports_reported_id_users_id_fk" FOREIGN KEY ("reported_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_reports" ADD CONSTRAINT "peer_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "peer_call_messages_call_idx" ON "peer_call_messages" USING btree ("call_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "peer_call_presence_pk" ON "peer_call_presence" USING btree ("connection_id","call_id");--> statement-breakpoint
CREATE INDEX "peer_call_presence_call_idx" ON "peer_call_presence" USING btree ("call_id","side");--> statement-breakpoint
CREATE UNIQUE INDEX "peer_call_sides_pk" ON "peer_call_sides" USING btree ("call_id","side");--> statement-breakpoint
CREATE UNIQUE INDEX "peer_call_sides_one_active_call" ON "peer_call_sides" USING btree ("user_id") WHERE "peer_call_sides"."active";--> statement-breakpoint
CREATE INDEX "peer_call_sides_user_idx" ON "peer_call_sides" USING btree ("user_id","call_id");--> statement-breakpoint
CREATE INDEX "peer_calls_open_idx" ON "peer_calls" USING btree ("status") WHERE "peer_calls"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "peer_minute_entries_user_idx" ON "peer_minute_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "peer_ratings_pk" ON "peer_ratings" USING btree ("call_id","rater_id");--> statement-breakpoint
CREATE INDEX "peer_reports_pair_idx" ON "peer_reports" USING btree ("reporter_id","reported_id");--> statement-breakpoint
CREATE INDEX "peer_reports_reported_idx" ON "peer_reports" USING btree ("reported_id","reporter_id");--> statement-breakpoint
CREATE INDEX "peer_reports_created_idx" ON "peer_reports" USING btree ("created_at");