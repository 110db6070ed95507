import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { t } from '../strings';
import { fetchAuthProviders, googleStartUrl } from '../api/auth-api';
import { newSocialLoginState } from '../api/social-state';

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-[18px]">
      <path
        fill="#4285F4"
        d="M23.52 12.27c0-.85-.08-1.67-.22-2.45H12v4.64h6.47a5.53 5.53 0 0 1-2.4 3.63v3h3.88c2.27-2.09 3.57-5.17 3.57-8.82Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.96-1.07 7.95-2.91l-3.88-3c-1.08.72-2.45 1.15-4.07 1.15-3.13 0-5.78-2.11-6.73-4.95H1.26v3.1A12 12 0 0 0 12 24Z"
      />
      <path
        fill="#FBBC05"
        d="M5.27 14.29A7.2 7.2 0 0 1 4.89 12c0-.8.14-1.57.38-2.29v-3.1H1.26A12 12 0 0 0 0 12c0 1.94.46 3.77 1.26 5.39l4.01-3.1Z"
      />
      <path
        fill="#EA4335"
        d="M12 4.77c1.76 0 3.35.61 4.6 1.8l3.44-3.44A11.96 11.96 0 0 0 12 0 12 12 0 0 0 1.26 6.61l4.01 3.1C6.22 6.88 8.87 4.77 12 4.77Z"
      />
    </svg>
  );
}

/**
 * 'Entrar com o Google': asks the API whether Google is configured, then navigates the browser
 * to the API's OAuth start (which redirects to the provider and back to /login).
 */
export function GoogleButton({ returnTo }: { returnTo: string | null }) {
  const [pending, setPending] = useState(false);
  // coming back with the browser's back button restores this page from the bfcache
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPending(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  const start = async () => {
    setPending(true);
    let available = false;
    try {
      available = (await fetchAuthProviders()).google;
    } catch {
      available = false;
    }
    if (!available) {
      setPending(false);
      toast.error(t.login.googleUnavailable);
      return;
    }
    window.location.assign(googleStartUrl(returnTo, newSocialLoginState()));
  };
  return (
    <Button
      type="button"
      variant="outline"
      size="lg"
      className="w-full"
      loading={pending}
      onClick={() => void start()}
    >
      {pending ? null : <GoogleIcon />}
      {t.login.google}
    </Button>
  );
}
