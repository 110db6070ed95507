CREATE INDEX "refresh_tokens_user_device_idx" ON "refresh_tokens" USING btree ("user_id","device_id");--> statement-breakpoint
DROP INDEX "refresh_tokens_user_idx";
