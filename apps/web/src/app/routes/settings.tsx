import { NavLink, Outlet } from 'react-router';
import { Page, PageHeader } from '@/components/layout/page';
import { t } from '@/i18n/pt-BR';
import { cn } from '@/lib/utils';

const sections = [
  { to: '/settings/workspace', label: t.settings.workspace },
  { to: '/settings/plans', label: t.settings.plans },
  { to: '/settings/security', label: t.settings.security },
  { to: '/settings/members', label: t.settings.members },
];

/** /settings/*: the title, the sub-navigation and the section below. */
export function SettingsLayout() {
  return (
    <Page>
      <PageHeader title={t.settings.title} description={t.settings.description} />
      <nav
        aria-label={t.settings.navLabel}
        className="-mx-4 mb-8 overflow-x-auto px-4 sm:mx-0 sm:px-0"
      >
        <ul className="flex min-w-max gap-0.5 border-b sm:gap-1">
          {sections.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
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
      <Outlet />
    </Page>
  );
}
