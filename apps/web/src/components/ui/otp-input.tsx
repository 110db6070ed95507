import { OTPInput, REGEXP_ONLY_DIGITS } from 'input-otp';
import { useEffect, useRef } from 'react';
import type { SlotProps } from 'input-otp';
import { cn } from '@/lib/utils';

export const OTP_LENGTH = 6;

export interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Called once the sixth digit is typed or pasted (auto-submit). */
  onComplete?: (code: string) => void;
  /** Red boxes (a failed code). */
  invalid?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  id?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  className?: string;
}

function Slot({ slot, invalid }: { slot: SlotProps; invalid: boolean }) {
  return (
    <div
      data-slot="otp-slot"
      data-active={slot.isActive || undefined}
      data-invalid={invalid || undefined}
      className={cn(
        'relative flex size-10 items-center justify-center rounded-md border border-input bg-card text-lg font-semibold tabular-nums shadow-xs transition-[border-color,box-shadow] min-[400px]:size-11 sm:size-12 dark:bg-input/20',
        slot.isActive && 'z-10 border-ring ring-[3px] ring-ring/40',
        invalid &&
          'border-destructive bg-destructive/5 text-destructive ring-destructive/20 dark:bg-destructive/10',
      )}
    >
      {slot.char ?? (
        <span className="text-muted-foreground/40" aria-hidden>
          {slot.placeholderChar}
        </span>
      )}
      {slot.hasFakeCaret ? (
        <div
          className="pointer-events-none absolute inset-0 flex items-center justify-center"
          aria-hidden
        >
          <div className="h-5 w-px animate-caret-blink bg-foreground duration-1000" />
        </div>
      ) : null}
    </div>
  );
}

/**
 * Six digit boxes for 2FA codes (input-otp): numeric keyboard, paste, auto-complete. When the
 * code is marked invalid its digits get selected, so typing the next code replaces them.
 */
export function OtpInput({
  value,
  onChange,
  onComplete,
  invalid = false,
  disabled,
  autoFocus,
  id,
  className,
  ...aria
}: OtpInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = ref.current;
    if (!invalid || !input) return;
    input.focus();
    input.setSelectionRange(0, input.value.length);
  }, [invalid]);

  return (
    <OTPInput
      ref={ref}
      id={id}
      value={value}
      onChange={(next) => onChange(next.replace(/\D/g, ''))}
      onComplete={(code: string) => onComplete?.(code)}
      maxLength={OTP_LENGTH}
      pattern={REGEXP_ONLY_DIGITS}
      inputMode="numeric"
      autoComplete="one-time-code"
      pushPasswordManagerStrategy="none"
      disabled={disabled}
      autoFocus={autoFocus}
      aria-invalid={invalid || undefined}
      containerClassName={cn(
        'flex items-center justify-center gap-1.5 has-disabled:opacity-50 sm:gap-2',
        className,
      )}
      {...aria}
      render={({ slots }) => (
        <>
          <div className="flex items-center gap-1.5 sm:gap-2">
            {slots.slice(0, 3).map((slot, i) => (
              <Slot key={i} slot={slot} invalid={invalid} />
            ))}
          </div>
          <span className="h-0.5 w-2.5 rounded-full bg-border" aria-hidden />
          <div className="flex items-center gap-1.5 sm:gap-2">
            {slots.slice(3).map((slot, i) => (
              <Slot key={i + 3} slot={slot} invalid={invalid} />
            ))}
          </div>
        </>
      )}
    />
  );
}
