import { LayoutDashboard, Settings, UserRound, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { t } from '@/i18n/pt-BR';

export type NavKey = 'overview' | 'subscribers' | 'profile' | 'settings';

export interface NavItem {
  key: NavKey;
  label: string;
  to: string;
  icon: LucideIcon;
}

/** The app's navigation entries (spec section 2, "App shell"). */
export function navItems(username: string | null | undefined): NavItem[] {
  return [
    { key: 'overview', label: t.nav.overview, to: '/dashboard', icon: LayoutDashboard },
    { key: 'subscribers', label: t.nav.subscribers, to: '/subscribers', icon: Users },
    { key: 'profile', label: t.nav.profile, to: `/profile/${username ?? ''}`, icon: UserRound },
    { key: 'settings', label: t.nav.settings, to: '/settings/workspace', icon: Settings },
  ];
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * An entry is active when the current path equals its route; any path containing /settings
 * also marks Configurações active.
 */
export function isNavItemActive(item: Pick<NavItem, 'key' | 'to'>, pathname: string): boolean {
  if (trimSlash(pathname) === trimSlash(item.to)) return true;
  return item.key === 'settings' && pathname.includes('/settings');
}
