import { ChevronsUpDown } from 'lucide-react';
import { Suspense, lazy } from 'react';
import type { ComponentProps } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { useMenuOnDemand } from '@/components/ui/menu-on-demand';
import { t } from '@/i18n/pt-BR';
import { useMe } from '@/lib/me';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';

// the menu (Radix DropdownMenu and its positioning) loads on first open, not with every page
const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.UserMenuDropdown })));

/**
 * The signed-in user: name and e-mail, theme choice, security, and "Sair".
 * `compact` (top bar) shows only the avatar.
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { metadata } = useSession();
  const me = useMe();
  const { openedBy, triggerProps } = useMenuOnDemand(loadDropdown);

  const name = me.data?.full_name ?? metadata?.full_name ?? metadata?.label ?? '';
  const email = me.data?.email ?? (metadata ? `@${metadata.username}` : '');
  const avatarUrl = me.data?.avatar_url;

  const trigger = (props: ComponentProps<'button'> = {}) => (
    <button
      type="button"
      aria-label={compact ? t.userMenu.open : undefined}
      className={cn(
        'flex items-center gap-3 rounded-lg text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        compact
          ? 'rounded-full'
          : 'w-full p-2 transition-colors hover:bg-accent/60 data-[state=open]:bg-accent/60',
      )}
      {...props}
    >
      <Avatar
        name={name}
        src={avatarUrl}
        // inside the button the name comes from the text beside it
        alt={compact ? undefined : ''}
        className={compact ? 'size-8' : 'size-9'}
      />
      {compact ? null : (
        <>
          <span className="grid min-w-0 flex-1 leading-tight">
            <span className="sr-only">{t.userMenu.open}: </span>
            <span className="truncate text-sm font-medium text-foreground">{name}</span>
            <span className="truncate text-xs text-muted-foreground">{email}</span>
          </span>
          <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        </>
      )}
    </button>
  );

  if (!openedBy) return trigger(triggerProps);
  return (
    <Suspense fallback={trigger(triggerProps)}>
      <UserMenuDropdown
        trigger={trigger()}
        openedBy={openedBy}
        compact={compact}
        name={name}
        email={email}
        avatarUrl={avatarUrl}
      />
    </Suspense>
  );
}
