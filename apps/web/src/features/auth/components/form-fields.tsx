import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { t } from '@/i18n/pt-BR';
import { cn } from '@/lib/utils';

/** The account e-mail (sign-in, sign-up, reset request). */
export function EmailField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | boolean;
}) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <Input
          {...control}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          placeholder={t.login.emailPlaceholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** A new password and its confirmation (sign-up, reset). */
export function NewPasswordFields({
  passwordLabel,
  confirmLabel,
  passwordHint,
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  errors,
  autoFocus,
}: {
  passwordLabel: string;
  confirmLabel: string;
  passwordHint?: string;
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  errors: { password?: string; confirm?: string };
  autoFocus?: boolean;
}) {
  return (
    <>
      <Field label={passwordLabel} error={errors.password} hint={passwordHint}>
        {(control) => (
          <PasswordInput
            {...control}
            name="password"
            autoComplete="new-password"
            autoFocus={autoFocus}
            value={password}
            onChange={(e) => onPasswordChange(e.target.value)}
          />
        )}
      </Field>
      <Field label={confirmLabel} error={errors.confirm}>
        {(control) => (
          <PasswordInput
            {...control}
            name="confirm_password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => onConfirmChange(e.target.value)}
          />
        )}
      </Field>
    </>
  );
}

/** The form's main button: disabled until the form may be sent, spinning while it is. */
export function SubmitButton({
  enabled,
  pending,
  className,
  children,
}: {
  enabled: boolean;
  pending: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      size="lg"
      className={cn('w-full', className)}
      disabled={!enabled}
      loading={pending}
    >
      {children}
    </Button>
  );
}
