import { AMOUNT_MAX_CENTS, majorToCents } from '@fa-clube/contract';
import type { Account, Category, Transaction } from '@fa-clube/contract';
import { useWatch } from 'react-hook-form';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useZodForm } from '@/lib/form';
import { cn } from '@/lib/utils';
import { createTransactions, updateTransaction } from '../api/finance-api';
import { useFinanceMutation } from '../hooks/use-finance';
import { todayIso } from '../lib/format';
import { t } from '../strings';
import { TRANSACTION_KINDS, TransactionForm } from '../validation';
import type { TransactionFormOutput, TransactionFormValues } from '../validation';
import { CategoryOptions, StatusOptions } from './select-options';
import { DateInput } from './date-input';
import { MoneyInput } from './money-input';
import { FormDialog } from './form-dialog';

const initialValues = (
  row: Transaction | null,
  accounts: readonly Account[],
): TransactionFormValues => ({
  account_id: row?.account_id ?? (accounts.length === 1 ? accounts[0]!.id : ''),
  date: row?.date ?? todayIso(),
  kind: row && row.amount > 0 ? 'income' : 'expense',
  amount: row ? Math.abs(majorToCents(row.amount)) : 0,
  label: row?.label ?? '',
  category: row?.category ?? '',
  status: row?.status ?? 'paid',
  note: row?.note ?? '',
});

/**
 * Registers a transaction by hand, or edits `row`: account, date, Receita/Despesa and value,
 * description, category, status, note. A Pix row keeps its account and value (they record a
 * paid charge).
 */
export function TransactionDialog({
  ws,
  row,
  accounts,
  categories,
  onClose,
}: {
  ws: string;
  /** null: a new transaction. */
  row: Transaction | null;
  accounts: readonly Account[];
  categories: readonly Category[];
  onClose: () => void;
}) {
  const locked = row?.source === 'pix';
  const save = useFinanceMutation(ws, (ws, body: TransactionFormOutput): Promise<unknown> => {
    if (!row) return createTransactions(ws, { transactions: [body] });
    const { account_id, amount, ...rest } = body;
    return updateTransaction(ws, row.id, locked ? rest : { ...rest, account_id, amount });
  });
  const form = useZodForm(TransactionForm, { defaultValues: initialValues(row, accounts) });

  return (
    <FormDialog
      title={row ? t.transactions.editTitle : t.transactions.createTitle}
      description={t.transactions.description}
      label={t.transactions.title}
      form={form}
      save={save}
      done={row ? t.transactions.saved : t.transactions.created}
      ready={(values) =>
        Boolean(values.account_id) &&
        Number(values.amount) > 0 &&
        String(values.label ?? '').trim().length > 0
      }
      onClose={onClose}
      className="max-w-xl"
    >
      <KindToggle disabled={locked} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField name="amount" label={t.transactions.amount}>
          {(control) => <MoneyInput {...control} maxCents={AMOUNT_MAX_CENTS} disabled={locked} />}
        </FormField>
        <FormField name="date" label={t.transactions.date}>
          {(control) => <DateInput {...control} />}
        </FormField>
      </div>
      <FormField name="label" label={t.transactions.label}>
        {(control) => <Input {...control} placeholder={t.transactions.labelPlaceholder} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField name="account_id" label={t.transactions.account}>
          {(control) => (
            <NativeSelect {...control} disabled={locked}>
              <option value="" disabled>
                {t.transactions.accountPlaceholder}
              </option>
              {accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.label} ({account.currency})
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField name="category" label={t.transactions.category}>
          {(control) => (
            <NativeSelect {...control}>
              <option value="">{t.transactions.uncategorized}</option>
              <CategoryOptions categories={categories} />
            </NativeSelect>
          )}
        </FormField>
      </div>
      <FormField name="status" label={t.transactions.status}>
        {(control) => (
          <NativeSelect {...control}>
            <StatusOptions />
          </NativeSelect>
        )}
      </FormField>
      <FormField name="note" label={t.transactions.note}>
        {(control) => <Textarea {...control} rows={2} />}
      </FormField>
    </FormDialog>
  );
}

/** Receita or Despesa: the sign of the value. */
function KindToggle({ disabled }: { disabled: boolean }) {
  const kind = useWatch<TransactionFormValues, 'kind'>({ name: 'kind' });
  return (
    <FormField<TransactionFormValues, 'kind'> name="kind" label={t.transactions.kind}>
      {(control) => (
        <div
          id={control.id}
          role="radiogroup"
          aria-label={t.transactions.kind}
          className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1"
        >
          {TRANSACTION_KINDS.map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={kind === value}
              disabled={disabled}
              onClick={() => control.onChange(value)}
              className={cn(
                'h-9 rounded-md text-sm font-medium text-muted-foreground transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50',
                kind === value && 'bg-card shadow-sm',
                kind === value && value === 'income' && 'text-success-text',
                kind === value && value === 'expense' && 'text-destructive-text',
              )}
            >
              {value === 'income' ? t.finance.income : t.finance.expense}
            </button>
          ))}
        </div>
      )}
    </FormField>
  );
}
