ALTER TABLE "email_contacts" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_contacts" ADD COLUMN "confirmation_sent_at" timestamp with time zone;