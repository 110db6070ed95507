CREATE TABLE "chat_broadcast_recipients" (
	"broadcast_id" uuid NOT NULL,
	"fan_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"chat_id" uuid,
	"message_id" uuid,
	"done_at" timestamp with time zone,
	CONSTRAINT "chat_broadcast_recipients_broadcast_id_fan_id_pk" PRIMARY KEY("broadcast_id","fan_id")
);
--> statement-breakpoint
CREATE TABLE "chat_broadcasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"author_id" uuid,
	"text" text NOT NULL,
	"attachment_path" text,
	"attachment_kind" text,
	"attachment_content_type" text,
	"price_cents" integer,
	"audience" text NOT NULL,
	"recipients" integer NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "welcome_deliveries" (
	"workspace_id" uuid NOT NULL,
	"fan_id" uuid NOT NULL,
	"charge_id" uuid NOT NULL,
	"chat_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "welcome_deliveries_workspace_id_fan_id_pk" PRIMARY KEY("workspace_id","fan_id")
);
--> statement-breakpoint
CREATE TABLE "welcome_messages" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"text" text NOT NULL,
	"attachment_path" text,
	"attachment_kind" text,
	"attachment_content_type" text,
	"price_cents" integer,
	"author_id" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "attachment_path" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "attachment_kind" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "attachment_content_type" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "paid_charge_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "broadcast_id" uuid;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "fan_broadcasts_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "fan_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_broadcast_recipients" ADD CONSTRAINT "chat_broadcast_recipients_broadcast_id_chat_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."chat_broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_broadcast_recipients" ADD CONSTRAINT "chat_broadcast_recipients_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_broadcasts" ADD CONSTRAINT "chat_broadcasts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_broadcasts" ADD CONSTRAINT "chat_broadcasts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welcome_deliveries" ADD CONSTRAINT "welcome_deliveries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welcome_deliveries" ADD CONSTRAINT "welcome_deliveries_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welcome_messages" ADD CONSTRAINT "welcome_messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welcome_messages" ADD CONSTRAINT "welcome_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_broadcast_recipients_queued_idx" ON "chat_broadcast_recipients" USING btree ("broadcast_id","fan_id") WHERE "chat_broadcast_recipients"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "chat_broadcasts_workspace_idx" ON "chat_broadcasts" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_broadcasts_unfinished_idx" ON "chat_broadcasts" USING btree ("created_at") WHERE "chat_broadcasts"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "welcome_deliveries_charge_idx" ON "welcome_deliveries" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "chat_messages_priced_idx" ON "chat_messages" USING btree ("id") WHERE "chat_messages"."price_cents" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_broadcast_uq" ON "chat_messages" USING btree ("broadcast_id","chat_id") WHERE "chat_messages"."broadcast_id" is not null;