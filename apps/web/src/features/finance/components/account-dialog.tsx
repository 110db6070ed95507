import {
  ACCOUNT_TYPES,
  ACCOUNT_TYPE_LABELS,
  AMOUNT_MAX_CENTS,
  DEFAULT_CURRENCY,
  majorToCents,
} from '@fa-clube/contract';
import type { Account, CreateAccountBody } from '@fa-clube/contract';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useZodForm } from '@/lib/form';
import { createAccount, updateAccount } from '../api/finance-api';
import { useFinanceMutation } from '../hooks/use-finance';
import { t } from '../strings';
import { AccountForm } from '../validation';
import type { AccountFormValues } from '../validation';
import { MoneyInput } from './money-input';
import { FormDialog } from './form-dialog';

const initialValues = (account: Account | null): AccountFormValues => ({
  label: account?.label ?? '',
  account_type: account?.account_type ?? 'checking',
  currency: account?.currency ?? DEFAULT_CURRENCY,
  opening_balance: account ? majorToCents(account.opening_balance) : 0,
  description: account?.description ?? '',
});

/** Creates an account, or edits `account`: name, type, currency, opening balance, description. */
export function AccountDialog({
  ws,
  account,
  onClose,
}: {
  ws: string;
  /** null: a new account. */
  account: Account | null;
  onClose: () => void;
}) {
  const save = useFinanceMutation(ws, (ws, body: CreateAccountBody) =>
    account
      ? updateAccount(ws, account.id, {
          ...body,
          // a currency that did not change is not sent: an account with rows cannot change it
          currency: body.currency === account.currency ? undefined : body.currency,
        })
      : createAccount(ws, body),
  );
  const form = useZodForm(AccountForm, { defaultValues: initialValues(account) });

  return (
    <FormDialog
      title={account ? t.accounts.editTitle : t.accounts.createTitle}
      description={t.accounts.dialogText}
      label={t.accounts.title}
      form={form}
      save={save}
      done={account ? t.accounts.saved : t.accounts.created}
      ready={(values) => String(values.label ?? '').trim().length > 0}
      onClose={onClose}
    >
      <FormField name="label" label={t.accounts.label}>
        {(control) => <Input {...control} placeholder={t.accounts.labelPlaceholder} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
        <FormField name="account_type" label={t.accounts.type}>
          {(control) => (
            <NativeSelect {...control}>
              {ACCOUNT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ACCOUNT_TYPE_LABELS[type]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField name="currency" label={t.accounts.currencyLabel}>
          {(control) => (
            <Input
              {...control}
              maxLength={3}
              autoCapitalize="characters"
              className="uppercase"
              onChange={(e) => control.onChange(e.target.value.toUpperCase())}
            />
          )}
        </FormField>
      </div>
      <FormField
        name="opening_balance"
        label={t.accounts.openingBalance}
        hint={t.accounts.openingHint}
      >
        {(control) => <MoneyInput {...control} signed maxCents={AMOUNT_MAX_CENTS} />}
      </FormField>
      <FormField name="description" label={t.accounts.descriptionLabel}>
        {(control) => <Textarea {...control} rows={2} />}
      </FormField>
    </FormDialog>
  );
}
