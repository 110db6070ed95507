import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, hasErrorCode } from '@/lib/api-client';
import { ME_QUERY_KEY, useMe } from '@/lib/me';
import { cn } from '@/lib/utils';
import {
  AUTH_PROVIDERS_QUERY_KEY,
  fetchAuthProviders,
  startGoogleLink,
  unlinkGoogle,
} from '../api/security-api';
import { t } from '../strings';

/** The "G" of Google, in its colours (decorative). */
function GoogleMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden>
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.94l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.96 10.96 0 0 0 12 1 11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}

/** Goes to the provider (a full navigation: the flow's cookie came with the answer). */
const goTo = (url: string) => window.location.assign(url);

// the dialog (Radix Dialog, its form) loads when it opens, not with the page
const LinkDialog = lazy(() =>
  import('./google-link-dialog').then((m) => ({ default: m.LinkDialog })),
);

/**
 * The return from Google (`?google=linked` or `?google_error=`): one toast, then the query
 * goes, so a reload does not repeat it.
 */
function useLinkReturn() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const linked = params.get('google');
  const error = params.get('google_error');
  useEffect(() => {
    if (!linked && !error) return;
    if (linked === 'linked') {
      toast.success(t.security.googleLinkedToast);
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    } else if (error) {
      toast.error(t.security.googleLinkErrors[error] ?? t.security.googleLinkErrors.google_failed!);
    }
    const next = new URLSearchParams(params);
    next.delete('google');
    next.delete('google_error');
    setParams(next, { replace: true });
  }, [linked, error, params, setParams, queryClient]);
}

/** Segurança's Google card: linked or not, 'Vincular conta Google' and 'Desvincular'. */
export function GoogleCard() {
  useLinkReturn();
  const me = useMe();
  const providers = useQuery({
    queryKey: AUTH_PROVIDERS_QUERY_KEY,
    queryFn: ({ signal }) => fetchAuthProviders(signal),
    staleTime: 5 * 60_000,
  });
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const linked = me.data?.google_linked ?? false;
  const hasPassword = me.data?.has_password ?? true;
  // linking needs a proven address (the server refuses with EMAIL_NOT_CONFIRMED)
  const unconfirmed = me.data ? !me.data.email_confirmed : false;

  const startFresh = useMutation({
    mutationFn: () => startGoogleLink(),
    onSuccess: (res) => goTo(res.authorization_url),
    onError: (err) => {
      // signed in more than 10 minutes ago: confirm the password first
      if (hasErrorCode(err, 'REAUTHENTICATION_REQUIRED')) setOpen(true);
      else toast.error(errorMessage(err));
    },
  });
  const unlink = useMutation({
    mutationFn: unlinkGoogle,
    onSuccess: async (res) => {
      toast.success(res.message);
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });

  // a server without Google offers nothing to link (a linked account still sees its state)
  if (providers.data && !providers.data.google && !linked) return null;

  return (
    <Card className="gap-0 p-5 sm:p-6" data-testid="google-card">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-4">
          <div
            className={cn(
              'flex size-11 shrink-0 items-center justify-center rounded-lg',
              linked ? 'bg-success/15' : 'bg-accent',
            )}
          >
            <GoogleMark className="size-5" />
          </div>
          <div className="grid min-w-0 gap-1.5">
            <h3 className="flex flex-wrap items-center gap-x-2 gap-y-1 leading-tight font-semibold tracking-tight">
              {t.security.googleTitle}
              {me.data ? (
                <Badge variant={linked ? 'success' : 'secondary'}>
                  {linked ? t.security.googleLinked : t.security.googleUnlinked}
                </Badge>
              ) : null}
            </h3>
            <p className="text-sm leading-relaxed text-muted-foreground">
              {linked ? t.security.googleLinkedText : t.security.googleUnlinkedText}
            </p>
            {linked && !hasPassword ? (
              <p className="text-sm leading-relaxed text-muted-foreground">
                {t.security.googleNoPasswordText}
              </p>
            ) : null}
            {!linked && unconfirmed ? (
              <p className="text-sm leading-relaxed font-medium text-foreground">
                {t.security.needsConfirmedEmail}
              </p>
            ) : null}
          </div>
        </div>
        <div className="shrink-0 sm:pl-2">
          {me.isPending || providers.isPending ? (
            <Skeleton className="h-10 w-full sm:w-44" />
          ) : linked ? (
            <Button
              variant="outline"
              className="w-full sm:w-auto"
              loading={unlink.isPending}
              onClick={() => unlink.mutate()}
            >
              {t.security.googleUnlink}
            </Button>
          ) : (
            <Button
              className="w-full sm:w-auto"
              loading={startFresh.isPending}
              disabled={unconfirmed}
              onClick={() => startFresh.mutate()}
            >
              {t.security.googleLink}
            </Button>
          )}
        </div>
      </div>
      {open ? (
        <Suspense fallback={null}>
          <LinkDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </Card>
  );
}
