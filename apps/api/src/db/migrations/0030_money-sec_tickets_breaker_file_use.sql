CREATE TABLE "event_tickets" (
	"hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"token_expires_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pix_connections" ADD COLUMN "reconcile_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pix_connections" ADD COLUMN "reconcile_failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pix_connections" ADD COLUMN "reconcile_last_error" text;--> statement-breakpoint
ALTER TABLE "pix_connections" ADD COLUMN "reconcile_paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_tickets_expires_idx" ON "event_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "chat_messages_attachment_idx" ON "chat_messages" USING btree ("attachment_path") WHERE "chat_messages"."attachment_path" is not null;