ALTER TABLE "charges" ADD COLUMN "kind" text DEFAULT 'subscription' NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "item_id" uuid;--> statement-breakpoint
CREATE INDEX "charges_workspace_kind_idx" ON "charges" USING btree ("workspace_id","kind","created_at" DESC NULLS LAST);