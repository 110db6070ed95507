import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { LoginScreen } from '@/features/auth/components/login-screen';
import { useSocialLoginReturn } from '@/features/auth/hooks/use-social-login-return';
import { safeReturnTo } from '@/lib/navigation';
import { logout } from '@/features/auth/api/auth-api';
import { clearSession, getRefreshToken, isSignOutState } from '@/lib/session';

/** /login?return_to=&email= (and the Google return: access_token, refresh_token, metadata, error). */
export function LoginRoute() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('return_to'));
  const email = params.get('email') ?? '';
  const completing = useSocialLoginReturn(returnTo);
  const signingOut = isSignOutState(useLocation().state);

  // "Sair": the session ends here, after leaving the guarded page (see UserMenu)
  // (the client forgets it at once; the server is told best-effort: offline, the session
  // still ends here and its refresh token is no longer on this device)
  useEffect(() => {
    if (!signingOut) return;
    const refreshToken = getRefreshToken();
    clearSession();
    if (refreshToken) void logout(refreshToken).catch(() => undefined);
  }, [signingOut]);

  if (completing) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner className="size-6 text-primary" />
      </div>
    );
  }
  return <LoginScreen key={email} returnTo={returnTo} initialEmail={email} />;
}
