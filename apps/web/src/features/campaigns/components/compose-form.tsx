import {
  CONTACT_SEGMENTS,
  Email,
  SUBJECT_MAX,
  SendEmailBody,
  TEMPLATE_MAX,
} from '@fa-clube/contract';
import type { ContactSegment } from '@fa-clube/contract';
import { FlaskConical, Send } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { setServerErrors, useZodForm } from '@/lib/form';
import { useMe } from '@/lib/me';
import { useSendEmail } from '../hooks/use-campaigns';
import { t } from '../strings';

const splitAddresses = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);

/** The form's values (segments as checkboxes, addresses as text) piped into the contract's body. */
const ComposeForm = z
  .object({
    subject: z.string(),
    segments: z.array(z.enum(CONTACT_SEGMENTS)),
    addresses: z.string(),
    template: z.string(),
  })
  .superRefine((v, ctx) => {
    const bad = splitAddresses(v.addresses).find((a) => !Email.safeParse(a).success);
    if (bad)
      ctx.addIssue({ code: 'custom', path: ['addresses'], message: t.campaigns.badAddress(bad) });
    else if (v.segments.length === 0 && splitAddresses(v.addresses).length === 0)
      ctx.addIssue({ code: 'custom', path: ['addresses'], message: t.campaigns.noAudience });
  })
  .transform((v) => ({
    subject: v.subject,
    contacts: [...v.segments, ...splitAddresses(v.addresses)],
    template: v.template,
  }))
  .pipe(SendEmailBody);
type ComposeValues = z.input<typeof ComposeForm>;

/** The template as a fan would see it: {{ nome }} and {{ link_cancelar }} filled with examples. */
function previewHtml(template: string) {
  const body = template
    .replace(/\{\{\s*nome\s*\}\}/g, t.campaigns.previewName)
    .replace(/\{\{\s*link_cancelar\s*\}\}/g, '#');
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><style>body{font-family:Arial,Helvetica,sans-serif;color:#18181b;background:#fff;margin:16px;line-height:1.5}img{max-width:100%}</style></head><body>${body}</body></html>`;
}

/** Compose with a live preview; 'Enviar teste para mim' and 'Enviar campanha' (confirmed). */
export function ComposeCard({ ws }: { ws: string }) {
  const me = useMe();
  const form = useZodForm(ComposeForm, {
    defaultValues: {
      subject: '',
      segments: ['subscribers'],
      addresses: '',
      template: t.campaigns.defaultTemplate,
    },
  });
  const send = useSendEmail(ws);
  const test = useSendEmail(ws);
  const [confirming, setConfirming] = useState<z.output<typeof ComposeForm> | null>(null);
  const template = useWatch({ control: form.control, name: 'template' });
  const subject = useWatch({ control: form.control, name: 'subject' });
  const segments = useWatch({ control: form.control, name: 'segments' });

  const onError = (error: unknown) => {
    setServerErrors(form, error);
    toast.error(errorMessage(error));
  };

  const sendTest = async () => {
    const email = me.data?.email;
    if (!email || !(await form.trigger(['subject', 'template']))) return;
    const body = SendEmailBody.safeParse({ subject, contacts: [email], template });
    if (!body.success) return;
    test.mutate(body.data, {
      onSuccess: () => toast.success(t.campaigns.testSent(email)),
      onError,
    });
  };

  const sendNow = () => {
    if (!confirming) return;
    send.mutate(confirming, {
      onSuccess: (res) => {
        setConfirming(null);
        toast.success(t.campaigns.sent(res.queued));
        form.reset({ ...form.getValues(), subject: '' });
      },
      onError: (error) => {
        setConfirming(null);
        onError(error);
      },
    });
  };

  const toggleSegment = (segment: ContactSegment, on: boolean) => {
    const current = form.getValues('segments');
    form.setValue(
      'segments',
      on
        ? [...current.filter((s) => s !== segment), segment]
        : current.filter((s) => s !== segment),
      { shouldValidate: form.formState.isSubmitted },
    );
  };

  return (
    <Card className="gap-0 p-0">
      <div className="border-b px-5 py-4">
        <h2 className="font-semibold">{t.campaigns.compose}</h2>
      </div>
      <div className="grid gap-6 p-5 lg:grid-cols-2">
        <Form<ComposeValues, z.output<typeof ComposeForm>>
          form={form}
          onSubmit={(body) => setConfirming(body)}
          className="grid content-start gap-4"
          aria-label={t.campaigns.composeLabel}
        >
          <FormField name="subject" label={t.campaigns.subject}>
            {(control) => (
              <Input
                {...control}
                maxLength={SUBJECT_MAX}
                placeholder={t.campaigns.subjectPlaceholder}
              />
            )}
          </FormField>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t.campaigns.audience}</legend>
            <p className="text-[13px] text-muted-foreground">{t.campaigns.audienceHint}</p>
            <div className="grid gap-2 sm:grid-cols-2">
              {CONTACT_SEGMENTS.map((segment) => (
                <label
                  key={segment}
                  className="flex min-h-10 cursor-pointer items-center gap-2.5 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent/50"
                >
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={segments.includes(segment)}
                    onChange={(e) => toggleSegment(segment, e.target.checked)}
                  />
                  {t.campaigns.segments[segment]}
                </label>
              ))}
            </div>
          </fieldset>
          <FormField
            name="addresses"
            label={t.campaigns.addresses}
            hint={t.campaigns.addressesHint}
          >
            {(control) => <Textarea {...control} rows={2} autoComplete="off" />}
          </FormField>
          <FormField name="template" label={t.campaigns.template} hint={t.campaigns.templateHint}>
            {(control) => (
              <Textarea
                {...control}
                rows={9}
                maxLength={TEMPLATE_MAX}
                spellCheck={false}
                className="font-mono text-[13px]"
              />
            )}
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              type="button"
              variant="outline"
              onClick={() => void sendTest()}
              loading={test.isPending}
              disabled={!me.data}
            >
              <FlaskConical aria-hidden />
              {t.campaigns.sendTest}
            </Button>
            <Button type="submit" loading={send.isPending}>
              <Send aria-hidden />
              {t.campaigns.send}
            </Button>
          </div>
        </Form>
        <section aria-label={t.campaigns.preview} className="grid content-start gap-2">
          <h3 className="text-sm font-medium">{t.campaigns.preview}</h3>
          <div className="overflow-hidden rounded-lg border bg-white">
            <div className="border-b border-zinc-200 bg-zinc-100 px-4 py-2 text-[13px] font-medium text-zinc-900">
              {subject || t.campaigns.subjectPlaceholder}
            </div>
            <iframe
              title={t.campaigns.previewTitle}
              sandbox=""
              srcDoc={previewHtml(template)}
              className="h-80 w-full bg-white"
            />
          </div>
        </section>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        pending={send.isPending}
        title={t.campaigns.confirmTitle}
        description={t.campaigns.confirmText(confirming?.subject ?? '')}
        confirmLabel={t.campaigns.confirmSend}
        onConfirm={sendNow}
      />
    </Card>
  );
}
