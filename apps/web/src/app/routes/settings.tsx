import { Outlet } from 'react-router';
import type { NavMenu } from '@/components/layout/nav-items';
import { Page, PageHeader } from '@/components/layout/page';
import { SectionNav } from '@/components/layout/section-nav';
import { t } from '@/i18n/pt-BR';

/**
 * /settings/*: the title, the sub-navigation and the section below. `sections` are the entries
 * the settings routes declare (`handle.nav` in src/app/routes.tsx).
 */
export function SettingsLayout({ sections }: { sections: NavMenu }) {
  return (
    <Page>
      <PageHeader title={t.settings.title} description={t.settings.description} />
      <SectionNav label={t.settings.navLabel} sections={sections} />
      <Outlet />
    </Page>
  );
}
