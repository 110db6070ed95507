import { ArrowLeft, MailCheck } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/pt-BR';
import { errorMessage } from '@/lib/api-client';
import { requestPasswordReset, resetPassword } from '../api/auth-api';
import { canSubmitReset, canSubmitResetRequest } from '../validation';
import { EmailField, NewPasswordFields, SubmitButton } from './form-fields';

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
            <p className="min-w-0 wrap-anywhere">{t.reset.sent(sentTo)}</p>
          </div>
          <BackToLogin />
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t.reset.requestTitle} description={t.reset.requestSubtitle}>
      <form className="grid gap-5" onSubmit={(e) => void submit(e)} noValidate>
        <EmailField
          label={t.reset.email}
          error={invalid}
          value={email}
          onChange={(value) => {
            setEmail(value);
            setInvalid(false);
          }}
        />
        <SubmitButton enabled={canSubmitResetRequest({ email, pending })} pending={pending}>
          {t.reset.submitRequest}
        </SubmitButton>
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
        <NewPasswordFields
          passwordLabel={t.reset.newPassword}
          confirmLabel={t.reset.confirmPassword}
          autoFocus
          password={password}
          confirm={confirm}
          errors={error}
          onPasswordChange={(value) => {
            setPassword(value);
            setError({});
          }}
          onConfirmChange={(value) => {
            setConfirm(value);
            setError({});
          }}
        />
        <SubmitButton enabled={canSubmitReset({ password, confirm, pending })} pending={pending}>
          {t.reset.submitReset}
        </SubmitButton>
        <BackToLogin />
      </form>
    </AuthLayout>
  );
}

/** /reset-password: request mode, or reset mode when a token is in the query. */
export function ResetPasswordScreen({ token }: { token: string | null }) {
  return token ? <ResetForm token={token} /> : <RequestForm />;
}
