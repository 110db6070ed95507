import { isFinanceDate } from '@fa-clube/contract';
import { useState } from 'react';
import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { formatDate } from '../lib/format';

type DateInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  /** 'YYYY-MM-DD', or '' for none. */
  value: string;
  /** A complete, existing date as 'YYYY-MM-DD'; '' when cleared; the typed text otherwise. */
  onChange: (value: string) => void;
};

/** '24112026' -> '24/11/2026' while typing. */
function mask(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

/**
 * A date typed dd/mm/aaaa whatever the browser's language (the native date input follows the
 * system's), handed on as 'YYYY-MM-DD' once it is a real date.
 */
export function DateInput({ value, onChange, ...props }: DateInputProps) {
  const [text, setText] = useState(() => (value ? formatDate(value) : ''));
  // the value changed from outside (a filter cleared, a form reset): show it
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (isFinanceDate(value) || value === '') setText(value ? formatDate(value) : '');
  }
  return (
    <Input
      {...props}
      value={text}
      inputMode="numeric"
      autoComplete="off"
      placeholder="dd/mm/aaaa"
      maxLength={10}
      className="tabular-nums"
      onChange={(e) => {
        const typed = mask(e.target.value);
        setText(typed);
        const [day, month, year] = typed.split('/');
        const iso = `${year}-${month}-${day}`;
        if (!typed) onChange('');
        else if (year?.length === 4 && isFinanceDate(iso)) onChange(iso);
        else onChange(typed);
      }}
    />
  );
}
