import { ArrowLeft, MailCheck } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/pt-BR';
import { errorMessage } from '@/lib/api-client';
import { requestPasswordReset, resetPassword } from '../api/auth-api';
import { canSubmitReset, canSubmitResetRequest } from '../validation';

function BackToLogin() {
  return (
    <Button asChild variant="ghost" className="w-full">
      <Link to="/login">
        <ArrowLeft aria-hidden />
        {t.reset.backToLogin}
      </Link>
    </Button>
  );
}

/** Request mode: the e-mail; the answer never tells whether the account exists. */
function RequestForm() {
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitResetRequest({ email, pending })) return;
    setPending(true);
    try {
      await requestPasswordReset(email.trim());
      setSentTo(email.trim());
    } catch (error) {
      setInvalid(true);
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  if (sentTo) {
    return (
      <AuthLayout title={t.reset.sentTitle}>
        <div className="grid gap-6">
          <div
            role="status"
            className="flex items-start gap-3 rounded-xl border bg-accent/40 p-4 text-sm leading-relaxed"
          >
            <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
            <p>{t.reset.sent(sentTo)}</p>
          </div>
          <BackToLogin />
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t.reset.requestTitle} description={t.reset.requestSubtitle}>
      <form className="grid gap-5" onSubmit={(e) => void submit(e)} noValidate>
        <Field label={t.reset.email} error={invalid}>
          {(control) => (
            <Input
              {...control}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              autoCapitalize="none"
              placeholder={t.login.emailPlaceholder}
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setInvalid(false);
              }}
            />
          )}
        </Field>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={!canSubmitResetRequest({ email, pending })}
          loading={pending}
        >
          {t.reset.submitRequest}
        </Button>
        <BackToLogin />
      </form>
    </AuthLayout>
  );
}

/** Reset mode (`?token=`): the new password twice. */
function ResetForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ password?: string; confirm?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitReset({ password, confirm, pending })) return;
    if (password !== confirm) {
      setError({ confirm: t.reset.mismatch });
      toast.error(t.reset.mismatch);
      return;
    }
    setPending(true);
    try {
      const res = await resetPassword(token, password);
      toast.success(res.message || t.reset.success);
      navigate('/login', { replace: true });
    } catch (err) {
      setPending(false);
      setError({ password: errorMessage(err) });
      toast.error(errorMessage(err));
    }
  };

  return (
    <AuthLayout title={t.reset.resetTitle} description={t.reset.resetSubtitle}>
      <form className="grid gap-5" onSubmit={(e) => void submit(e)} noValidate>
        <Field label={t.reset.newPassword} error={error.password}>
          {(control) => (
            <PasswordInput
              {...control}
              name="password"
              autoComplete="new-password"
              autoFocus
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setError({});
              }}
            />
          )}
        </Field>
        <Field label={t.reset.confirmPassword} error={error.confirm}>
          {(control) => (
            <PasswordInput
              {...control}
              name="confirm_password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => {
                setConfirm(e.target.value);
                setError({});
              }}
            />
          )}
        </Field>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={!canSubmitReset({ password, confirm, pending })}
          loading={pending}
        >
          {t.reset.submitReset}
        </Button>
        <BackToLogin />
      </form>
    </AuthLayout>
  );
}

/** /reset-password: request mode, or reset mode when a token is in the query. */
export function ResetPasswordScreen({ token }: { token: string | null }) {
  return token ? <ResetForm token={token} /> : <RequestForm />;
}
