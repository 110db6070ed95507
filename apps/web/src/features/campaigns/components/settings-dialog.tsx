import { EMAIL_RATE_PER_MINUTE_MAX, EmailMarketingSettings } from '@fa-clube/contract';
import { z } from 'zod';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { setServerErrors, useZodForm } from '@/lib/form';
import { useSaveSendingSettings } from '../hooks/use-campaigns';
import { t } from '../strings';

/** Text fields as typed ('' = none, the rate as digits) piped into the contract's settings. */
const SettingsForm = z
  .object({ sender_name: z.string(), reply_to: z.string(), rate_per_minute: z.string() })
  .transform((v): z.input<typeof EmailMarketingSettings> => ({
    sender_name: v.sender_name.trim() || null,
    reply_to: v.reply_to.trim() || null,
    // '' and letters: NaN, which the contract refuses with its message
    rate_per_minute: Number(v.rate_per_minute.trim() || NaN),
  }))
  .pipe(EmailMarketingSettings);

/** 'Configurações de envio': sender name, Reply-To and messages per minute (owner). */
export function SettingsDialog({
  ws,
  settings,
  onClose,
}: {
  ws: string;
  settings: EmailMarketingSettings;
  onClose: () => void;
}) {
  const form = useZodForm(SettingsForm, {
    defaultValues: {
      sender_name: settings.sender_name ?? '',
      reply_to: settings.reply_to ?? '',
      rate_per_minute: String(settings.rate_per_minute),
    },
  });
  const save = useSaveSendingSettings(ws);
  const submit = (body: EmailMarketingSettings) =>
    save.mutate(body, {
      onSuccess: () => {
        toast.success(t.campaigns.settingsSaved);
        onClose();
      },
      onError: (error) => {
        setServerErrors(form, error);
        toast.error(errorMessage(error));
      },
    });
  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t.campaigns.settings}</DialogTitle>
          <DialogDescription>{t.campaigns.settingsText}</DialogDescription>
        </DialogHeader>
        <Form
          form={form}
          onSubmit={submit}
          className="grid gap-4"
          aria-label={t.campaigns.settings}
        >
          <FormField
            name="sender_name"
            label={t.campaigns.senderName}
            hint={t.campaigns.senderNameHint}
          >
            {(control) => <Input {...control} maxLength={60} autoComplete="off" />}
          </FormField>
          <FormField name="reply_to" label={t.campaigns.replyTo} hint={t.campaigns.replyToHint}>
            {(control) => <Input {...control} type="email" autoComplete="email" />}
          </FormField>
          <FormField name="rate_per_minute" label={t.campaigns.rate} hint={t.campaigns.rateHint}>
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                maxLength={String(EMAIL_RATE_PER_MINUTE_MAX).length}
              />
            )}
          </FormField>
          <DialogFooter>
            <FormSubmit pending={save.isPending}>{t.common.save}</FormSubmit>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
