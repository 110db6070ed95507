ALTER TABLE "content_attachments" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "content_attachments" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "content_attachments" ADD COLUMN "variant_of" uuid;--> statement-breakpoint
ALTER TABLE "content_attachments" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_attachments" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "content_attachments" ADD CONSTRAINT "content_attachments_variant_of_content_attachments_id_fk" FOREIGN KEY ("variant_of") REFERENCES "public"."content_attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_attachments_variant_of_idx" ON "content_attachments" USING btree ("variant_of") WHERE "content_attachments"."variant_of" is not null;--> statement-breakpoint
CREATE INDEX "content_attachments_unprocessed_idx" ON "content_attachments" USING btree ("id") WHERE "content_attachments"."kind" = 'image' and "content_attachments"."width" is null and "content_attachments"."status" = 'ready';