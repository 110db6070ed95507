import { Download } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { TwoFactorToggleBody, TwoFactorToggleQuery } from '@fa-clube/contract';
import type { TwoFactorStatus } from '@fa-clube/contract';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { OtpField } from '@/components/ui/otp-field';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { t } from '../strings';
import { errorMessage, hasErrorCode } from '@/lib/api-client';
import { setServerErrors, useZodForm } from '@/lib/form';
import { saveBlob } from '@/lib/save-blob';
import { useToggleTwoFactor } from '../hooks/use-security';

interface TwoFactorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  status: TwoFactorStatus;
}

/** The code of the query and, when the server asks for it, the password of the body. */
const ToggleForm = TwoFactorToggleQuery.extend({
  password: z.string().max(1024).optional(),
});
type ToggleValues = z.output<typeof ToggleForm>;

/** The 2FA body; remounted each time the dialog opens, so it starts empty. */
function TwoFactorForm({
  status,
  onDone,
  onRecoveryCodes,
}: {
  status: TwoFactorStatus;
  onDone: () => void;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const toggle = useToggleTwoFactor();
  // a refused code stays red until the next one is sent
  const form = useZodForm(ToggleForm, {
    defaultValues: { code: '', password: '' },
    reValidateMode: 'onSubmit',
  });
  const enabling = !status.two_factor;
  // signed in more than 10 minutes ago: the server asks for the password to turn 2FA on
  const [needPassword, setNeedPassword] = useState(false);

  const submit = ({ code, password }: ToggleValues) =>
    toggle.mutate(
      { code, password: needPassword && password ? password : undefined },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          if (res.recovery_codes?.length) onRecoveryCodes(res.recovery_codes);
          else onDone();
        },
        onError: (err) => {
          if (hasErrorCode(err, 'REAUTHENTICATION_REQUIRED')) {
            setNeedPassword(true);
            form.setError('password', { type: 'server', message: t.security.passwordNeeded });
            return;
          }
          if (!setServerErrors(form, err))
            form.setError('code', { type: 'server', message: errorMessage(err) });
        },
      },
    );
  const send = () => {
    if (!toggle.isPending) void form.handleSubmit(submit)();
  };
  const ready = (values: Record<string, unknown>) =>
    TwoFactorToggleQuery.safeParse(values).success &&
    (!needPassword ||
      (typeof values.password === 'string' &&
        values.password.length > 0 &&
        TwoFactorToggleBody.safeParse({ password: values.password }).success));

  return (
    <Form form={form} onSubmit={submit} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{enabling ? t.security.enableTitle : t.security.disableTitle}</DialogTitle>
        <DialogDescription>
          {enabling ? t.security.enableDescription : t.security.disableDescription}
        </DialogDescription>
      </DialogHeader>

      {enabling && status.qrcode ? (
        <div className="grid justify-items-center gap-3">
          <div className="rounded-xl border bg-white p-3 shadow-xs">
            <QRCodeSVG
              value={status.qrcode}
              size={128}
              level="L"
              title={t.security.qrAlt}
              data-testid="two-factor-qr"
            />
          </div>
          {status.secret ? (
            <div className="grid w-full gap-1.5 text-center">
              <p className="text-xs text-muted-foreground">{t.security.manualEntry}</p>
              <code
                data-testid="two-factor-secret"
                aria-label={t.security.secretLabel}
                className="rounded-md bg-muted px-3 py-2 font-mono text-[13px] tracking-wider break-all select-all"
              >
                {status.secret}
              </code>
            </div>
          ) : null}
        </div>
      ) : null}

      <Controller
        control={form.control}
        name="code"
        render={({ field, fieldState }) => (
          <OtpField
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              form.clearErrors('code');
            }}
            onComplete={enabling && !needPassword ? send : undefined}
            error={fieldState.error?.message ?? null}
            disabled={toggle.isPending}
            autoFocus
            label={t.security.code}
          />
        )}
      />

      {needPassword ? (
        <FormField name="password" label={t.security.password}>
          {(control) => <PasswordInput {...control} autoComplete="current-password" autoFocus />}
        </FormField>
      ) : null}

      <DialogFooter>
        <FormSubmit
          variant={enabling ? 'default' : 'destructive'}
          className="w-full sm:w-auto"
          ready={ready}
          pending={toggle.isPending}
        >
          {enabling ? t.security.enable : t.security.disable}
        </FormSubmit>
      </DialogFooter>
    </Form>
  );
}

/** The ten recovery codes, shown once, with copy and download. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  const download = () =>
    saveBlob(
      new Blob([`${t.security.recoveryFileHeader}\n\n${text}\n`], {
        type: 'text/plain;charset=utf-8',
      }),
      t.security.recoveryFileName,
    );
  return (
    <div className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{t.security.recoveryTitle}</DialogTitle>
        <DialogDescription>{t.security.recoveryDescription}</DialogDescription>
      </DialogHeader>
      <ul
        aria-label={t.security.recoveryListLabel}
        data-testid="recovery-codes"
        className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl border bg-muted/50 p-4 font-mono text-sm tracking-wider select-all"
      >
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="grid gap-2 sm:grid-cols-2">
        <CopyButton
          variant="outline"
          text={text}
          label={t.security.recoveryCopy}
          failedMessage={t.security.recoveryCopyFailed}
        />
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden />
          {t.security.recoveryDownload}
        </Button>
      </div>
      <DialogFooter>
        <Button type="button" className="w-full sm:w-auto" onClick={onDone}>
          {t.security.recoveryDone}
        </Button>
      </DialogFooter>
    </div>
  );
}

/**
 * 2FA off: QR code (otpauth URI, size 128, level L) + the secret for manual entry; completing six
 * digits enables it (with the password too when the server asks), then the recovery codes are
 * shown once. 2FA on: a code and 'Desabilitar 2FA' (enabled at six digits). Closes on success.
 */
export function TwoFactorDialog({ open, onOpenChange, status }: TwoFactorDialogProps) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const change = (next: boolean) => {
    if (!next) setCodes(null);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="sm:max-w-md">
        {!open ? null : codes ? (
          <RecoveryCodes codes={codes} onDone={() => change(false)} />
        ) : (
          <TwoFactorForm status={status} onDone={() => change(false)} onRecoveryCodes={setCodes} />
        )}
      </DialogContent>
    </Dialog>
  );
}
