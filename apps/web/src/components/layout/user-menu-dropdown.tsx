import {
  CircleUserRound,
  LogOut,
  Monitor,
  Moon,
  ShieldCheck,
  ShoppingBag,
  Sparkles,
  Sun,
} from 'lucide-react';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import {
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
} from '@/components/ui/dropdown-menu';
import { LoadedDropdownMenu } from '@/components/ui/loaded-dropdown-menu';
import type { OpenedBy } from '@/components/ui/menu-on-demand';
import { t } from '@/i18n/pt-BR';
import { SIGN_OUT_STATE } from '@/lib/session';
import { useTheme } from '@/lib/use-theme';
import type { Theme } from '@/lib/use-theme';

/** The user menu itself (user-menu.tsx), loaded on its first open and shown open. */
export function UserMenuDropdown({
  trigger,
  openedBy,
  compact,
  name,
  email,
  avatarUrl,
}: {
  trigger: ReactElement;
  openedBy: OpenedBy;
  compact: boolean;
  name: string;
  email: string;
  avatarUrl: string | null | undefined;
}) {
  const { theme, setTheme } = useTheme();
  const navigate = useNavigate();

  // The login route ends the session once it is on screen (SIGN_OUT_STATE): clearing it here,
  // on a guarded page, would make that page's guard redirect to /login?return_to=<page>.
  const signOut = () => navigate('/login', { replace: true, state: SIGN_OUT_STATE });

  return (
    <LoadedDropdownMenu
      trigger={trigger}
      openedBy={openedBy}
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
    </LoadedDropdownMenu>
  );
}
