CREATE TABLE "curriculum_levels" (
	"code" text PRIMARY KEY NOT NULL,
	"position" smallint NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"certificate_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"certificate_name" text NOT NULL,
	CONSTRAINT "curriculum_levels_position_unique" UNIQUE("position"),
	CONSTRAINT "curriculum_levels_certificate_id_unique" UNIQUE("certificate_id")
);
--> statement-breakpoint
CREATE TABLE "curriculum_reviews" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"learner_id" uuid NOT NULL,
	"tutor_id" uuid NOT NULL,
	"level_code" text NOT NULL,
	"topic_id" uuid,
	"completed" boolean NOT NULL,
	"score" smallint,
	"note" text NOT NULL,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "curriculum_reviews_score" CHECK (("curriculum_reviews"."topic_id" is null) = ("curriculum_reviews"."score" is not null) and ("curriculum_reviews"."score" is null or "curriculum_reviews"."score" between 0 and 100))
);
--> statement-breakpoint
CREATE TABLE "curriculum_topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"level_code" text NOT NULL,
	"position" smallint NOT NULL,
	"title" text NOT NULL,
	"goal" text NOT NULL,
	"preparation" text NOT NULL,
	"vocabulary" text[] NOT NULL,
	CONSTRAINT "curriculum_topics_level_position_unique" UNIQUE("level_code","position")
);
--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "course_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "curriculum_level" text;--> statement-breakpoint
ALTER TABLE "curriculum_reviews" ADD CONSTRAINT "curriculum_reviews_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_reviews" ADD CONSTRAINT "curriculum_reviews_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_reviews" ADD CONSTRAINT "curriculum_reviews_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_reviews" ADD CONSTRAINT "curriculum_reviews_level_code_curriculum_levels_code_fk" FOREIGN KEY ("level_code") REFERENCES "public"."curriculum_levels"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_reviews" ADD CONSTRAINT "curriculum_reviews_topic_id_curriculum_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."curriculum_topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curriculum_topics" ADD CONSTRAINT "curriculum_topics_level_code_curriculum_levels_code_fk" FOREIGN KEY ("level_code") REFERENCES "public"."curriculum_levels"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "curriculum_reviews_learner_idx" ON "curriculum_reviews" USING btree ("learner_id","reviewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "curriculum_reviews_topic_once" ON "curriculum_reviews" USING btree ("learner_id","topic_id") WHERE "curriculum_reviews"."completed" and "curriculum_reviews"."topic_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "curriculum_reviews_level_once" ON "curriculum_reviews" USING btree ("learner_id","level_code") WHERE "curriculum_reviews"."completed" and "curriculum_reviews"."topic_id" is null;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_level_unique" UNIQUE("user_id","curriculum_level");--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_one_subject" CHECK (("certificates"."course_id" is null) <> ("certificates"."curriculum_level" is null));