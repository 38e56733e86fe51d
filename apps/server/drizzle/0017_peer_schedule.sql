CREATE TABLE "peer_slot_holds" (
	"slot_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "peer_slot_reminders" (
	"slot_id" uuid NOT NULL,
	"offset_min" integer NOT NULL,
	"recipient_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "peer_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" uuid NOT NULL,
	"guest_id" uuid,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"call_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"booked_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "peer_slots_call_unique" UNIQUE("call_id"),
	CONSTRAINT "peer_slots_times" CHECK ("peer_slots"."end_at" > "peer_slots"."start_at"),
	CONSTRAINT "peer_slots_not_self" CHECK ("peer_slots"."guest_id" is null or "peer_slots"."guest_id" <> "peer_slots"."host_id"),
	CONSTRAINT "peer_slots_guest" CHECK (("peer_slots"."status" = 'booked') = ("peer_slots"."guest_id" is not null)),
	CONSTRAINT "peer_slots_cancelled" CHECK (("peer_slots"."status" = 'cancelled') = ("peer_slots"."cancelled_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "peer_calls" ADD COLUMN "join_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "peer_calls" ADD COLUMN "scheduled_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "peer_slot_holds" ADD CONSTRAINT "peer_slot_holds_slot_id_peer_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."peer_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_slot_holds" ADD CONSTRAINT "peer_slot_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_slot_reminders" ADD CONSTRAINT "peer_slot_reminders_slot_id_peer_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."peer_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_slot_reminders" ADD CONSTRAINT "peer_slot_reminders_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_slots" ADD CONSTRAINT "peer_slots_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_slots" ADD CONSTRAINT "peer_slots_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_slots" ADD CONSTRAINT "peer_slots_call_id_peer_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."peer_calls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "peer_slot_holds_pk" ON "peer_slot_holds" USING btree ("slot_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "peer_slot_reminders_pk" ON "peer_slot_reminders" USING btree ("slot_id","offset_min","recipient_id");--> statement-breakpoint
CREATE INDEX "peer_slots_open_idx" ON "peer_slots" USING btree ("start_at") WHERE "peer_slots"."status" = 'open';--> statement-breakpoint
CREATE INDEX "peer_slots_host_idx" ON "peer_slots" USING btree ("host_id","start_at");--> statement-breakpoint
CREATE INDEX "peer_slots_guest_idx" ON "peer_slots" USING btree ("guest_id","start_at");--> statement-breakpoint
-- Nobody holds two overlapping practice times, whether they published or booked them (added by hand, as in 0002).
ALTER TABLE "peer_slot_holds" ADD CONSTRAINT "peer_slot_holds_no_overlap"
  EXCLUDE USING gist ("user_id" WITH =, tstzrange("start_at", "end_at") WITH &&);
