import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/pt-BR';
import { ApiError, errorMessage } from '@/lib/api-client';
import { loginPath } from '@/lib/navigation';
import { signUp } from '../api/auth-api';
import { canSubmitSignup } from '../validation';
import { EmailField, NewPasswordFields, SubmitButton } from './form-fields';

type FieldName = 'full_name' | 'username' | 'email' | 'password' | 'confirm';
type FieldErrors = Partial<Record<FieldName, string>>;

const linkClass =
  'font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 rounded-sm';

/** Sign-up: full name, username, e-mail, password and confirmation; then /login?email=. */
export function SignupScreen({ returnTo }: { returnTo: string | null }) {
  const navigate = useNavigate();
  const [fullName, setFullName] = useState('');
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const enabled = canSubmitSignup({ fullName, username, email, password, confirm, pending });
  const clear = (name: FieldName) => setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!enabled) return;
    if (password !== confirm) {
      setErrors({ confirm: t.signup.mismatch });
      toast.error(t.signup.mismatch);
      return;
    }
    setPending(true);
    try {
      const body = {
        full_name: fullName.trim(),
        username: username.trim().toLowerCase(),
        email: email.trim(),
        password,
      };
      const res = await signUp(body);
      toast.success(res.message || t.signup.created);
      const params = new URLSearchParams({ email: body.email });
      if (returnTo) params.set('return_to', returnTo);
      navigate(`/login?${params.toString()}`, { replace: true });
    } catch (error) {
      setPending(false);
      if (error instanceof ApiError && error.errors.length > 0) {
        const next: FieldErrors = {};
        for (const name of ['full_name', 'username', 'email', 'password'] as const) {
          const message = error.fieldError(name);
          if (message) next[name] = message;
        }
        setErrors(next);
      }
      toast.error(errorMessage(error));
    }
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
      <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <Field label={t.signup.fullName} error={errors.full_name}>
          {(control) => (
            <Input
              {...control}
              name="full_name"
              autoComplete="name"
              placeholder={t.signup.fullNamePlaceholder}
              value={fullName}
              onChange={(e) => {
                setFullName(e.target.value);
                clear('full_name');
              }}
            />
          )}
        </Field>
        <Field label={t.signup.username} error={errors.username} hint={t.signup.usernameHint}>
          {(control) => (
            <div className="relative">
              <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground">
                @
              </span>
              <Input
                {...control}
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                className="pl-7"
                placeholder={t.signup.usernamePlaceholder}
                value={username}
                onChange={(e) => {
                  setUsername(e.target.value);
                  clear('username');
                }}
              />
            </div>
          )}
        </Field>
        <EmailField
          label={t.signup.email}
          error={errors.email}
          value={email}
          onChange={(value) => {
            setEmail(value);
            clear('email');
          }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <NewPasswordFields
            passwordLabel={t.signup.password}
            confirmLabel={t.signup.confirmPassword}
            passwordHint={t.signup.passwordHint}
            password={password}
            confirm={confirm}
            errors={errors}
            onPasswordChange={(value) => {
              setPassword(value);
              clear('password');
              clear('confirm');
            }}
            onConfirmChange={(value) => {
              setConfirm(value);
              clear('confirm');
            }}
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
        <SubmitButton enabled={enabled} pending={pending}>
          {t.signup.submit}
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
