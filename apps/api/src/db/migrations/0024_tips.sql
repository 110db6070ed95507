CREATE TABLE "tips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"tipper_id" uuid,
	"charge_id" uuid NOT NULL,
	"value_cents" integer NOT NULL,
	"message" text,
	"post_id" uuid,
	"paid_at" timestamp with time zone,
	"chat_id" uuid,
	"chat_message_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "tip_cents" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "tip_message" text;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_tipper_id_users_id_fk" FOREIGN KEY ("tipper_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_post_id_contents_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."contents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tips_charge_uq" ON "tips" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "tips_workspace_paid_idx" ON "tips" USING btree ("workspace_id","paid_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tips"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "tips_tipper_idx" ON "tips" USING btree ("tipper_id");