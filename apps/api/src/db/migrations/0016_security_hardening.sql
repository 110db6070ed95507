CREATE TABLE "email_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"opt_in_method" text NOT NULL,
	"opt_in_at" timestamp with time zone NOT NULL,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_platform_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"workspace_id" uuid,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_send_counts" (
	"day" date NOT NULL,
	"scope" text NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "email_send_counts_day_scope_pk" PRIMARY KEY("day","scope")
);
--> statement-breakpoint
ALTER TABLE "email_contacts" ADD CONSTRAINT "email_contacts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_contacts_workspace_email_uq" ON "email_contacts" USING btree ("workspace_id","email");--> statement-breakpoint
CREATE INDEX "trueid_customers_undecided_idx" ON "trueid_customers" USING btree ("updated_at") WHERE "trueid_customers"."files_purged_at" is null and "trueid_customers"."decided_at" is null;