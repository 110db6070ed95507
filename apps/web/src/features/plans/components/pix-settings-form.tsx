import { CircleCheck, CircleAlert } from 'lucide-react';
import { PIX_CITY_MAX, PIX_KEY_TYPES, PIX_NAME_MAX } from '@fa-clube/contract';
import type { PixKeyType, PixSettings, PixSettingsBody } from '@fa-clube/contract';
import { useWatch } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { t } from '../strings';
import { errorMessage } from '@/lib/api-client';
import { setServerErrors, useZodForm } from '@/lib/form';
import { useSavePix } from '../hooks/use-plans-settings';
import { maskPixKey, normalizePixKey } from '../pix';
import { useOwnerConfirmation } from './owner-confirmation';
import type { PixFormValues } from '../pix';
import { PixForm } from '../validation';

function initialValues(saved: PixSettings | null): PixFormValues {
  if (!saved) return { key_type: 'cpf', key: '', name: '', city: '' };
  return {
    key_type: saved.key_type,
    key: maskPixKey(saved.key_type, saved.key),
    name: saved.name,
    city: saved.city,
  };
}

/** Salvar is enabled once something differs from the saved data. */
function changedFrom(saved: PixSettings | null) {
  const baseline = initialValues(saved);
  return (values: PixFormValues) =>
    values.key_type !== baseline.key_type ||
    normalizePixKey(values.key_type, values.key) !== (saved?.key ?? null) ||
    values.name.trim() !== baseline.name ||
    values.city.trim() !== baseline.city;
}

const KEY_INPUT: Record<PixKeyType, { inputMode: 'numeric' | 'email' | 'tel' | 'text' }> = {
  cpf: { inputMode: 'numeric' },
  cnpj: { inputMode: 'numeric' },
  email: { inputMode: 'email' },
  phone: { inputMode: 'tel' },
  random: { inputMode: 'text' },
};

/**
 * The workspace's Pix receiving data (key type, key, receiver name, city): what the BR Codes
 * of the charges carry. Only the owner edits it; members see it read-only.
 */
export function PixSettingsForm({
  ws,
  saved,
  readOnly,
}: {
  ws: string;
  saved: PixSettings | null;
  readOnly: boolean;
}) {
  const save = useSavePix(ws);
  // a field's problem shows once it was left or the form was sent
  const form = useZodForm(PixForm, { defaultValues: initialValues(saved), mode: 'onTouched' });
  const keyType = useWatch({ control: form.control, name: 'key_type' });

  const confirm = useOwnerConfirmation(save.isPending);

  const submit = (body: PixSettingsBody) =>
    save.mutate(body, {
      onSuccess: (result) => {
        confirm.close();
        form.reset(initialValues(result));
        toast.success(t.subscriptions.pix.saved);
      },
      onError: (error) => {
        // a new key needs the owner's password when the sign-in is not recent
        if (confirm.ask(error, (confirmation) => submit({ ...body, confirmation }))) return;
        setServerErrors(form, error);
        toast.error(errorMessage(error));
      },
    });

  return (
    <section
      aria-labelledby="pix-settings-title"
      className="rounded-xl border bg-card p-5 shadow-xs sm:p-6"
    >
      <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
        <div className="grid max-w-xl gap-1">
          <h3 id="pix-settings-title" className="text-base font-semibold tracking-tight">
            {t.subscriptions.pix.title}
          </h3>
          <p className="text-sm leading-relaxed text-muted-foreground">
            {t.subscriptions.pix.text}
          </p>
        </div>
        {saved ? (
          <Badge variant="success">
            <CircleCheck aria-hidden />
            {t.subscriptions.pix.configured}
          </Badge>
        ) : (
          <Badge variant="destructive">
            <CircleAlert aria-hidden />
            {t.subscriptions.pix.missing}
          </Badge>
        )}
      </div>

      <Form
        form={form}
        onSubmit={submit}
        className="grid gap-5"
        aria-label={t.subscriptions.pix.title}
      >
        <div className="grid gap-5 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
          <FormField name="key_type" label={t.subscriptions.pix.keyType}>
            {(control) => (
              <NativeSelect
                {...control}
                disabled={readOnly}
                onChange={(e) => {
                  // another kind of key: start it over
                  control.onChange(e.target.value as PixKeyType);
                  form.resetField('key', { defaultValue: '' });
                }}
              >
                {PIX_KEY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t.subscriptions.pix.keyTypes[type]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField
            name="key"
            label={t.subscriptions.pix.key}
            hint={t.subscriptions.pix.keyHints[keyType]}
          >
            {(control) => (
              <Input
                {...control}
                readOnly={readOnly}
                disabled={readOnly}
                inputMode={KEY_INPUT[keyType].inputMode}
                autoComplete="off"
                spellCheck={false}
                placeholder={t.subscriptions.pix.keyPlaceholders[keyType]}
                onChange={(e) => control.onChange(maskPixKey(keyType, e.target.value))}
              />
            )}
          </FormField>
        </div>
        <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_minmax(0,14rem)]">
          <FormField
            name="name"
            label={t.subscriptions.pix.name}
            hint={t.subscriptions.pix.nameHint}
          >
            {(control) => (
              <Input
                {...control}
                readOnly={readOnly}
                disabled={readOnly}
                maxLength={PIX_NAME_MAX + 10}
                autoComplete="name"
              />
            )}
          </FormField>
          <FormField
            name="city"
            label={t.subscriptions.pix.city}
            hint={t.subscriptions.pix.cityHint}
          >
            {(control) => (
              <Input
                {...control}
                readOnly={readOnly}
                disabled={readOnly}
                maxLength={PIX_CITY_MAX + 10}
                autoComplete="address-level2"
              />
            )}
          </FormField>
        </div>
        {readOnly ? null : (
          <div className="flex justify-end">
            <FormSubmit
              ready={(values) => changedFrom(saved)(values as PixFormValues)}
              pending={save.isPending}
              className="w-full sm:w-auto"
            >
              {t.subscriptions.pix.save}
            </FormSubmit>
          </div>
        )}
      </Form>
      {confirm.dialog}
    </section>
  );
}
