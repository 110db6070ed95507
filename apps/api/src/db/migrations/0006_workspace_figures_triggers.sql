-- Keeps workspace_figures (posts, latest post, active subscribers) and
-- contents.like_count in the same transaction as the change they count.
CREATE FUNCTION workspace_figures_on_content() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO workspace_figures AS f (workspace_id, post_count, latest_post_at)
    VALUES (NEW.workspace_id, 1, NEW.created_at)
    ON CONFLICT (workspace_id) DO UPDATE
      SET post_count = f.post_count + 1,
          latest_post_at = greatest(f.latest_post_at, excluded.latest_post_at);
    RETURN NEW;
  END IF;
  UPDATE workspace_figures f
     SET post_count = greatest(f.post_count - 1, 0),
         latest_post_at = CASE
           WHEN f.latest_post_at > OLD.created_at THEN f.latest_post_at
           ELSE (SELECT max(c.created_at) FROM contents c WHERE c.workspace_id = OLD.workspace_id)
         END
   WHERE f.workspace_id = OLD.workspace_id;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER contents_workspace_figures AFTER INSERT OR DELETE ON contents
  FOR EACH ROW EXECUTE FUNCTION workspace_figures_on_content();
--> statement-breakpoint
CREATE FUNCTION workspace_figures_on_subscription() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'active' THEN
    UPDATE workspace_figures SET active_subscribers = greatest(active_subscribers - 1, 0)
     WHERE workspace_id = OLD.workspace_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'active' THEN
    INSERT INTO workspace_figures AS f (workspace_id, active_subscribers)
    VALUES (NEW.workspace_id, 1)
    ON CONFLICT (workspace_id) DO UPDATE SET active_subscribers = f.active_subscribers + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER subscriptions_workspace_figures
  AFTER INSERT OR DELETE OR UPDATE OF status, workspace_id ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION workspace_figures_on_subscription();
--> statement-breakpoint
CREATE FUNCTION contents_like_count_on_like() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE contents SET like_count = like_count + 1 WHERE id = NEW.content_id;
  ELSE
    UPDATE contents SET like_count = greatest(like_count - 1, 0) WHERE id = OLD.content_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER content_likes_like_count AFTER INSERT OR DELETE ON content_likes
  FOR EACH ROW EXECUTE FUNCTION contents_like_count_on_like();
--> statement-breakpoint
-- Backfill what existed before the triggers.
INSERT INTO workspace_figures (workspace_id, post_count, latest_post_at, active_subscribers)
SELECT w.id,
       (SELECT count(*) FROM contents c WHERE c.workspace_id = w.id),
       (SELECT max(c.created_at) FROM contents c WHERE c.workspace_id = w.id),
       (SELECT count(*) FROM subscriptions s WHERE s.workspace_id = w.id AND s.status = 'active')
  FROM workspaces w
ON CONFLICT (workspace_id) DO NOTHING;
--> statement-breakpoint
UPDATE contents c SET like_count = l.n
  FROM (SELECT content_id, count(*) AS n FROM content_likes GROUP BY content_id) l
 WHERE l.content_id = c.id;
