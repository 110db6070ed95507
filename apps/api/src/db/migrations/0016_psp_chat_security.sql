CREATE TABLE "pix_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"api_url" text NOT NULL,
	"token_url" text NOT NULL,
	"client_id" text NOT NULL,
	"secrets" text NOT NULL,
	"pix_key" text NOT NULL,
	"receiving_account" jsonb,
	"automatic_available" boolean DEFAULT false NOT NULL,
	"webhook_url" text NOT NULL,
	"certificate_expires_at" timestamp with time zone NOT NULL,
	"certificate_fingerprint" text NOT NULL,
	"expiry_notice_for" text,
	"reconciled_until" timestamp with time zone,
	"connected_at" timestamp with time zone NOT NULL,
	"disconnected_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pix_recurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"payer_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"connection_id" uuid,
	"id_rec" text NOT NULL,
	"status" text NOT NULL,
	"first_charge_id" uuid,
	"value_cents" integer NOT NULL,
	"cancelled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pix_recurring_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recurrence_id" uuid NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"txid" text,
	"status" text NOT NULL,
	"value_cents" integer NOT NULL,
	"due_date" text NOT NULL,
	"charge_id" uuid,
	"fallback_charge_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pix_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"end_to_end_id" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"rtr_id" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"opt_in_method" text NOT NULL,
	"opt_in_at" timestamp with time zone NOT NULL,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_platform_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"workspace_id" uuid,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_send_counts" (
	"day" date NOT NULL,
	"scope" text NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "email_send_counts_day_scope_pk" PRIMARY KEY("day","scope")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"chat_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"sender_id" uuid,
	"side" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_chat_id_id_pk" PRIMARY KEY("chat_id","id")
);
--> statement-breakpoint
CREATE TABLE "chat_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email_notifications" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"fan_id" uuid,
	"last_activity_id" uuid NOT NULL,
	"fan_unread" integer DEFAULT 0 NOT NULL,
	"creator_unread" integer DEFAULT 0 NOT NULL,
	"fan_digest_at" timestamp with time zone,
	"creator_digest_at" timestamp with time zone,
	"blocked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "google_linked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "connection_id" uuid;--> statement-breakpoint
ALTER TABLE "pix_notifications" ADD COLUMN "connection_id" uuid;--> statement-breakpoint
ALTER TABLE "pix_notifications" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "pix_connections" ADD CONSTRAINT "pix_connections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recurrences" ADD CONSTRAINT "pix_recurrences_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recurrences" ADD CONSTRAINT "pix_recurrences_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recurrences" ADD CONSTRAINT "pix_recurrences_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recurrences" ADD CONSTRAINT "pix_recurrences_connection_id_pix_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."pix_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recurrences" ADD CONSTRAINT "pix_recurrences_first_charge_id_charges_id_fk" FOREIGN KEY ("first_charge_id") REFERENCES "public"."charges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recurring_charges" ADD CONSTRAINT "pix_recurring_charges_recurrence_id_pix_recurrences_id_fk" FOREIGN KEY ("recurrence_id") REFERENCES "public"."pix_recurrences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recurring_charges" ADD CONSTRAINT "pix_recurring_charges_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recurring_charges" ADD CONSTRAINT "pix_recurring_charges_fallback_charge_id_charges_id_fk" FOREIGN KEY ("fallback_charge_id") REFERENCES "public"."charges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_refunds" ADD CONSTRAINT "pix_refunds_end_to_end_id_pix_notifications_end_to_end_id_fk" FOREIGN KEY ("end_to_end_id") REFERENCES "public"."pix_notifications"("end_to_end_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_refunds" ADD CONSTRAINT "pix_refunds_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_refunds" ADD CONSTRAINT "pix_refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_contacts" ADD CONSTRAINT "email_contacts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_settings" ADD CONSTRAINT "chat_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pix_connections_one_connected_uq" ON "pix_connections" USING btree ("workspace_id") WHERE "pix_connections"."status" = 'connected';--> statement-breakpoint
CREATE INDEX "pix_connections_status_expiry_idx" ON "pix_connections" USING btree ("status","certificate_expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pix_recurrences_id_rec_uq" ON "pix_recurrences" USING btree ("id_rec");--> statement-breakpoint
CREATE INDEX "pix_recurrences_subscription_idx" ON "pix_recurrences" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "pix_recurrences_first_charge_idx" ON "pix_recurrences" USING btree ("first_charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pix_recurring_charges_period_uq" ON "pix_recurring_charges" USING btree ("recurrence_id","period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "pix_recurring_charges_txid_uq" ON "pix_recurring_charges" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "pix_refunds_end_to_end_uq" ON "pix_refunds" USING btree ("end_to_end_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_contacts_workspace_email_uq" ON "email_contacts" USING btree ("workspace_id","email");--> statement-breakpoint
CREATE INDEX "chat_messages_sender_idx" ON "chat_messages" USING btree ("sender_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chats_workspace_fan_uq" ON "chats" USING btree ("workspace_id","fan_id");--> statement-breakpoint
CREATE INDEX "chats_fan_activity_idx" ON "chats" USING btree ("fan_id","last_activity_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chats_workspace_activity_idx" ON "chats" USING btree ("workspace_id","last_activity_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chats_fan_unread_idx" ON "chats" USING btree ("fan_id") WHERE "chats"."fan_unread" > 0;--> statement-breakpoint
CREATE INDEX "chats_creator_unread_idx" ON "chats" USING btree ("workspace_id") WHERE "chats"."creator_unread" > 0;--> statement-breakpoint
CREATE INDEX "chats_fan_digest_idx" ON "chats" USING btree ("fan_digest_at") WHERE "chats"."fan_digest_at" is not null;--> statement-breakpoint
CREATE INDEX "chats_creator_digest_idx" ON "chats" USING btree ("creator_digest_at") WHERE "chats"."creator_digest_at" is not null;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_connection_id_pix_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."pix_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_notifications" ADD CONSTRAINT "pix_notifications_connection_id_pix_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."pix_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_notifications" ADD CONSTRAINT "pix_notifications_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charges_connection_pending_idx" ON "charges" USING btree ("connection_id","created_at") WHERE "charges"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "pix_notifications_unmatched_idx" ON "pix_notifications" USING btree ("workspace_id","received_at") WHERE "pix_notifications"."charge_id" is null;--> statement-breakpoint
CREATE INDEX "trueid_customers_undecided_idx" ON "trueid_customers" USING btree ("updated_at") WHERE "trueid_customers"."files_purged_at" is null and "trueid_customers"."decided_at" is null;--> statement-breakpoint
CREATE INDEX "email_messages_email_idx" ON "email_messages" USING btree ("email");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree (lower("to_address"));--> statement-breakpoint
CREATE INDEX "pix_recurring_charges_unanswered_idx" ON "pix_recurring_charges" USING btree ("updated_at") WHERE "pix_recurring_charges"."status" = 'AGENDANDO' and "pix_recurring_charges"."txid" is null;