import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import { cn } from '@/lib/utils';
import { formatSignedMoney } from '../lib/format';
import { t } from '../strings';

/**
 * A transaction's amount: money in green with '+', money out red with '-', and the kind in text
 * for screen readers (never colour alone).
 */
export function Amount({
  value,
  currency,
  className,
  icon = false,
}: {
  value: number;
  currency: string;
  className?: string;
  /** An arrow before the number (lists); the sign is always written. */
  icon?: boolean;
}) {
  const income = value > 0;
  const Arrow = income ? ArrowUpRight : ArrowDownRight;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 font-semibold whitespace-nowrap tabular-nums',
        income ? 'text-success-text' : 'text-destructive-text',
        className,
      )}
    >
      {icon ? <Arrow className="size-3.5" aria-hidden /> : null}
      <span className="sr-only">{income ? t.finance.income : t.finance.expense}: </span>
      {formatSignedMoney(value, currency)}
    </span>
  );
}
