import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { t } from '../strings';

/** The account e-mail (sign-in, sign-up, reset request): the form's `email` field. */
export function EmailField({ label }: { label: string }) {
  return (
    <FormField name="email" label={label}>
      {(control) => (
        <Input
          {...control}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          placeholder={t.login.emailPlaceholder}
        />
      )}
    </FormField>
  );
}

/** A new password and its confirmation (sign-up, reset): the form's `password` and `confirm`. */
export function NewPasswordFields({
  passwordLabel,
  confirmLabel,
  passwordHint,
  autoFocus,
}: {
  passwordLabel: string;
  confirmLabel: string;
  passwordHint?: string;
  autoFocus?: boolean;
}) {
  return (
    <>
      <FormField name="password" label={passwordLabel} hint={passwordHint}>
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" autoFocus={autoFocus} />
        )}
      </FormField>
      <FormField name="confirm" label={confirmLabel}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" />}
      </FormField>
    </>
  );
}
