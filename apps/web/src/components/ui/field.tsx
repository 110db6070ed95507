import { useId } from 'react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** Shown under the control; replaced by `error` when there is one. */
  hint?: ReactNode;
  /** Marks the control red (aria-invalid) and shows the message. `true` marks without text. */
  error?: string | boolean | null;
  /** Right side of the label row (e.g. a "forgot password" link). */
  labelAside?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * Label + control + hint/error, wired for screen readers. Inside a `<Form>` use `<FormField>`
 * (form.tsx), which passes the field's value and error; alone:
 *
 *   <Field label={t.members.transferSelect}>
 *     {(control) => <NativeSelect {...control} value={id} onChange={...} />}
 *   </Field>
 */
export function Field({ label, hint, error, labelAside, className, children }: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = typeof error === 'string' && error ? error : hint;
  const invalid = Boolean(error);
  return (
    <div className={cn('grid content-start gap-2', className)} data-slot="field">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children({
        id,
        'aria-invalid': invalid || undefined,
        'aria-describedby': message ? messageId : undefined,
      })}
      {message ? (
        <p
          id={messageId}
          className={cn(
            'text-[13px] leading-snug',
            invalid ? 'text-destructive' : 'text-muted-foreground',
          )}
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}
