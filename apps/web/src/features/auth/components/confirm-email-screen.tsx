import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, MailCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { StatusScreen } from '@/components/layout/status-screen';
import { buttonVariants } from '@/components/ui/button-variants';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/me';
import { useSession } from '@/lib/session';
import { confirmEmail } from '../api/auth-api';
import { t } from '../strings';

/** /confirm-email?token=: confirms the address once on arrival, then says how it went. */
export function ConfirmEmailScreen({ token }: { token: string | null }) {
  const { token: signedIn } = useSession();
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
  const { mutate } = confirm;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  const next = signedIn ? (
    <Link to="/dashboard" className={buttonVariants()}>
      {t.confirmEmail.toApp}
    </Link>
  ) : (
    <Link to="/login" className={buttonVariants()}>
      {t.confirmEmail.toLogin}
    </Link>
  );

  if (token && (confirm.isIdle || confirm.isPending)) {
    return (
      <div className="flex min-h-dvh flex-col items-center justify-center gap-3" role="status">
        <Spinner className="size-6 text-primary" />
        <p className="text-sm text-muted-foreground">{t.confirmEmail.pending}</p>
      </div>
    );
  }
  if (confirm.isSuccess) {
    return (
      <StatusScreen
        className="min-h-dvh"
        icon={MailCheck}
        title={t.confirmEmail.doneTitle}
        text={t.confirmEmail.doneText}
        action={next}
      />
    );
  }
  return (
    <StatusScreen
      className="min-h-dvh"
      icon={CircleAlert}
      tone="destructive"
      title={t.confirmEmail.failedTitle}
      text={confirm.isError ? errorMessage(confirm.error) : t.confirmEmail.missing}
      action={
        signedIn ? (
          <Link to="/settings/security" className={buttonVariants()}>
            {t.confirmEmail.toSecurity}
          </Link>
        ) : (
          next
        )
      }
    />
  );
}
