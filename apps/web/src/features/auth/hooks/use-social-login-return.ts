import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/pt-BR';
import { completeSignIn, decodeMetadata } from '../api/session';

/**
 * The return of "Entrar com o Google": `/login?access_token=&refresh_token=&metadata=<base64>`
 * starts the session and continues to `return_to`; `/login?error=<code>` shows a toast.
 * Returns true while the session is being set up (the screen shows a spinner).
 */
export function useSocialLoginReturn(returnTo: string | null): boolean {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  const metadataParam = params.get('metadata');
  const error = params.get('error');
  const hasTokens = Boolean(accessToken && refreshToken);
  const [failed, setFailed] = useState(false);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const key = hasTokens ? `tokens:${accessToken}` : error ? `error:${error}` : null;
    if (!key || handled.current === key) return;
    handled.current = key;

    if (error) {
      toast.error(t.login.socialErrors[error] ?? t.login.socialError);
      const next = new URLSearchParams(params);
      next.delete('error');
      setParams(next, { replace: true });
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
    hasTokens,
    params,
    setParams,
    navigate,
    returnTo,
  ]);

  return hasTokens && !failed;
}
