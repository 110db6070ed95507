import { ArrowLeft, MailCheck } from 'lucide-react';
import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { Form, FormSubmit } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { setServerErrors, useZodForm } from '@/lib/form';
import { requestPasswordReset, resetPassword } from '../api/auth-api';
import { t } from '../strings';
import { ResetForm, ResetReady, ResetRequestForm } from '../validation';
import { EmailField, NewPasswordFields } from './form-fields';

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
  const form = useZodForm(ResetRequestForm, { defaultValues: { email: '' } });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async ({ email }: { email: string }) => {
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      if (!setServerErrors(form, error)) form.setError('email', { type: 'server' });
      toast.error(errorMessage(error));
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
      <Form form={form} onSubmit={submit} className="grid gap-5">
        <EmailField label={t.reset.email} />
        <FormSubmit ready={ResetRequestForm} size="lg" className="w-full">
          {t.reset.submitRequest}
        </FormSubmit>
        <BackToLogin />
      </Form>
    </AuthLayout>
  );
}

/** Reset mode (`?token=`): the new password twice. */
function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const form = useZodForm(ResetForm, { defaultValues: { password: '', confirm: '' } });

  const submit = async ({ password }: { password: string }) => {
    try {
      const res = await resetPassword(token, password);
      toast.success(res.message || t.reset.success);
      navigate('/login', { replace: true });
    } catch (error) {
      // a bad link's message (INVALID_RESET_TOKEN) also goes under the password
      if (!setServerErrors(form, error))
        form.setError('password', { type: 'server', message: errorMessage(error) });
      toast.error(errorMessage(error));
    }
  };

  // the fields say what is wrong; the mismatch is also the spec's toast
  const invalid = (errors: FieldErrors) => {
    if (errors.confirm?.message === t.reset.mismatch) toast.error(t.reset.mismatch);
  };

  return (
    <AuthLayout title={t.reset.resetTitle} description={t.reset.resetSubtitle}>
      <Form form={form} onSubmit={submit} onInvalid={invalid} className="grid gap-5">
        <NewPasswordFields
          passwordLabel={t.reset.newPassword}
          confirmLabel={t.reset.confirmPassword}
          passwordHint={t.signup.passwordHint}
          autoFocus
        />
        <FormSubmit ready={ResetReady} size="lg" className="w-full">
          {t.reset.submitReset}
        </FormSubmit>
        <BackToLogin />
      </Form>
    </AuthLayout>
  );
}

/** /reset-password: request mode, or reset mode when a token is in the query. */
export function ResetPasswordScreen({ token }: { token: string | null }) {
  return token ? <ResetPasswordForm token={token} /> : <RequestForm />;
}
