CREATE INDEX "pix_recurrences_live_connection_idx" ON "pix_recurrences" USING btree ("connection_id","id") WHERE "pix_recurrences"."status" in ('CRIADA', 'APROVADA');--> statement-breakpoint
CREATE INDEX "pix_recurrences_live_payer_idx" ON "pix_recurrences" USING btree ("payer_id","id") WHERE "pix_recurrences"."status" in ('CRIADA', 'APROVADA');--> statement-breakpoint
-- Soft delete of a workspace (0012), now ending its PSP connection too.
CREATE OR REPLACE FUNCTION workspace_soft_delete() RETURNS trigger LANGUAGE plpgsql AS $$
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
  -- the PSP connection ends with it (decision 065): its webhook URL answers 404 and nothing
  -- polls it; the payments sweep then removes its webhooks and cancels its live recurrences
  -- at the PSP, and erases its secrets
  UPDATE pix_connections SET status = 'disconnected', disconnected_at = NEW.deleted_at,
      webhook_secret_hash = NULL, updated_at = NEW.deleted_at
    WHERE workspace_id = NEW.id AND status = 'connected';
  RETURN NULL;
END
$$;
