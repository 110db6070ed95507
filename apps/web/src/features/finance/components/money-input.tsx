import { useState } from 'react';
import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { formatCentsInput, parseCentsInput } from '@/lib/money-input';
import { cn } from '@/lib/utils';

type MoneyInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  /** Centavos. */
  value: number;
  onChange: (cents: number) => void;
  currency?: string;
  /** The largest absolute value, in centavos. */
  maxCents: number;
  /** Typing '-' anywhere makes the value negative (a balance); otherwise it is never negative. */
  signed?: boolean;
};

/** Money typed as digits that fill from the right: '2990' -> 'R$ 29,90'. */
export function MoneyInput({
  value,
  onChange,
  currency,
  maxCents,
  signed = false,
  className,
  ...props
}: MoneyInputProps) {
  // a '-' typed before any digit is kept until the digits come
  const [minus, setMinus] = useState(false);
  return (
    <Input
      {...props}
      inputMode={signed ? 'text' : 'numeric'}
      autoComplete="off"
      placeholder={formatCentsInput(0, currency) || 'R$ 0,00'}
      value={value === 0 && minus ? '-' : formatCentsInput(value, currency)}
      onChange={(e) => {
        const cents = parseCentsInput(e.target.value, maxCents);
        const negative = signed && e.target.value.includes('-');
        setMinus(negative && cents === 0);
        onChange(negative ? -cents : cents);
      }}
      className={cn('tabular-nums', className)}
    />
  );
}
