CREATE TABLE "organization_inquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"organization" text NOT NULL,
	"email" text NOT NULL,
	"team_size" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_inquiries_team_size" CHECK ("organization_inquiries"."team_size" in ('1-10', '11-50', '51-200', '201-1000', '1000+'))
);
--> statement-breakpoint
CREATE TABLE "tutor_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"country" text NOT NULL,
	"subjects" text[] NOT NULL,
	"experience_years" smallint NOT NULL,
	"bio" text NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutor_applications_subjects" CHECK (cardinality("tutor_applications"."subjects") >= 1 and "tutor_applications"."subjects" <@ array['English', 'IELTS', 'Kids', 'Financial Education']::text[]),
	CONSTRAINT "tutor_applications_experience" CHECK ("tutor_applications"."experience_years" between 0 and 60)
);
--> statement-breakpoint
CREATE INDEX "organization_inquiries_created_idx" ON "organization_inquiries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tutor_applications_created_idx" ON "tutor_applications" USING btree ("created_at","id");