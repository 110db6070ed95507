import { SettingsPage } from '@/components/layout/page';
import { AppsCatalogue } from '@/features/apps/components/apps-catalogue';
import { t } from '@/features/apps/strings';

/** /settings/apps ('Apps'): the catalogue of installable apps. */
export function SettingsAppsRoute() {
  return (
    <SettingsPage title={t.apps.title} description={t.apps.description}>
      <AppsCatalogue />
    </SettingsPage>
  );
}
