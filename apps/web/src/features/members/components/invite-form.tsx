import type { InviteResponse } from '@fa-clube/contract';
import { MailPlus } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/pt-BR';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useInvite } from '../hooks/use-team';
import { canInvite } from '../validation';
import { CopyLinkButton } from './copy-link-button';

/** E-mail + Convidar; on success the toast, the list refreshes and the link can be copied. */
export function InviteForm({ workspaceId, isOwner }: { workspaceId: string; isOwner: boolean }) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [last, setLast] = useState<InviteResponse | null>(null);
  const invite = useInvite(workspaceId);
  const enabled = canInvite(email, isOwner) && !invite.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!enabled) return;
    invite.mutate(email.trim(), {
      onSuccess: (res) => {
        setEmail('');
        setLast(res);
        toast.success(t.members.invited);
      },
      onError: (error) => {
        if (error instanceof ApiError) setFieldError(error.fieldError('email') ?? null);
        toast.error(errorMessage(error));
      },
    });
  };

  return (
    <Card className="gap-5">
      <CardHeader>
        <CardTitle id="invite-title">{t.members.inviteTitle}</CardTitle>
        <CardDescription>{t.members.inviteDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form aria-labelledby="invite-title" className="grid gap-2" noValidate onSubmit={submit}>
          <Label htmlFor="invite-email">{t.members.emailLabel}</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="invite-email"
              type="email"
              name="email"
              inputMode="email"
              autoComplete="off"
              autoCapitalize="none"
              placeholder={t.members.emailPlaceholder}
              disabled={!isOwner}
              value={email}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? 'invite-email-error' : undefined}
              onChange={(e) => {
                setEmail(e.target.value);
                setFieldError(null);
              }}
            />
            <Button type="submit" disabled={!enabled} loading={invite.isPending}>
              <MailPlus aria-hidden />
              {t.members.invite}
            </Button>
          </div>
          {fieldError ? (
            <p id="invite-email-error" className="text-[13px] text-destructive">
              {fieldError}
            </p>
          ) : null}
        </form>
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
