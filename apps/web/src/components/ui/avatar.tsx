import { Avatar as AvatarPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn, initialOf } from '@/lib/utils';

interface AvatarProps extends ComponentProps<typeof AvatarPrimitive.Root> {
  /** Image URL; the first letter of `name` shows while it loads or when it fails. */
  src?: string | null;
  name?: string | null;
  /** Alternative text for the image (defaults to `name`). */
  alt?: string;
}

/** Round avatar: the image, or the first letter of the name on a brand-tinted background. */
export function Avatar({ className, src, name, alt, ...props }: AvatarProps) {
  const label = alt ?? name ?? '';
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      className={cn(
        'relative flex size-9 shrink-0 overflow-hidden rounded-full select-none',
        className,
      )}
      {...props}
    >
      {src ? (
        <AvatarPrimitive.Image
          data-slot="avatar-image"
          className="aspect-square size-full object-cover"
          src={src}
          alt={label}
        />
      ) : null}
      <AvatarPrimitive.Fallback
        data-slot="avatar-fallback"
        className="flex size-full items-center justify-center rounded-full bg-accent text-[0.8125em] font-semibold text-accent-foreground"
        {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      >
        <span aria-hidden>{initialOf(name)}</span>
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
