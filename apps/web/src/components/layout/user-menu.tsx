import {
  ChevronsUpDown,
  CircleUserRound,
  LogOut,
  Monitor,
  Moon,
  ShieldCheck,
  ShoppingBag,
  Sparkles,
  Sun,
} from 'lucide-react';
import { useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { t } from '@/i18n/pt-BR';
import { useMe } from '@/lib/me';
import { SIGN_OUT_STATE, useSession } from '@/lib/session';
import { useTheme } from '@/lib/use-theme';
import type { Theme } from '@/lib/use-theme';
import { cn } from '@/lib/utils';

/**
 * The signed-in user: name and e-mail, theme choice, security, and "Sair".
 * `compact` (top bar) shows only the avatar.
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { metadata } = useSession();
  const me = useMe();
  const { theme, setTheme } = useTheme();
  const navigate = useNavigate();

  const name = me.data?.full_name ?? metadata?.full_name ?? metadata?.label ?? '';
  const email = me.data?.email ?? (metadata ? `@${metadata.username}` : '');
  const avatarUrl = me.data?.avatar_url;

  // The login route ends the session once it is on screen (SIGN_OUT_STATE): clearing it here,
  // on a guarded page, would make that page's guard redirect to /login?return_to=<page>.
  const signOut = () => navigate('/login', { replace: true, state: SIGN_OUT_STATE });

  // not modal: a modal menu hides the page (aria-hidden) while focus may still be in it
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label={compact ? t.userMenu.open : undefined}
          className={cn(
            'flex items-center gap-3 rounded-lg text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
            compact
              ? 'rounded-full'
              : 'w-full p-2 transition-colors hover:bg-accent/60 data-[state=open]:bg-accent/60',
          )}
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
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align={compact ? 'end' : 'start'}
        side={compact ? 'bottom' : 'top'}
        className="w-64"
      >
        <DropdownMenuLabel className="flex items-center gap-3 font-normal">
          <Avatar name={name} src={avatarUrl} alt="" className="size-9" />
          <span className="grid min-w-0 leading-tight">
            <span className="truncate text-sm font-medium">{name}</span>
            <span className="truncate text-xs text-muted-foreground">{email}</span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">
          {t.userMenu.theme}
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={(v) => setTheme(v as Theme)}>
          <DropdownMenuRadioItem value="light">
            <Sun aria-hidden /> {t.userMenu.themeLight}
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="dark">
            <Moon aria-hidden /> {t.userMenu.themeDark}
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="system">
            <Monitor aria-hidden /> {t.userMenu.themeSystem}
          </DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/account')}>
          <CircleUserRound aria-hidden /> {t.userMenu.account}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/subscriptions')}>
          <Sparkles aria-hidden /> {t.userMenu.mySubscriptions}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/purchases')}>
          <ShoppingBag aria-hidden /> {t.userMenu.myPurchases}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/settings/security')}>
          <ShieldCheck aria-hidden /> {t.userMenu.security}
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" onSelect={() => void signOut()}>
          <LogOut aria-hidden /> {t.userMenu.signOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
