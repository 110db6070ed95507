import type { AppSettings } from '@fa-clube/contract';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { setServerErrors, useZodForm } from '@/lib/form';
import { useSaveTrueIdSettings } from '../hooks/use-trueid';
import { t } from '../strings';
import { TrueIdSettings } from '@fa-clube/contract';

/** The TrueID settings (the age check, how long documents are kept), saved by the owner. */
export function TrueIdSettingsForm({
  workspaceId,
  isOwner,
  settings,
}: {
  workspaceId: string;
  isOwner: boolean;
  settings: AppSettings['trueid'];
}) {
  const form = useZodForm(TrueIdSettings, { defaultValues: settings });
  const save = useSaveTrueIdSettings(workspaceId);
  const submit = (values: AppSettings['trueid']) =>
    save.mutate(values, {
      onSuccess: () => toast.success(t.trueid.saved),
      onError: (error) => {
        setServerErrors(form, error);
        toast.error(errorMessage(error));
      },
    });
  return (
    <Form form={form} onSubmit={submit} className="grid gap-5">
      <FormField
        name="require_age_verification"
        label={t.trueid.requireAge}
        hint={t.trueid.requireAgeHint}
      >
        {({ value, onChange, onBlur, ref, ...control }) => (
          <Switch
            {...control}
            ref={ref}
            checked={Boolean(value)}
            onCheckedChange={onChange}
            onBlur={onBlur}
            disabled={!isOwner}
          />
        )}
      </FormField>
      <FormField name="retention_days" label={t.trueid.retention} hint={t.trueid.retentionHint}>
        {({ value, onChange, ...control }) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={1825}
            className="max-w-40"
            value={value == null || Number.isNaN(value) ? '' : String(value)}
            onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
            disabled={!isOwner}
          />
        )}
      </FormField>
      {isOwner ? (
        <div className="flex justify-end">
          <FormSubmit pending={save.isPending}>{t.trueid.save}</FormSubmit>
        </div>
      ) : null}
    </Form>
  );
}
