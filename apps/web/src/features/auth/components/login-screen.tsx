import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { OtpField } from '@/components/ui/otp-field';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/pt-BR';
import { ApiError, errorMessage } from '@/lib/api-client';
import { withReturnTo } from '@/lib/navigation';
import { isTwoFactorRequired, signIn } from '../api/auth-api';
import { completeSignIn } from '../api/session';
import { canSubmitLogin } from '../validation';
import { EmailField, SubmitButton } from './form-fields';
import { GoogleButton } from './google-button';

interface LoginScreenProps {
  /** A safe relative path to go to after signing in (already sanitised). */
  returnTo: string | null;
  initialEmail?: string;
}

/**
 * Sign-in: e-mail + password, then (when the account uses 2FA) the six-digit code step.
 * On success: storage cleared, tokens + metadata stored, first workspace made current, and
 * the user goes to `returnTo` or /dashboard.
 */
export function LoginScreen({ returnTo, initialEmail = '' }: LoginScreenProps) {
  const navigate = useNavigate();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [fieldsInvalid, setFieldsInvalid] = useState(false);
  const [step, setStep] = useState<'credentials' | 'code'>('credentials');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  const finish = async (tokens: Awaited<ReturnType<typeof signIn>>) => {
    await completeSignIn(tokens);
    navigate(returnTo ?? '/dashboard', { replace: true });
  };

  const submitCredentials = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitLogin({ email, password, pending })) return;
    setPending(true);
    try {
      const tokens = await signIn({ email: email.trim(), password });
      await finish(tokens);
    } catch (error) {
      setPending(false);
      if (isTwoFactorRequired(error)) {
        setStep('code');
        setCode('');
        setCodeError(null);
        return;
      }
      setFieldsInvalid(true);
      toast.error(errorMessage(error));
    }
  };

  const submitCode = async (value: string) => {
    if (pending || value.length !== 6) return;
    setPending(true);
    setCodeError(null);
    try {
      const tokens = await signIn({ email: email.trim(), password, two_factor_code: value });
      await finish(tokens);
    } catch (error) {
      setPending(false);
      if (error instanceof ApiError && error.status === 401) {
        setCodeError(error.message || t.login.twoFactorInvalid);
      } else {
        setCodeError(errorMessage(error));
        toast.error(errorMessage(error));
      }
    }
  };

  if (step === 'code') {
    return (
      <AuthLayout title={t.login.twoFactorTitle} description={t.login.twoFactorDescription}>
        <div className="grid gap-6">
          <div className="flex justify-center">
            <div className="flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
              <ShieldCheck className="size-7" aria-hidden />
            </div>
          </div>
          <OtpField
            className="gap-3"
            value={code}
            onChange={(value) => {
              setCode(value);
              if (codeError) setCodeError(null);
            }}
            onComplete={(value) => void submitCode(value)}
            error={codeError}
            disabled={pending}
            autoFocus
            label={t.login.twoFactorCode}
          />
          <Button
            type="button"
            size="lg"
            className="w-full"
            loading={pending}
            disabled={code.length !== 6}
            onClick={() => void submitCode(code)}
          >
            {pending ? t.login.verifying : t.login.submit}
          </Button>
          <Button
            type="button"
            variant="ghost"
            className="justify-self-center"
            onClick={() => {
              setStep('credentials');
              setCode('');
              setCodeError(null);
            }}
          >
            <ArrowLeft aria-hidden />
            {t.login.twoFactorBack}
          </Button>
        </div>
      </AuthLayout>
    );
  }

  const enabled = canSubmitLogin({ email, password, pending });

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
      <form className="grid gap-5" onSubmit={(e) => void submitCredentials(e)} noValidate>
        <EmailField
          label={t.login.email}
          error={fieldsInvalid}
          value={email}
          onChange={(value) => {
            setEmail(value);
            setFieldsInvalid(false);
          }}
        />
        <Field
          label={t.login.password}
          error={fieldsInvalid}
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
              name="password"
              autoComplete="current-password"
              placeholder={t.login.passwordPlaceholder}
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setFieldsInvalid(false);
              }}
            />
          )}
        </Field>
        <SubmitButton enabled={enabled} pending={pending} className="mt-1">
          {t.login.submit}
        </SubmitButton>
      </form>
      <div className="my-6 flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <span className="h-px flex-1 bg-border" />
        {t.login.or}
        <span className="h-px flex-1 bg-border" />
      </div>
      <GoogleButton returnTo={returnTo} />
    </AuthLayout>
  );
}
