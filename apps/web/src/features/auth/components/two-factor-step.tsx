import { ArrowLeft, KeyRound, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { OtpField } from '@/components/ui/otp-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, hasErrorCode } from '@/lib/api-client';
import { useZodForm } from '@/lib/form';
import { signIn } from '../api/auth-api';
import { t } from '../strings';
import { RecoveryCodeForm, TwoFactorForm } from '../validation';

type StepProps = {
  credentials: { email: string; password: string };
  onSignedIn: (tokens: Awaited<ReturnType<typeof signIn>>) => Promise<void>;
  onBack: () => void;
};

/**
 * The code step: the app's six digits, or (the app lost, or its secret unreadable on the
 * server) one of the recovery codes shown when 2FA was turned on.
 */
export function TwoFactorStep(props: StepProps) {
  const [recovery, setRecovery] = useState(false);
  return recovery ? (
    <RecoveryCodeStep {...props} onUseApp={() => setRecovery(false)} />
  ) : (
    <AppCodeStep {...props} onUseRecovery={() => setRecovery(true)} />
  );
}

/** The app's code: sent again with the credentials as soon as six digits are typed. */
function AppCodeStep({
  credentials,
  onSignedIn,
  onBack,
  onUseRecovery,
}: StepProps & { onUseRecovery: () => void }) {
  // a failed code stays red until the next one is sent, without messages while typing
  const form = useZodForm(TwoFactorForm, {
    defaultValues: { two_factor_code: '' },
    reValidateMode: 'onSubmit',
  });
  const pending = form.formState.isSubmitting;

  const submit = async ({ two_factor_code }: { two_factor_code: string }) => {
    try {
      await onSignedIn(await signIn({ ...credentials, two_factor_code }));
    } catch (error) {
      // a wrong code marks the boxes red; anything else also gets the 'Erro' toast
      if (hasErrorCode(error, 'TWO_FACTOR_SECRET_UNREADABLE')) {
        // the server cannot check app codes any more: only a recovery code gets in
        toast.error(errorMessage(error));
        onUseRecovery();
        return;
      }
      const wrongCode = hasErrorCode(error, 'INVALID_TWO_FACTOR_CODE');
      form.setError('two_factor_code', {
        type: 'server',
        message: errorMessage(error),
      });
      if (!wrongCode) toast.error(errorMessage(error));
    }
  };

  return (
    <AuthLayout title={t.login.twoFactorTitle} description={t.login.twoFactorDescription}>
      <Form form={form} onSubmit={submit} className="grid gap-6">
        <div className="flex justify-center">
          <div className="flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
            <ShieldCheck className="size-7" aria-hidden />
          </div>
        </div>
        <Controller
          control={form.control}
          name="two_factor_code"
          render={({ field, fieldState }) => (
            <OtpField
              className="gap-3"
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                form.clearErrors('two_factor_code');
              }}
              onComplete={() => {
                if (!pending) void form.handleSubmit(submit)();
              }}
              error={fieldState.error?.message ?? null}
              disabled={pending}
              autoFocus
              label={t.login.twoFactorCode}
            />
          )}
        />
        <FormSubmit ready={TwoFactorForm} size="lg" className="w-full">
          {pending ? t.login.verifying : t.login.submit}
        </FormSubmit>
        <div className="grid justify-items-center gap-1">
          <Button type="button" variant="link" onClick={onUseRecovery}>
            <KeyRound aria-hidden />
            {t.login.useRecovery}
          </Button>
          <Button type="button" variant="ghost" onClick={onBack}>
            <ArrowLeft aria-hidden />
            {t.login.twoFactorBack}
          </Button>
        </div>
      </Form>
    </AuthLayout>
  );
}

/** A recovery code in place of the app's code (each works once). */
function RecoveryCodeStep({
  credentials,
  onSignedIn,
  onBack,
  onUseApp,
}: StepProps & { onUseApp: () => void }) {
  const form = useZodForm(RecoveryCodeForm, { defaultValues: { two_factor_code: '' } });
  const pending = form.formState.isSubmitting;

  const submit = async ({ two_factor_code }: { two_factor_code: string }) => {
    try {
      await onSignedIn(await signIn({ ...credentials, two_factor_code }));
    } catch (error) {
      form.setError('two_factor_code', { type: 'server', message: errorMessage(error) });
      if (!hasErrorCode(error, 'INVALID_TWO_FACTOR_CODE')) toast.error(errorMessage(error));
    }
  };

  return (
    <AuthLayout title={t.login.recoveryTitle} description={t.login.recoveryDescription}>
      <Form form={form} onSubmit={submit} className="grid gap-6">
        <div className="flex justify-center">
          <div className="flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
            <KeyRound className="size-7" aria-hidden />
          </div>
        </div>
        <FormField name="two_factor_code" label={t.login.recoveryCode}>
          {(control) => (
            <Input
              {...control}
              autoFocus
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={t.login.recoveryPlaceholder}
              className="font-mono tracking-wider"
            />
          )}
        </FormField>
        <FormSubmit ready={RecoveryCodeForm} size="lg" className="w-full">
          {pending ? t.login.verifying : t.login.submit}
        </FormSubmit>
        <div className="grid justify-items-center gap-1">
          <Button type="button" variant="link" onClick={onUseApp}>
            <ShieldCheck aria-hidden />
            {t.login.useApp}
          </Button>
          <Button type="button" variant="ghost" onClick={onBack}>
            <ArrowLeft aria-hidden />
            {t.login.twoFactorBack}
          </Button>
        </div>
      </Form>
    </AuthLayout>
  );
}
