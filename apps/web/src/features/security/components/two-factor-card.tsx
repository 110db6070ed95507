import { ShieldCheck, ShieldOff } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { t } from '../strings';
import { cn } from '@/lib/utils';
import { useMe } from '@/lib/me';
import { useTwoFactorStatus } from '../hooks/use-security';

// the dialog (Radix Dialog, its form) loads when it opens, not with the page
const TwoFactorDialog = lazy(() =>
  import('./two-factor-dialog').then((m) => ({ default: m.TwoFactorDialog })),
);

export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const [open, setOpen] = useState(false);
  const on = status.data?.two_factor ?? false;
  // turning it on needs a proven address (the server refuses with EMAIL_NOT_CONFIRMED)
  const me = useMe();
  const unconfirmed = !on && (me.data ? !me.data.email_confirmed : false);

  return (
    <Card className="gap-0 p-5 sm:p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-4">
          <div
            className={cn(
              'flex size-11 shrink-0 items-center justify-center rounded-lg',
              on ? 'bg-success/15 text-success-text' : 'bg-accent text-accent-foreground',
            )}
          >
            {on ? (
              <ShieldCheck className="size-5" aria-hidden />
            ) : (
              <ShieldOff className="size-5" aria-hidden />
            )}
          </div>
          <div className="grid min-w-0 gap-1.5">
            <h3 className="flex flex-wrap items-center gap-x-2 gap-y-1 leading-tight font-semibold tracking-tight">
              {t.security.twoFactorTitle}
              {status.data ? (
                <Badge variant={on ? 'success' : 'secondary'}>
                  {on ? t.security.enabled : t.security.disabled}
                </Badge>
              ) : null}
            </h3>
            <p className="text-sm leading-relaxed text-muted-foreground">
              {t.security.twoFactorText}
            </p>
            {unconfirmed ? (
              <p className="text-sm leading-relaxed font-medium text-foreground">
                {t.security.needsConfirmedEmail}
              </p>
            ) : null}
            {status.isError ? (
              <p className="text-sm text-destructive">{t.security.loadError}</p>
            ) : null}
          </div>
        </div>
        <div className="shrink-0 sm:pl-2">
          {status.isPending ? (
            <Skeleton className="h-10 w-full sm:w-36" />
          ) : status.isError ? (
            <Button
              variant="outline"
              className="w-full sm:w-auto"
              onClick={() => void status.refetch()}
            >
              {t.common.retry}
            </Button>
          ) : (
            <Button
              className="w-full sm:w-auto"
              variant={on ? 'outline' : 'default'}
              disabled={unconfirmed}
              onClick={() => setOpen(true)}
            >
              {on ? t.security.disable : t.security.enable}
            </Button>
          )}
        </div>
      </div>
      {status.data ? (
        <Suspense fallback={null}>
          <TwoFactorDialog open={open} onOpenChange={setOpen} status={status.data} />
        </Suspense>
      ) : null}
    </Card>
  );
}
