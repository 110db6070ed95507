CREATE TABLE "charge_digests" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charge_digests" ADD CONSTRAINT "charge_digests_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charges_waiting_idx" ON "charges" USING btree ("created_at") WHERE "charges"."status" = 'pending' and "charges"."provider" = 'manual';