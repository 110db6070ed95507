import { useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { OwnerConfirmation } from '@fa-clube/contract';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { OtpField } from '@/components/ui/otp-field';
import { OTP_LENGTH } from '@/components/ui/otp-input';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError, errorMessage, hasErrorCode } from '@/lib/api-client';
import { t } from '../strings';

const text = t.subscriptions.ownerConfirmation;

type Retry = (confirmation: OwnerConfirmation) => void;

/** Whether the error is about what the person typed in the dialog (and stays in it). */
const aboutConfirmation = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  (error.errors.some((e) => e.field.startsWith('confirmation.')) ||
    hasErrorCode(error, 'RATE_LIMITED'));

/**
 * A change of where the money goes (the PSP account, the Pix key) needs the owner, confirmed
 * (decision 072): when the server answers OWNER_CONFIRMATION_REQUIRED, a dialog asks for the
 * password (and the 2FA code when the server names it) and sends the request again.
 *
 *   const confirm = useOwnerConfirmation(save.isPending);
 *   const run = (body) => save.mutate(body, {
 *     onSuccess: () => { confirm.close(); ... },
 *     onError: (e) => { if (confirm.ask(e, (c) => run({ ...body, confirmation: c }))) return; ... },
 *   });
 *   ... {confirm.dialog}
 */
export function useOwnerConfirmation(pending: boolean): {
  ask: (error: unknown, retry: Retry) => boolean;
  close: () => void;
  dialog: ReactNode;
} {
  const [open, setOpen] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string; form?: string }>({});
  const retry = useRef<Retry | null>(null);
  // read through a ref: `ask` runs in the callbacks of a request sent several renders ago
  const isOpen = useRef(false);
  const show = (o: boolean) => {
    isOpen.current = o;
    setOpen(o);
  };

  const close = () => {
    show(false);
    setPassword('');
    setCode('');
    setErrors({});
    retry.current = null;
  };

  const ask = (error: unknown, again: Retry): boolean => {
    if (hasErrorCode(error, 'OWNER_CONFIRMATION_REQUIRED')) {
      retry.current = again;
      const wantsCode = Boolean(error.fieldError('two_factor_code'));
      setNeedsCode(wantsCode);
      // asked again for the code only: the password typed stays; the code box says what is missing
      setErrors(isOpen.current && wantsCode ? { code: text.codeRequired } : {});
      show(true);
      return true;
    }
    if (isOpen.current && aboutConfirmation(error)) {
      retry.current = again;
      const pw = error.fieldError('password');
      const cd = error.fieldError('two_factor_code');
      setErrors(pw || cd ? { password: pw, code: cd } : { form: errorMessage(error) });
      if (cd) setCode('');
      return true;
    }
    if (isOpen.current) close();
    return false;
  };

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    // the dialog is portalled, but React bubbles its submit to the page's own form
    e?.stopPropagation();
    if (!password) return setErrors({ password: text.passwordRequired });
    if (needsCode && code.length !== OTP_LENGTH) return setErrors({ code: text.codeRequired });
    setErrors({});
    retry.current?.({ password, ...(needsCode ? { two_factor_code: code } : {}) });
  };

  const dialog = (
    <Dialog open={open} onOpenChange={(o) => (o ? show(true) : close())}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>{text.title}</DialogTitle>
            <DialogDescription>{needsCode ? text.textCode : text.text}</DialogDescription>
          </DialogHeader>
          <Field label={text.password} error={errors.password ?? null}>
            {(control) => (
              <PasswordInput
                {...control}
                name="confirmation-password"
                autoComplete="current-password"
                autoFocus={!needsCode || !password}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                disabled={pending}
              />
            )}
          </Field>
          {needsCode ? (
            <OtpField
              label={text.code}
              error={errors.code ?? null}
              value={code}
              onChange={setCode}
              autoFocus={Boolean(password)}
              disabled={pending}
            />
          ) : null}
          {errors.form ? (
            <p role="alert" className="text-[13px] text-destructive">
              {errors.form}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close} disabled={pending}>
              {t.common.cancel}
            </Button>
            <Button type="submit" loading={pending}>
              {text.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );

  return { ask, close, dialog };
}
