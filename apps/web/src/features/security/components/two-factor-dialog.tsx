import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import type { TwoFactorStatus } from '@fa-clube/contract';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { OtpField } from '@/components/ui/otp-field';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/i18n/pt-BR';
import { errorMessage } from '@/lib/api-client';
import { useToggleTwoFactor } from '../hooks/use-security';

interface TwoFactorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  status: TwoFactorStatus;
}

/** The 2FA body; remounted each time the dialog opens, so it starts empty. */
function TwoFactorForm({ status, onDone }: { status: TwoFactorStatus; onDone: () => void }) {
  const toggle = useToggleTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const enabling = !status.two_factor;

  const submit = (value: string) => {
    if (value.length !== 6 || toggle.isPending) return;
    setError(null);
    toggle.mutate(value, {
      onSuccess: (res) => {
        toast.success(res.message);
        onDone();
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };

  return (
    <>
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

      <OtpField
        value={code}
        onChange={(value) => {
          setCode(value);
          if (error) setError(null);
        }}
        onComplete={enabling ? submit : undefined}
        error={error}
        disabled={toggle.isPending}
        autoFocus
        label={t.security.code}
      />

      <DialogFooter>
        <Button
          variant={enabling ? 'default' : 'destructive'}
          className="w-full sm:w-auto"
          disabled={code.length !== 6}
          loading={toggle.isPending}
          onClick={() => submit(code)}
        >
          {enabling ? t.security.enable : t.security.disable}
        </Button>
      </DialogFooter>
    </>
  );
}

/**
 * 2FA off: QR code (otpauth URI, size 128, level L) + the secret for manual entry; completing six
 * digits enables it. 2FA on: a code and 'Desabilitar 2FA' (enabled at six digits). Closes on
 * success.
 */
export function TwoFactorDialog({ open, onOpenChange, status }: TwoFactorDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        {open ? <TwoFactorForm status={status} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
