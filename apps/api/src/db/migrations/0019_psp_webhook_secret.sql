ALTER TABLE "pix_connections" ALTER COLUMN "secrets" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pix_connections" ADD COLUMN "webhook_secret_hash" text;--> statement-breakpoint
-- connections ended before secrets were erased on disconnect: erased now
UPDATE "pix_connections" SET "secrets" = NULL WHERE "status" <> 'connected';
