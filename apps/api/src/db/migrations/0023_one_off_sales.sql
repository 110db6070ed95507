CREATE TABLE "content_purchases" (
	"content_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"charge_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_purchases_content_id_buyer_id_pk" PRIMARY KEY("content_id","buyer_id")
);
--> statement-breakpoint
ALTER TABLE "charges" ALTER COLUMN "plan_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ALTER COLUMN "plan_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "content_purchases" ADD CONSTRAINT "content_purchases_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_purchases" ADD CONSTRAINT "content_purchases_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_purchases" ADD CONSTRAINT "content_purchases_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_purchases_buyer_idx" ON "content_purchases" USING btree ("buyer_id","purchased_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "content_purchases_charge_uq" ON "content_purchases" USING btree ("charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_one_pending_item_uq" ON "charges" USING btree ("payer_id","kind","item_id") WHERE "charges"."status" = 'pending' and "charges"."item_id" is not null;--> statement-breakpoint
CREATE INDEX "charges_item_idx" ON "charges" USING btree ("item_id") WHERE "charges"."item_id" is not null;