ALTER TABLE "sandbox_orders" ADD COLUMN "webhook_body" text;--> statement-breakpoint
ALTER TABLE "sandbox_orders" ADD COLUMN "webhook_event_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_orders" ADD COLUMN "webhook_delivered_at" timestamp with time zone;