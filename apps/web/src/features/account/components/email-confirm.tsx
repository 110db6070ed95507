import { useMutation } from '@tanstack/react-query';
import { CircleCheck, MailWarning } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { StatusScreen } from '@/components/layout/status-screen';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { confirmEmailChange } from '../api/account-api';
import { t } from '../strings';

/** /account/email?token=…: the link sent to the new address confirms the change. */
export function EmailConfirmScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { token: signedIn } = useSession();
  const confirm = useMutation({ mutationFn: confirmEmailChange });
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  const next = (
    <Button asChild>
      <Link to={signedIn ? '/account' : '/login'}>
        {signedIn ? t.account.goToAccount : t.account.goToLogin}
      </Link>
    </Button>
  );
  if (!token)
    return (
      <StatusScreen
        icon={MailWarning}
        tone="destructive"
        title={t.account.emailConfirmFailed}
        text={t.account.emailConfirmMissing}
        action={next}
        className="min-h-dvh"
      />
    );
  if (confirm.isSuccess)
    return (
      <StatusScreen
        icon={CircleCheck}
        title={t.account.emailConfirmTitle}
        text={t.account.emailConfirmed(confirm.data.email)}
        action={next}
        className="min-h-dvh"
      />
    );
  if (confirm.isError)
    return (
      <StatusScreen
        icon={MailWarning}
        tone="destructive"
        title={t.account.emailConfirmFailed}
        text={errorMessage(confirm.error)}
        action={next}
        className="min-h-dvh"
      />
    );
  return (
    <div className="flex min-h-dvh items-center justify-center gap-2 text-sm text-muted-foreground">
      <Spinner label="" className="text-primary" />
      <span role="status">{t.account.emailConfirming}</span>
    </div>
  );
}
