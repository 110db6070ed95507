ALTER TABLE "charges" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_reminder_for" timestamp with time zone;