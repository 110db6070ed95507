ALTER TABLE "content_attachments" ADD COLUMN "poster_of" uuid;--> statement-breakpoint
ALTER TABLE "content_attachments" ADD CONSTRAINT "content_attachments_poster_of_content_attachments_id_fk" FOREIGN KEY ("poster_of") REFERENCES "public"."content_attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_attachments_poster_of_idx" ON "content_attachments" USING btree ("poster_of") WHERE "content_attachments"."poster_of" is not null;--> statement-breakpoint
CREATE INDEX "content_likes_user_idx" ON "content_likes" USING btree ("user_id");