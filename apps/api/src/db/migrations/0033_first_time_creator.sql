ALTER TABLE "workspaces" ADD COLUMN "creator_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "workspaces_creator_username_prefix_idx" ON "workspaces" USING btree (lower("username") text_pattern_ops) WHERE "workspaces"."creator_since" is not null and "workspaces"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "workspaces_creator_name_search_idx" ON "workspaces" USING gin (to_tsvector('simple'::regconfig, translate(lower("label"), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn'))) WHERE "workspaces"."creator_since" is not null and "workspaces"."deleted_at" is null;--> statement-breakpoint
-- hand-written: workspaces that already act as a creator's stay one (issue 34, decision 093) —
-- those with a plan, a post, a subscriber (any state), a team member, Pix receiving data or a
-- file in Arquivos. The rest (a sign-up's untouched workspace) see the fan-first home.
UPDATE "workspaces" w SET "creator_since" = w."created_at"
WHERE w."creator_since" IS NULL AND (
  EXISTS (SELECT 1 FROM "plans" p WHERE p."workspace_id" = w."id")
  OR EXISTS (SELECT 1 FROM "contents" c WHERE c."workspace_id" = w."id")
  OR EXISTS (SELECT 1 FROM "subscriptions" s WHERE s."workspace_id" = w."id")
  OR EXISTS (SELECT 1 FROM "workspace_members" m WHERE m."workspace_id" = w."id" AND m."role" = 'member')
  OR EXISTS (SELECT 1 FROM "pix_settings" x WHERE x."workspace_id" = w."id")
  OR EXISTS (SELECT 1 FROM "workspace_objects" o WHERE o."workspace_id" = w."id")
);
