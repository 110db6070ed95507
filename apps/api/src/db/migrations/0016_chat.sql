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
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_settings" ADD CONSTRAINT "chat_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_sender_idx" ON "chat_messages" USING btree ("sender_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chats_workspace_fan_uq" ON "chats" USING btree ("workspace_id","fan_id");--> statement-breakpoint
CREATE INDEX "chats_fan_activity_idx" ON "chats" USING btree ("fan_id","last_activity_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chats_workspace_activity_idx" ON "chats" USING btree ("workspace_id","last_activity_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chats_fan_unread_idx" ON "chats" USING btree ("fan_id") WHERE "chats"."fan_unread" > 0;--> statement-breakpoint
CREATE INDEX "chats_creator_unread_idx" ON "chats" USING btree ("workspace_id") WHERE "chats"."creator_unread" > 0;--> statement-breakpoint
CREATE INDEX "chats_fan_digest_idx" ON "chats" USING btree ("fan_digest_at") WHERE "chats"."fan_digest_at" is not null;--> statement-breakpoint
CREATE INDEX "chats_creator_digest_idx" ON "chats" USING btree ("creator_digest_at") WHERE "chats"."creator_digest_at" is not null;