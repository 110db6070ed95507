import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { buttonVariants } from './button-variants';
import type { ButtonVariantProps } from './button-variants';
import { Spinner } from './spinner';

export interface ButtonProps extends ComponentProps<'button'>, ButtonVariantProps {
  /** Render the child element (a link) with the button look. */
  asChild?: boolean;
  /** Shows a spinner and disables the button while a request is pending. */
  loading?: boolean;
}

export function Button({
  className,
  variant,
  size,
  asChild = false,
  loading = false,
  disabled,
  children,
  ...props
}: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) {
    return (
      <Slot.Root data-slot="button" className={classes} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      data-slot="button"
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner label="" /> : null}
      {children}
    </button>
  );
}
