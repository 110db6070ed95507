CREATE TABLE "job_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"starts" timestamp with time zone[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
