ALTER TABLE "content_attachments" ADD COLUMN "progress" integer;--> statement-breakpoint
ALTER TABLE "content_attachments" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "content_attachments_pending_video_idx" ON "content_attachments" USING btree ("content_id") WHERE "content_attachments"."kind" = 'video' and "content_attachments"."status" <> 'ready';