import { Suspense, lazy, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, hasErrorCode } from '@/lib/api-client';
import { useZodForm } from '@/lib/form';
import { withReturnTo } from '@/lib/navigation';
import { signIn } from '../api/auth-api';
import { completeSignIn } from '../api/session';
import { t } from '../strings';
import { LoginForm } from '../validation';
import { EmailField } from './form-fields';
import { GoogleButton } from './google-button';

// the code step (and its six boxes) loads only for accounts that use 2FA
const TwoFactorStep = lazy(() =>
  import('./two-factor-step').then((m) => ({ default: m.TwoFactorStep })),
);

interface LoginScreenProps {
  /** A safe relative path to go to after signing in (already sanitised). */
  returnTo: string | null;
  initialEmail?: string;
}

type Credentials = { email: string; password: string };

/**
 * Sign-in: e-mail + password, then (when the server answers TWO_FACTOR_REQUIRED) the six-digit
 * code step. On success: storage cleared, tokens + metadata stored, first workspace made
 * current, and the user goes to `returnTo` or /dashboard.
 */
export function LoginScreen({ returnTo, initialEmail = '' }: LoginScreenProps) {
  const navigate = useNavigate();
  const [step, setStep] = useState<'credentials' | 'code'>('credentials');
  // kept across the steps: the code is sent with them, and going back shows them again
  const [credentials, setCredentials] = useState<Credentials>({
    email: initialEmail,
    password: '',
  });

  const finish = async (tokens: Awaited<ReturnType<typeof signIn>>) => {
    await completeSignIn(tokens);
    navigate(returnTo ?? '/dashboard', { replace: true });
  };

  if (step === 'code') {
    return (
      <Suspense fallback={null}>
        <TwoFactorStep
          credentials={credentials}
          onSignedIn={finish}
          onBack={() => setStep('credentials')}
        />
      </Suspense>
    );
  }
  return (
    <CredentialsStep
      returnTo={returnTo}
      credentials={credentials}
      onSignedIn={finish}
      onTwoFactor={(typed) => {
        setCredentials(typed);
        setStep('code');
      }}
    />
  );
}

function CredentialsStep({
  returnTo,
  credentials,
  onSignedIn,
  onTwoFactor,
}: {
  returnTo: string | null;
  credentials: Credentials;
  onSignedIn: (tokens: Awaited<ReturnType<typeof signIn>>) => Promise<void>;
  onTwoFactor: (credentials: Credentials) => void;
}) {
  const form = useZodForm(LoginForm, { defaultValues: credentials });

  const submit = async (credentials: Credentials) => {
    try {
      await onSignedIn(await signIn(credentials));
    } catch (error) {
      // the server asks for the code: no toast, the code step (spec section 4)
      if (hasErrorCode(error, 'TWO_FACTOR_REQUIRED')) return onTwoFactor(credentials);
      form.setError('email', { type: 'server' });
      form.setError('password', { type: 'server' });
      toast.error(errorMessage(error));
    }
  };

  return (
    <AuthLayout
      title={t.login.title}
      description={t.login.subtitle}
      footer={
        <>
          {t.login.noAccount}{' '}
          <Link
            to={withReturnTo('/signup', returnTo)}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t.login.signup}
          </Link>
        </>
      }
    >
      <Form form={form} onSubmit={submit} className="grid gap-5">
        <EmailField label={t.login.email} />
        <FormField
          name="password"
          label={t.login.password}
          labelAside={
            <Link
              to="/reset-password"
              className="rounded-sm text-[13px] font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {t.login.forgot}
            </Link>
          }
        >
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="current-password"
              placeholder={t.login.passwordPlaceholder}
            />
          )}
        </FormField>
        <FormSubmit ready={LoginForm} size="lg" className="mt-1 w-full">
          {t.login.submit}
        </FormSubmit>
      </Form>
      <div className="my-6 flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <span className="h-px flex-1 bg-border" />
        {t.login.or}
        <span className="h-px flex-1 bg-border" />
      </div>
      <GoogleButton returnTo={returnTo} />
    </AuthLayout>
  );
}
