ALTER TABLE "contents" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "contents_scheduled_idx" ON "contents" USING btree ("id","publish_at") WHERE "contents"."publish_at" is not null;--> statement-breakpoint
-- Scheduled posts (issue 35): a post with publish_at set is not counted in the workspace's
-- figures (post_count, latest_post_at) until it is published (publish_at becomes null).
CREATE OR REPLACE FUNCTION workspace_figures_on_content() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND OLD.publish_at IS NOT NULL) THEN
    IF NEW.publish_at IS NOT NULL THEN
      RETURN NEW;
    END IF;
    INSERT INTO workspace_figures AS f (workspace_id, post_count, latest_post_at)
    VALUES (NEW.workspace_id, 1, NEW.created_at)
    ON CONFLICT (workspace_id) DO UPDATE
      SET post_count = f.post_count + 1,
          latest_post_at = greatest(f.latest_post_at, excluded.latest_post_at);
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' OR OLD.publish_at IS NOT NULL THEN
    -- a published post stays published; a scheduled post deleted was never counted
    RETURN NEW;
  END IF;
  UPDATE workspace_figures f
     SET post_count = greatest(f.post_count - 1, 0),
         latest_post_at = CASE
           WHEN f.latest_post_at > OLD.created_at THEN f.latest_post_at
           ELSE (SELECT max(c.created_at) FROM contents c
                  WHERE c.workspace_id = OLD.workspace_id AND c.publish_at IS NULL)
         END
   WHERE f.workspace_id = OLD.workspace_id;
  RETURN OLD;
END
$$;
--> statement-breakpoint
DROP TRIGGER contents_workspace_figures ON contents;
--> statement-breakpoint
CREATE TRIGGER contents_workspace_figures AFTER INSERT OR DELETE OR UPDATE OF publish_at ON contents
  FOR EACH ROW EXECUTE FUNCTION workspace_figures_on_content();
