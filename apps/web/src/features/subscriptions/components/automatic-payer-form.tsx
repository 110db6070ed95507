import { Repeat } from 'lucide-react';
import { useEffect } from 'react';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { t } from '../strings';
import { errorMessage } from '@/lib/api-client';
import { setServerErrors, useZodForm } from '@/lib/form';
import { maskCpf } from '@/lib/masks';
import { payerReady } from '../payer';
import { SubscribePlanBody } from '@fa-clube/contract';

// the contract's own rule: CPF check digits, a name and a surname

/**
 * 'Renovação automática' in the subscribe dialog: the payer's CPF (masked as typed, its check
 * digits checked here as the server does) and full name, which Banco Central requires for the
 * Pix Automático authorization. Sending asks the server for the composite code.
 */
export function AutomaticPayerForm({
  defaults,
  autoFocus = false,
  onSubmit,
}: {
  defaults: { cpf: string; name: string };
  autoFocus?: boolean;
  /** Rejects with the API's error (its field errors land on the fields). */
  onSubmit: (payer: SubscribePlanBody) => Promise<unknown>;
}) {
  const form = useZodForm(SubscribePlanBody, { defaultValues: defaults, mode: 'onTouched' });
  useEffect(() => {
    if (autoFocus) form.setFocus('cpf');
  }, [autoFocus, form]);
  const submit = async (payer: SubscribePlanBody) => {
    try {
      await onSubmit(payer);
    } catch (error) {
      setServerErrors(form, error);
      toast.error(errorMessage(error));
    }
  };
  return (
    <Form
      form={form}
      onSubmit={submit}
      className="grid gap-4 rounded-xl border bg-card p-4"
      aria-labelledby="automatic-payer-title"
    >
      <div className="grid gap-1">
        <h3 id="automatic-payer-title" className="flex items-center gap-2 text-sm font-semibold">
          <Repeat className="size-4 text-primary" aria-hidden />
          {t.subscriptions.dialog.payerTitle}
        </h3>
        <p className="text-[13px] leading-relaxed text-muted-foreground">
          {t.subscriptions.dialog.payerText}
        </p>
      </div>
      <FormField name="cpf" label={t.subscriptions.dialog.cpf}>
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="off"
            placeholder="000.000.000-00"
            onChange={(e) => control.onChange(maskCpf(e.target.value))}
          />
        )}
      </FormField>
      <FormField
        name="name"
        label={t.subscriptions.dialog.fullName}
        hint={t.subscriptions.dialog.fullNameHint}
      >
        {(control) => <Input {...control} autoComplete="name" maxLength={140} />}
      </FormField>
      <FormSubmit
        ready={(values) => payerReady(values as { cpf: string; name: string })}
        className="w-full"
      >
        {t.subscriptions.dialog.generateAutomatic}
      </FormSubmit>
    </Form>
  );
}
