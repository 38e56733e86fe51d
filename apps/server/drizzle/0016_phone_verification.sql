CREATE TABLE "phone_code_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_verifications" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "channel" text DEFAULT 'mail' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ielts_band_goal" numeric(2, 1);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ielts_test_date" date;--> statement-breakpoint
ALTER TABLE "phone_code_sends" ADD CONSTRAINT "phone_code_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_code_sends_user_idx" ON "phone_code_sends" USING btree ("user_id","sent_at");
--> statement-breakpoint
-- Time zones by their current IANA names (packages/domain/src/geo.ts canonicalTimeZone): sign-ups
-- from Chromium were stored as 'Asia/Calcutta' while the seeded users have 'Asia/Kolkata'.
UPDATE "users" SET "timezone" = CASE "timezone"
  WHEN 'Africa/Asmera' THEN 'Africa/Asmara'
  WHEN 'America/Buenos_Aires' THEN 'America/Argentina/Buenos_Aires'
  WHEN 'America/Catamarca' THEN 'America/Argentina/Catamarca'
  WHEN 'America/Cordoba' THEN 'America/Argentina/Cordoba'
  WHEN 'America/Jujuy' THEN 'America/Argentina/Jujuy'
  WHEN 'America/Mendoza' THEN 'America/Argentina/Mendoza'
  WHEN 'America/Godthab' THEN 'America/Nuuk'
  WHEN 'America/Indianapolis' THEN 'America/Indiana/Indianapolis'
  WHEN 'America/Louisville' THEN 'America/Kentucky/Louisville'
  WHEN 'Asia/Calcutta' THEN 'Asia/Kolkata'
  WHEN 'Asia/Dacca' THEN 'Asia/Dhaka'
  WHEN 'Asia/Katmandu' THEN 'Asia/Kathmandu'
  WHEN 'Asia/Rangoon' THEN 'Asia/Yangon'
  WHEN 'Asia/Saigon' THEN 'Asia/Ho_Chi_Minh'
  WHEN 'Asia/Ulan_Bator' THEN 'Asia/Ulaanbaatar'
  WHEN 'Atlantic/Faeroe' THEN 'Atlantic/Faroe'
  WHEN 'Europe/Kiev' THEN 'Europe/Kyiv'
  WHEN 'Pacific/Enderbury' THEN 'Pacific/Kanton'
  WHEN 'Pacific/Ponape' THEN 'Pacific/Pohnpei'
  WHEN 'Pacific/Truk' THEN 'Pacific/Chuuk'
  ELSE "timezone" END
WHERE "timezone" IN ('Africa/Asmera', 'America/Buenos_Aires', 'America/Catamarca', 'America/Cordoba', 'America/Jujuy', 'America/Mendoza', 'America/Godthab', 'America/Indianapolis', 'America/Louisville', 'Asia/Calcutta', 'Asia/Dacca', 'Asia/Katmandu', 'Asia/Rangoon', 'Asia/Saigon', 'Asia/Ulan_Bator', 'Atlantic/Faeroe', 'Europe/Kiev', 'Pacific/Enderbury', 'Pacific/Ponape', 'Pacific/Truk');
