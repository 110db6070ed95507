import { Link, useLocation } from 'react-router';
import { t } from '@/i18n/pt-BR';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { isNavItemActive, navItems } from './nav-items';
import type { NavMenu } from './nav-items';

/** The navigation entries, shared by the sidebar and the mobile slide-in panel. */
export function NavList({ menu, onNavigate }: { menu: NavMenu; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { workspace } = useSession();
  return (
    <nav aria-label={t.nav.label}>
      <ul className="grid gap-0.5">
        {navItems(menu, workspace).map((item) => {
          const active = isNavItemActive(item, pathname);
          const Icon = item.icon;
          const Badge = item.badge;
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                data-active={active || undefined}
                className={cn(
                  'group flex h-9 items-center gap-3 rounded-md px-3 text-sm font-medium text-sidebar-foreground transition-colors outline-none hover:bg-accent/60 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  active &&
                    'bg-accent text-accent-foreground hover:bg-accent hover:text-accent-foreground',
                )}
              >
                {Icon ? (
                  <Icon
                    className={cn(
                      'size-[18px] text-muted-foreground transition-colors group-hover:text-foreground',
                      active && 'text-accent-foreground group-hover:text-accent-foreground',
                    )}
                    aria-hidden
                  />
                ) : null}
                {item.label}
                {Badge ? <Badge /> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
