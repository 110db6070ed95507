ALTER TABLE "content_attachments" ADD COLUMN "hls_path" text;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "media_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "contents_media_pending_idx" ON "contents" USING btree ("workspace_id") WHERE "contents"."media_pending";--> statement-breakpoint
-- hand-written (issue 33, decision 095): a post is counted in its workspace's figures
-- (post_count, latest_post_at) only while it is published (publish_at null) and its media is
-- ready (media_pending false: no video processing or failed). Every change of either moves the
-- figures by the difference.
CREATE OR REPLACE FUNCTION workspace_figures_on_content() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_counted boolean := false;
  is_counted boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    was_counted := OLD.publish_at IS NULL AND NOT OLD.media_pending;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    is_counted := NEW.publish_at IS NULL AND NOT NEW.media_pending;
  END IF;
  IF is_counted AND NOT was_counted THEN
    INSERT INTO workspace_figures AS f (workspace_id, post_count, latest_post_at)
    VALUES (NEW.workspace_id, 1, NEW.created_at)
    ON CONFLICT (workspace_id) DO UPDATE
      SET post_count = f.post_count + 1,
          latest_post_at = greatest(f.latest_post_at, excluded.latest_post_at);
  ELSIF was_counted AND NOT is_counted THEN
    UPDATE workspace_figures f
       SET post_count = greatest(f.post_count - 1, 0),
           latest_post_at = CASE
             WHEN f.latest_post_at > OLD.created_at THEN f.latest_post_at
             ELSE (SELECT max(c.created_at) FROM contents c
                    WHERE c.workspace_id = OLD.workspace_id AND c.publish_at IS NULL
                      AND NOT c.media_pending)
           END
     WHERE f.workspace_id = OLD.workspace_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER contents_workspace_figures ON contents;
--> statement-breakpoint
CREATE TRIGGER contents_workspace_figures
  AFTER INSERT OR DELETE OR UPDATE OF publish_at, media_pending ON contents
  FOR EACH ROW EXECUTE FUNCTION workspace_figures_on_content();
--> statement-breakpoint
-- the posts whose video is processing or failed today: no longer counted (the trigger above)
UPDATE contents c SET media_pending = true
 WHERE EXISTS (SELECT 1 FROM content_attachments a
                WHERE a.content_id = c.id AND a.kind = 'video' AND a.status <> 'ready');
