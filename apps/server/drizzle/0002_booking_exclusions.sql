-- A tutor never holds two overlapping booked sessions, and neither does a learner (DESIGN §4).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_no_teacher_overlap"
  EXCLUDE USING gist ("teacher_id" WITH =, tstzrange("start_at", "end_at") WITH &&) WHERE ("status" = 'booked');
--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_no_learner_overlap"
  EXCLUDE USING gist ("learner_id" WITH =, tstzrange("start_at", "end_at") WITH &&) WHERE ("status" = 'booked');
