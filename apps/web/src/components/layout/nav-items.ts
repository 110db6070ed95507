import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { StoredWorkspace } from '@/lib/session';

/**
 * A navigation entry, declared on its route in src/app/routes.tsx (`handle: { nav }`), so a new
 * page and its place in the menu are one edit:
 *
 *   { path: '/subscribers', handle: { nav: { label: t.nav.subscribers, icon: Users, order: 20 } }, element: … }
 */
export interface NavEntry {
  label: string;
  /** Where it goes; without it, the route's own path. A function builds it from the workspace. */
  to?: string | ((workspace: StoredWorkspace | null) => string);
  icon?: LucideIcon;
  /** Position in its menu, lower first. */
  order: number;
  /** Who sees it (e.g. owners only); everyone signed in by default. */
  visible?: (workspace: StoredWorkspace | null) => boolean;
  /** Also active on any path that contains this (Configurações: '/settings'). */
  activeWithin?: string;
  /** Drawn after the label inside the link (Mensagens: the unread count, with its own text). */
  badge?: ComponentType;
}

/** `handle` of a route object: its entry in the enclosing menu. */
export interface NavHandle {
  nav?: NavEntry;
}

/** An entry ready to draw for the current workspace. */
export interface NavItem {
  label: string;
  to: string;
  icon?: LucideIcon;
  activeWithin?: string;
  badge?: ComponentType;
}

/** An entry with the path of the route that declared it. */
export interface DeclaredEntry extends NavEntry {
  path: string;
}

/** A menu: the entries `collectNav` found, in order. */
export type NavMenu = DeclaredEntry[];

const joinPath = (base: string, path: string) =>
  path.startsWith('/') ? path : `${base.replace(/\/$/, '')}/${path}`;

/**
 * The entries declared on `routes` and below them, in order. A route that has an entry is not
 * looked into: its children are its own menu (the settings sections).
 */
export function collectNav(routes: RouteObject[], base = '/'): NavMenu {
  const found: NavMenu = [];
  for (const route of routes) {
    const path = route.path ? joinPath(base, route.path) : base;
    const nav = (route.handle as NavHandle | undefined)?.nav;
    if (nav) found.push({ ...nav, path });
    else if (route.children) found.push(...collectNav(route.children, path));
  }
  return found.sort((a, b) => a.order - b.order);
}

/** The menu for the current workspace: the entries it may see, with their links. */
export function navItems(entries: NavMenu, workspace: StoredWorkspace | null): NavItem[] {
  return entries
    .filter((entry) => entry.visible?.(workspace) ?? true)
    .map(({ label, to, icon, activeWithin, badge, path }) => ({
      label,
      to: typeof to === 'function' ? to(workspace) : (to ?? path),
      icon,
      activeWithin,
      badge,
    }));
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * An entry is active when the current path equals its route (spec section 2); one with
 * `activeWithin` also on any path containing it (any path containing /settings marks
 * Configurações).
 */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (trimSlash(pathname) === trimSlash(item.to)) return true;
  return item.activeWithin !== undefined && pathname.includes(item.activeWithin);
}
