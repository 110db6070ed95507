CREATE TABLE "finance_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"label" text NOT NULL,
	"account_type" text NOT NULL,
	"description" text,
	"currency" text DEFAULT 'BRL' NOT NULL,
	"opening_balance_cents" bigint DEFAULT 0 NOT NULL,
	"system_key" text,
	"import_mapping" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"label" text NOT NULL,
	"color" text NOT NULL,
	"category_type" text NOT NULL,
	"description" text,
	"match" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_monthly_figures" (
	"account_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"month" date NOT NULL,
	"category_id" uuid,
	"status" text NOT NULL,
	"income_cents" bigint DEFAULT 0 NOT NULL,
	"income_count" integer DEFAULT 0 NOT NULL,
	"expense_cents" bigint DEFAULT 0 NOT NULL,
	"expense_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "finance_monthly_figures_key" UNIQUE NULLS NOT DISTINCT("account_id","month","category_id","status")
);
--> statement-breakpoint
CREATE TABLE "finance_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"label" text NOT NULL,
	"description" text,
	"assign_id" uuid,
	"note" text,
	"conciliation_id" text,
	"attachments" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_id" uuid,
	"status" text DEFAULT 'paid' NOT NULL,
	"issued_invoice" boolean DEFAULT false NOT NULL,
	"interest_cents" bigint,
	"discounts_cents" bigint,
	"fines_cents" bigint,
	"taxes_cents" bigint,
	"fees_cents" bigint,
	"price_cents" bigint,
	"currency_quote" numeric(20, 8),
	"external_id" text,
	"import_key" text,
	"source" text NOT NULL,
	"charge_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finance_monthly_figures" ADD CONSTRAINT "finance_monthly_figures_account_id_finance_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."finance_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_transactions" ADD CONSTRAINT "finance_transactions_account_id_finance_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."finance_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_transactions" ADD CONSTRAINT "finance_transactions_assign_id_users_id_fk" FOREIGN KEY ("assign_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_transactions" ADD CONSTRAINT "finance_transactions_category_id_finance_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."finance_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_transactions" ADD CONSTRAINT "finance_transactions_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finance_accounts_workspace_idx" ON "finance_accounts" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_accounts_system_uq" ON "finance_accounts" USING btree ("workspace_id","system_key");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_categories_label_uq" ON "finance_categories" USING btree ("workspace_id",lower("label"));--> statement-breakpoint
CREATE INDEX "finance_monthly_figures_workspace_idx" ON "finance_monthly_figures" USING btree ("workspace_id","currency","month");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_transactions_import_key_uq" ON "finance_transactions" USING btree ("account_id","import_key");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_transactions_charge_uq" ON "finance_transactions" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "finance_transactions_list_idx" ON "finance_transactions" USING btree ("workspace_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "finance_transactions_account_idx" ON "finance_transactions" USING btree ("account_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "finance_transactions_category_idx" ON "finance_transactions" USING btree ("category_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "finance_transactions_status_idx" ON "finance_transactions" USING btree ("workspace_id","status","date","created_at","id");--> statement-breakpoint
CREATE INDEX "finance_transactions_uncategorized_idx" ON "finance_transactions" USING btree ("workspace_id","date","created_at","id") WHERE "finance_transactions"."category_id" is null;
--> statement-breakpoint
-- Custom SQL migration file, put your code below! --
-- finance_monthly_figures kept in step with finance_transactions by statement
-- triggers (docs/decisions/026-finance-ledger.md): each INSERT, UPDATE or DELETE
-- statement adds its rows' sums (and subtracts the old ones) per account, month,
-- category and status in one upsert, in key order, so concurrent statements
-- lock the figure rows in the same order. Category deletions reach the figures
-- too: ON DELETE SET NULL updates the transactions, which fires the UPDATE trigger.
CREATE FUNCTION finance_figures_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text;
BEGIN
  source := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS sign FROM old_rows'
    ELSE 'SELECT *, 1 AS sign FROM new_rows UNION ALL SELECT *, -1 AS sign FROM old_rows'
  END;
  EXECUTE format($sql$
    INSERT INTO finance_monthly_figures AS f (account_id, workspace_id, currency, month,
      category_id, status, income_cents, income_count, expense_cents, expense_count)
    SELECT account_id, workspace_id, currency, date_trunc('month', date)::date, category_id, status,
      coalesce(sum(sign * amount_cents) FILTER (WHERE amount_cents > 0), 0),
      coalesce(sum(sign) FILTER (WHERE amount_cents > 0), 0),
      coalesce(sum(sign * amount_cents) FILTER (WHERE amount_cents < 0), 0),
      coalesce(sum(sign) FILTER (WHERE amount_cents < 0), 0)
    FROM (%s) AS d
    GROUP BY account_id, workspace_id, currency, date_trunc('month', date)::date, category_id, status
    -- an UPDATE that moves no money (a note, a label) changes no figure
    HAVING coalesce(sum(sign) FILTER (WHERE amount_cents > 0), 0) <> 0
      OR coalesce(sum(sign * amount_cents) FILTER (WHERE amount_cents > 0), 0) <> 0
      OR coalesce(sum(sign) FILTER (WHERE amount_cents < 0), 0) <> 0
      OR coalesce(sum(sign * amount_cents) FILTER (WHERE amount_cents < 0), 0) <> 0
    ORDER BY account_id, date_trunc('month', date)::date, category_id, status
    ON CONFLICT (account_id, month, category_id, status) DO UPDATE SET
      income_cents = f.income_cents + excluded.income_cents,
      income_count = f.income_count + excluded.income_count,
      expense_cents = f.expense_cents + excluded.expense_cents,
      expense_count = f.expense_count + excluded.expense_count
  $sql$, source);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER finance_figures_insert AFTER INSERT ON finance_transactions
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION finance_figures_apply();
--> statement-breakpoint
CREATE TRIGGER finance_figures_update AFTER UPDATE ON finance_transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION finance_figures_apply();
--> statement-breakpoint
CREATE TRIGGER finance_figures_delete AFTER DELETE ON finance_transactions
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION finance_figures_apply();
--> statement-breakpoint
-- Charges paid before the ledger existed: each books its one income transaction,
-- as bookPixIncome does (account 'Pix', category 'Assinaturas').
INSERT INTO finance_accounts (workspace_id, label, account_type, currency, system_key)
SELECT DISTINCT workspace_id, 'Pix', 'payment_account', 'BRL', 'pix'
FROM charges WHERE status = 'paid'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO finance_categories (workspace_id, label, color, category_type, description)
SELECT DISTINCT workspace_id, 'Assinaturas', '#16A34A', 'income', 'Assinaturas pagas por Pix.'
FROM charges WHERE status = 'paid'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO finance_transactions (workspace_id, account_id, date, amount_cents, currency, label,
  description, category_id, status, external_id, source, charge_id, created_at)
SELECT c.workspace_id, a.id,
  (coalesce(c.paid_at, c.created_at) AT TIME ZONE 'America/Sao_Paulo')::date,
  c.value_cents, c.currency,
  'Assinatura ' || CASE c.plan_type WHEN 'monthly' THEN 'Mensal' WHEN 'quarterly' THEN 'Trimestral'
    ELSE 'Anual' END || ' — @' || u.username,
  'Cobrança Pix ' || c.txid, cat.id, 'paid', c.end_to_end_id, 'pix', c.id,
  coalesce(c.paid_at, c.created_at)
FROM charges c
JOIN users u ON u.id = c.payer_id
JOIN finance_accounts a ON a.workspace_id = c.workspace_id AND a.system_key = 'pix'
LEFT JOIN finance_categories cat ON cat.workspace_id = c.workspace_id
  AND lower(cat.label) = 'assinaturas' AND cat.category_type <> 'expense'
WHERE c.status = 'paid'
ON CONFLICT DO NOTHING;
