import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { t } from '../strings';
import { completeSignIn, decodeMetadata } from '../api/session';
import { takeSocialLoginState } from '../api/social-state';

/**
 * The return of "Entrar com o Google": `/login?access_token=&refresh_token=&metadata=<base64>&state=`
 * starts the session and continues to `return_to`, only when `state` is the one-time state this
 * tab stored when it started the sign-in (spent here either way); otherwise the tokens are
 * ignored and a toast says so. `/login?error=<code>` shows a toast.
 * Returns true while the session is being set up (the screen shows a spinner).
 */
export function useSocialLoginReturn(returnTo: string | null): boolean {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  const metadataParam = params.get('metadata');
  const error = params.get('error');
  const state = params.get('state');
  const hasTokens = Boolean(accessToken && refreshToken);
  const [failed, setFailed] = useState(false);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const key = hasTokens ? `tokens:${accessToken}` : error ? `error:${error}` : null;
    if (!key || handled.current === key) return;
    handled.current = key;

    // the one-time state is spent by any return, good or bad
    const expectedState = takeSocialLoginState();

    if (error) {
      toast.error(t.login.socialErrors[error] ?? t.login.socialError);
      const next = new URLSearchParams(params);
      next.delete('error');
      next.delete('state');
      setParams(next, { replace: true });
      return;
    }

    if (!expectedState || state !== expectedState) {
      // a session this tab did not ask for (login CSRF): never start it
      toast.error(t.login.socialForged);
      setParams(new URLSearchParams(returnTo ? { return_to: returnTo } : {}), { replace: true });
      return;
    }

    const metadata = metadataParam ? decodeMetadata(metadataParam) : null;
    if (!accessToken || !refreshToken || !metadata) {
      toast.error(t.login.socialError);
      setParams(new URLSearchParams(returnTo ? { return_to: returnTo } : {}), { replace: true });
      return;
    }
    completeSignIn({ access_token: accessToken, refresh_token: refreshToken, metadata })
      .then(() => navigate(returnTo ?? '/dashboard', { replace: true }))
      .catch(() => {
        toast.error(t.login.socialError);
        setFailed(true);
      });
  }, [
    accessToken,
    refreshToken,
    metadataParam,
    error,
    state,
    hasTokens,
    params,
    setParams,
    navigate,
    returnTo,
  ]);

  return hasTokens && !failed;
}
