import type { SignUpBody } from '@fa-clube/contract';
import type { FieldErrors } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { setServerErrors, useZodForm } from '@/lib/form';
import { loginPath } from '@/lib/navigation';
import { signUp } from '../api/auth-api';
import { t } from '../strings';
import { SignupForm, SignupReady } from '../validation';
import { EmailField, NewPasswordFields } from './form-fields';

const linkClass =
  'font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 rounded-sm';

/** Sign-up: full name, username, e-mail, password and confirmation; then /login?email=. */
export function SignupScreen({ returnTo }: { returnTo: string | null }) {
  const navigate = useNavigate();
  const form = useZodForm(SignupForm, {
    defaultValues: { full_name: '', username: '', email: '', password: '', confirm: '' },
  });

  const submit = async ({ confirm: _, ...body }: SignUpBody & { confirm: string }) => {
    try {
      const res = await signUp(body);
      toast.success(res.message || t.signup.created);
      const params = new URLSearchParams({ email: body.email });
      if (returnTo) params.set('return_to', returnTo);
      navigate(`/login?${params.toString()}`, { replace: true });
    } catch (error) {
      setServerErrors(form, error);
      toast.error(errorMessage(error));
    }
  };

  // the fields say what is wrong; the mismatch is also the spec's toast
  const invalid = (errors: FieldErrors) => {
    if (errors.confirm?.message === t.signup.mismatch) toast.error(t.signup.mismatch);
  };

  return (
    <AuthLayout
      title={t.signup.title}
      description={t.signup.subtitle}
      footer={
        <>
          {t.signup.haveAccount}{' '}
          <Link to={loginPath(returnTo)} className={linkClass}>
            {t.signup.login}
          </Link>
        </>
      }
    >
      <Form form={form} onSubmit={submit} onInvalid={invalid} className="grid gap-4">
        <FormField name="full_name" label={t.signup.fullName}>
          {(control) => (
            <Input {...control} autoComplete="name" placeholder={t.signup.fullNamePlaceholder} />
          )}
        </FormField>
        <FormField name="username" label={t.signup.username} hint={t.signup.usernameHint}>
          {(control) => (
            <div className="relative">
              <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground">
                @
              </span>
              <Input
                {...control}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                className="pl-7"
                placeholder={t.signup.usernamePlaceholder}
              />
            </div>
          )}
        </FormField>
        <EmailField label={t.signup.email} />
        <div className="grid gap-4 sm:grid-cols-2">
          <NewPasswordFields
            passwordLabel={t.signup.password}
            confirmLabel={t.signup.confirmPassword}
            passwordHint={t.signup.passwordHint}
          />
        </div>
        <p className="text-[13px] leading-relaxed text-muted-foreground">
          {t.signup.noticeBefore}
          <Link to="/terms" className={linkClass}>
            {t.signup.noticeTerms}
          </Link>
          {t.signup.noticeMiddle}
          <Link to="/privacy-policy" className={linkClass}>
            {t.signup.noticePrivacy}
          </Link>
          {t.signup.noticeAfter}
        </p>
        <FormSubmit ready={SignupReady} size="lg" className="w-full">
          {t.signup.submit}
        </FormSubmit>
      </Form>
    </AuthLayout>
  );
}
