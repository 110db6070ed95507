import type { InviteResponse } from '@fa-clube/contract';
import { MailPlus } from 'lucide-react';
import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { setServerErrors, useZodForm } from '@/lib/form';
import { useInvite } from '../hooks/use-team';
import { t } from '../strings';
import { canInvite } from '../can';
import { CopyLinkButton } from './copy-link-button';
import { InviteBody } from '@fa-clube/contract';

/** E-mail + Convidar; on success the toast, the list refreshes and the link can be copied. */
export function InviteForm({ workspaceId, isOwner }: { workspaceId: string; isOwner: boolean }) {
  const form = useZodForm(InviteBody, { defaultValues: { email: '' } });
  const [last, setLast] = useState<InviteResponse | null>(null);
  const invite = useInvite(workspaceId);

  const submit = ({ email }: InviteBody) =>
    invite.mutate(email, {
      onSuccess: (res) => {
        form.reset({ email: '' });
        setLast(res);
        toast.success(t.members.invited);
      },
      onError: (error) => {
        setServerErrors(form, error);
        toast.error(errorMessage(error));
      },
    });

  return (
    <Card className="gap-5">
      <CardHeader>
        <CardTitle id="invite-title">{t.members.inviteTitle}</CardTitle>
        <CardDescription>{t.members.inviteDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Form form={form} onSubmit={submit} aria-labelledby="invite-title">
          <FormField name="email" label={t.members.emailLabel}>
            {(control) => (
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  {...control}
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  autoCapitalize="none"
                  placeholder={t.members.emailPlaceholder}
                  disabled={!isOwner}
                />
                <FormSubmit ready={(v) => canInvite(v.email, isOwner)} pending={invite.isPending}>
                  <MailPlus aria-hidden />
                  {t.members.invite}
                </FormSubmit>
              </div>
            )}
          </FormField>
        </Form>
        {last ? (
          <div
            data-testid="last-invite"
            className="grid gap-2 rounded-lg border border-dashed bg-muted/40 p-3"
          >
            <p className="text-[13px] leading-snug text-muted-foreground">
              {last.email_sent
                ? t.members.inviteLinkHint(last.invitation.email)
                : t.members.inviteEmailNotSent}
            </p>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <Input
                readOnly
                aria-label={t.members.inviteLinkLabel}
                value={last.invite_link}
                className="h-8 font-mono text-xs md:text-xs"
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyLinkButton
                text={last.invite_link}
                label={t.members.copyLinkFor(last.invitation.email)}
              />
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
