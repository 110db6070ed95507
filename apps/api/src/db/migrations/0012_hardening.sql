CREATE TABLE "workspace_objects" (
	"workspace_id" uuid NOT NULL,
	"file_path" text NOT NULL,
	"bytes" bigint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_objects_workspace_id_file_path_pk" PRIMARY KEY("workspace_id","file_path"),
	CONSTRAINT "workspace_objects_bytes_ck" CHECK ("workspace_objects"."bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "workspace_storage" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renewal_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"charge_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "workspaces_username_lower_uq";--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "renewal_of" uuid;--> statement-breakpoint
ALTER TABLE "pix_notifications" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pix_notifications" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "workspace_objects" ADD CONSTRAINT "workspace_objects_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_storage" ADD CONSTRAINT "workspace_storage_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_reminders" ADD CONSTRAINT "renewal_reminders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_reminders" ADD CONSTRAINT "renewal_reminders_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_reminders_period_uq" ON "renewal_reminders" USING btree ("subscription_id","period_end");--> statement-breakpoint
CREATE INDEX "renewal_reminders_due_idx" ON "renewal_reminders" USING btree ("status","next_attempt_at");--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_renewal_of_subscriptions_id_fk" FOREIGN KEY ("renewal_of") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_notifications" ADD CONSTRAINT "pix_notifications_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_one_open_renewal_uq" ON "charges" USING btree ("renewal_of") WHERE "charges"."status" = 'pending' and "charges"."renewal_of" is not null;--> statement-breakpoint
CREATE INDEX "pix_notifications_charge_idx" ON "pix_notifications" USING btree ("charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_username_lower_uq" ON "workspaces" USING btree (lower("username")) WHERE "workspaces"."deleted_at" is null;--> statement-breakpoint
-- workspace_storage.used_bytes kept equal to the sum of workspace_objects.bytes,
-- in the transaction that changes the objects (the quota check reads one row).
CREATE FUNCTION workspace_storage_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE workspace_storage SET used_bytes = used_bytes - OLD.bytes
      WHERE workspace_id = OLD.workspace_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO workspace_storage AS s (workspace_id, used_bytes)
      VALUES (NEW.workspace_id, NEW.bytes)
      ON CONFLICT (workspace_id) DO UPDATE SET used_bytes = s.used_bytes + excluded.used_bytes;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER workspace_storage_objects AFTER INSERT OR UPDATE OF bytes, workspace_id OR DELETE
  ON workspace_objects FOR EACH ROW EXECUTE FUNCTION workspace_storage_apply();
--> statement-breakpoint
-- Soft delete of a workspace (docs/security.md): setting deleted_at removes at
-- once what made it a profile (posts, members, invitations, uploads, file-store rows, the apps'
-- records) and
-- closes what could still take money (pending charges cancelled, active
-- subscriptions cancelled, unsent renewal reminders skipped). Charges, payments,
-- Pix notifications, subscriptions and finance ledger rows stay.
CREATE FUNCTION workspace_soft_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM contents WHERE workspace_id = NEW.id;
  DELETE FROM invitations WHERE workspace_id = NEW.id;
  DELETE FROM workspace_members WHERE workspace_id = NEW.id;
  DELETE FROM workspace_objects WHERE workspace_id = NEW.id;
  DELETE FROM uploads WHERE workspace_id = NEW.id;
 -- the apps' personal data (identity documents' records, campaign recipients) goes too;
 -- their files go with the workspace's storage prefix
 DELETE FROM trueid_customers WHERE workspace_id = NEW.id;
 DELETE FROM trueid_status_changes WHERE workspace_id = NEW.id;
 DELETE FROM trueid_access_log WHERE workspace_id = NEW.id;
 DELETE FROM email_campaigns WHERE workspace_id = NEW.id;
 DELETE FROM email_suppressions WHERE workspace_id = NEW.id;
 DELETE FROM workspace_apps WHERE workspace_id = NEW.id;
  UPDATE renewal_reminders SET status = 'skipped', claimed_until = NULL
    WHERE status IN ('pending', 'sending')
      AND subscription_id IN (SELECT id FROM subscriptions WHERE workspace_id = NEW.id);
  UPDATE charges SET status = 'cancelled' WHERE workspace_id = NEW.id AND status = 'pending';
  UPDATE subscriptions SET status = 'cancelled', updated_at = NEW.deleted_at
    WHERE workspace_id = NEW.id AND status = 'active';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER workspace_soft_delete AFTER UPDATE OF deleted_at ON workspaces
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION workspace_soft_delete();
