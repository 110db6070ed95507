import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';

/** A row of the owner's money lists (pending charges, payments to review): who, then details. */
export function PayerRow({
  label,
  username,
  testId,
  children,
}: {
  label: string;
  username: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <li
      className="grid gap-3 px-4 py-4 sm:px-5 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_auto] md:items-center md:gap-5"
      data-testid={testId}
    >
      <div className="flex min-w-0 items-center gap-3">
        <Avatar name={label} className="size-10" />
        <div className="grid min-w-0 gap-0.5">
          <span className="truncate font-medium">{label}</span>
          <span className="truncate text-[13px] text-muted-foreground">@{username}</span>
        </div>
      </div>
      {children}
    </li>
  );
}
