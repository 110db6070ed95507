import { CircleCheck, CircleAlert } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { PIX_CITY_MAX, PIX_KEY_TYPES, PIX_NAME_MAX, foldText } from '@fa-clube/contract';
import type { PixKeyType, PixSettings } from '@fa-clube/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/pt-BR';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSavePix } from '../hooks/use-plans-settings';
import { maskPixKey, normalizePixKey, validatePixForm } from '../pix';
import type { PixFormErrors, PixFormValues } from '../pix';

function initialValues(saved: PixSettings | null): PixFormValues {
  if (!saved) return { key_type: 'cpf', key: '', name: '', city: '' };
  return {
    key_type: saved.key_type,
    key: maskPixKey(saved.key_type, saved.key),
    name: saved.name,
    city: saved.city,
  };
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
  const [values, setValues] = useState<PixFormValues>(() => initialValues(saved));
  const [errors, setErrors] = useState<PixFormErrors>({});
  // show a field's problem once it was left or the form was sent
  const [touched, setTouched] = useState<Partial<Record<keyof PixFormErrors, boolean>>>({});

  const live = validatePixForm(values);
  const shown = (field: keyof PixFormErrors) =>
    errors[field] ?? (touched[field] ? live[field] : undefined);
  const baseline = initialValues(saved);
  const dirty =
    values.key_type !== baseline.key_type ||
    normalizePixKey(values.key_type, values.key) !== (saved?.key ?? null) ||
    values.name.trim() !== baseline.name ||
    values.city.trim() !== baseline.city;

  const set = (patch: Partial<PixFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as keyof PixFormErrors];
      return next;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly || save.isPending) return;
    const problems = validatePixForm(values);
    setTouched({ key: true, name: true, city: true });
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      return;
    }
    save.mutate(
      {
        key_type: values.key_type,
        key: normalizePixKey(values.key_type, values.key)!,
        name: foldText(values.name),
        city: foldText(values.city),
      },
      {
        onSuccess: (result) => {
          setValues(initialValues(result));
          setTouched({});
          toast.success(t.subscriptions.pix.saved);
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            setErrors({
              key: error.fieldError('key'),
              name: error.fieldError('name'),
              city: error.fieldError('city'),
            });
          }
          toast.error(errorMessage(error));
        },
      },
    );
  };

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

      <form
        noValidate
        onSubmit={submit}
        className="grid gap-5"
        aria-label={t.subscriptions.pix.title}
      >
        <div className="grid gap-5 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
          <Field label={t.subscriptions.pix.keyType}>
            {(control) => (
              <NativeSelect
                {...control}
                value={values.key_type}
                disabled={readOnly}
                onChange={(e) => {
                  const keyType = e.target.value as PixKeyType;
                  set({ key_type: keyType, key: '' });
                  setTouched((prev) => ({ ...prev, key: false }));
                }}
              >
                {PIX_KEY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t.subscriptions.pix.keyTypes[type]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field
            label={t.subscriptions.pix.key}
            hint={t.subscriptions.pix.keyHints[values.key_type]}
            error={shown('key')}
          >
            {(control) => (
              <Input
                {...control}
                value={values.key}
                readOnly={readOnly}
                disabled={readOnly}
                inputMode={KEY_INPUT[values.key_type].inputMode}
                autoComplete="off"
                spellCheck={false}
                placeholder={t.subscriptions.pix.keyPlaceholders[values.key_type]}
                onChange={(e) => set({ key: maskPixKey(values.key_type, e.target.value) })}
                onBlur={() => setTouched((prev) => ({ ...prev, key: true }))}
              />
            )}
          </Field>
        </div>
        <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_minmax(0,14rem)]">
          <Field
            label={t.subscriptions.pix.name}
            hint={t.subscriptions.pix.nameHint}
            error={shown('name')}
          >
            {(control) => (
              <Input
                {...control}
                value={values.name}
                readOnly={readOnly}
                disabled={readOnly}
                maxLength={PIX_NAME_MAX + 10}
                autoComplete="name"
                onChange={(e) => set({ name: e.target.value })}
                onBlur={() => setTouched((prev) => ({ ...prev, name: true }))}
              />
            )}
          </Field>
          <Field
            label={t.subscriptions.pix.city}
            hint={t.subscriptions.pix.cityHint}
            error={shown('city')}
          >
            {(control) => (
              <Input
                {...control}
                value={values.city}
                readOnly={readOnly}
                disabled={readOnly}
                maxLength={PIX_CITY_MAX + 10}
                autoComplete="address-level2"
                onChange={(e) => set({ city: e.target.value })}
                onBlur={() => setTouched((prev) => ({ ...prev, city: true }))}
              />
            )}
          </Field>
        </div>
        {readOnly ? null : (
          <div className="flex justify-end">
            <Button
              type="submit"
              loading={save.isPending}
              disabled={!dirty}
              className="w-full sm:w-auto"
            >
              {t.subscriptions.pix.save}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
