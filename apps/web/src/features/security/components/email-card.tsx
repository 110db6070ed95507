import { useMutation } from '@tanstack/react-query';
import { MailCheck, MailWarning } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { cn } from '@/lib/utils';
import { resendConfirmation } from '../api/security-api';
import { t } from '../strings';

/** The account's e-mail: confirmed or not, and a new confirmation link on request. */
export function EmailCard() {
  const me = useMe();
  const resend = useMutation({
    mutationFn: resendConfirmation,
    onSuccess: (res) => toast.success(res.message),
    onError: (err) => toast.error(errorMessage(err)),
  });
  const confirmed = me.data?.email_confirmed ?? false;

  return (
    <Card className="gap-0 p-5 sm:p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-4">
          <div
            className={cn(
              'flex size-11 shrink-0 items-center justify-center rounded-lg',
              confirmed ? 'bg-success/15 text-success-text' : 'bg-accent text-accent-foreground',
            )}
          >
            {confirmed ? (
              <MailCheck className="size-5" aria-hidden />
            ) : (
              <MailWarning className="size-5" aria-hidden />
            )}
          </div>
          <div className="grid min-w-0 gap-1.5">
            <h3 className="flex flex-wrap items-center gap-x-2 gap-y-1 leading-tight font-semibold tracking-tight">
              {t.security.emailTitle}
              {me.data ? (
                <Badge variant={confirmed ? 'success' : 'secondary'}>
                  {confirmed ? t.security.emailConfirmed : t.security.emailUnconfirmed}
                </Badge>
              ) : null}
            </h3>
            {me.isPending ? (
              <Skeleton className="h-4 w-48" />
            ) : me.data ? (
              <p className="truncate text-sm font-medium" data-testid="account-email">
                {me.data.email}
              </p>
            ) : null}
            <p className="text-sm leading-relaxed text-muted-foreground">
              {confirmed ? t.security.emailConfirmedText : t.security.emailUnconfirmedText}
            </p>
            {me.isError ? (
              <p className="text-sm text-destructive">{t.security.emailLoadError}</p>
            ) : null}
          </div>
        </div>
        {me.data && !confirmed ? (
          <div className="shrink-0 sm:pl-2">
            <Button
              variant="outline"
              className="w-full sm:w-auto"
              loading={resend.isPending}
              onClick={() => resend.mutate()}
            >
              {t.security.emailResend}
            </Button>
          </div>
        ) : me.isError ? (
          <div className="shrink-0 sm:pl-2">
            <Button
              variant="outline"
              className="w-full sm:w-auto"
              onClick={() => void me.refetch()}
            >
              {t.common.retry}
            </Button>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
