CREATE TABLE "workspace_apps" (
	"workspace_id" uuid NOT NULL,
	"label" text NOT NULL,
	"installed_at" timestamp with time zone,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_apps_workspace_id_label_pk" PRIMARY KEY("workspace_id","label")
);
--> statement-breakpoint
CREATE TABLE "trueid_access_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"action" text NOT NULL,
	"file_path" text,
	"user_id" uuid NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trueid_customers" (
	"workspace_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid,
	"custom_id" text,
	"custom_email" text,
	"legal_name" text NOT NULL,
	"legal_id" text NOT NULL,
	"date_of_birth" date,
	"country" text DEFAULT 'BR' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"document_type" text NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decision_reason" text,
	"files_purged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trueid_customers_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "trueid_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspace_apps" ADD CONSTRAINT "workspace_apps_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trueid_access_log" ADD CONSTRAINT "trueid_access_log_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trueid_access_log" ADD CONSTRAINT "trueid_access_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trueid_customers" ADD CONSTRAINT "trueid_customers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trueid_customers" ADD CONSTRAINT "trueid_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trueid_customers" ADD CONSTRAINT "trueid_customers_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trueid_status_changes" ADD CONSTRAINT "trueid_status_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trueid_access_log_customer_idx" ON "trueid_access_log" USING btree ("workspace_id","customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trueid_customers_user_uq" ON "trueid_customers" USING btree ("workspace_id","user_id") WHERE "trueid_customers"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "trueid_customers_ws_created_idx" ON "trueid_customers" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "trueid_customers_decided_idx" ON "trueid_customers" USING btree ("decided_at") WHERE "trueid_customers"."files_purged_at" is null and "trueid_customers"."decided_at" is not null;--> statement-breakpoint
CREATE INDEX "trueid_status_changes_customer_idx" ON "trueid_status_changes" USING btree ("workspace_id","customer_id");