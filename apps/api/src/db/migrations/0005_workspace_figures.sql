CREATE TABLE "workspace_figures" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"post_count" integer DEFAULT 0 NOT NULL,
	"latest_post_at" timestamp with time zone,
	"active_subscribers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"runs" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_figures" ADD CONSTRAINT "workspace_figures_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_figures_recommended_idx" ON "workspace_figures" USING btree (((timezone('America/Sao_Paulo', "latest_post_at"))::date) desc,"active_subscribers" DESC NULLS LAST,"latest_post_at" DESC NULLS LAST,"workspace_id") WHERE "workspace_figures"."post_count" > 0;