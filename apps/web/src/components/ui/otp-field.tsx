import { useId } from 'react';
import { cn } from '@/lib/utils';
import { OtpInput } from './otp-input';
import type { OtpInputProps } from './otp-input';

interface OtpFieldProps extends Omit<OtpInputProps, 'invalid' | 'aria-label' | 'aria-describedby'> {
  /** The accessible name of the six boxes. */
  label: string;
  /** The failed code's message, announced under the boxes (they turn red). */
  error: string | null;
}

/** A six-digit 2FA code with the line under it where a failure is announced. */
export function OtpField({ label, error, className, ...props }: OtpFieldProps) {
  const errorId = `${useId()}-error`;
  return (
    <div className={cn('grid gap-2', className)}>
      <OtpInput
        {...props}
        invalid={Boolean(error)}
        aria-label={label}
        aria-describedby={error ? errorId : undefined}
      />
      <p
        id={errorId}
        role={error ? 'alert' : undefined}
        className="min-h-5 text-center text-[13px] text-destructive"
      >
        {error ?? ''}
      </p>
    </div>
  );
}
