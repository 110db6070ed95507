import { NavLink } from 'react-router';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { navItems } from './nav-items';
import type { NavMenu } from './nav-items';

/**
 * The tabs of an area with several sections (Configurações, Finanças): the entries its routes
 * declare (`handle.nav` in src/app/routes.tsx), underlined when active. Scrolls sideways on a
 * phone instead of overflowing the page.
 */
export function SectionNav({ label, sections }: { label: string; sections: NavMenu }) {
  const { workspace } = useSession();
  return (
    <nav aria-label={label} className="-mx-4 mb-8 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-0.5 border-b sm:gap-1">
        {navItems(sections, workspace).map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              // an entry with `activeWithin` (Apps) stays underlined on its sub-pages (an app's screen)
              end={!section.activeWithin}
              className={({ isActive }) =>
                cn(
                  '-mb-px inline-flex h-10 items-center border-b-2 border-transparent px-2.5 text-[13px] sm:px-3 sm:text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 rounded-t-md',
                  isActive && 'border-primary text-foreground',
                )
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
